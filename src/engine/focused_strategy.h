#pragma once

#include <memory>

#include "engine/strategy.h"

namespace panta::engine {

/// The focused strategy (beyond the paper; the default): a context block, the source sliced
/// to the methods with gaps, each gap named with its id; gaps an answer sets aside or asked
/// for twice without progress are not asked again; a prompt answered before is never sent
/// again; the iteration limit counts private methods too; repair prompts show the methods the
/// failing tests run and let the answer say the code is wrong.
std::unique_ptr<Strategy> make_focused_strategy();

}  // namespace panta::engine
