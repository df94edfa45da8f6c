#include "project/gradle_report.h"

#include <charconv>
#include <map>

namespace panta::project {
namespace {

constexpr std::string_view kPrefix = "panta-gradle: ";

using ListField = std::vector<std::string> GradleProject::*;

const std::map<std::string_view, ListField>& list_fields() {
  static const std::map<std::string_view, ListField> fields = {
      {"source", &GradleProject::source_dirs},
      {"test-source", &GradleProject::test_source_dirs},
      {"resource", &GradleProject::resource_dirs},
      {"test-resource", &GradleProject::test_resource_dirs},
      {"output", &GradleProject::outputs},
      {"test-output", &GradleProject::test_outputs},
      {"compile", &GradleProject::compile_classpath},
      {"test-runtime", &GradleProject::test_runtime_classpath},
      {"compiler-arg", &GradleProject::compiler_args},
      {"test-compiler-arg", &GradleProject::test_compiler_args},
      {"processor-path", &GradleProject::processor_path},
      {"test-processor-path", &GradleProject::test_processor_path},
  };
  return fields;
}

/// Sets the field `key` of `project` to `value`; false when `key` is unknown.
bool set_field(GradleProject& project, std::string_view key, std::string value) {
  if (auto it = list_fields().find(key); it != list_fields().end()) {
    (project.*(it->second)).push_back(std::move(value));
    project.java = true;
    return true;
  }
  if (key == "processor-path-set" || key == "test-processor-path-set") {
    (key == "processor-path-set" ? project.processor_path_set : project.test_processor_path_set) =
        value == "true";
    return true;
  }
  std::string* field = key == "dir"            ? &project.dir
                       : key == "build-dir"    ? &project.build_dir
                       : key == "release"      ? &project.release
                       : key == "test-release" ? &project.test_release
                       : key == "encoding"     ? &project.encoding
                                               : nullptr;
  if (field == nullptr) return false;
  *field = std::move(value);
  return true;
}

std::string_view without_cr(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace

std::string GradleProject::name() const {
  size_t colon = path.rfind(':');
  return colon == std::string::npos ? path : path.substr(colon + 1);
}

Result<std::vector<GradleProject>> parse_gradle_report(std::string_view text) {
  std::vector<GradleProject> projects;
  std::optional<GradleProject> open;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = std::min(text.find('\n', begin), text.size());
    std::string_view line = without_cr(text.substr(begin, end - begin));
    begin = end + 1;
    size_t at = line.find(kPrefix);  // after whatever the build printed on the same line
    if (at == std::string_view::npos) continue;
    line.remove_prefix(at + kPrefix.size());
    size_t space = line.find(' ');
    std::string_view key = line.substr(0, space);
    std::string value(space == std::string_view::npos ? "" : line.substr(space + 1));
    if (key == "project") {
      open = GradleProject{};
      open->path = value;
    } else if (key == "end" && open && open->path == value) {
      projects.push_back(std::move(*open));
      open.reset();
    } else if (open) {
      set_field(*open, key, std::move(value));  // unknown keys: a newer script's, skipped
    }
  }
  if (projects.empty()) {
    return Error{"Gradle printed no project description (Panta's init script did not run)"};
  }
  return projects;
}

std::optional<int> gradle_release_number(std::string_view release) {
  if (release.starts_with("1.")) release.remove_prefix(2);
  release = release.substr(0, release.find('.'));
  int number = 0;
  auto [end, ec] = std::from_chars(release.data(), release.data() + release.size(), number);
  if (ec != std::errc() || end != release.data() + release.size() || number <= 0) return {};
  return number;
}

}  // namespace panta::project
