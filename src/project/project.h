#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "project/compiler_settings.h"
#include "project/dependency.h"
#include "project/gradle_tool.h"
#include "project/jdk.h"
#include "project/maven.h"
#include "project/maven_project.h"
#include "project/project_settings.h"
#include "project/test_stack.h"

namespace panta::project {

enum class BuildSystem { kMaven, kGradle, kPlain };

/// "maven", "gradle" or "plain".
std::string_view build_system_name(BuildSystem build_system);

/// A Java project on disk: where its sources, tests and classes are and what it depends on.
/// Every path is absolute and normalised. For a module of a Maven build, `root` is the module's
/// folder (where its tests run and Panta keeps .panta/).
struct Project {
  std::string root;
  /// The top of the Maven reactor or Gradle build the module belongs to (== root otherwise).
  std::string reactor_root;
  /// The Maven module's artifactId, the Gradle project's path (":app"); "" for other projects.
  std::string module;
  BuildSystem build_system = BuildSystem::kPlain;
  std::string src_dir;
  std::string test_dir;  ///< May not exist yet.
  /// The build's output folder for main classes, or the --classes-dir / classes_dir override.
  std::string classes_dir;
  /// False when classes_dir was given: the main classes are already built.
  bool compile_main = true;
  std::vector<std::string> classpath;
  /// What the tests need beyond `classpath`, in class path order: the test-scope jars, with the
  /// test frameworks (JUnit Platform, engines, Mockito, ...) the tests run with.
  std::vector<std::string> test_classpath;
  /// Where the test frameworks of test_classpath come from.
  StackOrigin stack_origin = StackOrigin::kPantaDefault;
  /// src/main/resources and src/test/resources (as the build names them): on the class path.
  std::vector<std::string> resource_dirs;
  std::vector<std::string> test_resource_dirs;
  /// How the build compiles the main and the test sources: release (maven.compiler.release,
  /// testRelease, or their target), includes and excludes, arguments, annotation processors.
  CompilerSettings main_compiler;
  CompilerSettings test_compiler;
  /// Modules of the same Maven build the code uses, in build order: compiled first.
  std::vector<UpstreamModule> upstream;
  /// Surefire's includes, excludes, system properties and argLine.
  SurefireConfig surefire;
  /// The build's formatters (Maven plugins), run on the files Panta writes.
  std::vector<BuildFormatter> formatters;
  /// panta.toml's exclude_tests.
  std::vector<std::string> exclude_tests;
  /// What Panta could not resolve and did instead, to tell the user once; "" when nothing.
  std::string resolution_note;
  std::string encoding = "UTF-8";
  std::vector<Dependency> test_dependencies;
  /// The Java release the build compiles the tests for ("17", "1.8"), "" when the build does
  /// not say.
  std::string java_release;
  /// The build's "group:artifact:version", "" when unknown (a plain project, a Gradle build).
  std::string coordinates;
  JUnitFlavour junit = JUnitFlavour::kJUnit5;
  /// The sandbox asked for ("strict", "fallback", "off"), "" for the default.
  std::string sandbox;
  /// Environment variables passed to the tests beyond the minimal set.
  std::vector<std::string> test_env;
  /// The most a run of generated tests may leave in the scratch folder (--test-disk).
  long long test_disk_bytes = 512LL << 20;
  /// The project's JDK and the one that compiles and runs the tests (cli's load_project
  /// chooses them; empty homes: `java` on PATH).
  JdkChoice jdks;

  /// src_dir/pkg/Outer.java for "pkg.Outer", "pkg.Outer.Inner" or "pkg.Outer$Inner".
  std::string source_file_for(std::string_view fqn) const;
  /// How a new test class is named: "Test" (OuterTest) or "Tests" (OuterTests), as most of the
  /// project's test classes are (load_project counts them).
  std::string new_test_suffix = "Test";

  /// The test file of the top-level class of `fqn`, found as Surefire finds tests: the first of
  /// test_dir/pkg/OuterTest.java, OuterTests.java, TestOuter.java, OuterTestCase.java that
  /// exists and that the build's includes and excludes run; when none does, the first of those
  /// names the build would run, new_test_suffix's first (OuterTest.java when none).
  std::string test_file_for(std::string_view fqn) const;
  /// The .java files under src_dir, recursively, sorted.
  Result<std::vector<std::string>> main_sources() const;
  /// The .java files under test_dir (empty when it does not exist), recursively, sorted.
  Result<std::vector<std::string>> test_sources() const;
};

/// Finds the project in `root` and its layout: Maven (pom.xml), Gradle (build.gradle[.kts]) or
/// plain. `flags` win over `<root>/panta.toml`, which wins over the layout's defaults. A Maven
/// project is resolved by Maven (resolve_maven_module: the module of `root`, of the `module`
/// setting or of the classes or packages in `hints`; its model, class paths and test stack).
/// When Maven cannot, the project's own pom is read instead and `resolution_note` says so; that
/// is an error only when the main code has dependencies and no --classpath is given. Fails
/// naming the missing folder, the malformed file, the flags a plain project needs, the module
/// that is unknown or not told, or how to give the class path. A Gradle project without a
/// class path given is resolved by `gradle` (resolve_gradle_project) when it is not null; when
/// no Gradle is found, `resolution_note` says so; a failing Gradle is an error.
Result<Project> load_project(const std::string& root, const ProjectSettings& flags,
                             MavenTool& maven, const std::vector<std::string>& hints = {},
                             GradleTool* gradle = nullptr);

/// The test class Panta writes for a class: "pkg.Outer" + "Test" (nested classes map to the
/// top-level one).
std::string test_class_for(std::string_view fqn);

/// The name the JVM knows a class by: "pkg.Outer$Inner" for "pkg.Outer.Inner" (and itself for
/// a top-level class or a name given with '$').
std::string binary_name(std::string_view fqn);

/// The fully qualified name of the class in `path`, a .java file under `source_root`
/// ("root/a/b/C.java" -> "a.b.C"). Fails when the path is not a .java file under that root.
Result<std::string> fqn_of(const std::string& path, const std::string& source_root);

/// The .java files under `dir`, recursively, sorted; empty when `dir` does not exist.
Result<std::vector<std::string>> list_java_files(const std::string& dir);

}  // namespace panta::project
