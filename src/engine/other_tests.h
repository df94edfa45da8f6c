#pragma once

#include <optional>

#include "core/result.h"
#include "coverage/coverage.h"
#include "engine/class_under_test.h"
#include "engine/events.h"
#include "engine/test_validator.h"

namespace panta::engine {

/// Starts the validator from what the project's test suite covers of the class (the test
/// classes the build runs, run once per session: TestValidator::start_from_suite), and says so
/// in one event when the suite holds test classes besides the class's own. Returns that
/// coverage, nullopt when the suite has no test class that ran.
Result<std::optional<coverage::SourceCoverage>> count_other_tests(const ClassUnderTest& cut,
                                                                  TestValidator& validator,
                                                                  const EventSink& events);

}  // namespace panta::engine
