#include "java/java_file.h"

#include <set>
#include <tuple>

#include "java/syntax_tree.h"

namespace panta::java {
namespace {

std::string kind_of(std::string_view type) {
  if (type == "class_declaration") return "class";
  if (type == "interface_declaration") return "interface";
  if (type == "enum_declaration") return "enum";
  if (type == "record_declaration") return "record";
  return "annotation";
}

TSNode modifiers_of(TSNode decl) {
  for (TSNode child : named_children(decl)) {
    if (node_type(child) == "modifiers") return child;
  }
  return TSNode{};
}

bool has_modifier(const SourceText& src, TSNode decl, std::string_view word) {
  TSNode mods = modifiers_of(decl);
  if (ts_node_is_null(mods)) return false;
  uint32_t n = ts_node_child_count(mods);
  for (uint32_t i = 0; i < n; ++i) {
    if (node_text(src, ts_node_child(mods, i)) == word) return true;
  }
  return false;
}

// The members of a class-like body, looking through an enum's body declarations.
std::vector<TSNode> members_of(TSNode body) {
  std::vector<TSNode> out;
  for (TSNode child : named_children(body)) {
    if (node_type(child) == "enum_body_declarations") {
      for (TSNode inner : named_children(child)) out.push_back(inner);
    } else {
      out.push_back(child);
    }
  }
  return out;
}

std::set<std::string, std::less<>> field_names(const SourceText& src, TSNode body) {
  std::set<std::string, std::less<>> names;
  for (TSNode member : members_of(body)) {
    if (node_type(member) != "field_declaration") continue;
    for (TSNode child : named_children(member)) {
      if (node_type(child) != "variable_declarator") continue;
      names.emplace(node_text(src, field(child, "name")));
    }
  }
  return names;
}

struct Parameter {
  std::string type;
  std::string name;
};

std::vector<Parameter> parameters_of(const SourceText& src, TSNode decl) {
  std::vector<Parameter> out;
  TSNode params = field(decl, "parameters");
  if (ts_node_is_null(params)) return out;
  for (TSNode p : named_children(params)) {
    std::string_view type = node_type(p);
    if (type == "formal_parameter") {
      // `String args[]` is a String[] parameter.
      std::string dims = collapse_whitespace(node_text(src, field(p, "dimensions")));
      out.push_back({collapse_whitespace(node_text(src, field(p, "type"))) + dims,
                     std::string(node_text(src, field(p, "name")))});
    } else if (type == "spread_parameter") {
      std::string t;
      std::string name;
      for (TSNode c : named_children(p)) {
        std::string_view ct = node_type(c);
        if (ct == "variable_declarator") {
          name = node_text(src, field(c, "name"));
        } else if (ct != "modifiers") {
          t = collapse_whitespace(node_text(src, c));
        }
      }
      out.push_back({t + "...", name});
    }
  }
  return out;
}

// `x` or `this.x` where x is a field of the class; returns the field name or "".
std::string field_reference(const SourceText& src, TSNode expr,
                            const std::set<std::string, std::less<>>& fields) {
  std::string_view type = node_type(expr);
  std::string name;
  if (type == "identifier") {
    name = node_text(src, expr);
  } else if (type == "field_access" && node_type(field(expr, "object")) == "this") {
    name = node_text(src, field(expr, "field"));
  }
  return fields.count(name) ? name : "";
}

// The only statement of a body (comments aside), or a null node.
TSNode only_statement(TSNode body) {
  TSNode only{};
  int count = 0;
  for (TSNode c : named_children(body)) {
    std::string_view t = node_type(c);
    if (t == "line_comment" || t == "block_comment") continue;
    only = c;
    ++count;
  }
  return count == 1 ? only : TSNode{};
}

// "getName" starts with the word "get"; "getaway" does not.
bool starts_with_word(std::string_view name, std::string_view prefix) {
  if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) return false;
  char next = name[prefix.size()];
  return (next >= 'A' && next <= 'Z') || next == '_' || (next >= '0' && next <= '9');
}

bool is_getter(const SourceText& src, const Method& m, size_t param_count,
               const std::set<std::string, std::less<>>& fields) {
  if (param_count != 0 || !(starts_with_word(m.name, "get") || starts_with_word(m.name, "is"))) {
    return false;
  }
  TSNode stmt = only_statement(m.body);
  if (node_type(stmt) != "return_statement") return false;
  auto values = named_children(stmt);
  return values.size() == 1 && !field_reference(src, values[0], fields).empty();
}

bool is_setter(const SourceText& src, const Method& m, const std::vector<Parameter>& params,
               const std::set<std::string, std::less<>>& fields) {
  if (params.size() != 1 || !starts_with_word(m.name, "set")) return false;
  TSNode stmt = only_statement(m.body);
  if (node_type(stmt) != "expression_statement") return false;
  auto exprs = named_children(stmt);
  if (exprs.size() != 1 || node_type(exprs[0]) != "assignment_expression") return false;
  TSNode assign = exprs[0];
  if (node_text(src, ts_node_child(assign, 1)) != "=") return false;
  TSNode right = field(assign, "right");
  return !field_reference(src, field(assign, "left"), fields).empty() &&
         node_type(right) == "identifier" && node_text(src, right) == params[0].name;
}

std::optional<SyntaxError> first_error_in(const std::vector<SyntaxError>& errors, TSNode decl) {
  if (!has_error(decl)) return std::nullopt;
  uint32_t first = node_line(decl);
  uint32_t last = node_end_line(decl);
  for (const SyntaxError& e : errors) {
    if (e.line >= first && e.line <= last) return e;
  }
  return SyntaxError{first, ts_node_start_point(decl).column + 1, "syntax error"};
}

class ClassCollector {
 public:
  explicit ClassCollector(JavaFile& file) : file_(file) {}

