#include "junit/java_members.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace panta::junit::detail {

using java::field;
using java::named_children;
using java::node_type;

std::optional<Parsed> Parsed::of(std::string text) {
  java::SourceText source("answer.java", std::move(text));
  auto tree = java::SyntaxTree::parse(source);
  if (!tree) return std::nullopt;
  return Parsed{std::move(source), std::move(*tree)};
}

TSNode first_class(TSNode root) {
  for (TSNode c : named_children(root)) {
    if (node_type(c) == "class_declaration") return c;
  }
  return TSNode{};
}

bool has_annotation(const Parsed& p, TSNode declaration,
                    std::initializer_list<std::string_view> names) {
  for (TSNode c : named_children(declaration)) {
    if (node_type(c) != "modifiers") continue;
    for (TSNode a : named_children(c)) {
      std::string_view t = node_type(a);
      if (t != "marker_annotation" && t != "annotation") continue;
      std::string name(p.text(field(a, "name")));
      name = name.substr(name.rfind('.') == std::string::npos ? 0 : name.rfind('.') + 1);
      if (std::find(names.begin(), names.end(), name) != names.end()) return true;
    }
  }
  return false;
}

bool is_test_method(const Parsed& p, TSNode member) {
  std::string_view t = node_type(member);
  if (t == "method_declaration") {
    return has_annotation(p, member, {"Test", "ParameterizedTest", "RepeatedTest", "TestFactory"});
  }
  // A @Nested class of tests is one test to Panta: added, run and dropped as a whole.
  return t == "class_declaration" && has_annotation(p, member, {"Nested"});
}

size_t start_with_comments(const Parsed& p, const std::vector<TSNode>& members, size_t i) {
  size_t start = ts_node_start_byte(members[i]);
  const std::string& text = p.source.text();
  for (size_t j = i; j > 0; --j) {
    TSNode c = members[j - 1];
    std::string_view t = node_type(c);
    if (t != "line_comment" && t != "block_comment") break;
    std::string_view between(text.data() + ts_node_end_byte(c), start - ts_node_end_byte(c));
    if (std::count(between.begin(), between.end(), '\n') > 1) break;  // a blank line: not its own
    if (j >= 2 && ts_node_end_point(members[j - 2]).row == ts_node_start_point(c).row) {
      break;  // a comment at the end of the line of the member before it
    }
    start = ts_node_start_byte(c);
  }
  return start;
}

namespace {

bool declares_local(std::string_view parent_type) {
  return parent_type == "variable_declarator" || parent_type == "formal_parameter" ||
         parent_type == "catch_formal_parameter" || parent_type == "enhanced_for_statement" ||
         parent_type == "lambda_expression" || parent_type == "inferred_parameters" ||
         parent_type == "resource" || parent_type == "type_pattern" ||
         parent_type == "record_pattern_component" || parent_type == "spread_parameter";
}

// Local names declared anywhere under `node`: the "name" of a declarator or parameter, a
// lambda's lone parameter, the identifiers of inferred lambda parameters.
void collect_locals(const Parsed& p, TSNode node, std::map<std::string, std::string>& locals) {
  std::vector<TSNode> work = {node};
  while (!work.empty()) {
    TSNode n = work.back();
    work.pop_back();
    if (node_type(n) == "identifier") {
      TSNode parent = ts_node_parent(n);
      std::string_view pt = node_type(parent);
      bool named = pt == "inferred_parameters" ||
                   (pt == "lambda_expression" && ts_node_eq(field(parent, "parameters"), n)) ||
                   (declares_local(pt) && ts_node_eq(field(parent, "name"), n));
      std::string name(p.text(n));
      if (named && !locals.count(name)) locals.emplace(name, "$" + std::to_string(locals.size()));
    }
    for (uint32_t i = ts_node_named_child_count(n); i-- > 0;)
      work.push_back(ts_node_named_child(n, i));
  }
}

}  // namespace

std::string normalised_test(const Parsed& p, TSNode test) {
  std::map<std::string, std::string> locals;
  collect_locals(p, test, locals);
  std::string out;
  TSNode name = field(test, "name");
  std::vector<TSNode> work = {test};
  while (!work.empty()) {
    TSNode n = work.back();
    work.pop_back();
    std::string_view t = node_type(n);
    if (t == "line_comment" || t == "block_comment" || ts_node_eq(n, name)) continue;
    if (node_type(ts_node_parent(n)) == "modifiers" && t != "annotation") continue;  // public...
    if (ts_node_child_count(n) == 0 || t == "string_literal" || t == "character_literal") {
      std::string token(p.text(n));
      auto local = t == "identifier" ? locals.find(token) : locals.end();
      out += (local == locals.end() ? token : local->second) + " ";
      continue;
    }
    for (uint32_t i = ts_node_child_count(n); i-- > 0;) work.push_back(ts_node_child(n, i));
  }
  return out;
}

// True when the parser had to invent a closing brace inside `node`: the code was cut off.
bool lacks_closing_brace(TSNode node) {
  std::vector<TSNode> work = {node};
  while (!work.empty()) {
    TSNode n = work.back();
    work.pop_back();
    if (ts_node_is_missing(n) && std::string_view(ts_node_type(n)) == "}") return true;
    if (!ts_node_has_error(n)) continue;
    for (uint32_t i = 0; i < ts_node_child_count(n); ++i) work.push_back(ts_node_child(n, i));
  }
  return false;
}

