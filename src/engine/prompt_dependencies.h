#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/events.h"
#include "project/project.h"

namespace panta::engine {

/// The test dependencies a prompt names, and what to tell the user about them.
struct PromptDependencies {
  std::vector<std::string> coordinates;  ///< group:artifact:version
  std::vector<Event> notes;              ///< versions that differ, dependencies left out
};

/// The test dependencies the tests can use here: JUnit, Hamcrest and Mockito (with the
/// versions of the jars the tests run with, `versions` by jar name as
/// runner::test_api_versions() gives them) and what is on the project's classpath. The others
/// (a pom's easymock, say) would only make the model write tests that cannot compile.
PromptDependencies prompt_dependencies(const project::Project& project,
                                       const std::map<std::string, std::string>& versions);

}  // namespace panta::engine
