#include "cfg/cfg.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "marked_source.h"
#include "test_support.h"

namespace panta::cfg {
namespace {

using test::analyze_fixture;
using test::method;

std::set<std::string> labels_out_of_decisions(const Graph& g) {
  std::set<std::string> labels;
  for (const Edge& e : g.edges()) {
    if (g.node(e.from).kind == NodeKind::kDecision) labels.insert(e.label);
  }
  return labels;
}

// The edges of `g` that `pick` selects, in the graph's order.
template <class Pick>
std::vector<Edge> edges_where(const Graph& g, Pick pick) {
  std::vector<Edge> out;
  for (const Edge& e : g.edges()) {
    if (pick(e)) out.push_back(e);
  }
  return out;
}

// CYC by the issue's rule: 1 + each if, each loop, each non-default case group, each catch.
TEST(Cfg, CyclomaticComplexityCountsDecisions) {
  std::map<std::string, std::map<std::string, int>> expected = {
      {"PatternOptionBuilder.java", {{"parsePattern(String)", 5}}},
      {"Branches.java",
       {{"sign(int)", 3}, {"describe(int, int)", 3}, {"nested(boolean, boolean)", 3}}},
      {"Loops.java",
       {{"sumWhile(int)", 2},
        {"countDown(int)", 2},
        {"firstNegative(int[])", 5},
        {"total(List<Integer>)", 2},
        {"grid(int[][])", 5},
        {"labelledBlock(boolean)", 2}}},
      {"Switches.java",
       {{"classic(int)", 4},
        {"noDefault(int)", 3},
        {"arrows(int)", 3},
        {"expression(String)", 3},
        {"yields(int)", 2}}},
      {"Exceptions.java",
       {{"parse(String)", 2},
        {"read(Reader)", 3},
        {"withFinally(int)", 2},
        {"resources(String)", 1},
        {"check(int)", 2}}},
      {"Opaque.java", {{"doubled(List<Integer>)", 1}, {"task(boolean)", 1}, {"local(int)", 1}}},
  };
  for (const auto& [file, methods] : expected) {
    auto fa = analyze_fixture(file);
    for (const auto& [sig, cyc] : methods) {
      const auto& m = method(fa, sig);
      ASSERT_TRUE(m.graph.has_value()) << file << " " << sig;
      EXPECT_EQ(m.graph->cyclomatic(), cyc) << file << " " << sig;
    }
  }
}

// E - N + 2 equals 1 + the sum over decisions of (out-degree - 1): every other node but EXIT
// has exactly one successor, and every node but ENTRY is entered from somewhere.
TEST(Cfg, EveryFixtureGraphIsWellFormed) {
  for (const char* file : {"PatternOptionBuilder.java", "Branches.java", "Loops.java",
                           "Switches.java", "Exceptions.java", "Opaque.java", "Members.java"}) {
    auto fa = analyze_fixture(file);
    for (const auto& c : fa.classes) {
      for (const auto& m : c.methods) {
        if (!m.graph) continue;
        const Graph& g = *m.graph;
        int sum = 1;
        for (uint32_t n = 0; n < g.nodes().size(); ++n) {
          size_t out = g.out_edges(n).size();
          if (g.node(n).kind == NodeKind::kDecision) {
            EXPECT_GE(out, 2u) << file << " " << m.method->signature << " node " << n;
            sum += static_cast<int>(out) - 1;
          } else if (n != Graph::kExit) {
            EXPECT_EQ(out, 1u) << file << " " << m.method->signature << " node " << n;
          }
          if (n != Graph::kEntry) {
            EXPECT_FALSE(g.in_edges(n).empty()) << file << " node " << n;
          }
        }
        EXPECT_EQ(g.cyclomatic(), sum) << file << " " << m.method->signature;
      }
    }
  }
}

TEST(Cfg, PaperExampleHasTheFigure3Shape) {
  auto fa = analyze_fixture("PatternOptionBuilder.java");
  const Graph& g = *method(fa, "parsePattern(String)").graph;
  // Figure 3 draws 12 nodes and 15 edges besides start and end; it gives the empty body of
  // `if (opt != ' ')` (a comment here) a node, we do not: 11 and 14.
  EXPECT_EQ(g.nodes().size() - 2, 11u);
  EXPECT_EQ(g.edges().size() - 2, 14u);
  EXPECT_EQ(g.decisions(), 4);
  // Lines 2-5 form one basic block.
  const Node& first = g.node(g.edge(g.out_edges(Graph::kEntry)[0]).to);
  ASSERT_EQ(first.statements.size(), 4u);
  EXPECT_EQ(first.statements[0].line, 2u);
  EXPECT_EQ(first.statements[3].line, 5u);
}

TEST(Cfg, AndOrAndConditionalDoNotSplitNodes) {
  auto fa = analyze_fixture("Branches.java");
  EXPECT_EQ(method(fa, "describe(int, int)").graph->decisions(), 2);
}

TEST(Cfg, SwitchEdgesCarryCaseGroups) {
  auto fa = analyze_fixture("Switches.java");
  EXPECT_EQ(labels_out_of_decisions(*method(fa, "classic(int)").graph),
            (std::set<std::string>{"case 1, 2", "case 3", "case 4", "default"}));
  // No default in the source: the implicit "no case matches" edge.
  EXPECT_EQ(labels_out_of_decisions(*method(fa, "noDefault(int)").graph),
            (std::set<std::string>{"case 1", "case 2", "default"}));
  EXPECT_EQ(labels_out_of_decisions(*method(fa, "arrows(int)").graph),
            (std::set<std::string>{"case 1, 2", "case 3", "default"}));
  EXPECT_EQ(labels_out_of_decisions(*method(fa, "expression(String)").graph),
            (std::set<std::string>{"case \"MON\", \"FRI\"", "case \"TUE\"", "default"}));
  EXPECT_EQ(labels_out_of_decisions(*method(fa, "yields(int)").graph),
            (std::set<std::string>{"case 0", "case 1, default"}));
}

TEST(Cfg, FallThroughGoesIntoTheNextGroup) {
  auto fa = analyze_fixture("Switches.java");
  const Graph& g = *method(fa, "classic(int)").graph;
  bool found = false;
  for (const Edge& e : g.edges()) {
    const Node& from = g.node(e.from);
    const Node& to = g.node(e.to);
    if (from.kind == NodeKind::kBlock && from.statements.back().text == "r = 3;" &&
        to.kind == NodeKind::kBlock && to.statements.front().text == "r += 4;") {
      found = true;
    }
  }
  EXPECT_TRUE(found);
}

TEST(Cfg, TryEdgesNameTheExceptions) {
  auto fa = analyze_fixture("Exceptions.java");
  EXPECT_EQ(labels_out_of_decisions(*method(fa, "read(Reader)").graph),
            (std::set<std::string>{"no exception", "throws IOException | RuntimeException",
                                   "throws Exception"}));
}

TEST(Cfg, FinallyLiesOnEveryPathThroughItsTry) {
  auto fa = analyze_fixture("Exceptions.java");
  for (const char* sig : {"withFinally(int)", "read(Reader)"}) {
    const auto& m = method(fa, sig);
    ASSERT_FALSE(m.path_steps.empty());
    for (const auto& steps : m.path_steps) {
      bool has_finally = std::any_of(steps.begin(), steps.end(), [](const PathStep& s) {
        return s.text == "System.out.println(\"cleanup\");" || s.text == "sb.append(\".\");";
      });
      EXPECT_TRUE(has_finally) << sig;
    }
  }
}

TEST(Cfg, LabelledContinueGoesToTheOuterUpdate) {
  auto fa = analyze_fixture("Loops.java");
  const Graph& g = *method(fa, "grid(int[][])").graph;
  auto continues = edges_where(g, [&g](const Edge& e) {
    const Node& from = g.node(e.from);
    return from.kind == NodeKind::kDecision && from.statements[0].text == "if (g[r][c] < 0)" &&
           e.kind == EdgeKind::kTrue;
  });
  ASSERT_EQ(continues.size(), 1u);
  EXPECT_TRUE(g.node(continues[0].to).loop_update);
  EXPECT_EQ(g.node(continues[0].to).statements[0].text, "r++");
}

TEST(Cfg, DoWhileLoopsBackToTheBodyStart) {
  auto fa = analyze_fixture("Loops.java");
  const Graph& g = *method(fa, "countDown(int)").graph;
  auto back = edges_where(g, [](const Edge& e) { return e.kind == EdgeKind::kTrue; });
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(g.node(back[0].to).statements[0].text, "n--;");
}

TEST(Cfg, ThrowGoesToTheCatchNamingItsType) {
  auto fa = analyze_fixture("Exceptions.java");
  const Graph& g = *method(fa, "caught(int)").graph;
  bool found = false;
  for (const Edge& e : g.edges()) {
    const Node& from = g.node(e.from);
    if (from.kind == NodeKind::kBlock && from.statements.back().text.rfind("throw", 0) == 0) {
      EXPECT_EQ(g.node(e.to).statements.front().text, "x = 0;");
      found = true;
    }
  }
  EXPECT_TRUE(found);
}

TEST(Cfg, ExhaustiveSwitchExpressionHasNoFallThroughDefault) {
  auto fa = analyze_fixture("Switches.java");
  const Graph& g = *method(fa, "exhaustive(Light)").graph;
  // javac's implicit default of an exhaustive switch throws: it leaves the method.
  auto defaults = edges_where(g, [](const Edge& e) { return e.label == "default"; });
  ASSERT_EQ(defaults.size(), 1u);
  EXPECT_EQ(defaults[0].to, Graph::kExit);
}

TEST(Cfg, StatementTextKeepsLiteralsAndDropsComments) {
  auto fa = analyze_fixture("Branches.java");
  const auto& m = method(fa, "literal(String, boolean)");
  EXPECT_EQ(m.path_steps.at(0).at(0).text, "if (s.equals(\"a  b\") && b)");
}

TEST(Cfg, LambdaAndClassBodiesAreOpaque) {
  auto fa = analyze_fixture("Opaque.java");
  for (const char* sig : {"doubled(List<Integer>)", "task(boolean)", "local(int)"}) {
    EXPECT_EQ(method(fa, sig).graph->decisions(), 0) << sig;
  }
}

// Each statement keeps what its syntax node is and where it lies (issue 27): a decision spans
// its condition or selector, so a condition over three lines is one; a `for (;;)` spans its
// head's line only.
TEST(Cfg, StatementsKeepTheirSyntaxNodesKindAndSpan) {
  test::MarkedSource src(R"java(class K {
  int f(int x, String[] xs) throws Exception {
    $if^if (x > 3
        && x < 9
        $cond_end^|| x == 0) {
      $plain^x++;
    }
    $sw^switch (x) { default: x--; }
    $each^for (String s : xs) { x += s.length(); }
    $ever^for (;;) {
      if (x > 9) break;
      x++;
    }
    $try^try (java.io.StringReader r = new java.io.StringReader("")) {
      x = r.read();
    } catch (java.io.IOException e) {
      $throw^throw new Exception(e);
    }
    $sync^synchronized (this) { x++; }
    $ret^return x;
  }
}
)java");
  test::TempDir dir;
  analyze::AnalyzeOptions options;
  options.all_methods = true;
  auto fa = analyze::analyze_file(dir.write("K.java", src.text()), options);
  const Graph& g = *test::method(fa, "f(int, String[])").graph;
  auto at = [&](const std::string& mark) -> Statement {
    for (const Node& n : g.nodes()) {
      for (const Statement& st : n.statements) {
        if (st.line == src.line(mark) && !n.loop_update) return st;
      }
    }
    ADD_FAILURE() << "no statement at $" << mark << "^";
    return {};
  };
  Statement cond = at("if");
  EXPECT_EQ(cond.kind, StatementKind::kCondition);
  EXPECT_EQ(cond.span.first_line, src.line("if"));
  EXPECT_EQ(cond.span.last_line, src.line("cond_end"));
  EXPECT_TRUE(cond.span.holds_line(src.line("cond_end") - 1));
  EXPECT_LT(cond.span.start_byte, cond.span.end_byte);
  EXPECT_EQ(at("plain").kind, StatementKind::kPlain);
  EXPECT_EQ(at("plain").span.first_line, at("plain").span.last_line);
  EXPECT_EQ(at("sw").kind, StatementKind::kSwitch);
  EXPECT_EQ(at("each").kind, StatementKind::kForEach);
  Statement ever = at("ever");
  EXPECT_EQ(ever.kind, StatementKind::kCondition);
  EXPECT_EQ(ever.constant, Constant::kForever);
  EXPECT_EQ(ever.span.last_line, src.line("ever"));
  EXPECT_EQ(at("try").kind, StatementKind::kTry);
  EXPECT_EQ(at("throw").kind, StatementKind::kThrow);
  EXPECT_EQ(at("sync").kind, StatementKind::kSynchronized);
  EXPECT_EQ(at("ret").kind, StatementKind::kReturn);
}

}  // namespace
}  // namespace panta::cfg