// The name a member is known by: a method's or class's name, a field's variables.
std::optional<MemberKey> member_key(const Parsed& p, TSNode member) {
  std::string_view t = node_type(member);
  if (t == "field_declaration") {
    std::string names;
    for (TSNode c : named_children(member)) {
      if (node_type(c) == "variable_declarator")
        names += (names.empty() ? "" : ",") + std::string(p.text(field(c, "name")));
    }
    return MemberKey{MemberKind::kField, names};
  }
  if (t == "method_declaration") {
    // Overloads are different members: the key holds the parameter list.
    return MemberKey{MemberKind::kMethod,
                     std::string(p.text(field(member, "name"))) +
                         java::collapse_whitespace(p.text(field(member, "parameters")))};
  }
  if (t == "class_declaration" || t == "interface_declaration" || t == "enum_declaration" ||
      t == "record_declaration") {
    return MemberKey{MemberKind::kType, std::string(p.text(field(member, "name")))};
  }
  if (t == "constructor_declaration") {
    return MemberKey{MemberKind::kConstructor,
                     java::collapse_whitespace(p.text(field(member, "parameters")))};
  }
  if (t == "static_initializer" || t == "block")
    return MemberKey{MemberKind::kInitializer, java::collapse_whitespace(p.text(member))};
  return std::nullopt;
}

// Whether `text` has `name` as a whole identifier.
bool mentions(std::string_view text, std::string_view name) {
  auto word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  };
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    bool before = at > 0 && word(text[at - 1]);
    bool after = at + name.size() < text.size() && word(text[at + name.size()]);
    if (!before && !after) return true;
  }
  return false;
}

// The members of an answer a test needs: those it names, those run around every test (setup,
// teardown, rules, initializer blocks), and what those name in turn.
std::vector<bool> members_needed(const std::string& test_code, const Members& members) {
  static const char* const kAlways[] = {
      "@BeforeEach", "@AfterEach", "@BeforeAll",         "@AfterAll",
      "@Before",     "@After",     "@BeforeClass",       "@AfterClass",
      "@Rule",       "@ClassRule", "@RegisterExtension", "@Parameters",
      "@Parameter"};  // JUnit 4's Parameterized runner reads these itself
  std::vector<bool> needed(members.size(), false);
  std::vector<const std::string*> texts = {&test_code};
  for (size_t m = 0; m < members.size(); ++m) {
    const auto& [key, code] = members[m];
    bool always = key.declared().empty();  // an initializer, a constructor
    for (const char* a : kAlways) always = always || mentions(code, std::string_view(a + 1));
    if (always) {
      needed[m] = true;
      texts.push_back(&code);
    }
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t m = 0; m < members.size(); ++m) {
      if (needed[m]) continue;
      for (const std::string& name : members[m].key.declared()) {
        bool used = std::any_of(texts.begin(), texts.end(),
                                [&name](const std::string* t) { return mentions(*t, name); });
        if (used) {
          needed[m] = true;
          texts.push_back(&members[m].code);
          grew = true;
          break;
        }
      }
    }
  }
  return needed;
}

// Lines of `code` moved so that the least indented one starts at `indent`.
std::string reindent(const std::string& code, const std::string& indent) {
  std::vector<std::string> lines;
  size_t at = 0;
  bool text_block = code.find("\"\"\"") != std::string::npos;
  while (at <= code.size()) {
    size_t nl = code.find('\n', at);
    lines.push_back(code.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  // An answer indented with tabs: each leading tab taken as four spaces, so that its levels
  // are read like a spaced answer's.
  for (std::string& line : lines) {
    if (text_block) break;
    size_t tabs = 0;
    while (tabs < line.size() && line[tabs] == '\t') ++tabs;
    if (tabs > 0) line = std::string(tabs * 4, ' ') + line.substr(tabs);
  }
  // The first line comes from a node start, so its own indentation is gone: use the others'.
  size_t common = std::string::npos;
  for (size_t i = 1; i < lines.size(); ++i) {
    size_t first = lines[i].find_first_not_of(" \t");
    if (first != std::string::npos) common = std::min(common, first);
  }
  if (common == std::string::npos) common = 0;
  size_t last_indent = lines.size() > 1 ? lines.back().find_first_not_of(" \t") : 0;
  if (lines.size() > 1 && last_indent != std::string::npos) common = std::min(common, last_indent);
  // Nested lines step by the code's own unit (its smallest indentation step); they get the
  // target's unit instead, taken to be `indent` (members sit one level into their class):
  // spaces or tabs as the file has them.
  size_t unit = 0;
  for (size_t i = 1; i < lines.size(); ++i) {
    size_t first = lines[i].find_first_not_of(' ');
    if (first != std::string::npos && first > common && (unit == 0 || first - common < unit))
      unit = first - common;
  }
  // Text blocks keep their lines as they are: their indentation is part of the string.
  bool levels =
      !indent.empty() && indent.find_first_not_of(" \t") == std::string::npos && !text_block;
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string line = lines[i];
    if (i > 0) line = line.size() >= common ? line.substr(common) : std::string();
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
    if (i > 0 && levels && unit > 0) {
      size_t lead = line.find_first_not_of(' ');
      if (lead != std::string::npos && lead % unit == 0) {
        std::string nested;
        for (size_t level = 0; level < lead / unit; ++level) nested += indent;
        line = nested + line.substr(lead);
      }
    }
    out += line.empty() ? "\n" : indent + line + "\n";
  }
  return out;
}

}  // namespace panta::junit::detail
