#include "engine/gaps.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "core/utf8.h"
#include "prompt/source_view.h"
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

std::string in_backticks(const std::string& code) {
  return "`" + code + "`";
}

// The enum all of whose constants the cases of the switch on `line` name, "" when none: its
// default is then taken only by a constant added later (or a null selector, which throws). The
// enum is the selector's declared type when the selector is a variable; else the one known enum
// that holds every label (none when two do: the switch may be over the larger one).
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
  auto all_named = [&values](const std::vector<std::string>& constants) {
    return !constants.empty() && std::all_of(constants.begin(), constants.end(),
                                             [&](const auto& c) { return values.count(c) > 0; });
  };
  if (std::string variable = cut.facts().switch_variable(line); !variable.empty()) {
    std::string type = cut.facts().declared_type(variable, line);
    if (!type.empty()) {
      auto e = cut.enums.find(type);
      return e != cut.enums.end() && all_named(e->second) ? type : "";
    }
  }
  std::vector<std::string> holding;  // enums holding every label
  for (const auto& [name, constants] : cut.enums) {
    std::set<std::string> all(constants.begin(), constants.end());
    if (std::all_of(values.begin(), values.end(),
                    [&all](const auto& v) { return all.count(v) > 0; }))
      holding.push_back(name);
  }
  return holding.size() == 1 && all_named(cut.enums.at(holding[0])) ? holding[0] : "";
}

// The lines only the `label` edge out of the decision on `line` leads to: the block it enters
// when no other edge does, and every block all of whose entries come from such blocks. They
// run only if that outcome happens, so they share its `reason`.
void only_after(const cfg::Graph& graph, uint32_t line, const std::string& label,
                const std::string& reason, std::map<uint32_t, std::string>& dead) {
  std::set<uint32_t> dead_edges;
  for (uint32_t e = 0; e < graph.edges().size(); ++e) {
    const cfg::Edge& edge = graph.edge(e);
    if (edge.label == label && graph.node(edge.from).line() == line) dead_edges.insert(e);
  }
  std::set<uint32_t> dead_nodes;
  for (bool grew = true; grew;) {
    grew = false;
    for (uint32_t n = 0; n < graph.nodes().size(); ++n) {
      const cfg::Node& node = graph.node(n);
      if (dead_nodes.count(n) > 0 || node.kind == cfg::NodeKind::kExit) continue;
      const auto& in = graph.in_edges(n);
      if (in.empty() || !std::all_of(in.begin(), in.end(), [&](uint32_t e) {
            return dead_edges.count(e) > 0 || dead_nodes.count(graph.edge(e).from) > 0;
          })) {
        continue;
      }
      dead_nodes.insert(n);
      for (uint32_t e : graph.out_edges(n)) dead_edges.insert(e);
      for (const cfg::Statement& st : node.statements) dead.emplace(st.line, reason);
      grew = true;
    }
  }
}

// The first line the `label` edge out of the decision on `line` runs, 0 when there is none (the
// method's end).
uint32_t first_line_after(const cfg::Graph& graph, uint32_t line, const std::string& label) {
  for (const cfg::Edge& edge : graph.edges()) {
    if (edge.label != label || graph.node(edge.from).line() != line) continue;
    const cfg::Node& to = graph.node(edge.to);
    if (to.kind != cfg::NodeKind::kExit && !to.statements.empty()) return to.line();
  }
  return 0;
}

// The decision whose condition goes on over `line` (a condition of several lines, not its first
// line), or null.
const cfg::Statement* condition_of(const cfg::Graph& graph, uint32_t line) {
  for (const cfg::Node& n : graph.nodes()) {
    if (n.kind != cfg::NodeKind::kDecision || n.statements.empty()) continue;
    const cfg::Statement& s = n.statements.front();
    if (s.kind == cfg::StatementKind::kCondition && s.span.first_line < line &&
        s.span.holds_line(line))
      return &s;
  }
  return nullptr;
}

// `text` without the `// comment` it ends in (a "//" inside a string or char literal stays),
// trailing blanks cut.
std::string without_line_comment(const std::string& text) {
  char quote = 0;
  size_t end = text.size();
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote != 0) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      end = i;
      break;
    }
  }
  if (end == 0) return "";
  end = text.find_last_not_of(" \t", end - 1);
  return end == std::string::npos ? "" : text.substr(0, end + 1);
}

