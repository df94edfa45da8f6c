#pragma once

#include <string>

#include "cfg/cfg.h"

namespace panta::cfg {

/// Appends the graph as one Graphviz cluster named `title`. Cluster and node ids are prefixed
/// with `id`, which must be unique in the digraph. Decisions are diamonds, ENTRY and
/// EXIT octagons, blocks boxes listing "LINE: statement".
void append_dot_cluster(std::string& out, const Graph& graph, const std::string& title,
                        const std::string& id);

}  // namespace panta::cfg
