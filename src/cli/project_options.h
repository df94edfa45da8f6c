#pragma once

#include <CLI/CLI.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "project/project.h"
#include "runner/jvm_runner.h"
#include "sandbox/sandbox_mode.h"
#include "sandbox/scratch_folder.h"

namespace panta::cli {

/// The options every project command shares: where the project is and how to run its JVM.
struct ProjectOptions {
  std::string project = ".";
  std::string src_dir;
  std::string test_dir;
  std::vector<std::string> classpath;
  std::string classes;
  std::string encoding;
  double test_timeout_s = 10;
  std::string heap = "768m";
  std::string sandbox;  ///< "strict", "fallback", "off"; "" for panta.toml's or the default.
  std::vector<std::string> test_env;
  std::string module;     ///< --module: the Maven module under test.
  std::string java_home;  ///< --java-home: the project's JDK ("" for $JAVA_HOME or PATH's).
  std::string test_disk = "512m";  ///< --test-disk: scratch use a generated test may leave.
  std::string maven_profiles;      ///< --maven-profiles: as `mvn -P` takes them ("a,!b").
};

/// Declares --project, --module, --src-dir, --test-dir, --classpath, --classes, --encoding,
/// --java-home, --maven-profiles, --test-timeout, --heap, --test-disk, --sandbox and
/// --test-env on `sub`.
void add_project_options(CLI::App& sub, ProjectOptions& options);

/// Loads the project the options name (panta.toml at its root included); `hints` (the classes,
/// packages or tests the command is about) tell the module of a Maven build of several. The
/// JDK is --java-home's, else $JAVA_HOME's, else PATH's (project::choose_jdks); a build that
/// needs a newer release fails. A project whose build gives no JUnit gets Panta's default test
/// stack; one whose JUnit lacks the Platform launcher or an engine gets them. Says on stderr, once,
/// what could not be resolved and what the tests run with instead. Fails naming the folder,
/// file or flag at fault.
Result<project::Project> load_project(const ProjectOptions& options,
                                      const std::vector<std::string>& hints = {});

/// project::check_class_targets_exist below the project folder, before load_project asks the
/// build (a wrong --class fails in milliseconds, not after Maven); passes when --src-dir,
/// --test-dir, a panta.toml or the build file (a <sourceDirectory>, Gradle's sourceSets) may put
/// the sources elsewhere.
Status check_classes_exist(const ProjectOptions& options, const std::vector<std::string>& classes);

/// A JVM helper running in a fresh scratch folder, removed when it is destroyed, confined as
/// the project's sandbox setting says (docs/sandbox.md).
class HelperSession {
 public:
  /// Starts the helper: in strict mode (the default where bubblewrap can start), in fallback
  /// mode with the project tree checked around every run, or unconfined (off). Says once on
  /// stderr when the mode is not strict, and why. Fails when an explicit strict cannot start.
  static Result<std::unique_ptr<HelperSession>> start(const project::Project& project,
                                                      const ProjectOptions& options);
  ~HelperSession();
  HelperSession(const HelperSession&) = delete;
  HelperSession& operator=(const HelperSession&) = delete;
  runner::JvmRunner& runner() { return *runner_; }
  /// The folder the helper may write, e.g. for the main classes before they go to .panta/.
  const std::string& scratch() const { return scratch_->path(); }
  sandbox::SandboxMode mode() const { return mode_; }

 private:
  HelperSession() = default;
  std::optional<sandbox::ScratchFolder> scratch_;  // outlives runner_
  std::unique_ptr<runner::JvmRunner> runner_;
  sandbox::SandboxMode mode_ = sandbox::SandboxMode::kStrict;
};

/// The JVM options of the project's tests that a JVM of Panta's takes too: Mockito's agent
/// (byte-buddy-agent) and what of Surefire's argLine may be taken (one note on stderr on what
/// is left out).
std::vector<std::string> project_jvm_options(const project::Project& project);

/// The per-test time limit of the options.
std::chrono::milliseconds test_timeout(const ProjectOptions& options);

}  // namespace panta::cli
