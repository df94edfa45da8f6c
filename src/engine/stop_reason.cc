#include "engine/stop_reason.h"

#include "engine/events.h"

namespace panta::engine {

std::string stop_reason(const StopFacts& f) {
  if (f.dry_run) return "dry run";
  if (f.interrupted) return "interrupted";
  if (f.budget_spent) return "budget spent";
  if (f.full_coverage) return "full coverage";
  if (f.rounds_without_gain >= f.max_rounds_without_gain)
    return counted(f.rounds_without_gain, "round") + " without coverage gain";
  if (f.only_unreachable) return "only possibly unreachable code is left";
  if (f.prompt_repeated) {
    return "nothing new to ask: the next prompt would be one the model has answered already";
  }
  return "";
}

}  // namespace panta::engine
