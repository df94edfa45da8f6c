#include "java/code_text.h"

#include <algorithm>
#include <string_view>

#include "core/utf8.h"

namespace panta::java {
namespace {

bool is_atomic(std::string_view type) {
  return type == "string_literal" || type == "character_literal" || type == "text_block";
}

bool is_comment(std::string_view type) {
  return type == "line_comment" || type == "block_comment";
}

// Owner of a tree cursor.
class Cursor {
 public:
  explicit Cursor(TSNode node) : cursor_(ts_tree_cursor_new(node)) {}
  ~Cursor() { ts_tree_cursor_delete(&cursor_); }
  Cursor(const Cursor&) = delete;
  Cursor& operator=(const Cursor&) = delete;
  TSTreeCursor* get() { return &cursor_; }

 private:
  TSTreeCursor cursor_;
};

void truncate_utf8(std::string& s, size_t max_bytes) {
  if (s.size() > max_bytes) s = utf8_prefix(s, max_bytes) + "...";
}

}  // namespace

std::string code_text(const SourceText& source, TSNode node, uint32_t begin, uint32_t end,
                      const std::vector<TSNode>& elide, size_t max_bytes) {
  std::string out;
  uint32_t last_end = begin;
  auto emit = [&](std::string_view piece, uint32_t start, uint32_t stop) {
    if (!out.empty() && start > last_end) out += ' ';
    for (char c : piece) {
      if (c == '\n') {
        out += "\\n";
      } else if (c != '\r') {
        out += c;
      }
    }
    last_end = stop;
  };
  Cursor cursor(node);
  bool more = true;
  while (more && out.size() <= max_bytes) {
    TSNode n = ts_tree_cursor_current_node(cursor.get());
    uint32_t s = std::max(ts_node_start_byte(n), begin);
    uint32_t e = std::min(ts_node_end_byte(n), end);
    std::string_view type = ts_node_type(n);
    bool descend = false;
    if (s >= e || is_comment(type)) {
      // outside the range, or a comment: skip
    } else if (std::any_of(elide.begin(), elide.end(),
                           [&](TSNode x) { return ts_node_eq(x, n); })) {
      emit("{ ... }", s, e);
    } else if (ts_node_child_count(n) == 0 || is_atomic(type)) {
      emit(source.slice(s, e), s, e);
    } else {
      descend = true;
    }
    if (descend && ts_tree_cursor_goto_first_child(cursor.get())) continue;
    while (!ts_tree_cursor_goto_next_sibling(cursor.get())) {
      if (!ts_tree_cursor_goto_parent(cursor.get())) {
        more = false;
        break;
      }
    }
  }
  truncate_utf8(out, max_bytes);
  return out;
}

std::string code_text(const SourceText& source, TSNode node) {
  return code_text(source, node, ts_node_start_byte(node), ts_node_end_byte(node));
}

}  // namespace panta::java
