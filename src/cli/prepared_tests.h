#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/project_options.h"
#include "core/result.h"
#include "project/project_lock.h"
#include "runner/test_session.h"

namespace panta::cli {

/// A project's tests compiled in a running JVM helper, ready to run.
class PreparedTests {
 public:
  /// Starts the helper, compiles the main classes (or reuses them) and the tests: the files of
  /// the `tests` specs ("pkg.FooTest" or "pkg.FooTest#method"), or the whole test folder when
  /// there are none, in which case every test class Surefire would run is run. A test file
  /// that does not compile is left out (left_out()) and the others run; when none is left,
  /// compile_errors() says why. Neither is an error. Holds the project's lock (ProjectLock) while
  /// it lives, and fails when another panta holds it. `project` must outlive the object.
  static Result<std::unique_ptr<PreparedTests>> prepare(const project::Project& project,
                                                        const ProjectOptions& options,
                                                        const std::vector<std::string>& tests);
  /// The helper and the main classes only: the caller compiles the tests it runs
  /// (TestSession::compile_test_text), as `panta generate` does for its one test class.
  static Result<std::unique_ptr<PreparedTests>> main_classes_only(const project::Project& project,
                                                                  const ProjectOptions& options);

  runner::TestSession& session() { return *session_; }
  /// How the helper is confined.
  sandbox::SandboxMode mode() const { return helper_->mode(); }
  const std::vector<std::string>& tests() const { return tests_; }
  /// The one folder the helper may write.
  const std::string& scratch() const { return helper_->scratch(); }
  /// javac's errors for the tests when none of them compiled, "" otherwise.
  const std::string& compile_errors() const { return compile_errors_; }
  /// The test files left out because they do not compile (the others run).
  const std::vector<runner::TestSession::LeftOut>& left_out() const { return left_out_; }

 private:
  explicit PreparedTests(project::ProjectLock lock) : lock_(std::move(lock)) {}
  project::ProjectLock lock_;
  std::unique_ptr<HelperSession> helper_;
  std::optional<runner::TestSession> session_;  // refers to helper_'s runner
  std::vector<std::string> tests_;
  std::string compile_errors_;
  std::vector<runner::TestSession::LeftOut> left_out_;
};

/// A loaded project with its tests compiled and ready to run, or the exit code a command stops
/// with: the prologue `panta coverage` and `panta test` share.
struct ReadyTests {
  std::unique_ptr<project::Project> project;  // outlives `tests`
  std::unique_ptr<PreparedTests> tests;
  int exit_code = 0;  ///< Non-zero when it failed: 2 project error, 1 tests that do not compile.
};

/// Loads the project of `options` (the module of `hints` or `tests`, for a Maven build of
/// several) and prepares `tests` (see PreparedTests::prepare). Prints why it failed
/// ("panta: ..." on stderr) and sets exit_code when it does.
ReadyTests ready_tests(const ProjectOptions& options, const std::vector<std::string>& tests,
                       const std::vector<std::string>& hints = {});

/// "N passed, N failed, N errors, N skipped, N timed out" for these results.
std::string test_counts(const std::vector<runner::TestResult>& results);

/// One note on stderr naming the test classes of `run` that declare no test (none when all do).
void note_classes_without_tests(const runner::RunResult& run);

/// Whether every result passed or was skipped (true for none).
bool all_passed(const std::vector<runner::TestResult>& results);

/// The --format text|json option and the exit-code footer `panta coverage` and `panta test`
/// share.
void add_format_option_and_footer(CLI::App& sub, std::string& format);

/// The source file of a test class: test_dir/pkg/Top.java for "pkg.Top", "pkg.Top$Inner" or
/// "pkg.Top#method".
std::string test_source_of(const project::Project& project, const std::string& spec);

}  // namespace panta::cli