// The line's code without the comment it ends in.
std::string code_of_line(const std::string& source, uint32_t line) {
  return without_line_comment(line_text(source, line, 1000));
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
    const cfg::Statement* decision = m == nullptr ? nullptr : condition_of(*m->graph, line);
    if (decision != nullptr) {
      // A line a multi-line condition goes on over: said of its decision, when nothing is yet.
      if (named.count(decision->line) > 0) continue;
      named.insert(decision->line);
      out.push_back({m->key, std::to_string(line) + ":expression", decision->line,
                     fmt::format("{} has {} of the {} branch outcomes JaCoCo counts on line {} "
                                 "(where its condition goes on) never run",
                                 in_backticks(decision->text), c.mb, c.mb + c.cb, line),
                     "", Aside::kNo, 0, GapKind::kExpression, ""});
      continue;
    }
    // javac's check of whether assertions are on: an assert that holds never fails.
    bool assertion = cut.facts().asserts(line);
    // javac counts a statement's branches on its first line: the expression may be on the next.
    std::string statement;
    uint32_t last = std::min(cut.facts().statement_end(line), line + 3);
    for (uint32_t l = line; l <= last; ++l) {
      statement += (statement.empty() ? "" : " ") + code_of_line(cut.source_text, l);
    }
    if (statement.size() > 200) statement = utf8_prefix(statement, 200) + " ...";
    out.push_back({m == nullptr ? "" : m->key, std::to_string(line) + ":expression", line,
                   fmt::format("{} has {} of its {} branch outcomes never run",
                               in_backticks(statement), c.mb, c.mb + c.cb),
                   assertion ? "an assert statement fails only when the code is wrong" : "",
                   Aside::kNo, 0, GapKind::kExpression, ""});
  }
}

// The title of a method's gaps: "`Lexer.nextToken(Token)` (lines 120-158)".
std::string method_title(const std::string& method, const ClassUnderTest& cut) {
  for (const MethodGraph& m : cut.graphs) {
    if (m.key == method) {
      return fmt::format(
          "`{}` (lines {}-{}{})", m.key, m.start_line, m.end_line,
          m.is_private ? ", private: reach it through the methods that call it" : "");
    }
  }
  return "outside the methods";
}

// The gaps [begin, end) of one method that are asked for, each on a line of its own with its
// id, in source order (a line's outcomes after the line): its lines never run as ranges (one
// entry each, with its first line's id), and the outcomes; `shown` gets what each id stands for.
std::string method_entries(const std::vector<Gap>& gaps, size_t begin, size_t end,
                           const ClassUnderTest& cut, const coverage::SourceCoverage& coverage,
                           std::map<int, std::vector<std::string>>& shown) {
  std::vector<const Gap*> lines;
  std::map<std::pair<uint32_t, int>, std::string> entries;  // by (line, 0 line / 1 outcome)
  for (size_t k = begin; k < end; ++k) {
    if (gaps[k].aside == Aside::kNo && gaps[k].kind == GapKind::kLine) lines.push_back(&gaps[k]);
  }
  bool outside = gaps[begin].method.empty();
  for (size_t k = 0; k < lines.size();) {
    size_t run = k + 1;  // a range runs on across lines with no code
    while (!outside && run < lines.size() && [&] {
      auto next = coverage.lines.upper_bound(lines[run - 1]->line);
      return next == coverage.lines.end() || next->first >= lines[run]->line;
    }()) {
      ++run;
    }
    const Gap& first = *lines[k];
    std::vector<std::string>& keys = shown[first.id];
    for (size_t r = k; r < run; ++r) keys.push_back(lines[r]->key);
    std::string& entry = entries[{first.line, 0}];
    if (outside) {
      std::string text = line_text(cut.source_text, first.line);
      entry =
          fmt::format("- [G{}] line {}: {}{}\n", first.id, first.line, in_backticks(text),
                      cut.facts().declares_type(first.line) ? ": its implicit constructor never ran"
                                                            : " never ran");
    } else if (run - k == 1) {
      entry = fmt::format("- [G{}] line {}: never run\n", first.id, first.line);
    } else {
      entry = fmt::format("- [G{}] lines {}-{}: never run\n", first.id, first.line,
                          lines[run - 1]->line);
    }
    k = run;
  }
  for (size_t k = begin; k < end; ++k) {
    const Gap& g = gaps[k];
    if (g.aside != Aside::kNo || g.kind == GapKind::kLine) continue;
    shown[g.id] = {g.key};
    entries[{g.line, 1}] += fmt::format("- [G{}] line {}: {}\n", g.id, g.line, g.what);
  }
  std::string out;
  for (const auto& [at, entry] : entries) out += entry;
  return out;
}

