#include "engine/strategy.h"

#include <array>

namespace panta::engine {
namespace {

constexpr std::array<Strategy, 6> kStrategies = {{
    // name, iterative, repairs, feeds_failures, uncovered_lines, selects_paths,
    // prompt_per_path, basic_while_uncovered, focused
    {"panta", true, true, true, false, true, false, true, false},
    {"cov", true, true, true, true, false, false, true, false},
    {"basic", true, true, true, true, false, false, false, false},
    {"baseline", false, false, false, true, false, false, false, false},
    {"symprompt", false, false, false, false, false, true, false, false},
    {"focused", true, true, false, false, false, false, false, true},
}};

}  // namespace

std::span<const Strategy> strategies() {
  return kStrategies;
}

const Strategy* find_strategy(std::string_view name) {
  for (const Strategy& s : kStrategies) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace panta::engine
