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

/// The test dependencies the tests can use here: those whose jars are on the project's class
/// path or test class path, named with the versions of the jars the tests really run with (a
/// note where the build asks for another), and JUnit, Hamcrest and Mockito, which the test
/// stack always brings. The others (a pom's easymock that could not be resolved, say) would
/// only make the model write tests that cannot compile.
PromptDependencies prompt_dependencies(const project::Project& project);

}  // namespace panta::engine
