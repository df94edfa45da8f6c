#include "select/path_selection.h"

#include <gtest/gtest.h>

#include "cfg/path_render.h"
#include "test_support.h"

namespace panta::select {
namespace {

// Coverage of parsePattern (Figure 1) after tests that never took the `else if (ch == '!')`
// true branch (lines 11-12) nor the false branch of `if (opt != ' ')` (line 17).
coverage::SourceCoverage figure1_coverage() {
  coverage::SourceCoverage c;
  c.class_name = "PatternOptionBuilder";
  auto full = [&](uint32_t line, int branches = 0) { c.lines[line] = {line, 0, 3, 0, branches}; };
  for (uint32_t l : {2u, 3u, 4u, 5u, 7u, 10u, 14u, 20u}) full(l);
  full(6, 2);
  full(8, 2);
  c.lines[11] = {11, 0, 3, 1, 1};  // partly: one of two branches missed
  c.lines[12] = {12, 2, 0, 0, 0};  // missed
  c.lines[17] = {17, 0, 3, 1, 1};  // partly
  return c;
}

std::vector<std::vector<cfg::PathStep>> parse_pattern_paths() {
  auto fa = test::analyze_fixture("PatternOptionBuilder.java");
  return test::method(fa, "parsePattern(String)").path_steps;
}

// The path whose rendering contains `needle` (the two paths of Figure 1(b)).
size_t find_path(const std::vector<std::vector<cfg::PathStep>>& paths, const std::string& a,
                 const std::string& b) {
  for (size_t i = 0; i < paths.size(); ++i) {
    std::string text = cfg::render_path(paths[i]);
    if (text.find(a) != std::string::npos && text.find(b) != std::string::npos) return i;
  }
  ADD_FAILURE() << "no path with " << a << " and " << b;
  return 0;
}

TEST(MissedScore, PaperWorkedExampleScoresTwoAndFive) {
  auto paths = parse_pattern_paths();
  auto cov = figure1_coverage();
  size_t empty = find_path(paths, "i++) is False\n17: if (opt != ' ') is False", "2: char");
  size_t bang = find_path(paths, "11: else if (ch == '!') is True", "17: if (opt != ' ') is False");
  EXPECT_EQ(missed_score(paths[empty], cov), 2);  // line 17 + its missed branch
  EXPECT_EQ(missed_score(paths[bang], cov), 5);   // lines 11, 12, 17 + branches of 11 and 17
}

TEST(SelectPaths, ExploitsTheHighestAndExploresTheLeastSelected) {
  auto paths = parse_pattern_paths();
  auto cov = figure1_coverage();
  size_t bang = find_path(paths, "11: else if (ch == '!') is True", "17: if (opt != ' ') is False");
  std::vector<MethodPaths> methods = {{"parsePattern(String)", paths}};
  PathHistory history;
  auto first = select_paths(methods, cov, history, 3);
  ASSERT_EQ(first.size(), 1u);
  ASSERT_EQ(first[0].paths.size(), 2u);
  EXPECT_EQ(first[0].paths[0], bang);  // highest score
  size_t explored = first[0].paths[1];
  EXPECT_NE(explored, bang);
  EXPECT_EQ(history.count("parsePattern(String)", bang), 1);
  EXPECT_EQ(history.count("parsePattern(String)", explored), 1);
  // Next time the least selected candidate is another one.
  auto second = select_paths(methods, cov, history, 3);
  ASSERT_EQ(second[0].paths.size(), 2u);
  EXPECT_EQ(second[0].paths[0], bang);
  EXPECT_NE(second[0].paths[1], explored);
}

TEST(SelectPaths, OneSelectionWhenTheyCoincideAndNoneAfterTheLimit) {
  auto paths = parse_pattern_paths();
  auto cov = figure1_coverage();
  size_t bang = find_path(paths, "11: else if (ch == '!') is True", "17: if (opt != ' ') is False");
  // Only the "!" path has a missed score once everything else is covered.
  cov.lines[17] = {17, 0, 3, 0, 2};
  std::vector<MethodPaths> methods = {{"m", {paths[bang]}}};
  PathHistory history;
  for (int i = 0; i < 2; ++i) {
    auto s = select_paths(methods, cov, history, 2);
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(s[0].paths, std::vector<size_t>{0});
  }
  EXPECT_TRUE(select_paths(methods, cov, history, 2).empty());  // selected max times
}

TEST(SelectPaths, FullyCoveredMethodsAreSkipped) {
  auto paths = parse_pattern_paths();
  coverage::SourceCoverage all_covered;
  for (uint32_t l = 1; l <= 21; ++l) all_covered.lines[l] = {l, 0, 1, 0, 0};
  PathHistory history;
  EXPECT_TRUE(select_paths({{"m", paths}}, all_covered, history, 3).empty());
}

TEST(SelectPaths, AMethodLimitKeepsTheMostMissedInSourceOrder) {
  // Methods a, b, c with one path each over their own lines; b misses most, then c, then a.
  coverage::SourceCoverage c;
  auto missed = [&](uint32_t line) { c.lines[line] = {line, 2, 0, 0, 0}; };
  for (uint32_t l : {1u, 10u, 11u, 12u, 20u, 21u}) missed(l);
  auto path = [](std::vector<uint32_t> lines) {
    std::vector<cfg::PathStep> steps;
    for (uint32_t l : lines) steps.push_back({l, "s;", std::nullopt, ""});
    return std::vector<std::vector<cfg::PathStep>>{steps};
  };
  std::vector<MethodPaths> methods = {
      {"a", path({1})}, {"b", path({10, 11, 12})}, {"c", path({20, 21})}};
  PathHistory history;
  auto two = select_paths(methods, c, history, 3, 2);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].method, "b");
  EXPECT_EQ(two[1].method, "c");
  EXPECT_EQ(history.count("a", 0), 0);  // not selected, not counted
  EXPECT_EQ(history.count("b", 0), 1);
  PathHistory all;
  EXPECT_EQ(select_paths(methods, c, all, 3).size(), 3u);  // no limit: the paper's behaviour
}