// Lines that never ran by JaCoCo's count although a test came to them: the first line of a
// node an edge into which was taken (every outcome of the decision before it ran). JaCoCo
// counts a line only when its code runs on, so a line whose call always throws (`fail(...)`,
// `Validate.isTrue(false, ...)`) never counts however often tests reach it.
void reached_lines(const cfg::Graph& graph, const std::vector<select::EdgeStatus>& statuses,
                   const coverage::SourceCoverage& coverage, std::map<uint32_t, std::string>& out) {
  for (uint32_t id = 0; id < graph.edges().size(); ++id) {
    const cfg::Edge& e = graph.edge(id);
    if (statuses[id] != select::EdgeStatus::kTaken || e.to == cfg::Graph::kExit) continue;
    uint32_t line = graph.node(e.to).line();
    auto at = coverage.lines.find(line);
    if (line == 0 || at == coverage.lines.end() || at->second.covered()) continue;
    out.emplace(line,
                "tests reach it (every outcome of the decision before it ran), but its call "
                "threw each time, and JaCoCo counts a line only when it runs to its end");
  }
}

// `break;` and `continue;` lines a condition with `||` leads to, that never ran by JaCoCo's
// count: javac sends the jump of an operand before the last `||` that holds straight to where
// the `break` goes (it resolves a jump to a `goto` to the `goto`'s target), past this line, so
// the line counts only when the last operand decides. Tests may well reach it.
void jump_lines(const MethodGraph& m, const java::LineFacts& facts,
                const coverage::SourceCoverage& coverage, const std::vector<uint32_t>& missed,
                std::map<uint32_t, std::string>& out) {
  for (auto at = std::upper_bound(missed.begin(), missed.end(), m.start_line);
       at != missed.end() && *at <= m.end_line; ++at) {
    uint32_t line = *at;
    if (!facts.jumps(line)) continue;
    // The decision nearest above (the CFG has no node of its own for a break).
    const cfg::Node* decision = nullptr;
    for (const cfg::Node& n : m.graph->nodes()) {
      if (n.kind == cfg::NodeKind::kDecision && !n.statements.empty() && n.line() < line &&
          (decision == nullptr || n.line() > decision->line()))
        decision = &n;
    }
    if (decision == nullptr || !facts.condition_has_or(decision->line())) continue;
    auto ran = coverage.lines.find(decision->line());
    if (ran == coverage.lines.end() || !ran->second.covered()) continue;
    // Right after the condition: every line of code between holds a part of it.
    bool next = true;
    for (auto l = std::next(ran); l != coverage.lines.end() && l->first < line; ++l) {
      next = next && l->second.mb + l->second.cb > 0;
    }
    if (!next) continue;
    out.emplace(line,
                "JaCoCo counts it only when the last part of the `||` condition before it "
                "decides (javac jumps past it when an earlier part holds), so tests that reach "
                "it may still leave it uncounted; no test is needed for it");
  }
}

}  // namespace

std::string line_text(const std::string& text, uint32_t line, size_t width) {
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
  if (out.size() > width) out = utf8_prefix(out, width) + " ...";
  return out;
}

std::vector<Gap> find_gaps(const ClassUnderTest& cut, const coverage::SourceCoverage& coverage) {
  std::vector<Gap> out;
  std::map<uint32_t, std::string> dead;  // lines only an infeasible outcome leads to, or reached
  const std::vector<uint32_t> missed = coverage.missed_lines();  // ascending
  for (const MethodGraph& m : cut.graphs) {
    auto statuses = select::edge_statuses(*m.graph, coverage);
    reached_lines(*m.graph, statuses, coverage, dead);
    jump_lines(m, cut.facts(), coverage, missed, dead);
    for (auto& o : select::missed_outcomes(*m.graph, statuses, coverage)) {
      if (o.infeasible.empty() && o.edge_kind == cfg::EdgeKind::kCase && o.label == "default") {
        std::string e = exhaustive_enum(cut, *m.graph, o.line);
        if (!e.empty()) {
          o.infeasible = "the cases name every constant of enum " + e;
          only_after(*m.graph, o.line, "default", o.infeasible, dead);
        }
      }
      bool partial = o.edge_kind == cfg::EdgeKind::kFlow;
      out.push_back({m.key, o.key, o.line, in_backticks(o.text) + " " + o.outcome, o.infeasible,
                     Aside::kNo, 0, partial ? GapKind::kPartial : GapKind::kOutcome, o.label});
    }
  }
  for (uint32_t line : missed) {
    const MethodGraph* m = method_at(cut, line);
    auto d = dead.find(line);
    out.push_back({m == nullptr ? "" : m->key, "L" + std::to_string(line), line, "",
                   d == dead.end() ? "" : d->second, Aside::kNo, 0, GapKind::kLine, ""});
  }
  add_expression_gaps(cut, coverage, out);
  for (Gap& g : out) {
    if (!g.infeasible.empty()) g.aside = Aside::kAnalysis;
  }
  // Per method in source order, lines before outcomes of the same line.
  auto start = [&cut](const Gap& g) {
    for (const MethodGraph& m : cut.graphs) {
      if (m.key == g.method) return m.start_line;
    }
    return UINT32_MAX;  // outside methods: last
  };
  std::stable_sort(out.begin(), out.end(), [&start](const Gap& a, const Gap& b) {
    return std::make_tuple(start(a), a.line, a.kind != GapKind::kLine) <
           std::make_tuple(start(b), b.line, b.kind != GapKind::kLine);
  });
  return out;
}

