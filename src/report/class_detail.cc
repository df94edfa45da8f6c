#include "report/class_detail.h"

#include "analyze/analysis.h"
#include "java/text_encoding.h"
#include "select/edge_coverage.h"

namespace panta::report {
namespace {

using nlohmann::ordered_json;

const char* kind_name(cfg::NodeKind kind) {
  switch (kind) {
    case cfg::NodeKind::kEntry:
      return "entry";
    case cfg::NodeKind::kExit:
      return "exit";
    case cfg::NodeKind::kDecision:
      return "decision";
    case cfg::NodeKind::kBlock:
      break;
  }
  return "block";
}

ordered_json nodes_json(const cfg::Graph& g) {
  ordered_json out = ordered_json::array();
  for (uint32_t id = 0; id < g.nodes().size(); ++id) {
    const cfg::Node& n = g.node(id);
    ordered_json statements = ordered_json::array();
    for (const cfg::Statement& s : n.statements) {
      statements.push_back({{"line", s.line}, {"text", s.text}});
    }
    out.push_back({{"id", id},
                   {"kind", kind_name(n.kind)},
                   {"line", n.line()},
                   {"statements", std::move(statements)}});
  }
  return out;
}

// The edge's status name and, for one possibly unreachable, why.
std::pair<std::string, std::string> edge_status(const cfg::Graph& g, uint32_t id,
                                                select::EdgeStatus status,
                                                const std::map<std::string, std::string>& ruled) {
  if (status == select::EdgeStatus::kTaken) return {kEdgeStatuses[0], ""};
  if (status == select::EdgeStatus::kUnknown) return {kEdgeStatuses[3], ""};
  std::string why = select::statically_infeasible(g, id);
  const cfg::Edge& e = g.edge(id);
  auto r = ruled.find(std::to_string(g.node(e.from).line()) + ":" + e.label);
  if (why.empty() && r != ruled.end()) why = r->second;
  return {why.empty() ? kEdgeStatuses[1] : kEdgeStatuses[2], why};
}

ordered_json method_json(const MethodCfg& m, const coverage::SourceCoverage& coverage,
                         const std::map<std::string, std::string>& ruled) {
  const cfg::Graph& g = *m.graph;
  auto statuses = select::edge_statuses(g, coverage);
  ordered_json edges = ordered_json::array();
  for (uint32_t id = 0; id < g.edges().size(); ++id) {
    const cfg::Edge& e = g.edge(id);
    auto [status, why] = edge_status(g, id, statuses[id], ruled);
    ordered_json edge = {
        {"id", id}, {"from", e.from}, {"to", e.to}, {"label", e.label}, {"status", status}};
    if (!why.empty()) edge["why"] = why;
    edges.push_back(std::move(edge));
  }
  return {{"key", m.key},
          {"start_line", m.start_line},
          {"end_line", m.end_line},
          {"under_test", m.under_test},
          {"cyclomatic", g.cyclomatic()},
          {"nodes", nodes_json(g)},
          {"edges", std::move(edges)},
          {"paths", m.paths}};
}

}  // namespace

ordered_json class_detail(const std::string& source_file, const std::string& source_text,
                          const std::vector<MethodCfg>& methods,
                          const coverage::SourceCoverage& coverage,
                          const std::map<std::string, std::string>& unreachable) {
  ordered_json lines = ordered_json::array();
  for (const auto& [n, l] : coverage.lines) {
    lines.push_back({{"line", n}, {"mi", l.mi}, {"ci", l.ci}, {"mb", l.mb}, {"cb", l.cb}});
  }
  ordered_json out_methods = ordered_json::array();
  for (const MethodCfg& m : methods) {
    if (m.graph != nullptr) out_methods.push_back(method_json(m, coverage, unreachable));
  }
  return {{"source_file", source_file},
          {"source", source_text},
          {"lines", std::move(lines)},
          {"methods", std::move(out_methods)}};
}

Result<ordered_json> class_detail_of_file(const std::string& source_file,
                                          const std::string& encoding,
                                          const coverage::SourceCoverage& coverage) {
  auto text = java::read_text_file(source_file, encoding);
  if (!text) return text.error();
  analyze::AnalyzeOptions options;
  options.encoding = encoding;
  options.all_methods = true;
  analyze::FileAnalysis fa = analyze::analyze_file(source_file, options);
  if (!fa.file) {
    return Error{fa.errors.empty() ? source_file + ": cannot analyse" : fa.errors.front()};
  }
  std::vector<MethodCfg> methods;
  for (const auto& cls : fa.classes) {
    for (const auto& m : cls.methods) {
      if (!m.graph) continue;
      MethodCfg mc{cls.java_class->name + "." + m.method->signature,
                   m.method->start_line,
                   m.method->end_line,
                   m.method->is_mut(),
                   &*m.graph,
                   {}};
      for (const cfg::Path& p : m.paths.paths) mc.paths.push_back(p.edges);
      methods.push_back(std::move(mc));
    }
  }
  return class_detail(source_file, *text, methods, coverage);
}

}  // namespace panta::report
