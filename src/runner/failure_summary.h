#pragma once

#include <string>

#include "runner/jvm_runner.h"

namespace panta::runner {

/// A failed test as one line: the first line of its message, cut at `max_chars` characters,
/// and the innermost cause its stack trace names (a Spring context that failed to load says
/// why only there, after kilobytes of context description).
std::string failure_summary(const TestResult& result, size_t max_chars = 300);

}  // namespace panta::runner