void mark_asked_too_often(std::vector<Gap>& gaps, const std::map<std::string, int>& asks,
                          int max_asks) {
  for (Gap& g : gaps) {
    auto a = asks.find(g.key);
    if (g.aside == Aside::kNo && a != asks.end() && a->second >= max_asks) {
      g.infeasible = fmt::format("asked for {} times without progress", a->second);
      g.aside = Aside::kAskedTooOften;
    }
  }
}

void count_asks(const std::vector<Gap>& gaps, std::map<std::string, int>& asks) {
  for (const Gap& g : gaps) {
    if (g.aside == Aside::kNo) ++asks[g.key];
  }
}

void assign_gap_ids(std::vector<Gap>& gaps, std::map<std::string, int>& ids, int& next_id) {
  for (Gap& g : gaps) {
    auto [it, fresh] = ids.try_emplace(g.key, next_id);
    if (fresh) ++next_id;
    g.id = it->second;
  }
}

std::string render_gaps(const std::vector<Gap>& gaps, const ClassUnderTest& cut,
                        const coverage::SourceCoverage& coverage,
                        std::map<int, std::vector<std::string>>& shown) {
  std::string out;
  for (size_t i = 0; i < gaps.size();) {
    const std::string& method = gaps[i].method;
    size_t j = i;
    while (j < gaps.size() && gaps[j].method == method) ++j;
    std::string entries = method_entries(gaps, i, j, cut, coverage, shown);
    if (!entries.empty()) out += method_title(method, cut) + ":\n" + entries;
    i = j;
  }
  if (out.find("branch outcomes") != std::string::npos) {
    out =
        "Branch outcomes are counted as JaCoCo counts them: two per condition, so `a && b` "
        "has four, and a `?:` adds two. Where a line says only how many never ran, some "
        "condition of it has been only true or only false; JaCoCo does not tell which.\n\n" +
        out;
  }
  return out;
}

std::vector<PossiblyInfeasible> possibly_infeasible(const std::vector<Gap>& gaps) {
  std::vector<PossiblyInfeasible> out;
  for (const Gap& g : gaps) {
    if (g.aside != Aside::kNo)
      out.push_back({g.line, g.what.empty() ? "never run" : g.what, g.infeasible});
  }
  return out;
}

std::string render_unreachable(const std::vector<Gap>& gaps) {
  std::string out;
  for (const Gap& g : gaps) {
    if (g.aside == Aside::kNo) continue;
    out += fmt::format("- [G{}] line {}: {}: {}\n", g.id, g.line,
                       g.what.empty() ? "never run" : g.what, g.infeasible);
  }
  return out;
}

