#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "coverage/coverage.h"
#include "project/project.h"
#include "runner/compiled_api.h"
#include "runner/jvm_runner.h"

namespace panta::runner {

/// A project made ready to run tests in the JVM helper: main classes compiled (once, and
/// again only when a main source changed) and the test sources compiled in memory.
class TestSession {
 public:
  /// Compiles what is needed. Main classes go to `<root>/.panta/classes` unless the project
  /// gives compiled classes: the helper compiles them below `scratch` (the one folder a
  /// sandboxed helper may write) and they are moved into place from here. Fails when the main
  /// sources do not compile (with the diagnostics) or cannot be put in place.
  static Result<TestSession> open(const project::Project& project, JvmRunner& runner,
                                  const std::string& scratch);

  /// Compiles the test sources (all the build compiles, or `files`) with the build's test
  /// compiler settings as the unit "tests", replacing the previous one. A failure to compile is a
  /// result, not an error.
  Result<CompileResult> compile_tests(const std::vector<std::string>& files = {});

  /// A test file left out because it does not compile, with javac's first error on it.
  struct LeftOut {
    std::string file;
    std::string error;  ///< "FooTest.java:12: package org.easymock does not exist"
  };
  /// compile_tests, leaving out the files that do not compile: each round drops the files
  /// javac reports errors in and compiles the rest again (at most 10 rounds), so the others
  /// still run. `left_out` lists what was dropped; the result is that of the last round.
  Result<CompileResult> compile_tests_leaving_out(const std::vector<std::string>& files,
                                                  std::vector<LeftOut>& left_out,
                                                  const std::string& unit = "tests");

  /// Compiles one test class from text (held in memory under its file path) as the in-memory
  /// unit `unit`; other classes of the test folder it uses come from the source path. The same
  /// path and text as the last successful compilation of the unit are not compiled again (the
  /// generation loop checks a file it has just compiled).
  Result<CompileResult> compile_test_text(const std::string& path, const std::string& text,
                                          const std::string& unit = "tests");

  /// Compiles test sources (files, or text held in memory under its path) as
  /// compile_test_text does, but writes the classes below `output_dir` (for a tool that runs
  /// the tests in a JVM of its own, such as PIT). A failure to compile is a result.
  Result<CompileResult> compile_tests_into(const std::string& output_dir,
                                           const std::vector<Source>& sources);

  /// The class path the tests run with, in Surefire's order (without the test classes).
  std::vector<std::string> classpath() const { return run_classpath(); }

  /// How a run finds its tests and where its coverage goes.
  struct RunOptions {
    std::string unit = "tests";  ///< The in-memory unit holding the test classes.
    /// Merge the coverage into the helper's store of this name and report the union (see
    /// RunRequest); empty: this run's coverage only.
    std::string coverage_store;
    bool coverage_store_reset = false;
    bool coverage_store_if_passed = false;
    /// A store created or reset by the run starts as a copy of this one ("" for empty).
    std::string coverage_store_base;
    /// The run holds generated tests: the test classes are guarded, and a test that leaves
    /// processes running or the scratch folder over the project's test_disk_bytes fails. The
    /// user's own tests (`coverage`, `test`) run as they are.
    bool generated = false;
  };

  /// Runs test specs ("pkg.Class" or "pkg.Class#method") with coverage of `coverage_classes`.
  Result<RunResult> run(const std::vector<std::string>& tests,
                        const std::vector<std::string>& coverage_classes,
                        std::chrono::milliseconds test_timeout, const RunOptions& options);
  Result<RunResult> run(const std::vector<std::string>& tests,
                        const std::vector<std::string>& coverage_classes,
                        std::chrono::milliseconds test_timeout) {
    return run(tests, coverage_classes, test_timeout, RunOptions{});
  }

  /// The project's test suite run once, as a baseline of what it covers.
  struct Suite {
    std::string store;                 ///< The helper's coverage store holding it.
    std::vector<std::string> classes;  ///< The test classes that ran (those that compile).
    /// Per top-level main class: what the suite covers of it.
    std::map<std::string, coverage::SourceCoverage> coverage;
  };
  /// The test classes the build runs (discover_test_classes), those that compile, run once with
  /// coverage of every main class into the helper's coverage store Suite::store; later calls
  /// return the same (a helper restarted since has lost the store: runs that start from it
  /// then start from nothing). Their failures are the user's and change nothing. Fails only
  /// when the helper does.
  Result<const Suite*> suite(std::chrono::milliseconds test_timeout);

  /// The test classes Surefire would run: the FQNs of the test folder's files its includes
  /// (default Test*, *Test, *Tests, *TestCase) take and its excludes and exclude_tests leave.
  Result<std::vector<std::string>> discover_test_classes() const;
  /// The FQN of every top-level class of the main sources, from their paths.
  Result<std::vector<std::string>> main_classes() const;

  /// Panta wrote or removed these paths of the project (JvmRunner::accept_changes).
  Status accept_changes(const std::vector<std::string>& paths) {
    return runner_->accept_changes(paths);
  }
  /// The user may edit this file while Panta runs (JvmRunner::allow_edits).
  void allow_edits(const std::string& path) { runner_->allow_edits(path); }

  const project::Project& project() const { return *project_; }
  /// A main class (or a class of the class path) as javap reads it, by its binary name.
  Result<CompiledClass> read_compiled(const std::string& binary_name) const;
  /// True when the main classes were reused from an earlier run.
  bool reused_main_classes() const { return reused_; }

 private:
  TestSession(const project::Project& project, JvmRunner& runner)
      : project_(&project), runner_(&runner) {}
  /// Sources compiled into a class folder: the main ones (module "") or an upstream module's.
  struct Sources {
    std::string module;
    std::string src_dir;
    std::string classes_dir;
    std::vector<std::string> classpath;
    std::string encoding;
    project::CompilerSettings compiler;
  };
  /// A compilation of test sources with the build's test compiler settings.
  CompileRequest test_request() const;
  /// The test sources the build compiles (its test includes and excludes).
  Result<std::vector<std::string>> all_test_sources() const;
  Status compile_main(const std::string& scratch);
  Result<CompileResult> compile_test_files(const std::vector<std::string>& sources,
                                           bool source_path, const std::string& unit = "tests");
  Status compile_sources(const Sources& what, const std::string& scratch);
  std::vector<std::string> run_classpath() const;

  const project::Project* project_;  // outlives the session
  JvmRunner* runner_;                // outlives the session
  std::string classes_dir_;
  bool reused_ = false;
  /// Per unit: the path and text last compiled by compile_test_text, while it stands.
  struct CompiledText {
    std::string path;
    std::string text;
    CompileResult result;
  };
  std::map<std::string, CompiledText> compiled_text_;
  std::optional<Suite> suite_;
};

/// Formats the diagnostics of a failed compilation as "file:line:col: kind: message" lines; a
/// line saying javac gave none when there is no error or warning among them (never "").
std::string format_diagnostics(const std::vector<Diagnostic>& diagnostics);

}  // namespace panta::runner
