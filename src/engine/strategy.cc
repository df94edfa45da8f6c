#include "engine/strategy.h"

#include <array>

#include "engine/focused_strategy.h"
#include "engine/paper_strategies.h"

namespace panta::engine {
namespace {

constexpr std::array<std::string_view, 6> kNames = {"panta",    "cov",       "basic",
                                                    "baseline", "symprompt", "focused"};

}  // namespace

PlannedPrompt Strategy::plan_mutants(RoundInputs& round, const std::set<uint32_t>& lines) {
  (void)lines;
  return {round.base, mutants_template()};
}

std::vector<std::string> strategy_names() {
  return {kNames.begin(), kNames.end()};
}

int default_mutant_rounds(std::string_view name) {
  auto strategy = make_strategy(name);
  return strategy ? strategy->default_mutant_rounds() : 0;
}

std::unique_ptr<Strategy> make_strategy(std::string_view name, const PathOptions& paths) {
  if (name == "focused") return make_focused_strategy();
  return make_paper_strategy(name, paths);
}

}  // namespace panta::engine
