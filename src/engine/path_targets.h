#pragma once

#include <string>
#include <vector>

#include "engine/class_under_test.h"
#include "prompt/prompt_inputs.h"
#include "select/path_selection.h"

namespace panta::engine {

/// The methods and paths Algorithm 2 chose, as the prompt shows them (with each method's note);
/// `report` gets "method: path N" for each.
std::vector<prompt::MethodTarget> path_targets(const ClassUnderTest& cut,
                                               const std::vector<select::Selection>& selections,
                                               std::vector<std::string>& report);

}  // namespace panta::engine
