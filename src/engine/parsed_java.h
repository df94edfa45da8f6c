#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "java/source_text.h"
#include "java/syntax_tree.h"

namespace panta::engine {

/// A Java source with its syntax tree, for reading declarations (the focused context's API).
struct Parsed {
  java::SourceText text;
  java::SyntaxTree tree;
};

/// `source` parsed; std::nullopt when tree-sitter gives no tree.
std::optional<Parsed> parse(std::string source);

/// The project's files a prompt's context reads, each read (in the project's encoding) and
/// parsed once.
class ParsedFiles {
 public:
  explicit ParsedFiles(std::string encoding) : encoding_(std::move(encoding)) {}
  /// The file parsed, null when it cannot be read or parsed.
  const Parsed* get(const std::string& file);

 private:
  std::string encoding_;
  std::map<std::string, std::optional<Parsed>> files_;
};

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

/// The package a parsed file declares, "" for the default one (as java::JavaFile reads it).
std::string package_of(const Parsed& p);

}  // namespace panta::engine
