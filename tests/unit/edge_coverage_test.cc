#include "select/edge_coverage.h"

#include <gtest/gtest.h>

#include "marked_source.h"
#include "test_support.h"

namespace panta::select {
namespace {

coverage::SourceCoverage lines(std::initializer_list<coverage::LineCoverage> l) {
  coverage::SourceCoverage c;
  for (const auto& x : l) c.lines[x.line] = x;
  return c;
}

std::string status_of(const cfg::Graph& g, const std::vector<EdgeStatus>& s, uint32_t line,
                      const std::string& label) {
  for (uint32_t e = 0; e < g.edges().size(); ++e) {
    if (g.node(g.edge(e).from).line() == line && g.edge(e).label == label) {
      return s[e] == EdgeStatus::kTaken ? "taken" : s[e] == EdgeStatus::kNotTaken ? "not" : "?";
    }
  }
  ADD_FAILURE() << "no edge " << line << " " << label;
  return "";
}

TEST(EdgeCoverage, OutcomesFollowFromTheLinesTheyLeadTo) {
  auto fa = test::analyze_fixture("Branches.java");
  const cfg::Graph& g = *test::method(fa, "sign(int)").graph;
  // sign(5) and sign(0): line 5 both ways, line 7 only false.
  // {line, missed instructions, covered instructions, missed branches, covered branches}
  auto c =
      lines({{5, 0, 4, 0, 2}, {6, 0, 2, 0, 0}, {7, 0, 4, 1, 1}, {8, 2, 0, 0, 0}, {10, 0, 2, 0, 0}});
  auto s = edge_statuses(g, c);
  EXPECT_EQ(status_of(g, s, 5, "true"), "taken");
  EXPECT_EQ(status_of(g, s, 5, "false"), "taken");
  EXPECT_EQ(status_of(g, s, 7, "true"), "not");
  EXPECT_EQ(status_of(g, s, 7, "false"), "taken");  // the only one left, and line 10 ran
  auto missed = missed_outcomes(g, s, c);
  ASSERT_EQ(missed.size(), 1u);
  EXPECT_EQ(missed[0].line, 7u);
  EXPECT_EQ(missed[0].outcome, "has never been true");
  EXPECT_EQ(missed[0].key, "7:true");
  EXPECT_EQ(missed[0].infeasible, "");
}

TEST(EdgeCoverage, AnUncoveredDecisionTakesNothingAndAPartOfACompoundConditionIsSaid) {
  auto fa = test::analyze_fixture("Branches.java");
  const cfg::Graph& g = *test::method(fa, "describe(int, int)").graph;
  // Line 15 has && and ||: 6 branches, 3 never ran.
  auto c = lines({{14, 0, 2, 0, 0},
                  {15, 0, 8, 3, 3},
                  {16, 0, 3, 0, 0},
                  {18, 0, 8, 0, 2},
                  {19, 0, 8, 1, 1},
                  {20, 0, 4, 0, 0}});
  auto s = edge_statuses(g, c);
  auto missed = missed_outcomes(g, s, c);
  bool partial = false;
  for (const auto& m : missed) partial = partial || m.key == "15:partial";
  EXPECT_TRUE(partial);
  auto none = lines({{14, 2, 0, 0, 0}, {15, 8, 0, 6, 0}});
  auto n = edge_statuses(g, none);
  EXPECT_EQ(status_of(g, n, 15, "true"), "not");
  EXPECT_TRUE(missed_outcomes(g, n, none).empty());  // the uncovered line says it all
}

TEST(EdgeCoverage, OfTwoOutcomesTheOneNotKnownTakenIsTheMissingOne) {
  auto fa = test::analyze_fixture("Branches.java");
  const cfg::Graph& g = *test::method(fa, "nested(boolean, boolean)").graph;
  // nested(true, true) only: line 24 had one of its two outcomes; its true side (line 25) ran,
  // so false, which leads to the method's end, is the one missing.
  auto c = lines({{24, 0, 2, 1, 1}, {25, 0, 2, 1, 1}, {26, 0, 4, 0, 0}, {28, 4, 0, 0, 0}});
  auto s = edge_statuses(g, c);
  EXPECT_EQ(status_of(g, s, 24, "true"), "taken");
  EXPECT_EQ(status_of(g, s, 24, "false"), "not");
  auto missed = missed_outcomes(g, s, c);
  ASSERT_EQ(missed.size(), 2u);
  EXPECT_EQ(missed[0].outcome, "has never been false");
  EXPECT_EQ(missed[1].outcome, "has never been false");  // line 25: line 28 never ran
}

TEST(EdgeCoverage, ALineWithAPartOfAConditionTellsNothingOfTheWhole) {
  auto fa = test::analyze_fixture("MultiLine.java");
  const cfg::Graph& g = *test::method(fa, "near(int, int)").graph;
  // near(1, 5) and near(1, 0): `i >= 0` on line 14 never false, but the whole condition was
  // false (through `i < n` on line 15): line 14's one of two outcomes is not the decision's.
  auto c = lines(
      {{13, 0, 2, 0, 0}, {14, 0, 2, 1, 1}, {15, 0, 3, 0, 2}, {16, 0, 2, 0, 0}, {18, 0, 2, 0, 0}});
  auto s = edge_statuses(g, c);
  EXPECT_EQ(status_of(g, s, 14, "true"), "taken");
  EXPECT_EQ(status_of(g, s, 14, "false"), "?");
  // Every outcome line 14 counts ran, but not every one of line 15: the first line's counters
  // alone no longer say both edges were taken (they were; nothing here tells the false one).
  auto t = lines(
      {{13, 0, 2, 0, 0}, {14, 0, 2, 0, 2}, {15, 0, 3, 1, 1}, {16, 0, 2, 0, 0}, {18, 0, 2, 0, 0}});
  auto u = edge_statuses(g, t);
  EXPECT_EQ(status_of(g, u, 14, "true"), "taken");
  EXPECT_EQ(status_of(g, u, 14, "false"), "?");
}

TEST(EdgeCoverage, AnOutcomeOnTheDecisionsOwnLineCannotBeTold) {
  auto fa = test::analyze_fixture("Branches.java");
  const cfg::Graph& g = *test::method(fa, "describe(int, int)").graph;
  // Line 18 `if (a > b) s += ">"; else s += "<=";` had one of its two outcomes: both sides are
  // on line 18, which ran, so nothing says which.
  auto c = lines({{14, 0, 2, 0, 0},
                  {15, 0, 8, 0, 6},
                  {16, 0, 3, 0, 0},
                  {18, 0, 8, 1, 1},
                  {19, 0, 8, 0, 2},
                  {20, 0, 4, 0, 0}});
  auto s = edge_statuses(g, c);
  EXPECT_EQ(status_of(g, s, 18, "true"), "?");
  EXPECT_EQ(status_of(g, s, 18, "false"), "?");
  auto missed = missed_outcomes(g, s, c);
  ASSERT_EQ(missed.size(), 1u);
  EXPECT_EQ(missed[0].key, "18:partial");
}

TEST(EdgeCoverage, TheExitOfALoopWithoutAConditionCannotBeTaken) {
  auto fa = test::analyze_fixture("Loops.java");
  bool found = false;
  for (const auto& cls : fa.classes) {
    for (const auto& m : cls.methods) {
      if (!m.graph) continue;
      for (uint32_t e = 0; e < m.graph->edges().size(); ++e) {
        const auto& from = m.graph->node(m.graph->edge(e).from);
        if (from.kind != cfg::NodeKind::kDecision) continue;
        const std::string& t = from.statements.front().text;
        bool forever = t.rfind("while (true)", 0) == 0 || t.rfind("for (;;)", 0) == 0;
        if (forever && m.graph->edge(e).kind == cfg::EdgeKind::kFalse) {
          EXPECT_NE(statically_infeasible(*m.graph, e), "") << t;
          found = true;
        } else {
          EXPECT_EQ(statically_infeasible(*m.graph, e), "") << t;
        }
      }
    }
  }
  EXPECT_TRUE(found) << "Loops.java has no while (true) or for (;;)";
}

// The CFG builder reads constant conditions from the syntax tree (issue 27): `if (true)`'s
// false outcome and `if ((false))`'s true one cannot be taken, nor the exit of a loop whose
// condition is `true` or missing; a `true` inside a string or a longer condition is no constant.
TEST(EdgeCoverage, ConstantConditionsComeFromTheSyntaxTree) {
  test::MarkedSource src(R"java(class K {
  int f(int x, String s) {
    $always^if (true) { x++; }
    $never^if ((false)) { x--; }
    $loop^while (true) {
      if (x > 3) break;
    }
    $ever^for (;;) {
      if (x > 9) break;
    }
    do {
      if (x++ > 20) break;
    $dowhile^} while (true);
    $text^if (s.equals("if (true)")) { x++; }
    $part^if (true && x > 0) { x++; }
    return x;
  }
}
)java");
  test::TempDir dir;
  analyze::AnalyzeOptions options;
  options.all_methods = true;
  auto fa = analyze::analyze_file(dir.write("K.java", src.text()), options);
  const cfg::Graph& g = *test::method(fa, "f(int, String)").graph;
  auto why = [&](const std::string& mark, cfg::EdgeKind kind) {
    for (uint32_t e = 0; e < g.edges().size(); ++e) {
      const cfg::Edge& edge = g.edge(e);
      if (edge.kind == kind && g.node(edge.from).kind == cfg::NodeKind::kDecision &&
          g.node(edge.from).line() == src.line(mark))
        return statically_infeasible(g, e);
    }
    ADD_FAILURE() << "no such edge at $" << mark << "^";
    return std::string();
  };
  EXPECT_EQ(why("always", cfg::EdgeKind::kFalse), "the condition is true");
  EXPECT_EQ(why("always", cfg::EdgeKind::kTrue), "");
  EXPECT_EQ(why("never", cfg::EdgeKind::kTrue), "the condition is false");
  const std::string loop = "a loop without a condition ends only by break, return or throw";
  EXPECT_EQ(why("loop", cfg::EdgeKind::kFalse), loop);
  EXPECT_EQ(why("ever", cfg::EdgeKind::kFalse), loop);
  EXPECT_EQ(why("dowhile", cfg::EdgeKind::kFalse), loop);
  EXPECT_EQ(why("text", cfg::EdgeKind::kFalse), "");
  EXPECT_EQ(why("part", cfg::EdgeKind::kFalse), "");
}

}  // namespace
}  // namespace panta::select
