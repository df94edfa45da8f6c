#include "select/edge_coverage.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

namespace panta::select {
namespace {

using cfg::EdgeKind;
using cfg::Graph;
using cfg::NodeKind;

const coverage::LineCoverage* line_of(const coverage::SourceCoverage& c, uint32_t line) {
  auto it = c.lines.find(line);
  return it == c.lines.end() ? nullptr : &it->second;
}

// Whether the node's code ran to its end: the line of its last statement ran.
std::optional<bool> ran(const Graph& g, uint32_t node, const coverage::SourceCoverage& c,
                        bool last) {
  const cfg::Node& n = g.node(node);
  if (n.statements.empty()) return std::nullopt;
  const auto* l = line_of(c, last ? n.statements.back().line : n.statements.front().line);
  if (l == nullptr) return std::nullopt;
  return l->covered();
}

EdgeStatus flow_status(const Graph& g, const cfg::Edge& e, const coverage::SourceCoverage& c) {
  if (e.to == Graph::kExit) return EdgeStatus::kTaken;  // its source ran to its end
  auto target = ran(g, e.to, c, false);
  if (!target) return EdgeStatus::kUnknown;
  return *target ? EdgeStatus::kTaken : EdgeStatus::kNotTaken;
}

// The branch counters of the decision's whole condition: its line's, and when the condition
// goes on over the next lines (`if (i >= 0 &&` then `i < n)`), those of the lines it spans.
coverage::LineCoverage condition_counts(const Graph& g, uint32_t node,
                                        const coverage::SourceCoverage& c) {
  const cfg::Node& n = g.node(node);
  uint32_t line = n.line();
  coverage::LineCoverage out;
  const auto* at = line_of(c, line);
  if (at == nullptr) return out;
  out = *at;
  uint32_t last = n.statements.empty() ? line : n.statements.front().span.last_line;
  for (auto it = c.lines.upper_bound(line); it != c.lines.end() && it->first <= last; ++it) {
    out.mb += it->second.mb;
    out.cb += it->second.cb;
  }
  return out;
}

EdgeStatus decision_status(const Graph& g, const cfg::Edge& e, const coverage::SourceCoverage& c) {
  coverage::LineCoverage whole = condition_counts(g, e.from, c);
  if (whole.mb == 0 && whole.cb > 0) return EdgeStatus::kTaken;  // every outcome ran
  if (e.to == Graph::kExit) return EdgeStatus::kUnknown;
  // A target on the decision's own line (`if (x) y++;`) ran whenever the decision did.
  if (g.node(e.to).line() == g.node(e.from).line()) return EdgeStatus::kUnknown;
  auto target = ran(g, e.to, c, false);
  if (!target) return EdgeStatus::kUnknown;
  if (!*target) return EdgeStatus::kNotTaken;
  return g.in_edges(e.to).size() == 1 ? EdgeStatus::kTaken : EdgeStatus::kUnknown;
}

}  // namespace

std::vector<EdgeStatus> edge_statuses(const Graph& graph,
                                      const coverage::SourceCoverage& coverage) {
  std::vector<EdgeStatus> out(graph.edges().size(), EdgeStatus::kUnknown);
  for (uint32_t id = 0; id < graph.edges().size(); ++id) {
    const cfg::Edge& e = graph.edge(id);
    if (e.from == Graph::kEntry) {
      out[id] = flow_status(graph, e, coverage);
      continue;
    }
    const cfg::Node& from = graph.node(e.from);
    bool decision = graph.out_edges(e.from).size() > 1;
    auto source = ran(graph, e.from, coverage, !decision);
    if (!source) continue;
    if (!*source) {
      out[id] = EdgeStatus::kNotTaken;
      continue;
    }
    const auto* at = line_of(coverage, from.line());
    out[id] = decision && at != nullptr ? decision_status(graph, e, coverage)
                                        : flow_status(graph, e, coverage);
  }
  // Out of a partly covered decision with one outcome that never ran, the others did; and of
  // a two-way one that JaCoCo says had one of its two outcomes, the one not known taken did not.
  for (uint32_t node = 0; node < graph.nodes().size(); ++node) {
    const auto& edges = graph.out_edges(node);
    if (edges.size() < 2) continue;
    int not_taken = 0;
    int taken = 0;
    for (uint32_t e : edges) {
      not_taken += out[e] == EdgeStatus::kNotTaken;
      taken += out[e] == EdgeStatus::kTaken;
    }
    auto source = ran(graph, node, coverage, false);
    if (!source || !*source) continue;
    coverage::LineCoverage whole = condition_counts(graph, node, coverage);
    bool one_of_two = whole.mb == 1 && whole.cb == 1 && edges.size() == 2;
    for (uint32_t e : edges) {
      if (out[e] != EdgeStatus::kUnknown) continue;
      if (not_taken == 1)
        out[e] = EdgeStatus::kTaken;
      else if (one_of_two && taken == 1)
        out[e] = EdgeStatus::kNotTaken;
    }
  }
  return out;
}

std::string statically_infeasible(const Graph& graph, uint32_t edge) {
  const cfg::Edge& e = graph.edge(edge);
  const cfg::Node& from = graph.node(e.from);
  if (from.kind != NodeKind::kDecision || from.statements.empty()) return "";
  cfg::Constant constant = from.statements.front().constant;
  if (e.kind == EdgeKind::kFalse && constant == cfg::Constant::kForever)
    return "a loop without a condition ends only by break, return or throw";
  if (e.kind == EdgeKind::kFalse && constant == cfg::Constant::kTrue)
    return "the condition is true";
  if (e.kind == EdgeKind::kTrue && constant == cfg::Constant::kFalse)
    return "the condition is false";
  return "";
}

namespace {

std::string outcome_phrase(const cfg::Edge& e) {
  switch (e.kind) {
    case EdgeKind::kTrue:
      return "has never been true";
    case EdgeKind::kFalse:
      return "has never been false";
    case EdgeKind::kCase:
      return "has never taken " + e.label;
    case EdgeKind::kNoException:
      return "has never run without an exception";
    case EdgeKind::kThrows:
      return "has never " +
             (e.label.rfind("throws ", 0) == 0 ? "thrown " + e.label.substr(7) : e.label);
    case EdgeKind::kFlow:
      break;
  }
  return "has never been left that way";
}

}  // namespace

std::vector<MissedOutcome> missed_outcomes(const Graph& graph,
                                           const std::vector<EdgeStatus>& statuses,
                                           const coverage::SourceCoverage& coverage) {
  std::vector<MissedOutcome> out;
  for (uint32_t node = 0; node < graph.nodes().size(); ++node) {
    const cfg::Node& n = graph.node(node);
    const auto& edges = graph.out_edges(node);
    if (edges.size() < 2 || n.statements.empty()) continue;
    const auto* at = line_of(coverage, n.line());
    if (at == nullptr || !at->covered()) continue;  // an uncovered line says it already
    size_t before = out.size();
    for (uint32_t e : edges) {
      if (statuses[e] != EdgeStatus::kNotTaken) continue;
      const cfg::Edge& edge = graph.edge(e);
      out.push_back({n.line(), n.statements.front().text, outcome_phrase(edge),
                     fmt::format("{}:{}", n.line(), edge.label), statically_infeasible(graph, e),
                     edge.kind, edge.label});
    }
    if (out.size() == before && at->mb > 0) {
      std::string what =
          at->mb + at->cb == 2
              ? "has had only one of its two outcomes (JaCoCo's counters cannot tell which: the "
                "code after each of them ran)"
              : fmt::format("has {} of its {} branch outcomes never run", at->mb, at->mb + at->cb);
      out.push_back({n.line(), n.statements.front().text, std::move(what),
                     fmt::format("{}:partial", n.line()), "", cfg::EdgeKind::kFlow, ""});
    }
  }
  return out;
}

}  // namespace panta::select
