#include "project/gradle.h"

#include <algorithm>
#include <regex>

#include <array>
#include <optional>
#include <string>

namespace panta::project {
namespace {

constexpr std::array<std::string_view, 5> kTestConfigurations = {
    "testImplementation", "testRuntimeOnly", "testCompileOnly", "testCompile", "testRuntime"};

/// The quoted coordinate after a test configuration at the start of `line`, if any.
std::optional<std::string_view> test_coordinate(std::string_view line) {
  for (std::string_view configuration : kTestConfigurations) {
    if (!line.starts_with(configuration)) continue;
    std::string_view rest = line.substr(configuration.size());
    if (rest.empty() || (rest[0] != ' ' && rest[0] != '\t' && rest[0] != '(')) continue;
    size_t open = rest.find_first_not_of(" \t(");
    if (open == std::string_view::npos || (rest[open] != '\'' && rest[open] != '"')) return {};
    size_t close = rest.find(rest[open], open + 1);
    if (close == std::string_view::npos) return {};
    return rest.substr(open + 1, close - open - 1);
  }
  return {};
}

std::optional<Dependency> parse_coordinate(std::string_view coordinate) {
  std::array<std::string, 3> parts;
  size_t count = 0;
  while (count < parts.size()) {
    size_t colon = coordinate.find(':');
    parts[count++] = std::string(coordinate.substr(0, colon));
    if (colon == std::string_view::npos) break;
    coordinate.remove_prefix(colon + 1);
  }
  if (count < 2 || parts[0].empty() || parts[1].empty()) return {};
  return Dependency{parts[0], parts[1], parts[2], "test"};
}

}  // namespace

std::vector<Dependency> scan_gradle_test_dependencies(std::string_view build_script) {
  std::vector<Dependency> dependencies;
  size_t begin = 0;
  while (begin < build_script.size()) {
    size_t end = build_script.find('\n', begin);
    if (end == std::string_view::npos) end = build_script.size();
    std::string_view line = build_script.substr(begin, end - begin);
    begin = end + 1;
    size_t indent = line.find_first_not_of(" \t");
    if (indent == std::string_view::npos) continue;
    auto coordinate = test_coordinate(line.substr(indent));
    if (!coordinate) continue;
    if (auto dependency = parse_coordinate(*coordinate)) dependencies.push_back(*dependency);
  }
  return dependencies;
}

std::string scan_gradle_java_release(std::string_view build_script) {
  static const std::regex compatibility(
      R"(sourceCompatibility\s*=?\s*(?:JavaVersion\.VERSION_)?['"]?([0-9][0-9_.]*))");
  static const std::regex toolchain(R"(JavaLanguageVersion\.of\(\s*(\d+)\s*\))");
  std::string text(build_script);
  std::smatch m;
  std::string found;
  if (std::regex_search(text, m, compatibility)) {
    found = m[1].str();
  } else if (std::regex_search(text, m, toolchain)) {
    found = m[1].str();
  }
  std::replace(found.begin(), found.end(), '_', '.');
  return found;
}

}  // namespace panta::project