// One path per line list, over lines that each miss everything.
std::vector<std::vector<cfg::PathStep>> paths_over(
    const std::vector<std::vector<uint32_t>>& lists) {
  std::vector<std::vector<cfg::PathStep>> out;
  for (const auto& lines : lists) {
    out.emplace_back();
    for (uint32_t l : lines) out.back().push_back({l, "s;", std::nullopt, ""});
  }
  return out;
}

coverage::SourceCoverage all_missed(const std::vector<uint32_t>& lines) {
  coverage::SourceCoverage c;
  for (uint32_t l : lines) c.lines[l] = {l, 2, 0, 0, 0};
  return c;
}

TEST(SelectPaths, TiesGoToTheEarlierPathForBothChoices) {
  // Two paths of the same score, never selected: the first is both the best and the least
  // selected one, so it is sent alone.
  PathHistory history;
  auto s = select_paths({{"m", paths_over({{1}, {2}})}}, all_missed({1, 2}), history, 3);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].paths, std::vector<size_t>{0});
  // Now path 0 was selected once: the best is still path 0 (the earlier of equal scores), the
  // least selected path 1.
  auto next = select_paths({{"m", paths_over({{1}, {2}})}}, all_missed({1, 2}), history, 3);
  ASSERT_EQ(next.size(), 1u);
  EXPECT_EQ(next[0].paths, (std::vector<size_t>{0, 1}));
}

TEST(PathHistory, ForgettingTakesBackOneSelectionAndNeverGoesBelowNone) {
  PathHistory h;
  h.forget("m", {0});
  EXPECT_EQ(h.count("m", 0), 0);
  h.add("m", 0);
  h.add("m", 0);
  h.forget("m", {0, 1});
  EXPECT_EQ(h.count("m", 0), 1);
  EXPECT_EQ(h.count("m", 1), 0);
}

