#include "engine/gaps.h"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <set>

#include "select/edge_coverage.h"

namespace panta::engine {
namespace {

// The innermost method holding `line`, or nullptr.
const MethodGraph* method_at(const ClassUnderTest& cut, uint32_t line) {
  const MethodGraph* best = nullptr;
  for (const MethodGraph& m : cut.graphs) {
    if (line < m.start_line || line > m.end_line) continue;
    if (best == nullptr || m.end_line - m.start_line < best->end_line - best->start_line) best = &m;
  }
  return best;
}

std::string quoted(const std::string& code) {
  return "`" + code + "`";
}

// Line `line` (1-based) of `text`, trimmed and cut to `width` characters.
std::string line_text(const std::string& text, uint32_t line, size_t width = 100) {
  size_t at = 0;
  for (uint32_t l = 1; l < line && at != std::string::npos; ++l) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  if (at == std::string::npos || at >= text.size()) return "";
  std::string out = text.substr(at, text.find('\n', at) - at);
  size_t first = out.find_first_not_of(" \t");
  size_t last = out.find_last_not_of(" \t\r");
  out = first == std::string::npos ? "" : out.substr(first, last - first + 1);
  if (out.size() > width) out = out.substr(0, width) + " ...";
  return out;
}

// The enum all of whose constants the cases of the switch on `line` name, "" when none: its
// default is then taken only by a constant added later (or a null selector, which throws).
std::string exhaustive_enum(const ClassUnderTest& cut, const cfg::Graph& graph, uint32_t line) {
  std::set<std::string> values;
  for (uint32_t e = 0; e < graph.edges().size(); ++e) {
    const cfg::Edge& edge = graph.edge(e);
    if (edge.kind != cfg::EdgeKind::kCase || graph.node(edge.from).line() != line) continue;
    if (edge.label.rfind("case ", 0) != 0) continue;
    std::string list = edge.label.substr(5);
    for (size_t at = 0; at <= list.size();) {
      size_t comma = std::min(list.find(", ", at), list.size());
      std::string v = list.substr(at, comma - at);
      values.insert(v.substr(v.rfind('.') == std::string::npos ? 0 : v.rfind('.') + 1));
      at = comma + 2;
    }
  }
  for (const auto& [name, constants] : cut.enums) {
    if (constants.empty()) continue;
    bool all = std::all_of(constants.begin(), constants.end(),
                           [&values](const std::string& c) { return values.count(c) > 0; });
    if (all) return name;
  }
  return "";
}

// The lines of the block the `label` edge out of the decision on `line` leads to, when no other
// edge leads there: they run only if that outcome happens, so they share its `reason`.
void only_after(const cfg::Graph& graph, uint32_t line, const std::string& label,
                const std::string& reason, std::map<uint32_t, std::string>& dead) {
  for (uint32_t e = 0; e < graph.edges().size(); ++e) {
    const cfg::Edge& edge = graph.edge(e);
    if (edge.label != label || graph.node(edge.from).line() != line) continue;
    if (graph.in_edges(edge.to).size() != 1) continue;
    for (const cfg::Statement& st : graph.node(edge.to).statements) dead.emplace(st.line, reason);
  }
}

// Branches JaCoCo counts on lines that are no decision of the CFG: a boolean expression
// returned or assigned (`return count != EOF;`), a `?:` inside an expression.
void add_expression_gaps(const ClassUnderTest& cut, const coverage::SourceCoverage& coverage,
                         std::vector<Gap>& out) {
  std::set<uint32_t> named;
  for (const Gap& g : out) named.insert(g.line);
  for (const auto& [line, c] : coverage.lines) {
    if (c.mb == 0 || !c.covered() || named.count(line) > 0) continue;
    const MethodGraph* m = method_at(cut, line);
    out.push_back({m == nullptr ? "" : m->key, std::to_string(line) + ":expression", line,
                   fmt::format("{} has {} of its {} branch outcomes never run (a boolean "
                               "expression or `?:` on this line; each condition counts two)",
                               quoted(line_text(cut.source_text, line)), c.mb, c.mb + c.cb),
                   ""});
  }
}

// Lines outside every method, each with its text: a class's declaration line stands for its
// implicit constructor.
std::string outside_lines(const std::vector<uint32_t>& lines, const ClassUnderTest& cut) {
  static const std::regex declaration(R"(\b(class|enum|record)\s+\w+)");
  std::string out;
  for (uint32_t line : lines) {
    std::string text = line_text(cut.source_text, line);
    bool implicit = std::regex_search(text, declaration);
    out += fmt::format("- line {}: {}{}\n", line, quoted(text),
                       implicit ? ": its implicit constructor never ran" : " never ran");
  }
  return out;
}

}  // namespace

std::vector<Gap> find_gaps(const ClassUnderTest& cut, const coverage::SourceCoverage& coverage) {
  std::vector<Gap> out;
  std::map<uint32_t, std::string> dead;  // lines only an infeasible outcome leads to
  for (const MethodGraph& m : cut.graphs) {
    auto statuses = select::edge_statuses(*m.graph, coverage);
    for (auto& o : select::missed_outcomes(*m.graph, statuses, coverage)) {
      if (o.infeasible.empty() && o.key == fmt::format("{}:default", o.line)) {
        std::string e = exhaustive_enum(cut, *m.graph, o.line);
        if (!e.empty()) {
          o.infeasible = "the cases name every constant of enum " + e;
          only_after(*m.graph, o.line, "default", o.infeasible, dead);
        }
      }
      out.push_back({m.key, o.key, o.line, quoted(o.text) + " " + o.outcome, o.infeasible});
    }
  }
  for (uint32_t line : coverage.missed_lines()) {
    const MethodGraph* m = method_at(cut, line);
    auto d = dead.find(line);
    out.push_back({m == nullptr ? "" : m->key, "L" + std::to_string(line), line, "",
                   d == dead.end() ? "" : d->second});
  }
  add_expression_gaps(cut, coverage, out);
  // Per method in source order, lines before outcomes of the same line.
  auto start = [&cut](const Gap& g) {
    for (const MethodGraph& m : cut.graphs) {
      if (m.key == g.method) return m.start_line;
    }
    return UINT32_MAX;  // outside methods: last
  };
  std::stable_sort(out.begin(), out.end(), [&start](const Gap& a, const Gap& b) {
    return std::make_tuple(start(a), a.line, !a.what.empty()) <
           std::make_tuple(start(b), b.line, !b.what.empty());
  });
  return out;
}

void mark_asked_too_often(std::vector<Gap>& gaps, const std::map<std::string, int>& asks,
                          int max_asks) {
  for (Gap& g : gaps) {
    auto a = asks.find(g.key);
    if (g.infeasible.empty() && a != asks.end() && a->second >= max_asks) {
      g.infeasible = fmt::format("asked for {} times without progress", a->second);
    }
  }
}

void count_asks(const std::vector<Gap>& gaps, std::map<std::string, int>& asks) {
  for (const Gap& g : gaps) {
    if (g.infeasible.empty()) ++asks[g.key];
  }
}

std::string render_gaps(const std::vector<Gap>& gaps, const ClassUnderTest& cut) {
  std::string out;
  for (size_t i = 0; i < gaps.size();) {
    const std::string& method = gaps[i].method;
    std::vector<uint32_t> lines;
    std::string outcomes;
    size_t j = i;
    for (; j < gaps.size() && gaps[j].method == method; ++j) {
      const Gap& g = gaps[j];
      if (!g.infeasible.empty()) continue;
      if (g.what.empty()) {
        lines.push_back(g.line);
      } else {
        outcomes += fmt::format("- line {}: {}\n", g.line, g.what);
      }
    }
    if (!lines.empty() || !outcomes.empty()) {
      std::string title = "outside the methods";
      for (const MethodGraph& m : cut.graphs) {
        if (m.key == method) {
          title = fmt::format(
              "`{}` (lines {}-{}{})", m.key, m.start_line, m.end_line,
              m.is_private ? ", private: reach it through the methods that call it" : "");
        }
      }
      out += title + ":\n";
      if (method.empty()) {
        out += outside_lines(lines, cut);
      } else if (!lines.empty()) {
        out += "- lines never run: " + coverage::line_ranges(lines) + "\n";
      }
      out += outcomes;
    }
    i = j;
  }
  return out;
}

std::string render_unreachable(const std::vector<Gap>& gaps) {
  std::string out;
  for (const Gap& g : gaps) {
    if (g.infeasible.empty()) continue;
    out += fmt::format("- line {}: {}{}\n", g.line, g.what.empty() ? "never run" : g.what,
                       ": " + g.infeasible);
  }
  return out;
}

std::map<uint32_t, std::set<uint32_t>> lines_to_show(const std::vector<Gap>& gaps,
                                                     const ClassUnderTest& cut,
                                                     uint32_t whole_up_to) {
  std::map<uint32_t, std::set<uint32_t>> out;
  for (const MethodGraph& m : cut.graphs) {
    std::set<uint32_t> near;
    bool has_gap = false;
    for (const Gap& g : gaps) {
      if (!g.infeasible.empty() || g.method != m.key) continue;
      has_gap = true;
      for (uint32_t l = g.line > 3 ? g.line - 3 : 1; l <= g.line + 3; ++l) near.insert(l);
    }
    if (!has_gap) continue;
    if (m.end_line - m.start_line + 1 <= whole_up_to) {
      out[m.start_line] = {};
      continue;
    }
    for (const cfg::Node& n : m.graph->nodes()) {
      if (n.kind == cfg::NodeKind::kDecision) near.insert(n.line());
    }
    near.insert(m.start_line + 1);  // a signature on two lines
    out[m.start_line] = std::move(near);
  }
  return out;
}

bool only_unreachable_left(const std::vector<Gap>& gaps) {
  return !gaps.empty() &&
         std::all_of(gaps.begin(), gaps.end(), [](const Gap& g) { return !g.infeasible.empty(); });
}

}  // namespace panta::engine