std::map<uint32_t, std::set<uint32_t>> lines_to_show(const std::vector<Gap>& gaps,
                                                     const ClassUnderTest& cut,
                                                     uint32_t whole_up_to,
                                                     const std::set<uint32_t>& also) {
  std::map<uint32_t, std::set<uint32_t>> out;
  std::vector<prompt::AskedLines> long_methods;
  for (const MethodGraph& m : cut.graphs) {
    std::set<uint32_t> near;
    prompt::AskedLines asked{m.start_line, m.end_line, {}, {}};
    bool has_gap = false;
    auto show_near = [&](uint32_t line, bool condition) {
      has_gap = true;
      asked.gaps.insert(line);
      if (condition) asked.conditions.insert(line);  // a line never run has one: its decision's
      for (uint32_t l = line > 3 ? line - 3 : 1; l <= line + 3; ++l) near.insert(l);
    };
    for (const Gap& g : gaps) {
      if (g.aside == Aside::kNo && g.method == m.key) show_near(g.line, g.kind != GapKind::kLine);
    }
    for (auto l = also.lower_bound(m.start_line); l != also.end() && *l <= m.end_line; ++l) {
      show_near(*l, true);
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
    long_methods.push_back(std::move(asked));
  }
  if (long_methods.empty()) return out;
  std::set<uint32_t> needed = prompt::lines_gaps_need(cut.parsed(), long_methods);
  for (const prompt::AskedLines& m : long_methods) {
    out[m.first].insert(needed.lower_bound(m.first), needed.upper_bound(m.last));
  }
  return out;
}

namespace {

// Lines that run only with a line an answer set aside, set aside too: those after it in its
// basic block (a catch body of several statements), and a `catch (...) {` line with the first
// line of its block, either way (Entities: line 147, the body, said to be unreachable; line
// 146, `} catch (IOException e) {`, was asked for again).
void set_aside_what_runs_with(std::vector<Gap>& gaps, const ClassUnderTest& cut) {
  std::map<uint32_t, Gap*> line_gaps;
  std::set<uint32_t> aside;  // lines set aside on an answer's word
  for (Gap& g : gaps) {
    if (g.kind != GapKind::kLine) continue;
    line_gaps.emplace(g.line, &g);
    if (g.aside == Aside::kAnswer) aside.insert(g.line);
  }
  auto set = [&](uint32_t line, std::string why) {
    Gap* g = line_gaps.at(line);
    if (g->aside != Aside::kNo) return;
    g->infeasible = std::move(why);
    g->aside = Aside::kWithAnswer;
    aside.insert(line);
  };
  for (auto& [line, g] : line_gaps) {
    uint32_t body = cut.facts().catch_body(line);
    if (!cut.facts().catch_head(line) || body == line || line_gaps.count(body) == 0) continue;
    if (aside.count(body) > 0) {
      set(line, fmt::format("the catch runs only with line {}, which an answer said cannot be "
                            "reached",
                            body));
    } else if (aside.count(line) > 0) {
      set(body, fmt::format("the body of the catch on line {}, which an answer said cannot be "
                            "reached",
                            line));
    }
  }
  for (const MethodGraph& m : cut.graphs) {
    for (const cfg::Node& n : m.graph->nodes()) {
      uint32_t first_aside = 0;
      for (const cfg::Statement& st : n.statements) {
        if (first_aside != 0 && line_gaps.count(st.line) > 0) {
          set(st.line, fmt::format("it runs only after line {}, which an answer said cannot be "
                                   "reached",
                                   first_aside));
        }
        if (first_aside == 0 && aside.count(st.line) > 0) first_aside = st.line;
      }
    }
  }
}

}  // namespace

void mark_said_unreachable(std::vector<Gap>& gaps, const std::map<std::string, std::string>& said,
                           const ClassUnderTest& cut) {
  std::map<uint32_t, std::string> after;  // lines only a set-aside outcome leads to
  std::set<uint32_t> said_lines;
  for (Gap& g : gaps) {
    auto s = said.find(g.key);
    if (g.aside != Aside::kNo || s == said.end()) continue;
    g.infeasible = "an answer said no test can reach it: " + s->second;
    g.aside = Aside::kAnswer;
    if (g.kind == GapKind::kLine) said_lines.insert(g.line);
    if (g.kind != GapKind::kOutcome) continue;
    for (const MethodGraph& m : cut.graphs) {
      if (m.key == g.method) only_after(*m.graph, g.line, g.label, g.infeasible, after);
    }
  }
  for (Gap& g : gaps) {
    auto a = after.find(g.line);
    if (g.aside == Aside::kNo && g.kind == GapKind::kLine && a != after.end()) {
      g.infeasible = a->second;
      g.aside = Aside::kWithAnswer;
    }
  }
  set_aside_what_runs_with(gaps, cut);
  // An outcome whose first line an answer says cannot be reached cannot happen either (taking
  // it runs that line): Metaphone's `if (isPreviousChar(local, n, 'G'))` and its `hard = true;`.
  for (Gap& g : gaps) {
    if (g.aside != Aside::kNo || g.kind != GapKind::kOutcome) continue;
    for (const MethodGraph& m : cut.graphs) {
      if (m.key != g.method) continue;
      uint32_t first = first_line_after(*m.graph, g.line, g.label);
      if (first != 0 && said_lines.count(first) > 0) {
        g.infeasible =
            fmt::format("it leads to line {}, which an answer said cannot be reached", first);
        g.aside = Aside::kWithAnswer;
      }
    }
  }
}

bool only_unreachable_left(const std::vector<Gap>& gaps) {
  return !gaps.empty() &&
         std::all_of(gaps.begin(), gaps.end(), [](const Gap& g) { return g.aside != Aside::kNo; });
}

}  // namespace panta::engine
