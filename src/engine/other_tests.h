#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "engine/class_under_test.h"
#include "engine/events.h"
#include "engine/test_validator.h"
#include "project/project.h"

namespace panta::engine {

/// Test classes of the project besides the class's own test class.
struct OtherTests {
  std::vector<std::string> files;    ///< their source files
  std::vector<std::string> classes;  ///< their fully qualified names, in the same order
};

/// The test classes the build runs (Surefire's includes and excludes) that name the class under
/// test in their code (not only in a comment or a string), other than its own test file: the
/// tests whose coverage of the class counts from the start. Reads and parses each test file
/// that holds the class's simple name. Fails when the test folder cannot be listed or a file
/// read.
Result<OtherTests> other_tests_of(const project::Project& project, const ClassUnderTest& cut);

/// Runs the other test classes that use the class (other_tests_of) through `validator` once, so
/// that what they cover counts from the start (TestValidator::measure_other_tests), and says
/// so in one event. Returns that coverage, nullopt when there are none or none compiles.
Result<std::optional<coverage::SourceCoverage>> count_other_tests(const project::Project& project,
                                                                  const ClassUnderTest& cut,
                                                                  TestValidator& validator,
                                                                  const EventSink& events);

}  // namespace panta::engine
