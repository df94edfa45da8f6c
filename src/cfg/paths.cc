#include "cfg/paths.h"

#include <algorithm>
#include <deque>
#include <limits>

namespace panta::cfg {
namespace {

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

// A partial path of the search, stored as a link to the path it extends.
struct Partial {
  uint32_t parent;
  uint32_t edge;
  uint32_t node;
};

// Shortest-path trees: from ENTRY to each node, and from each node to EXIT.
struct ShortestPaths {
  std::vector<uint32_t> edge_into;    // last edge of a shortest ENTRY->node path
  std::vector<uint32_t> edge_toward;  // first edge of a shortest node->EXIT path
};

ShortestPaths shortest_paths(const Graph& g) {
  size_t n = g.nodes().size();
  ShortestPaths sp{std::vector<uint32_t>(n, kNone), std::vector<uint32_t>(n, kNone)};
  std::vector<bool> seen(n, false);
  std::deque<uint32_t> queue = {Graph::kEntry};
  seen[Graph::kEntry] = true;
  while (!queue.empty()) {
    uint32_t u = queue.front();
    queue.pop_front();
    for (uint32_t e : g.out_edges(u)) {
      uint32_t v = g.edge(e).to;
      if (seen[v]) continue;
      seen[v] = true;
      sp.edge_into[v] = e;
      queue.push_back(v);
    }
  }
  std::fill(seen.begin(), seen.end(), false);
  queue = {Graph::kExit};
  seen[Graph::kExit] = true;
  while (!queue.empty()) {
    uint32_t v = queue.front();
    queue.pop_front();
    for (uint32_t e : g.in_edges(v)) {
      uint32_t u = g.edge(e).from;
      if (seen[u]) continue;
      seen[u] = true;
      sp.edge_toward[u] = e;
      queue.push_back(u);
    }
  }
  return sp;
}

class Explorer {
 public:
  Explorer(const Graph& g, const PathOptions& options)
      : g_(g),
        options_(options),
        coverable_(coverable_edges(g)),
        visited_(g.edges().size(), false) {
    remaining_ = static_cast<size_t>(std::count(coverable_.begin(), coverable_.end(), true));
  }

  PathSet run() {
    if (remaining_ > 0) breadth_first();
    if (remaining_ > 0 && !result_.truncated) {
      result_.fallback = true;
      complete_with_shortest_paths();
    }
    return std::move(result_);
  }

 private:
  void breadth_first() {
    // The arena doubles as the FIFO queue: partial paths are appended in breadth-first order.
    std::vector<Partial> arena = {{kNone, kNone, Graph::kEntry}};
    for (size_t head = 0; head < arena.size() && remaining_ > 0; ++head) {
      if (arena.size() >= options_.max_partial_paths) return;
      Partial p = arena[head];
      for (uint32_t e : g_.out_edges(p.node)) {
        if (!coverable_[e]) continue;
        uint32_t v = g_.edge(e).to;
        if (v != Graph::kExit) {
          arena.push_back({static_cast<uint32_t>(head), e, v});
          continue;
        }
        std::vector<uint32_t> edges = {e};
        for (uint32_t i = static_cast<uint32_t>(head); arena[i].edge != kNone;
             i = arena[i].parent) {
          edges.push_back(arena[i].edge);
        }
        std::reverse(edges.begin(), edges.end());
        if (!keep(std::move(edges)) || remaining_ == 0) break;
      }
      if (result_.truncated) return;
    }
  }

  void complete_with_shortest_paths() {
    ShortestPaths sp = shortest_paths(g_);
    for (uint32_t e = 0; e < g_.edges().size() && remaining_ > 0; ++e) {
      if (!coverable_[e] || visited_[e]) continue;
      std::vector<uint32_t> edges;
      for (uint32_t u = g_.edge(e).from; u != Graph::kEntry; u = g_.edge(sp.edge_into[u]).from) {
        edges.push_back(sp.edge_into[u]);
      }
      std::reverse(edges.begin(), edges.end());
      edges.push_back(e);
      for (uint32_t v = g_.edge(e).to; v != Graph::kExit; v = g_.edge(sp.edge_toward[v]).to) {
        edges.push_back(sp.edge_toward[v]);
      }
      keep(std::move(edges));
      if (result_.truncated) return;
    }
  }

  // Keeps a complete path if it brings an unvisited edge. Returns false when the edge budget
  // stops the set.
  bool keep(std::vector<uint32_t> edges) {
    bool brings_new =
        std::any_of(edges.begin(), edges.end(), [this](uint32_t e) { return !visited_[e]; });
    if (!brings_new) return true;
    if (total_edges_ + edges.size() > options_.max_total_edges) {
      result_.truncated = true;
      return false;
    }
    for (uint32_t e : edges) {
      if (!visited_[e]) {
        visited_[e] = true;
        --remaining_;
      }
    }
    total_edges_ += edges.size();
    result_.paths.push_back(Path{std::move(edges)});
    return true;
  }

  const Graph& g_;
  const PathOptions& options_;
  std::vector<bool> coverable_;
  std::vector<bool> visited_;
  size_t remaining_ = 0;
  size_t total_edges_ = 0;
  PathSet result_;
};

}  // namespace

std::vector<bool> coverable_edges(const Graph& g) {
  size_t n = g.nodes().size();
  std::vector<bool> from_entry(n, false);
  std::vector<bool> to_exit(n, false);
  std::vector<uint32_t> work = {Graph::kEntry};
  from_entry[Graph::kEntry] = true;
  while (!work.empty()) {
    uint32_t u = work.back();
    work.pop_back();
    for (uint32_t e : g.out_edges(u)) {
      uint32_t v = g.edge(e).to;
      if (!from_entry[v]) {
        from_entry[v] = true;
        work.push_back(v);
      }
    }
  }
  work = {Graph::kExit};
  to_exit[Graph::kExit] = true;
  while (!work.empty()) {
    uint32_t v = work.back();
    work.pop_back();
    for (uint32_t e : g.in_edges(v)) {
      uint32_t u = g.edge(e).from;
      if (!to_exit[u]) {
        to_exit[u] = true;
        work.push_back(u);
      }
    }
  }
  std::vector<bool> out(g.edges().size());
  for (uint32_t e = 0; e < g.edges().size(); ++e) {
    out[e] = from_entry[g.edge(e).from] && to_exit[g.edge(e).to];
  }
  return out;
}

PathSet explore_paths(const Graph& graph, const PathOptions& options) {
  return Explorer(graph, options).run();
}

}  // namespace panta::cfg
