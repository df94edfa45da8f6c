#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace panta::project {

/// What a user can set about a project, from command-line flags or panta.toml. An unset field
/// means "use the layout's default". Relative paths are relative to the project root.
struct ProjectSettings {
  std::optional<std::string> src_dir;
  std::optional<std::string> test_dir;
  /// Jars and class folders the main sources compile against.
  std::optional<std::vector<std::string>> classpath;
  /// Already compiled main classes; when set, Panta does not compile the main sources.
  std::optional<std::string> classes_dir;
  std::optional<std::string> encoding;
  /// How tests are confined: "strict", "fallback" or "off" (sandbox/sandbox_mode.h).
  std::optional<std::string> sandbox;
  /// More environment variables the tests get (--test-env).
  std::optional<std::vector<std::string>> test_env;
  /// The Maven module under test (artifactId or folder), for a build of several (--module).
  std::optional<std::string> module;
  /// Test classes never to run, as Surefire excludes ("**/SlowTest.java") or class names
  /// ("org.x.SlowTest", "org.x.*").
  std::optional<std::vector<std::string>> exclude_tests;
};

/// `preferred` with each unset field taken from `fallback` (flags over panta.toml).
ProjectSettings overlay(const ProjectSettings& preferred, const ProjectSettings& fallback);

/// The entries of a ':'-separated classpath string, empty entries dropped.
std::vector<std::string> split_classpath(std::string_view classpath);

}  // namespace panta::project
