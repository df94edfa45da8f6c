#include "engine/prompt_dependencies.h"

#include <algorithm>
#include <filesystem>

namespace panta::engine {
namespace fs = std::filesystem;

namespace {

bool is_test_framework(const std::string& artifact) {
  for (const char* prefix : {"junit-jupiter", "junit-platform", "junit-vintage", "hamcrest",
                             "opentest4j", "apiguardian"}) {
    if (artifact.rfind(prefix, 0) == 0) return true;
  }
  return artifact == "junit" || artifact == "mockito-core";
}

// The jar of the test class path that stands for an artifact the build names: itself, or for
// an aggregate (junit-jupiter) or a Debian name, the jar that carries its version.
const std::string* running_version(const std::map<std::string, std::string>& versions,
                                   const std::string& artifact) {
  for (const std::string& name :
       {artifact, artifact.rfind("junit-jupiter", 0) == 0 ? std::string("junit-jupiter-api")
                  : artifact.rfind("hamcrest", 0) == 0    ? std::string("hamcrest")
                                                          : std::string()}) {
    auto it = versions.find(name);
    if (!name.empty() && it != versions.end()) return &it->second;
  }
  return nullptr;
}

bool on_classpath(const project::Project& project, const std::string& artifact) {
  return std::any_of(project.classpath.begin(), project.classpath.end(),
                     [&artifact](const std::string& entry) {
                       return fs::path(entry).filename().string().rfind(artifact, 0) == 0;
                     });
}

// Test libraries a build often brings without naming them (spring-boot-starter-test brings
// Mockito, AssertJ and Hamcrest): named as usable when their jar is on the test class path.
constexpr std::pair<const char*, const char*> kTestLibraries[] = {
    {"org.mockito", "mockito-core"},  {"org.mockito", "mockito-junit-jupiter"},
    {"org.assertj", "assertj-core"},  {"org.hamcrest", "hamcrest"},
    {"org.awaitility", "awaitility"}, {"com.google.truth", "truth"}};

}  // namespace

PromptDependencies prompt_dependencies(const project::Project& project) {
  std::vector<std::string> jars = project.classpath;
  jars.insert(jars.end(), project.test_classpath.begin(), project.test_classpath.end());
  std::map<std::string, std::string> versions = project::artifact_versions(jars);
  PromptDependencies out;
  std::string left_out;
  for (auto d : project.test_dependencies) {
    const std::string* running = running_version(versions, d.artifact);
    if (running == nullptr && !is_test_framework(d.artifact) &&
        !on_classpath(project, d.artifact)) {
      left_out += (left_out.empty() ? "" : ", ") + d.artifact;
      continue;
    }
    // A note only where the build asks for another version than the one the tests run with.
    if (running != nullptr && !d.version.empty() && *running != d.version) {
      out.notes.push_back(event::VersionNote{d.artifact, *running, d.version});
    }
    if (running != nullptr) d.version = *running;
    out.coordinates.push_back(d.coordinate());
  }
  if (!left_out.empty()) out.notes.push_back(event::DependenciesLeftOut{left_out});
  for (const auto& [group, artifact] : kTestLibraries) {
    auto running = versions.find(artifact);
    bool named = std::any_of(project.test_dependencies.begin(), project.test_dependencies.end(),
                             [artifact = std::string(artifact)](const project::Dependency& d) {
                               return d.artifact == artifact;
                             });
    if (running != versions.end() && !named)
      out.coordinates.push_back(std::string(group) + ":" + artifact + ":" + running->second);
  }
  return out;
}

}  // namespace panta::engine
