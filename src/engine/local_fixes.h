#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/verdict.h"
#include "junit/test_answer.h"
#include "project/type_index.h"

namespace panta::engine {

/// Fixes of an answer that need no model: the imports it lacks for the types javac could not
/// find ("cannot find symbol ... class List"), each known to `types` under that name alone.
/// Adds them to `answer.imports` and returns them (none: nothing to try again).
std::vector<std::string> add_missing_imports(junit::ExtractedTests& answer,
                                             const std::vector<Verdict>& failing,
                                             const project::TypeIndex& types,
                                             std::string_view test_package);

}  // namespace panta::engine
