#include "cfg/path_render.h"

#include <fmt/format.h>

namespace panta::cfg {

std::vector<PathStep> path_steps(const Graph& graph, const Path& path) {
  std::vector<PathStep> steps;
  for (uint32_t e : path.edges) {
    const Edge& edge = graph.edge(e);
    const Node& node = graph.node(edge.from);
    if (node.kind == NodeKind::kBlock && !node.loop_update) {
      for (const Statement& s : node.statements)
        steps.push_back({s.line, s.text, std::nullopt, ""});
    } else if (node.kind == NodeKind::kDecision) {
      const Statement& s = node.statements.front();
      steps.push_back({s.line, s.text, edge.kind, edge.label});
    }
  }
  return steps;
}

std::string branch_phrase(EdgeKind kind, const std::string& label) {
  switch (kind) {
    case EdgeKind::kTrue:
      return "is True";
    case EdgeKind::kFalse:
      return "is False";
    case EdgeKind::kCase:
      return "takes " + label;
    case EdgeKind::kNoException:
      return "with no exception";
    case EdgeKind::kThrows:
    case EdgeKind::kFlow:
      break;
  }
  return label;
}

std::string render_path(const std::vector<PathStep>& steps, const std::string& indent) {
  std::string out;
  for (const PathStep& s : steps) {
    out += fmt::format("{}{}: {}", indent, s.line, s.text);
    if (s.branch_kind) out += " " + branch_phrase(*s.branch_kind, s.branch);
    out += '\n';
  }
  return out;
}

}  // namespace panta::cfg
