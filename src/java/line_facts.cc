#include "java/line_facts.h"

namespace panta::java {
namespace {

// "Map<String, List<Integer>>" -> "Map"; "a.b.Type" -> "Type"; "int[]" -> "int".
std::string simple_type(std::string_view type) {
  type = type.substr(0, type.find('<'));
  type = type.substr(0, type.find('['));
  while (!type.empty() && type.back() == ' ') type.remove_suffix(1);
  size_t dot = type.rfind('.');
  return std::string(dot == std::string_view::npos ? type : type.substr(dot + 1));
}

// The lines of the nearest method, constructor, lambda or type body around `n`: where a
// declaration in it is visible.
std::pair<uint32_t, uint32_t> scope_of(TSNode n) {
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
    std::string_view t = node_type(p);
    if (t == "method_declaration" || t == "constructor_declaration" ||
        t == "compact_constructor_declaration" || t == "lambda_expression" || t == "class_body" ||
        t == "enum_body" || t == "interface_body" || t == "record_declaration")
      return {node_line(p), node_end_line(p)};
  }
  return {0, UINT32_MAX};
}

// Whether `condition` has a `||` of its own (not inside a lambda or a class body).
bool has_or(TSNode condition) {
  bool found = false;
  visit(condition, [&found](TSNode n) {
    std::string_view t = node_type(n);
    if (found || t == "lambda_expression" || t == "class_body") return false;
    if (t == "binary_expression") {
      TSNode op = field(n, "operator");
      found = !ts_node_is_null(op) && node_type(op) == "||";
    }
    return !found;
  });
  return found;
}

bool is_statement(std::string_view t) {
  return t.ends_with("_statement") || t == "local_variable_declaration" ||
         t == "field_declaration" || t == "constant_declaration";
}

}  // namespace

LineFacts::LineFacts(const JavaFile& file) {
  const SourceText& src = file.text;
  visit(file.tree.root(), [&](TSNode n) {
    std::string_view t = node_type(n);
    if (is_statement(t)) statement_ends_.emplace(node_line(n), node_end_line(n));  // outermost
    if (t == "assert_statement") asserts_.insert(node_line(n));
    if (t == "method_invocation" || t == "object_creation_expression") {
      TSNode name = field(n, t == "method_invocation" ? "name" : "type");
      if (!ts_node_is_null(name)) {
        std::string_view text = node_text(src, name);
        text = text.substr(0, text.find('<'));
        calls_.emplace(node_line(n), std::string(text.substr(text.rfind('.') + 1)));
      }
    }
    if (t == "if_statement" || t == "while_statement" || t == "for_statement" ||
        t == "do_statement") {
      TSNode condition = field(n, "condition");
      if (!ts_node_is_null(condition)) {
        // The CFG puts a `do` loop's decision on its condition's line, the others' on theirs.
        uint32_t decision = t == "do_statement" ? node_line(condition) : node_line(n);
        if (has_or(condition)) or_conditions_.insert(decision);
      }
    }
    if (is_type_declaration(t) && !ts_node_is_null(field(n, "name"))) {
      types_.insert(node_line(field(n, "name")));
    } else if (t == "break_statement" || t == "continue_statement") {
      jumps_.insert(node_line(n));
    } else if (t == "catch_clause") {
      TSNode body = field(n, "body");
      uint32_t first = 0;
      if (!ts_node_is_null(body) && ts_node_named_child_count(body) > 0)
        first = node_line(ts_node_named_child(body, 0));
      catches_.emplace(node_line(n), first);
    } else if (t == "switch_expression" || t == "switch_statement") {
      TSNode selector = field(n, "condition");
      while (!ts_node_is_null(selector) && node_type(selector) == "parenthesized_expression" &&
             ts_node_named_child_count(selector) == 1)
        selector = ts_node_named_child(selector, 0);
      if (!ts_node_is_null(selector) && node_type(selector) == "identifier")
        switch_variables_.emplace(node_line(n), std::string(node_text(src, selector)));
    } else {
      add_declaration(src, n);
    }
    return true;
  });
}

void LineFacts::add_declaration(const SourceText& src, TSNode n) {
  std::string_view t = node_type(n);
  bool single =
      t == "formal_parameter" || t == "catch_formal_parameter" || t == "enhanced_for_statement";
  if (!single && t != "local_variable_declaration" && t != "field_declaration") return;
  TSNode type = field(n, "type");
  if (ts_node_is_null(type)) return;
  auto [begin, end] = scope_of(n);
  auto add = [&](TSNode name) {
    if (ts_node_is_null(name)) return;
    declarations_.emplace(std::string(node_text(src, name)),
                          Declaration{node_line(name), t == "field_declaration", begin, end,
                                      simple_type(node_text(src, type))});
  };
  if (single) {
    add(field(n, "name"));
    return;
  }
  for (TSNode d : named_children(n)) {
    if (node_type(d) == "variable_declarator") add(field(d, "name"));
  }
}

bool LineFacts::declares_type(uint32_t line) const {
  return types_.count(line) > 0;
}

bool LineFacts::jumps(uint32_t line) const {
  return jumps_.count(line) > 0;
}

bool LineFacts::catch_head(uint32_t line) const {
  return catches_.count(line) > 0;
}

uint32_t LineFacts::catch_body(uint32_t line) const {
  auto c = catches_.find(line);
  return c == catches_.end() ? 0 : c->second;
}

bool LineFacts::condition_has_or(uint32_t line) const {
  return or_conditions_.count(line) > 0;
}

uint32_t LineFacts::statement_end(uint32_t line) const {
  auto s = statement_ends_.find(line);
  return s == statement_ends_.end() ? line : s->second;
}

bool LineFacts::asserts(uint32_t line) const {
  return asserts_.count(line) > 0;
}

std::set<std::string> LineFacts::called_names(uint32_t first, uint32_t last) const {
  std::set<std::string> out;
  for (auto c = calls_.lower_bound(first); c != calls_.end() && c->first <= last; ++c)
    out.insert(c->second);
  return out;
}

std::set<std::string> names_called_in(const std::string& members) {
  std::set<std::string> out;
  auto file = parse_java_file(SourceText("members", "class Members {\n" + members + "\n}\n"));
  if (!file) return out;
  LineFacts facts(*file);
  return facts.called_names(1, UINT32_MAX);
}

std::string LineFacts::switch_variable(uint32_t line) const {
  auto s = switch_variables_.find(line);
  return s == switch_variables_.end() ? "" : s->second;
}

std::string LineFacts::declared_type(const std::string& name, uint32_t line) const {
  auto [first, last] = declarations_.equal_range(name);
  const Declaration* best = nullptr;
  for (auto d = first; d != last; ++d) {
    const Declaration& x = d->second;
    bool visible = (x.member || x.line <= line) && x.scope_begin <= line && line <= x.scope_end;
    if (!visible) continue;
    // The innermost scope wins, then the nearest declaration in it.
    if (best == nullptr || x.scope_begin > best->scope_begin ||
        (x.scope_begin == best->scope_begin && x.line > best->line))
      best = &x;
  }
  if (best == nullptr && first != last) best = &first->second;
  return best == nullptr ? "" : best->type;
}

}  // namespace panta::java
