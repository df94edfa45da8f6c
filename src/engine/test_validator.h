#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "coverage/coverage.h"
#include "engine/class_under_test.h"
#include "engine/verdict.h"
#include "junit/test_file.h"
#include "runner/test_session.h"

namespace panta::engine {

/// One run of the whole test class.
struct ClassRun {
  bool compiled = false;
  std::string compile_errors;                ///< javac's, when it did not compile
  std::vector<runner::TestResult> failures;  ///< tests that neither passed nor were skipped
  coverage::SourceCoverage coverage;
};

/// An answer's passing tests added to the test file.
struct Commit {
  junit::TestFile file;               ///< with the tests kept
  std::vector<std::string> kept;      ///< their names, in order
  std::vector<Verdict> dropped;       ///< those that pass alone but break the others
  std::string not_together;           ///< when some did: the first failure seen together
  coverage::SourceCoverage coverage;  ///< of the whole class with the kept tests
};

struct ValidatorOptions {
  std::chrono::milliseconds test_timeout{10000};
  /// The slow way, for benchmarks: every test is compiled into the whole file, run alone and
  /// then with the whole class, and every commit runs the whole class with coverage.
  bool check_each_test_in_class = false;
};

/// Runs generated tests and tells which pass, at a cost that follows the new tests rather
/// than the test file: new tests are compiled into the file without its own tests (a probe
/// with the same name, imports, fields, helpers and setup), run together and alone only when
/// that fails, and their coverage is added to the helper's coverage store, which holds that of
/// the whole class. The test file is never changed here; the loop takes what it returns.
class TestValidator {
 public:
  /// `session` and `cut` outlive the validator.
  TestValidator(runner::TestSession& session, const ClassUnderTest& cut, ValidatorOptions options);

  /// Tests that failed before the run: the user's to fix, never held against new tests.
  void set_known_failures(std::set<std::string> ids) { known_failures_ = std::move(ids); }
  const std::set<std::string>& known_failures() const { return known_failures_; }

  /// Starts from what the project's test suite covers of the class (TestSession::suite, run
  /// once per session): from then on the coverage store starts from it, as does every
  /// run_class. Returns the suite (null when it has no test class that ran). Fails only when
  /// the helper does.
  Result<const runner::TestSession::Suite*> start_from_suite();

  /// Compiles `file` and runs the whole class with coverage; the coverage store starts anew
  /// from it (and from the suite's coverage, see start_from_suite). Fails only when the helper
  /// does.
  Result<ClassRun> run_class(const junit::TestFile& file);

  /// Tries `tests` (of the answer `from`) as additions to `file` with `accepted` (tests of the
  /// same answer that passed already), none of which is changed.
  Result<std::vector<Verdict>> try_tests(const junit::TestFile& file,
                                         const std::vector<junit::TestMethod>& tests,
                                         const junit::ExtractedTests& from,
                                         const std::vector<Candidate>& accepted = {});

  /// Tries `test` alone as an addition to `file` with `accepted`, its coverage merged into the
  /// store when it passes; `gained` tells whether that added any covered line or branch. For
  /// tests that do not name the class under test: they must earn their place by coverage.
  Result<Verdict> try_for_gain(const junit::TestFile& file, const junit::TestMethod& test,
                               const junit::ExtractedTests& from,
                               const std::vector<Candidate>& accepted, bool& gained);

  /// Runs `failed` (a verdict of try_tests that ran, with its probe) once more, alone, in a
  /// fresh run of its probe compiled again: the verdict of that run. Fails only when the
  /// helper does.
  Result<Verdict> run_again(const Verdict& failed);

  /// The failing tests `failing` (of one answer's validation) with everything of the class they
  /// use, numbered as in the test file their errors refer to: what a repair prompt shows. The
  /// class's head and each member are shown once, where the first test's probe has them.
  std::string repair_view(const std::vector<Verdict>& failing) const;

  /// Adds `candidates` to `file`: they must pass together (else they are added one at a time,
  /// and those that break the others are dropped); their coverage joins the store's.
  Result<Commit> commit(const junit::TestFile& file, const std::vector<Candidate>& candidates);

 private:
  struct Batch;
  Result<runner::RunResult> run_probe(const std::vector<std::string>& names, bool merge);
  Result<std::optional<Batch>> compile_batch(const junit::TestFile& file,
                                             const std::vector<junit::TestMethod>& tests,
                                             const junit::ExtractedTests& from,
                                             const std::vector<Candidate>& accepted);
  Result<std::vector<Verdict>> run_batch(Batch batch);
  Result<std::vector<Verdict>> try_one_by_one(const junit::TestFile& file,
                                              const std::vector<junit::TestMethod>& tests,
                                              const junit::ExtractedTests& from,
                                              const std::vector<Candidate>& accepted);
  Result<std::vector<Verdict>> try_naively(const junit::TestFile& file,
                                           const std::vector<junit::TestMethod>& tests,
                                           const junit::ExtractedTests& from,
                                           const std::vector<Candidate>& accepted);
  Result<bool> passes_together(const junit::TestFile& file, const std::vector<Candidate>& tests,
                               std::string& failure);
  Result<coverage::SourceCoverage> merge_coverage(const junit::TestFile& file,
                                                  const std::vector<Candidate>& tests);
  std::string breaks_the_class();
  std::string failure_of(const runner::RunResult& run, const std::string& name, bool* skipped,
                         const runner::TestResult** failed = nullptr) const;
  void judge(Verdict& v, const runner::RunResult& run, const Probe* probe) const;
  /// Whether the sandbox failed the test `name` of `run` for what it tried or left behind.
  bool left_something(const runner::RunResult& run, const std::string& name) const;
  /// Whether the result `r` is one of the test `name` (of the class's test class): its own, an
  /// invocation of it, its @Nested class's, or the class's own (its setup failed).
  bool belongs_to(const runner::TestResult& r, const std::string& name) const;

  runner::TestSession* session_;
  const ClassUnderTest* cut_;
  ValidatorOptions options_;
  std::set<std::string> known_failures_;
  int store_runs_ = 0;  ///< runs merged into the coverage store since run_class
  /// The store of the suite's coverage (start_from_suite), "" when none.
  std::string base_store_;
  coverage::SourceCoverage base_coverage_;
  /// The tests whose coverage the last try_tests merged (all of them passed together).
  std::vector<std::string> merged_names_;
  coverage::SourceCoverage store_coverage_;
};

/// javac's errors as "line N: error: message" with the offending line of `text` below each;
/// `line_in_file` turns a line of `text` into the one it has in the test file.
std::string diagnostics_with_lines(const std::vector<runner::Diagnostic>& diagnostics,
                                   const std::string& text,
                                   const std::function<uint32_t(uint32_t)>& line_in_file = {});

}  // namespace panta::engine
