#pragma once

#include <string>

#include "project/project.h"

namespace panta::project {

/// Which JUnit a project's new test classes are written for, and why.
struct JUnitChoice {
  JUnitFlavour flavour = JUnitFlavour::kJUnit5;
  std::string reason;  ///< "the build's test dependencies", "the classpath (junit-4.13.2.jar)", ...
};

/// The JUnit generation the project really has: its build's test dependencies (Jupiter wins
/// over JUnit 4), else the jars of its classpath, else the imports of its existing test files;
/// JUnit 5 when nothing tells. Reads at most the first 8 KiB of up to 200 test files.
JUnitChoice choose_junit(const Project& project);

}  // namespace panta::project