TEST(TopScores, KeepsTheHighestTiesToTheEarlierInTheirOwnOrder) {
  EXPECT_EQ(top_scores({3, 9, 1}, 2), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(top_scores({5, 9, 5, 1}, 2), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(top_scores({4, 4, 4}, 1), std::vector<size_t>{0});
  EXPECT_EQ(top_scores({4, 4}, 5), (std::vector<size_t>{0, 1}));
}

TEST(SelectPaths, AMethodLimitKeepsTheClasssOrderWhenALaterMethodMissesMore) {
  std::vector<MethodPaths> methods = {
      {"a", paths_over({{1}})}, {"b", paths_over({{10, 11}})}, {"c", paths_over({{20, 21, 22}})}};
  PathHistory history;
  auto two = select_paths(methods, all_missed({1, 10, 11, 20, 21, 22}), history, 3, 2);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].method, "b");
  EXPECT_EQ(two[1].method, "c");
}

}  // namespace
}  // namespace panta::select

namespace panta::select {
namespace {

// sign(int) of tests/fixtures/analyze/Branches.java after sign(5) only: line 5 took its true
// branch, line 6 ran, lines 7-10 never ran.
MethodPaths sign_paths(const analyze::FileAnalysis& fa) {
  const auto& m = test::method(fa, "sign(int)");
  MethodPaths out{"sign(int)", m.path_steps, {}, std::make_shared<const cfg::Graph>(*m.graph)};
  for (const cfg::Path& p : m.paths.paths) out.path_edges.push_back(p.edges);
  return out;
}

coverage::SourceCoverage after_sign_of_five() {
  coverage::SourceCoverage c;
  c.lines[5] = {5, 0, 4, 1, 1};
  c.lines[6] = {6, 0, 2, 0, 0};
  c.lines[7] = {7, 4, 0, 2, 0};
  c.lines[8] = {8, 2, 0, 0, 0};
  c.lines[10] = {10, 2, 0, 0, 0};
  return c;
}

// The paper's missed score counts line 5's missed branch for the path that takes its covered
// direction too; the edge score does not, so that path is never asked for again.
TEST(EdgeScores, APathThroughCoveredEdgesOnlyScoresNothing) {
  auto fa = test::analyze_fixture("Branches.java");
  MethodPaths m = sign_paths(fa);
  auto c = after_sign_of_five();
  auto statuses = edge_statuses(*m.graph, c);
  size_t covered = m.paths.size();
  for (size_t i = 0; i < m.paths.size(); ++i) {
    if (edge_score(m.path_edges[i], statuses) == 0) covered = i;
  }
  ASSERT_LT(covered, m.paths.size()) << "one path takes only covered edges";
  EXPECT_NE(cfg::render_path(m.paths[covered]).find("return 1"), std::string::npos);
  EXPECT_GT(missed_score(m.paths[covered], c), 0);
  int scored = 0;
  for (size_t i = 0; i < m.paths.size(); ++i) {
    if (i != covered) scored += edge_score(m.path_edges[i], statuses) > 0;
  }
  EXPECT_EQ(scored, static_cast<int>(m.paths.size()) - 1);

  PathHistory paper, edges;
  bool paper_asked = false, edges_asked = false;
  for (int round = 0; round < 4; ++round) {
    for (const auto& s : select_paths({m}, c, paper, 3, 0, PathScore::kMissed)) {
      for (size_t p : s.paths) paper_asked |= p == covered;
    }
    for (const auto& s : select_paths({m}, c, edges, 3, 0, PathScore::kEdges)) {
      for (size_t p : s.paths) edges_asked |= p == covered;
    }
  }
  EXPECT_TRUE(paper_asked);
  EXPECT_FALSE(edges_asked);
}

// An edge counts once however often the path takes it; an unknown one counts half.
TEST(EdgeScores, EachEdgeOnceNotTakenTwiceUnknownOnce) {
  std::vector<EdgeStatus> s = {EdgeStatus::kTaken, EdgeStatus::kNotTaken, EdgeStatus::kUnknown};
  EXPECT_EQ(edge_score({0, 1, 1, 2, 2}, s), 3);
  EXPECT_EQ(edge_score({0, 0}, s), 0);
  EXPECT_EQ(edge_score({7}, s), 0);  // an id beyond the statuses is ignored
}

}  // namespace
}  // namespace panta::select
