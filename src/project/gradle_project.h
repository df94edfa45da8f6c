#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "project/compiler_settings.h"
#include "project/gradle_report.h"
#include "project/gradle_tool.h"
#include "project/maven_tool.h"

namespace panta::project {

/// Everything Gradle tells about the project under test.
struct GradleResolution {
  std::string build_root;  ///< Where Gradle ran: the folder of settings.gradle[.kts].
  GradleProject project;
  /// compileClasspath without the project's own outputs: what the main sources compile against.
  std::vector<std::string> classpath;
  /// The rest of testRuntimeClasspath, and the JUnit engines and launcher the tests need.
  std::vector<std::string> test_classpath;
  std::optional<int> release;
  /// How compileJava and compileTestJava compile (release, arguments, annotation processors).
  CompilerSettings main_compiler;
  CompilerSettings test_compiler;
  /// One line for the user: what could not be resolved and what was done instead; "" if none.
  std::string note;
  /// True when the test class path holds no JUnit (then Panta's default stack is used).
  bool needs_default_stack = false;
  bool from_cache = false;
};

/// Which Java project of `projects` is under test: the one named `module` (Gradle path
/// ":libs:core", name "core" or folder relative to the build), else the one whose folder is
/// `dir`, else the only one, else the one whose main or test sources hold one of `hints`
/// (class FQNs or packages). Fails listing the projects when none or several fit.
Result<GradleProject> choose_gradle_project(const std::vector<GradleProject>& projects,
                                            const std::string& dir, const std::string& module,
                                            const std::vector<std::string>& hints);

/// The JUnit jars of `jars` as artifacts (group, artifact, version from the file names), for
/// missing_junit_artifacts(): Jupiter, Platform, Vintage and JUnit 4.
std::vector<ResolvedArtifact> junit_artifacts(const std::vector<std::string>& jars);

/// Resolves the project of `dir` with Gradle: its folders, class paths and release. The JUnit
/// engines and launcher its tests need beyond its own class path are fetched with `maven`
/// (named in `note` when they cannot be). Fails with ErrorKind::kUnresolved when no Gradle is
/// found, and otherwise when Gradle fails (its error in one line) or the project is unknown.
Result<GradleResolution> resolve_gradle_project(GradleTool& gradle, MavenTool& maven,
                                                const std::string& dir, const std::string& module,
                                                const std::vector<std::string>& hints);

}  // namespace panta::project
