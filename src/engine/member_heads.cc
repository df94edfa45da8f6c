#include "engine/member_heads.h"

#include <algorithm>
#include <vector>

#include "java/code_text.h"
#include "java/source_text.h"
#include "java/syntax_tree.h"

namespace panta::engine {
namespace {

using java::field;
using java::named_children;
using java::node_type;

// An exception a member throws, and the message it is made with when that is always the same
// string literal (`throw new ValidationException("Object must not be null")`).
struct Thrown {
  std::string type;
  std::string message;  ///< The literal as written, quotes included; "" when not a literal.
  bool varies = false;  ///< Thrown with different messages, or one not a literal.
};

// The literal `created` (an object creation) is made with when that is its only argument, "".
std::string literal_message(const Parsed& p, TSNode created) {
  TSNode args = field(created, "arguments");
  if (ts_node_is_null(args) || ts_node_named_child_count(args) != 1) return "";
  TSNode only = ts_node_named_child(args, 0);
  if (node_type(only) != "string_literal") return "";
  std::string text(java::node_text(p.text, only));
  return text.size() <= 100 ? text : "";
}

// The exceptions a method's or constructor's body throws itself (`throw new X(...)`, not in a
// lambda or a nested class), in order, those its `throws` clause names left out: what a test's
// assertThrows needs (jsoup's `Validate.notNull` throws `ValidationException`). With `follow`,
// also those the methods of the same type it calls throw themselves (`isTrue` calling `fail`).
std::vector<Thrown> thrown_types(const Parsed& p, TSNode decl, bool follow = true) {
  std::vector<Thrown> out;
  TSNode body = field(decl, "body");
  if (ts_node_is_null(body)) return out;
  std::string declared = declaration_head(p, decl);
  declared = declared.substr(std::min(declared.size(), declared.rfind(')')));
  auto add = [&](const Thrown& thrown) {
    if (declared.find(thrown.type) != std::string::npos) return;
    auto same = std::find_if(out.begin(), out.end(),
                             [&thrown](const Thrown& t) { return t.type == thrown.type; });
    if (same == out.end()) {
      out.push_back(thrown);
    } else if (same->message != thrown.message || thrown.varies) {
      same->varies = true;
    }
  };
  std::set<std::string> calls;  // methods of the same type it calls
  visit(body, [&](TSNode n) {
    std::string_view t = node_type(n);
    if (t == "lambda_expression" || t == "class_body") return false;
    if (t == "method_invocation" && ts_node_is_null(field(n, "object"))) {
      calls.insert(std::string(java::node_text(p.text, field(n, "name"))));
    }
    if (t != "throw_statement") return true;
    TSNode created = ts_node_named_child(n, 0);
    if (!ts_node_is_null(created) && node_type(created) == "object_creation_expression") {
      std::string message = literal_message(p, created);
      add({std::string(java::node_text(p.text, field(created, "type"))), message, message.empty()});
    }
    return false;
  });
  TSNode owner = ts_node_parent(decl);
  if (!follow || ts_node_is_null(owner)) return out;
  for (TSNode sibling : named_children(owner)) {
    if (node_type(sibling) == "method_declaration" && !ts_node_eq(sibling, decl) &&
        calls.count(std::string(java::node_text(p.text, field(sibling, "name")))) > 0) {
      for (const Thrown& thrown : thrown_types(p, sibling, false)) add(thrown);
    }
  }
  return out;
}

}  // namespace

bool has_modifier(const Parsed& p, TSNode decl, std::string_view word) {
  for (TSNode c : named_children(decl)) {
    if (node_type(c) != "modifiers") continue;
    for (uint32_t i = 0; i < ts_node_child_count(c); ++i) {
      if (java::node_text(p.text, ts_node_child(c, i)) == word) return true;
    }
  }
  return false;
}

bool is_private_decl(const Parsed& p, TSNode decl) {
  return has_modifier(p, decl, "private");
}

namespace {

// The Lombok annotation on `decl` that makes constructors (@Builder, @Value, ...), "" for none:
// such a class has no implicit constructor, whatever its source declares.
std::string lombok_constructors(const Parsed& p, TSNode decl) {
  if (!uses_lombok(p)) return "";
  for (TSNode c : named_children(decl)) {
    if (node_type(c) != "modifiers") continue;
    for (TSNode a : named_children(c)) {
      if (node_type(a) != "marker_annotation" && node_type(a) != "annotation") continue;
      std::string_view n = java::node_text(p.text, field(a, "name"));
      n = n.substr(n.rfind('.') == std::string_view::npos ? 0 : n.rfind('.') + 1);
      for (const char* maker : {"Builder", "SuperBuilder", "Value", "Data", "AllArgsConstructor",
                                "RequiredArgsConstructor", "NoArgsConstructor"}) {
        if (n == maker) return "@" + std::string(n);
      }
    }
  }
  return "";
}

}  // namespace

std::string implicit_constructor(const Parsed& p, TSNode decl, const std::string& name) {
  if (node_type(decl) != "class_declaration" || has_modifier(p, decl, "abstract")) return "";
  if (std::string maker = lombok_constructors(p, decl); !maker.empty())
    return "// its constructors are Lombok's (" + maker + "), not in its source";
  for (TSNode m : named_children(field(decl, "body"))) {
    if (node_type(m) == "constructor_declaration") return "";
  }
  std::string access = has_modifier(p, decl, "public")      ? "public "
                       : has_modifier(p, decl, "protected") ? "protected "
                                                            : "";
  return access + name + "() // implicit";
}

std::string declaration_head(const Parsed& p, TSNode decl) {
  // Comments dropped: `@SuppressWarnings("x") // why` must not swallow the declaration.
  TSNode body = field(decl, "body");
  uint32_t end = ts_node_is_null(body) ? ts_node_end_byte(decl) : ts_node_start_byte(body);
  std::string out = java::code_text(p.text, decl, ts_node_start_byte(decl), end, {}, 300);
  while (!out.empty() && (out.back() == ' ' || out.back() == ';')) out.pop_back();
  return out;
}

std::string member_head(const Parsed& p, TSNode decl, std::set<std::string>& thrown) {
  constexpr size_t kShortField = 72;
  std::string out = declaration_head(p, decl);
  std::string_view t = node_type(decl);
  if ((t == "field_declaration" || t == "constant_declaration") && out.size() > kShortField) {
    size_t eq = out.find(" = ");
    if (eq != std::string::npos) out = out.substr(0, eq) + " = ...";
  }
  if (t == "method_declaration" || t == "constructor_declaration") {
    std::vector<Thrown> own = thrown_types(p, decl);
    for (size_t i = 0; i < own.size(); ++i) {
      out += (i == 0 ? " // throws " : ", ") + own[i].type;
      if (!own[i].varies && !own[i].message.empty()) out += "(" + own[i].message + ")";
      thrown.insert(own[i].type);
    }
  }
  return out;
}

std::vector<std::string> constructor_facts(const Parsed& p, TSNode decl) {
  constexpr size_t kLongest = 200;
  std::vector<std::string> out;
  TSNode body = field(decl, "body");
  if (ts_node_is_null(body)) return out;
  auto add = [&out, &p](TSNode n, std::string prefix) {
    std::string text = prefix + java::collapse_whitespace(java::node_text(p.text, n), 400);
    while (!text.empty() && text.back() == ';') text.pop_back();
    if (text.size() <= kLongest) out.push_back(std::move(text));
  };
  for (TSNode s : named_children(body)) {
    std::string_view t = node_type(s);
    if (t == "explicit_constructor_invocation") {
      TSNode args = field(s, "arguments");
      // `super(message)` passes a parameter on: only a built message is news.
      if (!ts_node_is_null(args) && ts_node_named_child_count(args) > 0 &&
          node_type(ts_node_named_child(args, 0)) != "identifier") {
        add(s, "message: ");
      }
    } else if (t == "if_statement") {
      TSNode then = field(s, "consequence");
      if (node_type(then) == "block" && ts_node_named_child_count(then) == 1)
        then = ts_node_named_child(then, 0);
      if (node_type(then) == "throw_statement") add(s, "check: ");
    } else if (t == "expression_statement") {
      TSNode call = ts_node_named_child(s, 0);
      if (node_type(call) == "method_invocation" &&
          java::node_text(p.text, field(call, "name")) == "requireNonNull")
        add(s, "check: ");
    }
  }
  return out;
}

std::string short_body(const Parsed& p, TSNode decl, uint32_t max_lines) {
  TSNode body = field(decl, "body");
  if (ts_node_is_null(body)) return "";
  uint32_t lines = ts_node_end_point(body).row - ts_node_start_point(body).row + 1;
  if (lines > max_lines) return "";
  std::string text = java::collapse_whitespace(java::node_text(p.text, body), 400);
  return text.size() <= 200 ? text : "";
}

std::vector<std::string> private_field_defaults(const Parsed& p, TSNode body) {
  constexpr size_t kLongest = 40;
  std::vector<std::string> out;
  for (TSNode m : named_children(body)) {
    if (node_type(m) != "field_declaration" || !is_private_decl(p, m) ||
        has_modifier(p, m, "static"))
      continue;
    for (TSNode d : named_children(m)) {
      if (node_type(d) != "variable_declarator" || ts_node_is_null(field(d, "value"))) continue;
      std::string text = java::collapse_whitespace(java::node_text(p.text, d), 200);
      if (text.size() <= kLongest) out.push_back(std::move(text));
    }
  }
  return out;
}

std::string member_name(const Parsed& p, TSNode m) {
  TSNode name = field(m, "name");
  if (ts_node_is_null(name)) {
    TSNode declarator = field(m, "declarator");
    if (!ts_node_is_null(declarator)) name = field(declarator, "name");
  }
  return ts_node_is_null(name) ? "" : std::string(java::node_text(p.text, name));
}

}  // namespace panta::engine
