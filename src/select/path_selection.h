#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cfg/path_render.h"
#include "coverage/coverage.h"
#include "select/edge_coverage.h"

namespace panta::select {

/// A method's paths from Algorithm 1, as rendered steps (line numbers of the source file).
struct MethodPaths {
  std::string method;  ///< A stable key, e.g. the signature.
  std::vector<std::vector<cfg::PathStep>> paths;
  /// Each path's edge ids in `graph` (for edge scores; may be empty, with no graph).
  std::vector<std::vector<uint32_t>> path_edges = {};
  std::shared_ptr<const cfg::Graph> graph = nullptr;
};

/// How often each path of each method was selected; kept across iterations (Algorithm 2's
/// pathHistory).
class PathHistory {
 public:
  int count(const std::string& method, size_t path) const;
  void add(const std::string& method, size_t path);
  /// Takes back one selection of each of `paths` (a prompt that left them out did not send them).
  void forget(const std::string& method, const std::vector<size_t>& paths);
  /// Every count, to keep the history in a journal and restore it (set) on --resume.
  const std::map<std::string, std::map<size_t, int>>& counts() const { return counts_; }
  void set(const std::string& method, size_t path, int count) { counts_[method][path] = count; }

 private:
  std::map<std::string, std::map<size_t, int>> counts_;
};

/// The paper's coverage deficiency: missed or partly covered lines on the path (each line once)
/// plus the missed branches of the path's decision lines (each decision line once).
int missed_score(const std::vector<cfg::PathStep>& path, const coverage::SourceCoverage& coverage);

/// How a path's coverage deficiency is scored.
enum class PathScore {
  kMissed,  ///< The paper's missed_score.
  kEdges,   ///< edge_score: only what the path itself takes that no test has taken.
};

/// The CFG edges of a path no test has taken, as edge_statuses infers them from JaCoCo's
/// counters: 2 for each edge not taken, 1 for each whose status the counters cannot tell (one
/// of the outcomes of a partly covered `&&`/`||`), each edge once. Unlike missed_score, a path
/// that takes only the covered direction of a partly covered decision scores nothing there.
int edge_score(const std::vector<uint32_t>& path_edges, const std::vector<EdgeStatus>& statuses);

/// The paths chosen for one method in one iteration.
struct Selection {
  std::string method;
  std::vector<size_t> paths;  ///< Indexes into MethodPaths::paths; one or two.
  int score = 0;              ///< The missed score of the first (exploitation) path.
};

/// The indexes of the `n` highest scores (ties: the earlier one), in ascending order: which
/// methods to keep when only `n` of them fit (select_paths's --max-methods, prompt shrinking).
std::vector<size_t> top_scores(const std::vector<int>& scores, size_t n);

/// Algorithm 2: per method, the candidates are paths with a positive missed score selected
/// fewer than `max_selections` times; it takes the highest-scoring one (exploitation) and the
/// least selected one (exploration), once when they coincide, and counts both in `history`.
/// Ties go to the earlier path. Methods without candidates are left out. With `max_methods`
/// > 0 only that many methods are kept, those whose exploitation path scores highest (ties:
/// the earlier method), in the methods' order; only kept selections count in `history`. With
/// PathScore::kEdges paths are scored by edge_score (a method without its graph or path edges
/// falls back to missed_score).
std::vector<Selection> select_paths(const std::vector<MethodPaths>& methods,
                                    const coverage::SourceCoverage& coverage, PathHistory& history,
                                    int max_selections, size_t max_methods = 0,
                                    PathScore scoring = PathScore::kMissed);

}  // namespace panta::select