  // Type declarations nest only through class bodies, so an explicit work list keeps the
  // traversal free of recursion however deep the nesting.
  void collect(TSNode root) {
    std::vector<std::tuple<TSNode, std::string, bool>> work;  // declaration, outer, hidden
    for (TSNode child : named_children(root)) {
      if (node_type(child) == "package_declaration") {
        for (TSNode c : named_children(child)) {
          if (node_type(c) == "scoped_identifier" || node_type(c) == "identifier") {
            file_.package_name = node_text(file_.text, c);
          }
        }
      }
    }
    for (auto it = ts_node_named_child_count(root); it-- > 0;) {
      TSNode child = ts_node_named_child(root, it);
      if (is_type_declaration(node_type(child))) work.emplace_back(child, "", false);
    }
    while (!work.empty()) {
      auto [decl, outer, outer_hidden] = work.back();
      work.pop_back();
      std::string name =
          outer.empty() ? std::string(node_text(file_.text, field(decl, "name")))
                        : outer + "." + std::string(node_text(file_.text, field(decl, "name")));
      TSNode body = field(decl, "body");
      bool hidden = outer_hidden || has_modifier(file_.text, decl, "private");
      add_class(decl, name, hidden);
      if (ts_node_is_null(body)) continue;
      auto members = members_of(body);
      for (auto it = members.rbegin(); it != members.rend(); ++it) {
        if (is_type_declaration(node_type(*it))) work.emplace_back(*it, name, hidden);
      }
    }
  }

 private:
  void add_class(TSNode decl, const std::string& name, bool hidden) {
    JavaClass cls;
    cls.name = name;
    cls.hidden = hidden;
    cls.kind = kind_of(node_type(decl));
    cls.start_line = node_line(decl);
    cls.end_line = node_end_line(decl);
    cls.is_abstract = has_modifier(file_.text, decl, "abstract");
    if (!ts_node_is_null(field(decl, "name"))) cls.name_line = node_line(field(decl, "name"));
    TSNode body = field(decl, "body");
    if (!ts_node_is_null(body)) {
      auto fields = field_names(file_.text, body);
      record_params_ = parameters_of(file_.text, decl);  // empty unless a record
      for (const Parameter& p : record_params_) fields.insert(p.name);
      std::string simple = std::string(node_text(file_.text, field(decl, "name")));
      in_enum_ = cls.kind == "enum";  // enum constructors are implicitly private
      for (TSNode member : members_of(body)) {
        std::string_view type = node_type(member);
        if (type == "method_declaration" || type == "constructor_declaration" ||
            type == "compact_constructor_declaration") {
          cls.methods.push_back(method_of(member, simple, fields));
        }
      }
    }
    file_.classes.push_back(std::move(cls));
  }

  Method method_of(TSNode decl, const std::string& class_simple_name,
                   const std::set<std::string, std::less<>>& fields) {
    const SourceText& src = file_.text;
    Method m;
    std::string_view type = node_type(decl);
    m.is_constructor = type != "method_declaration";
    m.name =
        m.is_constructor ? class_simple_name : std::string(node_text(src, field(decl, "name")));
    m.start_line = node_line(decl);
    m.end_line = node_end_line(decl);
    m.body = field(decl, "body");
    auto params =
        type == "compact_constructor_declaration" ? record_params_ : parameters_of(src, decl);
    m.signature = m.name + "(";
    for (size_t i = 0; i < params.size(); ++i) m.signature += (i ? ", " : "") + params[i].type;
    m.signature += ")";
    m.syntax_error = first_error_in(file_.syntax_errors, decl);
    if (has_modifier(src, decl, "private") || (m.is_constructor && in_enum_)) {
      m.excluded_because = "private";
    } else if (has_modifier(src, decl, "native")) {
      m.excluded_because = "native";
    } else if (ts_node_is_null(m.body)) {
      m.excluded_because = "abstract";
    } else if (!m.is_constructor && is_getter(src, m, params.size(), fields)) {
      m.excluded_because = "getter";
    } else if (!m.is_constructor && is_setter(src, m, params, fields)) {
      m.excluded_because = "setter";
    }
    return m;
  }

  JavaFile& file_;
  std::vector<Parameter> record_params_;  // of the class being collected
  bool in_enum_ = false;
};

}  // namespace

Result<JavaFile> parse_java_file(SourceText source) {
  JavaFile file{{std::move(source), SyntaxTree{}}, {}, {}, {}};
  auto tree = SyntaxTree::parse(file.text);
  if (!tree) return tree.error();
  file.tree = std::move(*tree);
  file.syntax_errors = file.tree.errors();
  ClassCollector(file).collect(file.tree.root());
  return file;
}

}  // namespace panta::java
