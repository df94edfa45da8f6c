#include "engine/prompt_dependencies.h"

#include <algorithm>
#include <filesystem>

namespace panta::engine {
namespace fs = std::filesystem;

namespace {

bool provided(const project::Project& project, const std::string& artifact) {
  for (const char* prefix : {"junit-jupiter", "junit-platform", "junit-vintage", "hamcrest",
                             "opentest4j", "apiguardian"}) {
    if (artifact.rfind(prefix, 0) == 0) return true;
  }
  if (artifact == "junit" || artifact == "mockito-core") return true;
  return std::any_of(project.classpath.begin(), project.classpath.end(),
                     [&artifact](const std::string& entry) {
                       return fs::path(entry).filename().string().rfind(artifact, 0) == 0;
                     });
}

// The machine's jar of an artifact, whose version the tests really run with.
std::string machine_jar(const std::string& artifact) {
  if (artifact.rfind("junit-jupiter", 0) == 0) return "junit-jupiter-api";
  if (artifact == "junit") return "junit4";
  if (artifact.rfind("hamcrest", 0) == 0) return "hamcrest";
  if (artifact == "mockito-core") return "mockito-core";
  return "";
}

}  // namespace

PromptDependencies prompt_dependencies(const project::Project& project,
                                       const std::map<std::string, std::string>& versions) {
  PromptDependencies out;
  std::string left_out;
  for (auto d : project.test_dependencies) {
    if (!provided(project, d.artifact)) {
      left_out += (left_out.empty() ? "" : ", ") + d.artifact;
      continue;
    }
    auto v = versions.find(machine_jar(d.artifact));
    // A note only where the build asks for another version than the one the tests run with.
    if (v != versions.end() && !d.version.empty() && v->second != d.version) {
      out.notes.push_back(event::VersionNote{d.artifact, v->second, d.version});
    }
    if (v != versions.end()) d.version = v->second;
    out.coordinates.push_back(d.coordinate());
  }
  if (!left_out.empty()) out.notes.push_back(event::DependenciesLeftOut{left_out});
  return out;
}

}  // namespace panta::engine
