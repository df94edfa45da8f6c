#include "cfg/dot.h"

#include <fmt/format.h>

namespace panta::cfg {
namespace {

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string node_label(const Node& node) {
  switch (node.kind) {
    case NodeKind::kEntry:
      return "ENTRY";
    case NodeKind::kExit:
      return "EXIT";
    default:
      break;
  }
  std::string label;
  for (const Statement& s : node.statements)
    label += fmt::format("{}: {}\\l", s.line, escape(s.text));
  return label;
}

const char* node_shape(const Node& node) {
  switch (node.kind) {
    case NodeKind::kEntry:
    case NodeKind::kExit:
      return "shape=octagon";
    case NodeKind::kDecision:
      return "shape=diamond, style=filled, fillcolor=\"#fff2cc\"";
    case NodeKind::kBlock:
      break;
  }
  return node.loop_update ? "shape=box, style=dashed" : "shape=box";
}

}  // namespace

void append_dot_cluster(std::string& out, const Graph& graph, const std::string& title,
                        const std::string& id) {
  out += fmt::format("  subgraph cluster_{} {{\n    label=\"{}\";\n", id, escape(title));
  for (uint32_t i = 0; i < graph.nodes().size(); ++i) {
    const Node& n = graph.node(i);
    out += fmt::format("    {}_n{} [label=\"{}\", {}];\n", id, i, node_label(n), node_shape(n));
  }
  for (const Edge& e : graph.edges()) {
    out += fmt::format("    {}_n{} -> {}_n{}", id, e.from, id, e.to);
    if (!e.label.empty()) out += fmt::format(" [label=\"{}\"]", escape(e.label));
    out += ";\n";
  }
  out += "  }\n";
}

}  // namespace panta::cfg
