#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cfg/cfg.h"
#include "cfg/paths.h"

namespace panta::cfg {

/// One line of a rendered path: a statement, or a decision with the branch it takes.
struct PathStep {
  uint32_t line = 0;
  std::string text;
  /// The branch taken out of a decision; nullopt for plain statements.
  std::optional<EdgeKind> branch_kind;
  std::string branch;  ///< The edge label: "true", "false", "case 1, 2", "throws X", ...
};

/// The statements a path runs through, in order, as Figure 1(b) lists them. ENTRY, EXIT and
/// for-loop updates (their loop header stands for them) are left out.
std::vector<PathStep> path_steps(const Graph& graph, const Path& path);

/// How a branch reads after its decision: "is True", "is False", "takes case 1, 2",
/// "with no exception", "throws IOException".
std::string branch_phrase(EdgeKind kind, const std::string& label);

/// One line per step, "LINE: text" plus the branch phrase for decisions, each ending in '\n'.
std::string render_path(const std::vector<PathStep>& steps, const std::string& indent = "");

}  // namespace panta::cfg
