#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "coverage/coverage.h"
#include "engine/class_under_test.h"
#include "engine/gaps.h"

namespace panta::engine {

/// The report's "detail" of the class (report/class_detail.h): its source, the coverage of
/// each line, and each method's CFG with its edges' coverage, where the decision outcomes
/// among `gaps` that the run holds possibly unreachable count as such.
nlohmann::ordered_json report_detail(const ClassUnderTest& cut,
                                     const coverage::SourceCoverage& coverage,
                                     const std::vector<Gap>& gaps);

}  // namespace panta::engine
