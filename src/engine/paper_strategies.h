#pragma once

#include <memory>
#include <string_view>

#include "engine/strategy.h"

namespace panta::engine {

/// The paper's strategies (section 4.3) and its baseline (section 4.2): panta (Algorithm 2
/// chooses paths per method), cov (the uncovered lines), basic (the same prompt each round),
/// baseline (one pass, no repair), symprompt (one pass, a prompt per method and path). Null
/// for another name.
std::unique_ptr<Strategy> make_paper_strategy(std::string_view name, const PathOptions& paths);

}  // namespace panta::engine
