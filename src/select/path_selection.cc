#include "select/path_selection.h"

#include <algorithm>
#include <optional>
#include <set>

namespace panta::select {

int PathHistory::count(const std::string& method, size_t path) const {
  auto m = counts_.find(method);
  if (m == counts_.end()) return 0;
  auto p = m->second.find(path);
  return p == m->second.end() ? 0 : p->second;
}

void PathHistory::add(const std::string& method, size_t path) {
  ++counts_[method][path];
}

void PathHistory::forget(const std::string& method, const std::vector<size_t>& paths) {
  for (size_t p : paths) {
    auto& count = counts_[method][p];
    if (count > 0) --count;
  }
}

std::vector<size_t> top_scores(const std::vector<int>& scores, size_t n) {
  std::vector<size_t> order(scores.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&scores](size_t a, size_t b) { return scores[a] > scores[b]; });
  if (order.size() > n) order.resize(n);
  std::sort(order.begin(), order.end());
  return order;
}

int missed_score(const std::vector<cfg::PathStep>& path, const coverage::SourceCoverage& coverage) {
  std::set<uint32_t> lines;
  std::set<uint32_t> decisions;
  for (const cfg::PathStep& s : path) {
    lines.insert(s.line);
    if (s.branch_kind) decisions.insert(s.line);
  }
  int score = 0;
  for (uint32_t line : lines) {
    auto it = coverage.lines.find(line);
    if (it != coverage.lines.end() && (it->second.missed() || it->second.partly())) ++score;
  }
  for (uint32_t line : decisions) {
    auto it = coverage.lines.find(line);
    if (it != coverage.lines.end()) score += it->second.mb;
  }
  return score;
}

int edge_score(const std::vector<uint32_t>& path_edges, const std::vector<EdgeStatus>& statuses) {
  std::set<uint32_t> seen;
  int score = 0;
  for (uint32_t e : path_edges) {
    if (e >= statuses.size() || !seen.insert(e).second) continue;
    if (statuses[e] == EdgeStatus::kNotTaken) score += 2;
    if (statuses[e] == EdgeStatus::kUnknown) score += 1;
  }
  return score;
}

namespace {

// Each path's score under `scoring`.
std::vector<int> path_scores(const MethodPaths& m, const coverage::SourceCoverage& coverage,
                             PathScore scoring) {
  std::vector<int> scores;
  bool edges = scoring == PathScore::kEdges && m.graph && m.path_edges.size() == m.paths.size();
  std::vector<EdgeStatus> statuses;
  if (edges) statuses = edge_statuses(*m.graph, coverage);
  for (size_t i = 0; i < m.paths.size(); ++i) {
    scores.push_back(edges ? edge_score(m.path_edges[i], statuses)
                           : missed_score(m.paths[i], coverage));
  }
  return scores;
}

// Algorithm 2 for one method: the highest-scoring candidate and the least selected one.
std::optional<Selection> select_for_method(const MethodPaths& m,
                                           const coverage::SourceCoverage& coverage,
                                           const PathHistory& history, int max_selections,
                                           PathScore scoring) {
  struct Candidate {
    size_t path;
    int score;
    int selected;
  };
  std::vector<Candidate> candidates;
  std::vector<int> scores = path_scores(m, coverage, scoring);
  for (size_t i = 0; i < m.paths.size(); ++i) {
    int score = scores[i];
    int selected = history.count(m.method, i);
    if (score > 0 && selected < max_selections) candidates.push_back({i, score, selected});
  }
  if (candidates.empty()) return std::nullopt;
  const Candidate* highest = &candidates[0];
  const Candidate* least = &candidates[0];
  for (const Candidate& c : candidates) {
    if (c.score > highest->score) highest = &c;
    if (c.selected < least->selected) least = &c;
  }
  Selection s{m.method, {highest->path}, highest->score};
  if (least->path != highest->path) s.paths.push_back(least->path);
  return s;
}

}  // namespace

std::vector<Selection> select_paths(const std::vector<MethodPaths>& methods,
                                    const coverage::SourceCoverage& coverage, PathHistory& history,
                                    int max_selections, size_t max_methods, PathScore scoring) {
  std::vector<Selection> chosen;
  for (const MethodPaths& m : methods) {
    if (auto s = select_for_method(m, coverage, history, max_selections, scoring)) {
      chosen.push_back(std::move(*s));
    }
  }
  if (max_methods > 0 && chosen.size() > max_methods) {
    std::vector<int> scores;
    for (const Selection& s : chosen) scores.push_back(s.score);
    std::vector<Selection> kept;
    for (size_t i : top_scores(scores, max_methods)) kept.push_back(std::move(chosen[i]));
    chosen = std::move(kept);
  }
  for (const Selection& s : chosen) {
    for (size_t p : s.paths) history.add(s.method, p);
  }
  return chosen;
}

}  // namespace panta::select
