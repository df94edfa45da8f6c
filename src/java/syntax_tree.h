#pragma once

#include <tree_sitter/api.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "java/source_text.h"

namespace panta::java {

/// A place in a source file where the parser found something it could not read.
struct SyntaxError {
  uint32_t line = 0;
  uint32_t column = 0;
  std::string message;
};

/// Owner of one parsed tree (the only code that calls the tree-sitter free functions).
/// Nodes hold byte offsets into the text they were parsed from, not pointers to it.
class SyntaxTree {
 public:
  SyntaxTree() = default;
  /// Parses Java text. Fails only when tree-sitter itself cannot run (never on bad Java).
  static Result<SyntaxTree> parse(const SourceText& source);
  /// Called with the text of every parse from now on (tests count the parses of a file);
  /// null: none. Not thread-safe: set it while no other thread parses.
  static void observe_parses(std::function<void(const std::string& text)> observer);

  TSNode root() const;
  /// Every ERROR and MISSING node, in source order, found without recursion.
  std::vector<SyntaxError> errors() const;

 private:
  struct TreeDeleter {
    void operator()(TSTree* tree) const { ts_tree_delete(tree); }
  };
  std::unique_ptr<TSTree, TreeDeleter> tree_;
};

/// The node's grammar type name, e.g. "if_statement".
std::string_view node_type(TSNode node);
/// The node's source bytes.
std::string_view node_text(const SourceText& source, TSNode node);
/// The 1-based line where the node starts.
uint32_t node_line(TSNode node);
/// The 1-based line where the node ends.
uint32_t node_end_line(TSNode node);
/// The child in field `field`, or a null node.
TSNode field(TSNode node, std::string_view field);
/// The named children of a node.
std::vector<TSNode> named_children(TSNode node);
/// True when some node inside `node` is an ERROR or MISSING node.
bool has_error(TSNode node);
/// Whether a node type declares a class, interface, enum, record or annotation type.
bool is_type_declaration(std::string_view type);

/// Calls `f` on `root` and every node below it, in source order (pre-order); `f` returns whether
/// to go below the node it was given.
template <typename F>
void visit(TSNode root, F&& f) {
  std::vector<TSNode> work = {root};
  while (!work.empty()) {
    TSNode n = work.back();
    work.pop_back();
    if (!f(n)) continue;
    for (uint32_t i = ts_node_named_child_count(n); i-- > 0;)
      work.push_back(ts_node_named_child(n, i));
  }
}

}  // namespace panta::java
