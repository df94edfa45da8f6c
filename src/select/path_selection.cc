#include "select/path_selection.h"

#include <algorithm>
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

std::vector<Selection> select_paths(const std::vector<MethodPaths>& methods,
                                    const coverage::SourceCoverage& coverage, PathHistory& history,
                                    int max_selections, size_t max_methods) {
  std::vector<std::pair<Selection, int>> chosen;  // with the exploitation path's score
  for (const MethodPaths& m : methods) {
    struct Candidate {
      size_t path;
      int score;
      int selected;
    };
    std::vector<Candidate> candidates;
    for (size_t i = 0; i < m.paths.size(); ++i) {
      int score = missed_score(m.paths[i], coverage);
      int selected = history.count(m.method, i);
      if (score > 0 && selected < max_selections) candidates.push_back({i, score, selected});
    }
    if (candidates.empty()) continue;
    const Candidate* highest = &candidates[0];
    const Candidate* least = &candidates[0];
    for (const Candidate& c : candidates) {
      if (c.score > highest->score) highest = &c;
      if (c.selected < least->selected) least = &c;
    }
    Selection s{m.method, {highest->path}};
    if (least->path != highest->path) s.paths.push_back(least->path);
    chosen.emplace_back(std::move(s), highest->score);
  }
  if (max_methods > 0 && chosen.size() > max_methods) {
    std::stable_sort(chosen.begin(), chosen.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    chosen.resize(max_methods);
    // Back to the methods' order, so the prompt lists them as the source does.
    std::stable_sort(chosen.begin(), chosen.end(), [&methods](const auto& a, const auto& b) {
      auto pos = [&methods](const std::string& name) {
        for (size_t i = 0; i < methods.size(); ++i) {
          if (methods[i].method == name) return i;
        }
        return methods.size();
      };
      return pos(a.first.method) < pos(b.first.method);
    });
  }
  std::vector<Selection> out;
  for (auto& [s, score] : chosen) {
    for (size_t p : s.paths) history.add(s.method, p);
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace panta::select
