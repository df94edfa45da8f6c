#include "junit/test_code.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include "java/source_text.h"
#include "java/syntax_tree.h"

namespace panta::junit {
namespace {

using java::field;
using java::named_children;
using java::node_text;
using java::node_type;

constexpr const char* kWrapper = "PantaLooseMethods";

// A parsed piece of Java: owns the text and its tree.
struct Parsed {
  java::SourceText source;
  java::SyntaxTree tree;

  static std::optional<Parsed> of(std::string text) {
    java::SourceText source("answer.java", std::move(text));
    auto tree = java::SyntaxTree::parse(source);
    if (!tree) return std::nullopt;
    return Parsed{std::move(source), std::move(*tree)};
  }
  std::string_view text(TSNode n) const { return node_text(source, n); }
};

TSNode first_class(TSNode root) {
  for (TSNode c : named_children(root)) {
    if (node_type(c) == "class_declaration") return c;
  }
  return TSNode{};
}

bool is_test_method(const Parsed& p, TSNode method) {
  if (node_type(method) != "method_declaration") return false;
  for (TSNode c : named_children(method)) {
    if (node_type(c) != "modifiers") continue;
    for (TSNode a : named_children(c)) {
      std::string_view t = node_type(a);
      if (t != "marker_annotation" && t != "annotation") continue;
      std::string name(p.text(field(a, "name")));
      name = name.substr(name.rfind('.') == std::string::npos ? 0 : name.rfind('.') + 1);
      if (name == "Test" || name == "ParameterizedTest" || name == "RepeatedTest" ||
          name == "TestFactory") {
        return true;
      }
    }
  }
  return false;
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
std::string member_key(const Parsed& p, TSNode member) {
  std::string_view t = node_type(member);
  if (t == "field_declaration") {
    std::string key;
    for (TSNode c : named_children(member)) {
      if (node_type(c) == "variable_declarator")
        key += (key.empty() ? "" : ",") + std::string(p.text(field(c, "name")));
    }
    return "field:" + key;
  }
  if (t == "method_declaration") {
    // Overloads are different members: the key holds the parameter list.
    return "method:" + std::string(p.text(field(member, "name"))) +
           java::collapse_whitespace(p.text(field(member, "parameters")));
  }
  if (t == "class_declaration" || t == "interface_declaration" || t == "enum_declaration" ||
      t == "record_declaration") {
    return "type:" + std::string(p.text(field(member, "name")));
  }
  if (t == "static_initializer" || t == "block")
    return "init:" + java::collapse_whitespace(p.text(member));
  return "";
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

// The names a member key declares: "field:a,b" -> a, b; "method:f(int x)" -> f; "type:T" -> T.
std::vector<std::string> declared_names(const std::string& key) {
  std::vector<std::string> out;
  size_t colon = key.find(':');
  std::string kind = key.substr(0, colon);
  std::string rest = key.substr(colon + 1);
  if (kind == "method") {
    out.push_back(rest.substr(0, rest.find('(')));
  } else if (kind == "field") {
    for (size_t at = 0; at <= rest.size();) {
      size_t comma = rest.find(',', at);
      out.push_back(rest.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
  } else if (kind == "type") {
    out.push_back(rest);
  }
  return out;
}

// The members of an answer a test needs: those it names, those run around every test (setup,
// teardown, rules, initializer blocks), and what those name in turn.
std::vector<bool> members_needed(const std::string& test_code,
                                 const std::vector<std::pair<std::string, std::string>>& members) {
  static const char* const kAlways[] = {
      "@BeforeEach",  "@AfterEach",  "@BeforeAll", "@AfterAll",  "@Before",           "@After",
      "@BeforeClass", "@AfterClass", "@Rule",      "@ClassRule", "@RegisterExtension"};
  std::vector<bool> needed(members.size(), false);
  std::vector<const std::string*> texts = {&test_code};
  for (size_t m = 0; m < members.size(); ++m) {
    const auto& [key, code] = members[m];
    bool always = key.rfind("init:", 0) == 0 || declared_names(key).empty();
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
      for (const std::string& name : declared_names(members[m].first)) {
        bool used = std::any_of(texts.begin(), texts.end(),
                                [&name](const std::string* t) { return mentions(*t, name); });
        if (used) {
          needed[m] = true;
          texts.push_back(&members[m].second);
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
  while (at <= code.size()) {
    size_t nl = code.find('\n', at);
    lines.push_back(code.substr(at, nl == std::string::npos ? std::string::npos : nl - at));
    if (nl == std::string::npos) break;
    at = nl + 1;
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
  // target's unit instead, taken to be `indent` (members sit one level into their class).
  size_t unit = 0;
  for (size_t i = 1; i < lines.size(); ++i) {
    size_t first = lines[i].find_first_not_of(' ');
    if (first != std::string::npos && first > common && (unit == 0 || first - common < unit))
      unit = first - common;
  }
  // Text blocks keep their lines as they are: their indentation is part of the string.
  bool spaces = indent.find_first_not_of(' ') == std::string::npos && !indent.empty() &&
                code.find("\"\"\"") == std::string::npos;
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string line = lines[i];
    if (i > 0) line = line.size() >= common ? line.substr(common) : std::string();
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
    if (i > 0 && spaces && unit > 0 && unit != indent.size()) {
      size_t lead = line.find_first_not_of(' ');
      if (lead != std::string::npos && lead % unit == 0) {
        line = std::string(lead / unit * indent.size(), ' ') + line.substr(lead);
      }
    }
    out += line.empty() ? "\n" : indent + line + "\n";
  }
  return out;
}

// Code blocks of a Markdown answer; an unclosed last block is taken whole (cut-off answer).
std::vector<std::string> code_blocks(const std::string& answer, bool& cut_off) {
  std::vector<std::string> blocks;
  std::optional<std::string> open;
  size_t at = 0;
  while (at < answer.size()) {
    size_t nl = answer.find('\n', at);
    std::string line = answer.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    std::string trimmed = java::collapse_whitespace(line, line.size() + 1);
    at = nl == std::string::npos ? answer.size() : nl + 1;
    if (trimmed.rfind("```", 0) == 0) {
      if (open) {
        blocks.push_back(std::move(*open));
        open.reset();
      } else {
        open = std::string();
      }
      continue;
    }
    if (open) *open += line + "\n";
  }
  if (open && !open->empty()) {
    blocks.push_back(std::move(*open));
    cut_off = true;
  }
  return blocks;
}

// Java that is methods without a class gets a class around it, after its package and imports.
std::string wrap_loose_methods(const std::string& code) {
  std::string header;
  std::string rest;
  size_t at = 0;
  bool in_header = true;
  while (at < code.size()) {
    size_t nl = code.find('\n', at);
    std::string line = code.substr(at, nl == std::string::npos ? std::string::npos : nl - at + 1);
    at = nl == std::string::npos ? code.size() : nl + 1;
    std::string t = java::collapse_whitespace(line, line.size() + 1);
    if (in_header && (t.empty() || t.rfind("import ", 0) == 0 || t.rfind("package ", 0) == 0)) {
      header += line;
    } else {
      in_header = false;
      rest += line;
    }
  }
  return header + "class " + kWrapper + " {\n" + rest + "\n}\n";
}

void extract_from(const std::string& code, bool cut_off, ExtractedTests& out) {
  auto parsed = Parsed::of(code);
  if (!parsed) return;
  TSNode cls = first_class(parsed->tree.root());
  if (ts_node_is_null(cls) || ts_node_has_error(parsed->tree.root())) {
    // Loose methods, or a class whose start was lost: try with a class around the code.
    auto wrapped = Parsed::of(wrap_loose_methods(code));
    TSNode wcls = wrapped ? first_class(wrapped->tree.root()) : TSNode{};
    bool better = !ts_node_is_null(wcls) &&
                  (ts_node_is_null(cls) || (!ts_node_has_error(wrapped->tree.root())));
    if (better) {
      parsed = std::move(wrapped);
      cls = wcls;
    }
  }
  if (ts_node_is_null(cls)) return;
  // A class that lost its parse around it comes back nested in the wrapper: use it.
  if (parsed->text(field(cls, "name")) == kWrapper) {
    for (TSNode m : named_children(field(cls, "body"))) {
      if (node_type(m) == "class_declaration") {
        cls = m;
        break;
      }
    }
  }
  for (TSNode c : named_children(parsed->tree.root())) {
    if (node_type(c) == "import_declaration")
      out.imports.push_back(java::collapse_whitespace(parsed->text(c)));
  }
  std::vector<TSNode> members = named_children(field(cls, "body"));
  for (size_t i = 0; i < members.size(); ++i) {
    TSNode m = members[i];
    std::string_view t = node_type(m);
    if (t == "line_comment" || t == "block_comment") continue;
    // A whole test with a syntax error goes to javac (and so to repair); a cut-off one (the
    // last of an answer that ends inside its code) is dropped.
    bool last_of_cut = cut_off && i + 1 == members.size();
    bool whole = !last_of_cut && !parsed->text(m).empty() && parsed->text(m).back() == '}' &&
                 !lacks_closing_brace(m);
    if (ts_node_has_error(m) && whole && is_test_method(*parsed, m)) {
      out.tests.push_back(
          {std::string(parsed->text(field(m, "name"))), std::string(parsed->text(m))});
      continue;
    }
    if (ts_node_has_error(m)) {
      std::string name(parsed->text(field(m, "name")));
      out.notes.push_back(fmt::format("dropped {} that does not parse (cut off?)",
                                      name.empty() ? "a declaration" : "method " + name));
      continue;
    }
    if (t == "constructor_declaration") continue;  // belongs to the model's class, not ours
    std::string text(parsed->text(m));
    if (is_test_method(*parsed, m)) {
      out.tests.push_back({std::string(parsed->text(field(m, "name"))), text});
      continue;
    }
    std::string key = member_key(*parsed, m);
    if (!key.empty()) out.members.emplace_back(key, text);
  }
}

}  // namespace

std::string test_class_skeleton(const std::string& package_name, const std::string& class_name,
                                JUnitVersion version) {
  std::string out;
  if (!package_name.empty()) out += "package " + package_name + ";\n\n";
  if (version == JUnitVersion::k5) {
    out +=
        "import static org.junit.jupiter.api.Assertions.*;\n\nimport "
        "org.junit.jupiter.api.Test;\n\n";
    out += "class " + class_name + " {\n}\n";
  } else {
    out += "import static org.junit.Assert.*;\n\nimport org.junit.Test;\n\n";
    out += "public class " + class_name + " {\n}\n";
  }
  return out;
}

Result<ExtractedTests> extract_tests(const std::string& answer) {
  ExtractedTests out;
  bool cut_off = false;
  std::vector<std::string> blocks = code_blocks(answer, cut_off);
  if (cut_off) out.notes.push_back("the answer ends inside a code block (cut off?)");
  if (blocks.empty()) {
    if (answer.find("@Test") == std::string::npos) {
      return Error{answer.find_first_not_of(" \t\r\n") == std::string::npos
                       ? "the answer is empty"
                       : "the answer has no code block and no @Test method"};
    }
    out.notes.push_back("no code block: the whole answer was read as Java");
    blocks.push_back(answer);
  }
  for (size_t i = 0; i < blocks.size(); ++i)
    extract_from(blocks[i], cut_off && i + 1 == blocks.size(), out);
  if (out.tests.empty()) {
    std::string why = "no test method (annotated @Test) in the answer's code";
    for (const std::string& n : out.notes) why += "; " + n;
    return Error{why};
  }
  return out;
}

Result<TestFile> TestFile::parse(std::string text) {
  auto parsed = Parsed::of(text);
  if (!parsed || ts_node_is_null(first_class(parsed->tree.root()))) {
    return Error{"the test file has no class declaration"};
  }
  return TestFile(std::move(text));
}

std::vector<std::string> TestFile::test_names() const {
  std::vector<std::string> names;
  auto p = Parsed::of(text_);
  TSNode cls = first_class(p->tree.root());
  for (TSNode m : named_children(field(cls, "body"))) {
    if (is_test_method(*p, m)) names.emplace_back(p->text(field(m, "name")));
  }
  return names;
}

std::string TestFile::test_code(const std::string& name) const {
  auto p = Parsed::of(text_);
  TSNode cls = first_class(p->tree.root());
  for (TSNode m : named_children(field(cls, "body"))) {
    if (is_test_method(*p, m) && p->text(field(m, "name")) == name) return std::string(p->text(m));
  }
  return "";
}

std::pair<uint32_t, uint32_t> TestFile::test_lines(const std::string& name) const {
  auto p = Parsed::of(text_);
  TSNode cls = first_class(p->tree.root());
  for (TSNode m : named_children(field(cls, "body"))) {
    if (is_test_method(*p, m) && p->text(field(m, "name")) == name) {
      return {ts_node_start_point(m).row + 1, ts_node_end_point(m).row + 1};
    }
  }
  return {0, 0};
}

void TestFile::add_import(const std::string& import) {
  auto p = Parsed::of(text_);
  bool is_static = import.rfind("import static ", 0) == 0;
  std::optional<uint32_t> package_end;
  std::optional<uint32_t> last_same;    // the end of the last import of the same kind
  std::optional<uint32_t> last_any;     // the end of the last import
  std::optional<uint32_t> first_other;  // the start of the first import of the other kind
  for (TSNode c : named_children(p->tree.root())) {
    std::string_view t = node_type(c);
    if (t == "package_declaration") package_end = ts_node_end_byte(c);
    if (t != "import_declaration") continue;
    std::string text = java::collapse_whitespace(p->text(c));
    if (text == import) return;
    bool static_one = text.rfind("import static ", 0) == 0;
    last_any = ts_node_end_byte(c);
    if (static_one == is_static) {
      last_same = ts_node_end_byte(c);
    } else if (!first_other) {
      first_other = ts_node_start_byte(c);
    }
  }
  // Static imports go with the static ones (before the others when there are none yet), the
  // others after the other imports.
  if (last_same) {
    text_.insert(*last_same, "\n" + import);
  } else if (is_static && first_other) {
    text_.insert(*first_other, import + "\n\n");
  } else if (last_any) {
    text_.insert(*last_any, "\n\n" + import);
  } else if (package_end) {
    text_.insert(*package_end, "\n\n" + import);
  } else {
    text_.insert(0, import + "\n\n");
  }
}

void TestFile::add_member(const std::string& code) {
  auto p = Parsed::of(text_);
  TSNode body = field(first_class(p->tree.root()), "body");
  size_t close = ts_node_end_byte(body) - 1;  // the class's closing brace
  // On the closing brace's own line, insert before that line, after one blank line.
  size_t line_start = text_.rfind('\n', close == 0 ? 0 : close - 1);
  size_t at = line_start == std::string::npos ? close : line_start + 1;
  if (text_.find_first_not_of(" \t", at) != close) at = close;
  // The indentation the class's members already have (two spaces in an empty class).
  std::string indent = "  ";
  auto members = named_children(field(first_class(p->tree.root()), "body"));
  if (!members.empty()) {
    size_t start = ts_node_start_byte(members.front());
    size_t bol = text_.rfind('\n', start == 0 ? 0 : start - 1);
    bol = bol == std::string::npos ? 0 : bol + 1;
    std::string lead = text_.substr(bol, start - bol);
    if (!lead.empty() && lead.find_first_not_of(" \t") == std::string::npos) indent = lead;
  }
  text_.insert(at, "\n" + reindent(code, indent));
}

std::string TestFile::add_test(const TestMethod& test, const ExtractedTests& from) {
  auto p = Parsed::of(text_);
  TSNode cls = first_class(p->tree.root());
  std::vector<std::string> keys;
  for (TSNode m : named_children(field(cls, "body"))) keys.push_back(member_key(*p, m));
  for (const std::string& i : from.imports) add_import(i);
  std::vector<bool> needed = members_needed(test.code, from.members);
  for (size_t m = 0; m < from.members.size(); ++m) {
    const auto& [key, code] = from.members[m];
    if (!needed[m]) continue;  // added with a test that uses it, if one is kept
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
    keys.push_back(key);
    add_member(code);
  }
  std::string name = test.name;
  auto taken = [&keys](const std::string& n) {
    return std::any_of(keys.begin(), keys.end(),
                       [&n](const std::string& k) { return k.rfind("method:" + n + "(", 0) == 0; });
  };
  for (int n = 2; taken(name); ++n) {
    name = test.name + std::to_string(n);
  }
  std::string code = test.code;
  if (name != test.name) {
    auto wrapped = Parsed::of("class X {\n" + code + "\n}");
    auto members = named_children(field(first_class(wrapped->tree.root()), "body"));
    TSNode id = members.empty() || node_type(members[0]) != "method_declaration"
                    ? TSNode{}
                    : field(members[0], "name");
    uint32_t offset = static_cast<uint32_t>(std::string("class X {\n").size());
    if (!ts_node_is_null(id) && ts_node_start_byte(id) >= offset) {
      code.replace(ts_node_start_byte(id) - offset, ts_node_end_byte(id) - ts_node_start_byte(id),
                   name);
    } else if (size_t at = code.find(test.name + "("); at != std::string::npos) {
      code.replace(at, test.name.size(), name);  // a test javac will reject anyway
    }
  }
  add_member(code);
  add_assertion_imports(code);
  return name;
}

namespace {

// The static members of JUnit's assertion classes a model calls unqualified, by class.
struct AssertionClass {
  const char* name;
  std::vector<std::string_view> members;
};

const std::vector<AssertionClass>& assertion_classes(bool jupiter) {
  static const std::vector<AssertionClass> five = {
      {"org.junit.jupiter.api.Assertions",
       {"assertEquals", "assertNotEquals", "assertTrue", "assertFalse", "assertNull",
        "assertNotNull", "assertSame", "assertNotSame", "assertArrayEquals", "assertIterableEquals",
        "assertLinesMatch", "assertThrows", "assertDoesNotThrow", "assertAll", "assertTimeout",
        "assertTimeoutPreemptively", "assertInstanceOf", "fail"}},
      {"org.junit.jupiter.api.Assumptions", {"assumeTrue", "assumeFalse", "assumingThat"}},
      {"org.hamcrest.MatcherAssert", {"assertThat"}}};
  static const std::vector<AssertionClass> four = {
      {"org.junit.Assert",
       {"assertEquals", "assertNotEquals", "assertTrue", "assertFalse", "assertNull",
        "assertNotNull", "assertSame", "assertNotSame", "assertArrayEquals", "assertThat",
        "assertThrows", "fail"}},
      {"org.junit.Assume",
       {"assumeTrue", "assumeFalse", "assumeNotNull", "assumeThat", "assumeNoException"}}};
  return jupiter ? five : four;
}

// Unqualified calls in `code` of names like assertX, assumeX and fail, each once.
std::vector<std::string> unqualified_assertion_calls(const std::string& code) {
  std::vector<std::string> out;
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t i = 0; i < code.size(); ++i) {
    if (!std::isalpha(static_cast<unsigned char>(code[i])) || (i > 0 && word(code[i - 1])))
      continue;
    size_t end = i;
    while (end < code.size() && word(code[end])) ++end;
    std::string name = code.substr(i, end - i);
    size_t after = code.find_first_not_of(" \t\n", end);
    size_t before = i == 0 ? std::string::npos : code.find_last_not_of(" \t\n", i - 1);
    bool called = after != std::string::npos && code[after] == '(';
    bool qualified = before != std::string::npos && code[before] == '.';
    bool assertion = name.rfind("assert", 0) == 0 || name.rfind("assum", 0) == 0 || name == "fail";
    if (called && !qualified && assertion && std::find(out.begin(), out.end(), name) == out.end()) {
      out.push_back(name);
    }
    i = end - 1;
  }
  return out;
}

}  // namespace

void TestFile::add_assertion_imports(const std::string& code) {
  auto p = Parsed::of(text_);
  std::vector<std::string> imports;
  std::vector<std::string> declared;
  for (TSNode c : named_children(p->tree.root())) {
    if (node_type(c) == "import_declaration")
      imports.push_back(java::collapse_whitespace(p->text(c)));
  }
  for (TSNode m : named_children(field(first_class(p->tree.root()), "body"))) {
    if (node_type(m) == "method_declaration") declared.emplace_back(p->text(field(m, "name")));
  }
  bool jupiter = std::any_of(imports.begin(), imports.end(), [](const std::string& i) {
    return i.find("org.junit.jupiter.") != std::string::npos;
  });
  bool four = std::any_of(imports.begin(), imports.end(), [](const std::string& i) {
    return i.find("org.junit.") != std::string::npos &&
           i.find("org.junit.jupiter.") == std::string::npos;
  });
  if (!jupiter && !four) return;  // not a JUnit test file we can tell the version of
  for (const std::string& name : unqualified_assertion_calls(code)) {
    if (std::find(declared.begin(), declared.end(), name) != declared.end()) continue;
    bool imported = std::any_of(imports.begin(), imports.end(), [&name](const std::string& i) {
      return i.rfind("import static ", 0) == 0 && i.ends_with("." + name + ";");
    });
    if (imported) continue;
    for (const AssertionClass& c : assertion_classes(jupiter)) {
      if (std::find(c.members.begin(), c.members.end(), name) == c.members.end()) continue;
      std::string wildcard = "import static " + std::string(c.name) + ".*;";
      if (std::find(imports.begin(), imports.end(), wildcard) != imports.end()) break;
      std::string import = "import static " + std::string(c.name) + "." + name + ";";
      add_import(import);
      imports.push_back(import);
      break;
    }
  }
}

std::string test_body_key(const std::string& code) {
  size_t brace = code.find('{');
  return brace == std::string::npos ? std::string()
                                    : java::collapse_whitespace(code.substr(brace), code.size());
}

std::string TestFile::same_test_as(const TestMethod& test) const {
  std::string body = test_body_key(test.code);
  auto p = Parsed::of(text_);  // once: a large test class has hundreds of tests
  TSNode cls = first_class(p->tree.root());
  for (TSNode m : named_children(field(cls, "body"))) {
    if (is_test_method(*p, m) && test_body_key(std::string(p->text(m))) == body)
      return std::string(p->text(field(m, "name")));
  }
  return "";
}

bool TestFile::remove_test(const std::string& name) {
  auto p = Parsed::of(text_);
  TSNode cls = first_class(p->tree.root());
  for (TSNode m : named_children(field(cls, "body"))) {
    if (!is_test_method(*p, m) || p->text(field(m, "name")) != name) continue;
    size_t begin = ts_node_start_byte(m);
    size_t end = ts_node_end_byte(m);
    size_t line_start = text_.rfind('\n', begin == 0 ? 0 : begin - 1);
    line_start = line_start == std::string::npos ? 0 : line_start + 1;
    if (text_.find_first_not_of(" \t", line_start) == begin) begin = line_start;
    if (end < text_.size() && text_[end] == '\n') ++end;
    // Drop one blank line left between the neighbours.
    if (begin >= 1 && end < text_.size() && text_[begin - 1] == '\n' &&
        text_.compare(begin >= 2 ? begin - 2 : 0, 2, "\n\n") == 0) {
      --begin;
    }
    text_.erase(begin, end - begin);
    return true;
  }
  return false;
}

}  // namespace panta::junit
