#include "cfg/cfg.h"

#include <algorithm>

namespace panta::cfg {

Graph::Graph() {
  add_node(Node{NodeKind::kEntry, {}, false});
  add_node(Node{NodeKind::kExit, {}, false});
}

uint32_t Graph::add_node(Node node) {
  nodes_.push_back(std::move(node));
  out_.emplace_back();
  in_.emplace_back();
  return static_cast<uint32_t>(nodes_.size() - 1);
}

uint32_t Graph::add_edge(Edge edge) {
  auto id = static_cast<uint32_t>(edges_.size());
  out_[edge.from].push_back(id);
  in_[edge.to].push_back(id);
  edges_.push_back(std::move(edge));
  return id;
}

void Graph::finish() {
  for (auto& out : out_) {
    std::stable_sort(out.begin(), out.end(), [this](uint32_t a, uint32_t b) {
      return (edges_[a].kind == EdgeKind::kFalse) > (edges_[b].kind == EdgeKind::kFalse);
    });
  }
}

int Graph::decisions() const {
  return static_cast<int>(std::count_if(
      nodes_.begin(), nodes_.end(), [](const Node& n) { return n.kind == NodeKind::kDecision; }));
}

}  // namespace panta::cfg
