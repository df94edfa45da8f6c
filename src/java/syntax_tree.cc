#include "java/syntax_tree.h"

#include <fmt/format.h>

extern "C" const TSLanguage* tree_sitter_java(void);

namespace panta::java {
namespace {

struct ParserDeleter {
  void operator()(TSParser* parser) const { ts_parser_delete(parser); }
};
using ParserPtr = std::unique_ptr<TSParser, ParserDeleter>;

// One parser per thread: creating one costs more than parsing a small file.
TSParser* thread_parser() {
  thread_local ParserPtr parser = [] {
    ParserPtr p(ts_parser_new());
    if (p && !ts_parser_set_language(p.get(), tree_sitter_java())) p.reset();
    return p;
  }();
  return parser.get();
}

}  // namespace

namespace {
std::function<void(const std::string&)>& parse_observer() {
  static std::function<void(const std::string&)> observer;
  return observer;
}
}  // namespace

void SyntaxTree::observe_parses(std::function<void(const std::string& text)> observer) {
  parse_observer() = std::move(observer);
}

Result<SyntaxTree> SyntaxTree::parse(const SourceText& source) {
  if (parse_observer()) parse_observer()(source.text());
  TSParser* parser = thread_parser();
  if (parser == nullptr) {
    return Error{
        "tree-sitter cannot load the Java grammar (ABI mismatch between library and grammar)"};
  }
  const std::string& text = source.text();
  TSTree* raw =
      ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
  if (raw == nullptr) return Error{source.path() + ": the parser gave up"};
  SyntaxTree tree;
  tree.tree_.reset(raw);
  return tree;
}

TSNode SyntaxTree::root() const {
  return ts_tree_root_node(tree_.get());
}

std::vector<SyntaxError> SyntaxTree::errors() const {
  std::vector<SyntaxError> out;
  TSNode root_node = root();
  if (!ts_node_has_error(root_node)) return out;
  TSTreeCursor cursor = ts_tree_cursor_new(root_node);
  bool more = true;
  while (more) {
    TSNode node = ts_tree_cursor_current_node(&cursor);
    bool descend = ts_node_has_error(node);
    if (ts_node_is_missing(node)) {
      TSPoint p = ts_node_start_point(node);
      out.push_back({p.row + 1, p.column + 1, fmt::format("missing {}", ts_node_type(node))});
      descend = false;
    } else if (std::string_view(ts_node_type(node)) == "ERROR") {
      TSPoint p = ts_node_start_point(node);
      out.push_back({p.row + 1, p.column + 1, "syntax error"});
      descend = false;
    }
    if (descend && ts_tree_cursor_goto_first_child(&cursor)) continue;
    while (!ts_tree_cursor_goto_next_sibling(&cursor)) {
      if (!ts_tree_cursor_goto_parent(&cursor)) {
        more = false;
        break;
      }
    }
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}

std::string_view node_type(TSNode node) {
  return ts_node_is_null(node) ? "" : ts_node_type(node);
}

std::string_view node_text(const SourceText& source, TSNode node) {
  if (ts_node_is_null(node)) return {};
  return source.slice(ts_node_start_byte(node), ts_node_end_byte(node));
}

uint32_t node_line(TSNode node) {
  return ts_node_start_point(node).row + 1;
}
uint32_t node_end_line(TSNode node) {
  return ts_node_end_point(node).row + 1;
}

TSNode field(TSNode node, std::string_view name) {
  if (ts_node_is_null(node)) return node;  // tree-sitter would read through it
  return ts_node_child_by_field_name(node, name.data(), static_cast<uint32_t>(name.size()));
}

std::vector<TSNode> named_children(TSNode node) {
  // A cursor walks the children in one pass; ts_node_named_child(i) starts over at each i.
  std::vector<TSNode> out;
  if (ts_node_is_null(node) || ts_node_child_count(node) == 0) return out;
  TSTreeCursor cursor = ts_tree_cursor_new(node);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&cursor);
      if (ts_node_is_named(child)) out.push_back(child);
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return out;
}

bool has_error(TSNode node) {
  return ts_node_has_error(node);
}

bool is_type_declaration(std::string_view type) {
  return type == "class_declaration" || type == "interface_declaration" ||
         type == "enum_declaration" || type == "record_declaration" ||
         type == "annotation_type_declaration";
}

}  // namespace panta::java
