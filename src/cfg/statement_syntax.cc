#include "cfg/statement_syntax.h"

#include <string_view>
#include <utility>

#include "java/syntax_tree.h"

namespace panta::cfg {

using java::node_line;
using java::node_type;

Statement statement_of(TSNode node, StatementKind kind, std::string text, TSNode spanned) {
  Statement s;
  s.line = node_line(node);
  s.text = std::move(text);
  s.kind = kind;
  if (ts_node_is_null(spanned)) {
    s.span = {s.line, s.line, ts_node_start_byte(node), ts_node_start_byte(node)};
  } else {
    s.span = {node_line(spanned), java::node_end_line(spanned), ts_node_start_byte(spanned),
              ts_node_end_byte(spanned)};
  }
  return s;
}

StatementKind statement_kind(TSNode node) {
  std::string_view type = node_type(node);
  if (type == "return_statement") return StatementKind::kReturn;
  if (type == "throw_statement") return StatementKind::kThrow;
  if (type == "yield_statement") return StatementKind::kYield;
  return StatementKind::kPlain;
}

Constant constant_of(TSNode condition) {
  if (ts_node_is_null(condition)) return Constant::kNone;
  while (node_type(condition) == "parenthesized_expression" &&
         ts_node_named_child_count(condition) == 1)
    condition = ts_node_named_child(condition, 0);
  std::string_view t = node_type(condition);
  return t == "true" ? Constant::kTrue : t == "false" ? Constant::kFalse : Constant::kNone;
}

}  // namespace panta::cfg
