#pragma once

#include <string>

#include "cfg/cfg.h"

namespace panta::cfg {

/// Appends the graph as one Graphviz cluster named `title`. Node ids are prefixed with
/// `m<index>_` so several clusters can share one digraph. Decisions are diamonds, ENTRY and
/// EXIT octagons, blocks boxes listing "LINE: statement".
void append_dot_cluster(std::string& out, const Graph& graph, const std::string& title,
                        size_t index);

}  // namespace panta::cfg
