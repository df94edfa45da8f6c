#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cfg/cfg.h"

namespace panta::cfg {

/// A complete path: the edge ids from ENTRY to EXIT, in order.
struct Path {
  std::vector<uint32_t> edges;
};

struct PathOptions {
  /// Partial paths the breadth-first search may create before the fallback takes over.
  size_t max_partial_paths = 20000;
  /// Edges summed over all paths of a method; past it no more paths are added.
  size_t max_total_edges = 200'000;
};

/// The approximated set of linearly independent paths of Algorithm 1.
struct PathSet {
  std::vector<Path> paths;
  /// True when the search budget ran out and shortest ENTRY->edge->EXIT paths completed the set.
  bool fallback = false;
  /// True when max_total_edges stopped the set before every edge was on a path.
  bool truncated = false;
};

/// Marks the edges that lie on some ENTRY->EXIT path (the others cannot be covered).
std::vector<bool> coverable_edges(const Graph& graph);

/// Algorithm 1: breadth-first exploration from ENTRY keeping each complete path that brings an
/// edge not yet on a kept path, until every coverable edge is on one. When the budget of partial
/// paths is spent, each edge still missing gets the shortest ENTRY->edge->EXIT path.
/// Costs O(max_partial_paths * path length + E * path length).
PathSet explore_paths(const Graph& graph, const PathOptions& options = {});

}  // namespace panta::cfg
