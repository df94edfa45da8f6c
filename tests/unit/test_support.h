#pragma once

#include <string>
#include <vector>

#include "analyze/analysis.h"
#include "cfg/cfg.h"
#include "marked_source.h"

namespace panta::test {

/// Variables of the caller's environment that would change what the tests check (the model,
/// the prompt templates, the helper jar, the model servers' addresses): the test binary unsets
/// them before any test runs, so a run never passes or fails because of them.
inline constexpr const char* kCallerSettings[] = {
    "PANTA_LLM", "PANTA_PROMPT_DIR", "PANTA_RUNNER_JAR", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL"};

/// Compares `actual` with the golden file `path`. With PANTA_UPDATE_GOLDEN set, a golden file
/// that differs or is missing is written with `actual` and the test fails naming it (review
/// the diff, then run again without it); one that matches passes as it would without it.
void check_golden(const std::string& path, const std::string& actual);

/// Absolute path of a file under tests/fixtures/analyze; of a fixture with `$name^` marks, the
/// path of a copy without them (same file name), so every reader sees plain Java.
std::string fixture(const std::string& name);
/// The marks of a file under tests/fixtures/analyze (see marked_source.h).
MarkedSource fixture_marks(const std::string& name);

/// Reads a whole file; fails the current test when it cannot.
std::string slurp(const std::string& path);

/// A scripted model's answer holding `java` in one ```java block.
std::string java_answer(const std::string& java);

/// Analyses one fixture file with every method listed.
analyze::FileAnalysis analyze_fixture(const std::string& name, bool all_methods = true);

/// The analysis of the method with this signature; fails the test when it is absent.
const analyze::MethodAnalysis& method(const analyze::FileAnalysis& file,
                                      const std::string& signature);

/// Runs a shell command, capturing stdout (stderr goes to `err_file` when given).
struct CommandResult {
  int exit_code = -1;
  std::string out;
};
CommandResult run_command(const std::string& command);

/// A fresh temporary folder, removed when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  /// Writes `content` to `name` inside the folder and returns the full path.
  std::string write(const std::string& name, const std::string& content) const;

 private:
  std::string path_;
};

/// What a run of build/panta printed and returned.
struct PantaRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// Runs build/panta with `args` (a shell fragment); its stderr is kept in a file in `dir`.
/// A `generate` without --mutants gets --mutants 0 (no PIT rounds unless the test asks).
PantaRun run_panta(const TempDir& dir, const std::string& args);

/// A scratch copy of examples/shop at `dir`/`name`, without its .panta/ folder.
std::string copy_shop(const TempDir& dir, const std::string& name = "shop");

/// A `--llm` value: a cmd: model answering the n-th call with answers[n-1] (kept as files
/// answer<n>.txt in `dir`; nothing past the last), counting its calls in the file `state`; the
/// call numbered `interrupt_at` first sends SIGINT to panta, as a Ctrl-C would (0: never).
std::string counting_model(const TempDir& dir, const std::vector<std::string>& answers,
                           const std::string& state, int interrupt_at);
/// The calls a counting_model has answered (its `state` file).
int calls(const std::string& state);

}  // namespace panta::test
