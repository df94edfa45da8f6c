#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace panta::cfg {

/// A decision's condition as the syntax tree has it: the literal `true` or `false`; a loop's
/// `true` or none at all (`for (;;)`) is kForever.
enum class Constant { kNone, kTrue, kFalse, kForever };

/// What the syntax node behind a statement is. A decision's kind says which construct it heads.
enum class StatementKind {
  kPlain,  // an expression statement or a declaration
  kReturn,
  kThrow,
  kYield,
  kCondition,     // the condition of an `if`, `while`, `do` or `for` (a `for` without one too)
  kForEach,       // an enhanced `for` header
  kSwitch,        // a switch statement's or expression's selector
  kTry,           // a `try` with catch clauses (its header, resources included)
  kResources,     // the resources of a `try` without catch clauses
  kSynchronized,  // a `synchronized` lock
  kUpdate,        // a `for` loop's update
};

/// Where a statement's syntax node lies in the source: for a decision, its condition's (or
/// selector's) node, so a condition over several lines is known to be one.
struct Span {
  uint32_t first_line = 0;
  uint32_t last_line = 0;
  uint32_t start_byte = 0;
  uint32_t end_byte = 0;

  bool holds_line(uint32_t line) const { return first_line <= line && line <= last_line; }
};

/// One source statement as a path shows it: its first line and its text on one line, and what
/// the CFG builder read from its syntax node.
struct Statement {
  uint32_t line = 0;
  std::string text;
  /// A decision whose condition is a constant (set by the CFG builder from the syntax tree).
  Constant constant = Constant::kNone;
  StatementKind kind = StatementKind::kPlain;
  Span span;
};

enum class NodeKind { kEntry, kExit, kBlock, kDecision };

/// A CFG node. A block holds consecutive straight-line statements; a decision holds the header
/// of the `if`, loop, `switch` or `try` it stands for.
struct Node {
  NodeKind kind = NodeKind::kBlock;
  std::vector<Statement> statements;
  /// A `for` loop's update: its own node (the target of `continue`), left out of rendered paths
  /// because the loop header on the same line already stands for it.
  bool loop_update = false;

  uint32_t line() const { return statements.empty() ? 0 : statements.front().line; }
};

enum class EdgeKind { kFlow, kTrue, kFalse, kCase, kNoException, kThrows };

/// A directed edge. `label` is "" for plain flow, "true", "false", a case group ("case 1, 2",
/// "default"), "no exception" or "throws <Type>".
struct Edge {
  uint32_t from = 0;
  uint32_t to = 0;
  EdgeKind kind = EdgeKind::kFlow;
  std::string label;
};

/// A method's control-flow graph. Owns its nodes and edges; everything else refers to them by
/// index. Node 0 is ENTRY, node 1 is EXIT.
class Graph {
 public:
  static constexpr uint32_t kEntry = 0;
  static constexpr uint32_t kExit = 1;

  Graph();

  uint32_t add_node(Node node);
  uint32_t add_edge(Edge edge);
  /// Orders each node's successors for exploration: `false` before `true`, otherwise in the
  /// order the edges were added (source order). Call once the graph is complete.
  void finish();

  const std::vector<Node>& nodes() const { return nodes_; }
  const std::vector<Edge>& edges() const { return edges_; }
  Node& node(uint32_t id) { return nodes_[id]; }
  const Node& node(uint32_t id) const { return nodes_[id]; }
  const Edge& edge(uint32_t id) const { return edges_[id]; }
  /// Outgoing edge ids of a node, in exploration order after finish().
  const std::vector<uint32_t>& out_edges(uint32_t node) const { return out_[node]; }
  /// Incoming edge ids of a node.
  const std::vector<uint32_t>& in_edges(uint32_t node) const { return in_[node]; }

  /// McCabe's E - N + 2, counting ENTRY and EXIT.
  int cyclomatic() const {
    return static_cast<int>(edges_.size()) - static_cast<int>(nodes_.size()) + 2;
  }
  /// Number of decision nodes.
  int decisions() const;

 private:
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<std::vector<uint32_t>> out_;
  std::vector<std::vector<uint32_t>> in_;
};

}  // namespace panta::cfg
