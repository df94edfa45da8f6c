#pragma once

#include <string>

namespace panta::engine {

/// What a run knows when it asks whether to stop.
struct StopFacts {
  bool full_coverage = false;
  int rounds_without_gain = 0;
  int max_rounds_without_gain = 0;
  bool interrupted = false;       ///< Ctrl-C or SIGTERM
  bool budget_spent = false;      ///< --max-cost, --max-tokens-total
  bool only_unreachable = false;  ///< every gap left is set aside (the focused strategy)
  bool prompt_repeated = false;   ///< the next prompt would be one sent before (focused)
  bool dry_run = false;
};

/// Why a run stops, the first that holds in this order: "dry run", "interrupted", "budget
/// spent", "full coverage", "N rounds without coverage gain", "only possibly unreachable code
/// is left", "nothing new to ask: ..."; "" when nothing stops it. The one place a stop reason
/// is said (docs/strategies.md lists them).
std::string stop_reason(const StopFacts& facts);

}  // namespace panta::engine
