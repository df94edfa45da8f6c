#pragma once

// In-memory stand-ins for the JVM helper and the model, for the engine's unit tests: no JVM, no
// server. The fake JVM reads what each test does from markers in its Java text:
//   covers(L)       the test runs every instruction and branch of line L of the class under test
//   branch(L, K)    it takes branch K (0-based) of line L, and runs the line
//   fail()          it fails with an AssertionFailedError
//   thrown()        it fails with an IllegalArgumentException thrown in the class under test
//   owned()         it fails with a NullPointerException thrown by the test's own code
//   fails_runs(N)   it fails (an AssertionFailedError) in its first N runs, then passes
//   compile_error() javac rejects the line it is on ("cannot find symbol")
//   too_large()     javac says "code too large" for the line it is on
//   breaks(NAME)    test NAME fails when it runs in the same run as this one
//   flaky()         it passes in a probe (new tests only) but fails with the whole class
//   skip()          it is skipped (an assumption that does not hold)
//   vanish()        the run does not report it at all
// A compilation into a folder (main classes) creates the folder with a file in it.

#include <deque>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "coverage/coverage.h"
#include "llm/llm_client.h"
#include "project/project.h"
#include "runner/jvm_runner.h"

namespace panta::test {

/// A line of the class under test the fake measures: its instructions and branches.
struct FakeLine {
  uint32_t line = 0;
  int instructions = 1;
  int branches = 0;
};

class FakeJvm final : public runner::JvmRunner {
 public:
  FakeJvm(std::string class_name, std::vector<FakeLine> lines)
      : class_name_(std::move(class_name)), lines_(std::move(lines)) {}

  Result<runner::CompileResult> compile(const runner::CompileRequest& request) override;
  Result<runner::RunResult> run(const runner::RunRequest& request) override;

  /// The next run behaves as after a restart of the helper: its coverage stores are gone.
  void lose_stores() { stores_.clear(); }

  int compiles = 0;
  int runs = 0;
  std::vector<std::string> compiled_texts;          ///< every text compiled, in order
  std::vector<std::string> compiled_units;          ///< the unit each of them went to
  std::vector<std::vector<std::string>> run_specs;  ///< every run's test specs

 private:
  struct Covered {
    std::set<uint32_t> lines;
    std::set<std::pair<uint32_t, int>> branches;
    void add(const Covered& other);
  };
  struct Store {
    Covered covered;
    int runs = 0;
  };
  std::vector<coverage::ClassCoverage> report(const Covered& c) const;

  std::string class_name_;
  std::vector<FakeLine> lines_;
  std::map<std::string, std::string> units_;  // unit -> the test class text
  std::map<std::string, Store> stores_;
  std::map<std::string, int> test_runs_;  // runs of each test (fqn#name), for fails_runs(N)
};

/// A model that answers from a script, and keeps every prompt it was sent.
class ScriptedModel final : public llm::LlmClient {
 public:
  /// Answers in order; an answer that starts with "ERROR:" is a failure with the rest as its
  /// message (use llm::llm_error's phrases for kinds). "{{G:line 13}}" in an answer stands for
  /// the id the prompt shows for that gap ("G4" of "- [G4] line 13: ..."), "G?" when none.
  explicit ScriptedModel(std::vector<std::string> answers)
      : answers_(answers.begin(), answers.end()) {}
  Result<llm::Completion> complete(const llm::Prompt& prompt) override;

  std::vector<llm::Prompt> prompts;
  /// Called with the number of the call (1, 2, ...) before it is answered.
  std::function<void(int)> before_answer;

 private:
  std::deque<std::string> answers_;
};

/// A plain project in `root` with one class under test `source` (Java text) at
/// src/main/java/<pkg>/<Class>.java and, when `test_text` is not empty, its test file.
project::Project fake_project(const std::string& root, const std::string& fqn,
                              const std::string& source, const std::string& test_text);

/// A fenced answer holding these test methods (each a whole method, annotations included).
std::string answer_with(const std::vector<std::string>& methods);

/// A JUnit 5 test method named `name` whose body is `body`.
std::string test_method(const std::string& name, const std::string& body);

}  // namespace panta::test
