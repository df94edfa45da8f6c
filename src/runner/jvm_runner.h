#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "coverage/coverage.h"

namespace panta::runner {

/// A javac diagnostic. Line and column are 1-based, -1 when javac gives no position.
struct Diagnostic {
  std::string file;
  int line = -1;
  int column = -1;
  std::string code;
  std::string message;
  std::string kind;  ///< "error", "warning", "note", ...
};

/// A source to compile: a file on disk, or text held in memory under a display path.
struct Source {
  std::string path;
  std::optional<std::string> text;
};

struct CompileRequest {
  /// Keep the classes in memory under this name (for test classes) ...
  std::string unit;
  /// ... or write them below this folder (for main sources). Exactly one is set.
  std::string output_dir;
  std::vector<Source> sources;
  std::vector<std::string> classpath;
  std::optional<int> release;
  std::vector<std::string> options;  ///< Extra javac options, e.g. {"-sourcepath", dir}.
};

struct CompileResult {
  bool success = false;
  std::vector<Diagnostic> diagnostics;
  std::vector<std::string> classes;
};

enum class TestStatus { kPassed, kFailed, kError, kSkipped, kTimeout };
const char* to_string(TestStatus status);

struct TestResult {
  std::string id;  ///< "pkg.Class#method" (or "pkg.Class" for a failed container).
  TestStatus status = TestStatus::kError;
  std::string exception;
  std::string message;
  std::string stack_trace;  ///< Frames of the test and of the code under test only.
  long duration_ms = 0;
  std::string stdout_text;
  std::string stderr_text;
  bool output_truncated = false;
  /// What the test tried that the sandbox refused ("reflection on org.panta..."), or "": the
  /// test is an error whatever it did after.
  std::string tampering;
  /// What the test left behind that fails it (processes, scratch use over the limit), or "".
  std::string left_behind;
  /// Its run got an answer forged on the helper's channel (`tampering` says so): any test of
  /// the run may have done it.
  bool channel_forged = false;
  /// A failed comparison's values as the assertion library recorded them (opentest4j, JUnit
  /// 4's ComparisonFailure): `compared` tells there were any; either text may be "" (null).
  bool compared = false;
  std::string expected;
  std::string actual;
};

struct RunRequest {
  std::vector<std::string> tests;  ///< "pkg.Class" or "pkg.Class#method".
  std::vector<std::string> classpath;
  std::vector<std::string> units;
  std::vector<std::string> coverage_classes;  ///< Top-level classes; nested ones come along.
  std::chrono::milliseconds test_timeout{10000};
  /// When set, the run's coverage is merged into the helper's store of this name and the
  /// store's union is reported (see PROTOCOL.md); needs coverage_classes.
  std::string coverage_store;
  bool coverage_store_reset = false;      ///< Empty the store first.
  bool coverage_store_if_passed = false;  ///< Merge only when every test passed or was skipped.
  /// A store created or reset by this run starts as a copy of this one ("" for empty).
  std::string coverage_store_base;
  /// Test classes (the units) get the sandbox's guards (docs/sandbox.md): every run of
  /// generated tests; the user's own tests under `coverage` and `test` run as they are.
  bool guard_tests = true;
  /// A test that leaves processes running, or the scratch folder holding more than
  /// `scratch_limit_bytes` (0: no limit), fails (generated tests); else they are only counted.
  bool reject_leftovers = false;
  long long scratch_limit_bytes = 0;
  /// System properties set for the run (Surefire's systemPropertyVariables), restored after.
  std::vector<std::pair<std::string, std::string>> system_properties;
  /// JUnit tag expressions the run keeps (any; all when empty) and leaves out (Surefire's
  /// groups and excludedGroups).
  std::vector<std::string> include_tags;
  std::vector<std::string> exclude_tags;
};

struct RunResult {
  std::vector<TestResult> results;
  std::vector<coverage::ClassCoverage> coverage;
  /// Set when the helper had to be killed or restarted during this run, with the reason.
  std::string restart_note;
  /// With a coverage store: whether this run was merged, and the runs the store holds (fewer
  /// than the caller merged when the helper was restarted and lost it).
  bool coverage_store_merged = false;
  int coverage_store_runs = 0;
  /// Whole test classes asked for that declare no test (test data or helpers Surefire's
  /// patterns take): they ran nothing and are no failure, as Surefire reports nothing of them.
  std::vector<std::string> classes_without_tests;
  /// Set when something other than the helper answered on its channel (a forged reply, a reply
  /// out of turn): the helper was restarted and the run's tests are errors saying so.
  std::string tampering;
  /// What code outside every test (class setup, a thread left running) tried that the guards
  /// refused, or "": it counts against every test of the run.
  std::string tampering_outside_tests;
  /// Processes the run left behind that had left the helper's tree (setsid, a double fork),
  /// killed after it (a helper under a keeper only).
  int stray_processes = 0;
};

/// The JVM that compiles and runs Java for Panta. Errors are about the helper itself (it could
/// not start, it answered nonsense); failing compilations and tests are results.
class JvmRunner {
 public:
  virtual ~JvmRunner() = default;
  virtual Result<CompileResult> compile(const CompileRequest& request) = 0;
  virtual Result<RunResult> run(const RunRequest& request) = 0;
  /// Panta itself wrote or removed `paths` (files or folders of the project) since the last
  /// run: a runner that watches the project (the fallback sandbox) takes them as they are now,
  /// the others have nothing to do. Fails when they cannot be read.
  virtual Status accept_changes(const std::vector<std::string>& paths) {
    (void)paths;
    return ok_status();
  }
  /// Stops the helper and starts a fresh one, the in-memory units compiled again; what its
  /// sandbox set up at the start is set up anew. Fails when that cannot be done (and for
  /// runners that have no helper to restart).
  virtual Status restart() { return Error{"this runner has no helper to restart"}; }
  /// `path` is a file the user may edit while Panta runs (the test file it writes): a runner
  /// that watches the project takes a change made to it between runs as it is (Panta merges
  /// it), instead of undoing it.
  virtual void allow_edits(const std::string& path) { (void)path; }
};

struct HelperConfig {
  std::string java = "java";
  std::string jar;  ///< panta-runner.jar; default_runner_jar() when empty.
  std::string heap = "768m";
  std::string workdir;   ///< Scratch working directory of the helper (must exist).
  std::string log_path;  ///< The helper's stderr is appended here ("" discards it).
  std::chrono::milliseconds start_timeout{30000};
  std::chrono::milliseconds compile_timeout{300000};
  /// Added to the per-test limits when waiting for a run's answer before killing the helper.
  std::chrono::milliseconds run_slack{30000};
  /// Put before the java command, e.g. a sandbox ("bwrap ... --"); empty runs java directly.
  std::vector<std::string> command_prefix;
  /// The helper's whole environment when set; ours when not.
  std::optional<std::vector<std::pair<std::string, std::string>>> environment;
  /// More JVM options, before -jar (e.g. -Djava.io.tmpdir=...).
  std::vector<std::string> jvm_options;
  /// Run the helper under a keeper that ends every process it started when it ends, and when
  /// Panta dies (process::SpawnOptions::end_descendants).
  bool end_descendants = false;
  /// With end_descendants: removed by the keeper when Panta dies first (the workdir).
  std::string remove_if_orphaned;
};

/// panta-runner.jar beside the running executable, or $PANTA_RUNNER_JAR when set.
std::string default_runner_jar();

/// panta-runner-junit.jar, the JUnit bridge the helper loads beside the project's JUnit: beside
/// `runner_jar`.
std::string junit_bridge_jar(const std::string& runner_jar);

/// panta-runner.jsa beside `runner_jar` (java-runner/cds.sh: the classes a helper loads, parsed
/// and verified at build time, so that it starts and compiles sooner) when it is there, else "".
std::string sharing_archive(const std::string& runner_jar);

/// The folder of Panta's default test stack (java-runner/build.sh): test-stack/ beside the
/// helper's jar.
std::string default_test_stack_dir();

/// Starts the helper (java -jar panta-runner.jar) and waits for its first ping answer.
/// The helper is restarted after a crash, a kill or exit code 75, and in-memory units are
/// compiled again, so callers see no difference but RunResult::restart_note.
Result<std::unique_ptr<JvmRunner>> start_helper(const HelperConfig& config);

}  // namespace panta::runner
