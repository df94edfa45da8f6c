#include "cfg/paths.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "analyze/analysis.h"
#include "cfg/cfg_builder.h"
#include "cfg/path_render.h"
#include "java/java_file.h"
#include "test_support.h"

namespace panta::cfg {
namespace {

struct Parsed {
  java::JavaFile file;
  Graph graph;
};

Parsed parse_method(const std::string& java) {
  auto f = java::parse_java_file(java::SourceText("T.java", java));
  EXPECT_TRUE(f.ok());
  auto g = build_cfg(f->text, f->classes.at(0).methods.at(0).body);
  EXPECT_TRUE(g.ok());
  return {std::move(*f), std::move(*g)};
}

void expect_covers_every_edge(const Graph& g, const PathSet& ps, const std::string& what) {
  std::vector<bool> on_path(g.edges().size(), false);
  for (const Path& p : ps.paths) {
    ASSERT_FALSE(p.edges.empty());
    EXPECT_EQ(g.edge(p.edges.front()).from, Graph::kEntry) << what;
    EXPECT_EQ(g.edge(p.edges.back()).to, Graph::kExit) << what;
    for (size_t i = 1; i < p.edges.size(); ++i) {
      EXPECT_EQ(g.edge(p.edges[i - 1]).to, g.edge(p.edges[i]).from) << what << ": not a walk";
    }
    for (uint32_t e : p.edges) on_path[e] = true;
  }
  std::vector<bool> coverable = coverable_edges(g);
  for (uint32_t e = 0; e < g.edges().size(); ++e) {
    if (coverable[e]) {
      EXPECT_TRUE(on_path[e]) << what << ": edge " << e << " on no path";
    }
  }
}

// "if (c0) x++; if (c1) x++; ..." with `n` decisions: CYC n + 1, 2^n complete paths.
std::string if_chain(int n) {
  std::string body;
  for (int i = 0; i < n; ++i) body += "    if (c[" + std::to_string(i) + "]) x++;\n";
  return "class T {\n  int f(boolean[] c) {\n    int x = 0;\n" + body + "    return x;\n  }\n}\n";
}

TEST(Paths, PaperExampleHasFivePathsIncludingFigure1b) {
  auto fa = test::analyze_fixture("PatternOptionBuilder.java");
  const auto& m = test::method(fa, "parsePattern(String)");
  ASSERT_EQ(m.paths.paths.size(), 5u);
  EXPECT_FALSE(m.paths.fallback);
  std::vector<std::string> rendered;
  for (const auto& steps : m.path_steps) rendered.push_back(render_path(steps));
  const std::string empty_pattern =
      "2: char opt = ' ';\n"
      "3: boolean required = false;\n"
      "4: Class<?> type = null;\n"
      "5: final Options options = new Options();\n"
      "6: for (int i = 0; i < pattern.length(); i++) is False\n"
      "17: if (opt != ' ') is False\n"
      "20: return options;\n";
  const std::string bang_pattern =
      "2: char opt = ' ';\n"
      "3: boolean required = false;\n"
      "4: Class<?> type = null;\n"
      "5: final Options options = new Options();\n"
      "6: for (int i = 0; i < pattern.length(); i++) is True\n"
      "7: final char ch = pattern.charAt(i);\n"
      "8: if (!isValueCode(ch)) is False\n"
      "11: else if (ch == '!') is True\n"
      "12: required = true;\n"
      "6: for (int i = 0; i < pattern.length(); i++) is False\n"
      "17: if (opt != ' ') is False\n"
      "20: return options;\n";
  EXPECT_NE(std::find(rendered.begin(), rendered.end(), empty_pattern), rendered.end());
  EXPECT_NE(std::find(rendered.begin(), rendered.end(), bang_pattern), rendered.end());
}

TEST(Paths, EveryFixtureMethodHasCycPathsCoveringEveryEdge) {
  for (const char* file : {"PatternOptionBuilder.java", "Branches.java", "Loops.java",
                           "Switches.java", "Exceptions.java", "Opaque.java", "Members.java"}) {
    auto fa = test::analyze_fixture(file);
    for (const auto& c : fa.classes) {
      for (const auto& m : c.methods) {
        if (!m.graph) continue;
        std::string what = std::string(file) + " " + m.method->signature;
        expect_covers_every_edge(*m.graph, m.paths, what);
        EXPECT_EQ(static_cast<int>(m.paths.paths.size()), m.graph->cyclomatic()) << what;
        EXPECT_FALSE(m.paths.fallback) << what;
      }
    }
  }
}

TEST(Paths, EachKeptPathBringsANewEdge) {
  auto fa = test::analyze_fixture("Loops.java");
  for (const auto& m : fa.classes[0].methods) {
    std::vector<bool> seen(m.graph->edges().size(), false);
    for (const Path& p : m.paths.paths) {
      bool fresh = false;
      for (uint32_t e : p.edges) {
        fresh = fresh || !seen[e];
        seen[e] = true;
      }
      EXPECT_TRUE(fresh) << m.method->signature;
    }
  }
}

TEST(Paths, ThirtyIfsUseTheFallbackAndStayFast) {
  Parsed p = parse_method(if_chain(30));
  EXPECT_EQ(p.graph.cyclomatic(), 31);
  auto start = std::chrono::steady_clock::now();
  PathSet ps = explore_paths(p.graph);
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                  start);
  EXPECT_TRUE(ps.fallback);
  EXPECT_FALSE(ps.truncated);
  expect_covers_every_edge(p.graph, ps, "30 ifs");
  EXPECT_LE(ps.paths.size(), 31u);
  EXPECT_LT(ms.count(), 200);
}

TEST(Paths, CyclomaticHundredTakesMilliseconds) {
  // Mixed constructs: loops with nested ifs, breaks and a switch, 99 decisions in all.
  std::string body = "    int x = 0;\n";
  for (int i = 0; i < 11; ++i) {
    body += "    for (int i" + std::to_string(i) + " = 0; i" + std::to_string(i) + " < n; i" +
            std::to_string(i) + "++) {\n      if (x > " + std::to_string(i) +
            ") x--; else if (x < 3) x++;\n      while (x > 100) x /= 2;\n      if (x == n) "
            "break;\n    }\n";
    body += "    switch (x) { case 1: x++; break; case 2: x--; case 3: x = 0; break; default: }\n";
    body += "    if (n == " + std::to_string(i) + ") { x += 7; }\n";
  }
  std::string java = "class T {\n  int f(int n) {\n" + body + "    return x;\n  }\n}\n";
  Parsed p = parse_method(java);
  EXPECT_EQ(p.graph.cyclomatic(), 100);
  auto start = std::chrono::steady_clock::now();
  PathSet ps = explore_paths(p.graph);
  auto us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                                  start);
  expect_covers_every_edge(p.graph, ps, "CYC 100");
  EXPECT_TRUE(ps.fallback);
  EXPECT_LT(us.count(), 100'000) << "exploring a CYC 100 method took " << us.count() << " us";
}

TEST(Paths, SmallBudgetStillCoversEverything) {
  auto fa = test::analyze_fixture("PatternOptionBuilder.java");
  const Graph& g = *test::method(fa, "parsePattern(String)").graph;
  PathOptions tiny;
  tiny.max_partial_paths = 3;
  PathSet ps = explore_paths(g, tiny);
  EXPECT_TRUE(ps.fallback);
  expect_covers_every_edge(g, ps, "budget 3");
}

TEST(Paths, EdgeBudgetTruncatesAndSaysSo) {
  Parsed p = parse_method(if_chain(40));
  PathOptions opts;
  opts.max_total_edges = 200;
  PathSet ps = explore_paths(p.graph, opts);
  EXPECT_TRUE(ps.truncated);
  size_t total = 0;
  for (const Path& path : ps.paths) total += path.edges.size();
  EXPECT_LE(total, 200u);
}

TEST(Paths, StraightLineMethodHasOnePath) {
  Parsed p = parse_method("class T { void f() { a(); b(); } }");
  PathSet ps = explore_paths(p.graph);
  ASSERT_EQ(ps.paths.size(), 1u);
  auto steps = path_steps(p.graph, ps.paths[0]);
  EXPECT_EQ(render_path(steps), "1: a();\n1: b();\n");
}

TEST(Paths, BranchPhrases) {
  EXPECT_EQ(branch_phrase(EdgeKind::kTrue, "true"), "is True");
  EXPECT_EQ(branch_phrase(EdgeKind::kFalse, "false"), "is False");
  EXPECT_EQ(branch_phrase(EdgeKind::kCase, "case 1, 2"), "takes case 1, 2");
  EXPECT_EQ(branch_phrase(EdgeKind::kNoException, "no exception"), "with no exception");
  EXPECT_EQ(branch_phrase(EdgeKind::kThrows, "throws IOException"), "throws IOException");
}

}  // namespace
}  // namespace panta::cfg
