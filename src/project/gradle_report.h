#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace panta::project {

/// One project of a Gradle build, as Panta's init script prints it (gradle_init_script()).
/// Paths are absolute, as Gradle wrote them.
struct GradleProject {
  std::string path;  ///< Gradle's project path: ":" for the root, ":app", ":libs:core".
  std::string dir;
  std::string build_dir;
  bool java = false;  ///< It has main and test source sets (a java or java-library plugin).
  std::vector<std::string> source_dirs;
  std::vector<std::string> test_source_dirs;
  std::vector<std::string> resource_dirs;
  std::vector<std::string> test_resource_dirs;
  std::vector<std::string> outputs;            ///< Main classes and resources folders of the build.
  std::vector<std::string> test_outputs;       ///< Test classes and resources folders.
  std::vector<std::string> compile_classpath;  ///< compileClasspath (old: compile).
  std::vector<std::string> test_runtime_classpath;  ///< testRuntimeClasspath (old: testRuntime).
  std::string release;       ///< Toolchain, --release or sourceCompatibility ("17", "1.8"); "".
  std::string test_release;  ///< compileTestJava's --release or targetCompatibility; "".
  std::string encoding;      ///< compileJava's options.encoding; "" when the build sets none.
  /// options.compilerArgs of compileJava and compileTestJava.
  std::vector<std::string> compiler_args;
  std::vector<std::string> test_compiler_args;
  /// options.annotationProcessorPath of each (Gradle 4.6 and later: the annotationProcessor
  /// configuration); `*_set` false when the build has none, so javac looks on the class path.
  std::vector<std::string> processor_path;
  std::vector<std::string> test_processor_path;
  bool processor_path_set = false;
  bool test_processor_path_set = false;

  /// The last segment of `path` ("core" for ":libs:core"), "" for the root project.
  std::string name() const;
};

/// The projects of the init script's output: blocks of "panta-gradle: KEY VALUE" lines from
/// "project PATH" to "end PATH"; every other line (the build's own output) is skipped. Fails
/// when there is no complete block (the task did not run, or its output was cut).
Result<std::vector<GradleProject>> parse_gradle_report(std::string_view text);

/// The release number of "17", "1.8" (8) or "11.0.2" (11); nullopt for anything else.
std::optional<int> gradle_release_number(std::string_view release);

}  // namespace panta::project
