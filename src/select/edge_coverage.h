#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cfg/cfg.h"
#include "coverage/coverage.h"

namespace panta::select {

/// Whether some test took a CFG edge, as far as JaCoCo's per-line counters tell.
enum class EdgeStatus {
  kTaken,
  kNotTaken,
  kUnknown,  ///< The counters cannot tell (a partly covered decision whose targets all ran).
};

/// Each edge's status (by edge id), inferred from the instructions and branches of the edge's
/// source line and of its target's first line: an edge out of a line that never ran was not
/// taken; out of a decision whose branches all ran it was; out of a partly covered decision it
/// was taken when its target ran, no other edge leads there and it is not on the decision's
/// line, not taken when its target never ran; when exactly one edge's target never ran the
/// others were taken, and when a two-way decision had one of its two outcomes (JaCoCo's count)
/// and one edge is known taken, the other was not. Costs O(E).
std::vector<EdgeStatus> edge_statuses(const cfg::Graph& graph,
                                      const coverage::SourceCoverage& coverage);

/// Why a CFG edge can never be taken, from the code alone: the exit of `while (true)` or
/// `for (;;)`, the branch a constant condition (`if (false)`) never takes; "" when none is known.
std::string statically_infeasible(const cfg::Graph& graph, uint32_t edge);

/// A decision's outcome no test has produced yet, as a prompt names it.
struct MissedOutcome {
  uint32_t line = 0;
  std::string text;        ///< The decision, e.g. "if (isPreviousChar(local, n, 'G'))".
  std::string outcome;     ///< "has never been true", "has never taken case 1, 2", ...
  std::string key;         ///< "LINE:label", stable across iterations.
  std::string infeasible;  ///< Why it cannot be taken, when statically_infeasible knows.
  /// The edge never taken: its kind and label ("true", "default", "case 1, 2"); no edge (kFlow,
  /// "") for a partly covered decision whose missing outcome the counters cannot tell.
  cfg::EdgeKind edge_kind = cfg::EdgeKind::kFlow;
  std::string label;
};

/// The outcomes of the graph's decisions that were not taken (kNotTaken edges out of covered
/// decision lines), and for a partly covered decision whose missing outcome the counters cannot
/// pin down, one entry saying how many of its branches never ran (a part of `&&`, `||`, `?:`).
std::vector<MissedOutcome> missed_outcomes(const cfg::Graph& graph,
                                           const std::vector<EdgeStatus>& statuses,
                                           const coverage::SourceCoverage& coverage);

}  // namespace panta::select
