#include "junit/junit_dialect.h"

#include <algorithm>
#include <map>

#include "junit/java_members.h"

namespace panta::junit {
namespace {

using detail::Parsed;
using java::field;
using java::named_children;
using java::node_type;

constexpr std::string_view kWrapStart = "class PantaDialect {\n";

// One generation's names and the other's, for annotations, classes and imports.
struct Names {
  std::map<std::string, std::string> annotations;  // simple names
  std::map<std::string, std::string> imports;      // whole import paths
};

const Names& to_five() {
  static const Names names = {
      {{"Test", "Test"},
       {"Before", "BeforeEach"},
       {"After", "AfterEach"},
       {"BeforeClass", "BeforeAll"},
       {"AfterClass", "AfterAll"},
       {"Ignore", "Disabled"}},
      {{"org.junit.Test", "org.junit.jupiter.api.Test"},
       {"org.junit.Before", "org.junit.jupiter.api.BeforeEach"},
       {"org.junit.After", "org.junit.jupiter.api.AfterEach"},
       {"org.junit.BeforeClass", "org.junit.jupiter.api.BeforeAll"},
       {"org.junit.AfterClass", "org.junit.jupiter.api.AfterAll"},
       {"org.junit.Ignore", "org.junit.jupiter.api.Disabled"},
       {"org.junit.Assert", "org.junit.jupiter.api.Assertions"},
       {"org.junit.Assume", "org.junit.jupiter.api.Assumptions"},
       {"org.junit.Assert.assertThat", "org.hamcrest.MatcherAssert.assertThat"},
       {"org.junit.runner.RunWith", "org.junit.jupiter.api.extension.ExtendWith"},
       {"org.mockito.junit.MockitoJUnitRunner", "org.mockito.junit.jupiter.MockitoExtension"}}};
  return names;
}

const Names& to_four() {
  static const Names names = {
      {{"Test", "Test"},
       {"BeforeEach", "Before"},
       {"AfterEach", "After"},
       {"BeforeAll", "BeforeClass"},
       {"AfterAll", "AfterClass"},
       {"Disabled", "Ignore"}},
      {{"org.junit.jupiter.api.Test", "org.junit.Test"},
       {"org.junit.jupiter.api.BeforeEach", "org.junit.Before"},
       {"org.junit.jupiter.api.AfterEach", "org.junit.After"},
       {"org.junit.jupiter.api.BeforeAll", "org.junit.BeforeClass"},
       {"org.junit.jupiter.api.AfterAll", "org.junit.AfterClass"},
       {"org.junit.jupiter.api.Disabled", "org.junit.Ignore"},
       {"org.junit.jupiter.api.Assertions", "org.junit.Assert"},
       {"org.junit.jupiter.api.Assumptions", "org.junit.Assume"},
       {"org.junit.jupiter.api.extension.ExtendWith", "org.junit.runner.RunWith"},
       {"org.mockito.junit.jupiter.MockitoExtension", "org.mockito.junit.MockitoJUnitRunner"}}};
  return names;
}

// The assertion classes, by the name code calls them with.
const std::map<std::string, std::string>& classes(JUnitVersion target) {
  static const std::map<std::string, std::string> five = {
      {"Assert", "Assertions"},
      {"org.junit.Assert", "org.junit.jupiter.api.Assertions"},
      {"Assume", "Assumptions"},
      {"org.junit.Assume", "org.junit.jupiter.api.Assumptions"}};
  static const std::map<std::string, std::string> four = {
      {"Assertions", "Assert"},
      {"org.junit.jupiter.api.Assertions", "org.junit.Assert"},
      {"Assumptions", "Assume"},
      {"org.junit.jupiter.api.Assumptions", "org.junit.Assume"}};
  return target == JUnitVersion::k5 ? five : four;
}

struct Edit {
  size_t begin;
  size_t end;
  std::string text;
};

// `text` with the edits (byte ranges of it) made; an edit overlapping a later one is left out.
std::string apply(std::string text, std::vector<Edit> edits) {
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    return a.begin > b.begin || (a.begin == b.begin && a.end > b.end);
  });
  size_t limit = text.size();
  for (const Edit& e : edits) {
    if (e.end > limit) continue;
    text.replace(e.begin, e.end - e.begin, e.text);
    limit = e.begin;
  }
  return text;
}

std::string simple_name(std::string_view name) {
  size_t dot = name.rfind('.');
  return std::string(dot == std::string_view::npos ? name : name.substr(dot + 1));
}

// Whether an argument reads as a message: a string (or text block, or a concatenation or
// String.format starting with one), or for JUnit 5 a supplier lambda without parameters.
bool message_like(std::string_view arg, bool supplier_too) {
  std::string_view a = arg.substr(std::min(arg.size(), arg.find_first_not_of(" \t\n")));
  if (a.starts_with("\"") || a.starts_with("String.format(")) return true;
  return supplier_too && a.starts_with("()") && a.find("->") != std::string_view::npos;
}

// The arity an assertion has without its message: 1 for assertTrue, 2 for assertEquals, ...
int base_arity(const std::string& name) {
  static const std::map<std::string, int> arity = {
      {"assertTrue", 1},        {"assertFalse", 1}, {"assertNull", 1},    {"assertNotNull", 1},
      {"assumeTrue", 1},        {"assumeFalse", 1}, {"assertEquals", 2},  {"assertNotEquals", 2},
      {"assertArrayEquals", 2}, {"assertSame", 2},  {"assertNotSame", 2}, {"assertThrows", 2}};
  auto a = arity.find(name);
  return a == arity.end() ? -1 : a->second;
}

// JUnit 5 takes the message last, JUnit 4 first; a delta (assertEquals of doubles) is not one.
bool has_message(const std::string& name, const std::vector<std::string>& args, JUnitVersion from) {
  int base = base_arity(name);
  int n = static_cast<int>(args.size());
  if (base < 0 || n <= base || (name == "assertThrows" && from == JUnitVersion::k4)) return false;
  bool delta_kind =
      name == "assertEquals" || name == "assertNotEquals" || name == "assertArrayEquals";
  if (delta_kind && n == base + 2) return true;  // message and delta
  if (n != base + 1) return false;
  if (!delta_kind && name != "assertSame" && name != "assertNotSame") return true;
  const std::string& candidate = from == JUnitVersion::k4 ? args.front() : args.back();
  return message_like(candidate, from == JUnitVersion::k5);
}

// JUnit 5's message supplier `() -> expr` as the expression JUnit 4 takes.
std::string as_plain_message(const std::string& arg) {
  size_t arrow = arg.find("->");
  if (!arg.starts_with("()") || arrow == std::string::npos) return arg;
  std::string body = arg.substr(arrow + 2);
  body.erase(0, body.find_first_not_of(" \t\n"));
  return body.starts_with("{") ? arg : body;
}

class Converter {
 public:
  // `qualified_only`: only names written whole (`@org.junit.Test`, `org.junit.Assert.x(...)`),
  // which say their generation whatever the rest of the code is.
  Converter(const Parsed& p, JUnitVersion target, bool qualified_only)
      : p_(p), target_(target), qualified_only_(qualified_only) {}

  std::vector<Edit> edits() {
    std::vector<TSNode> work = {p_.tree.root()};
    while (!work.empty()) {
      TSNode n = work.back();
      work.pop_back();
      std::string_view t = node_type(n);
      if (t == "marker_annotation" || t == "annotation") annotation(n);
      if (t == "method_invocation") invocation(n);
      if (t == "method_declaration" && target_ == JUnitVersion::k4 && !qualified_only_)
        make_public(n);
      for (uint32_t i = ts_node_named_child_count(n); i-- > 0;)
        work.push_back(ts_node_named_child(n, i));
    }
    return std::move(edits_);
  }

 private:
  void annotation(TSNode a) {
    TSNode name = field(a, "name");
    std::string full(p_.text(name));
    std::string simple = simple_name(full);
    const Names& names = target_ == JUnitVersion::k5 ? to_five() : to_four();
    if (target_ == JUnitVersion::k4 && simple == "DisplayName") {
      remove_line_of(a);
      return;
    }
    if (qualified_only_ && full == simple) return;
    auto mapped = names.annotations.find(simple);
    if (mapped == names.annotations.end()) return;
    std::string to = mapped->second;
    if (full != simple) {  // qualified: the whole name of the other generation's annotation
      auto whole = names.imports.find(full);
      if (whole == names.imports.end()) return;
      to = whole->second;
    }
    if (to == full) return;
    edits_.push_back({ts_node_start_byte(name), ts_node_end_byte(name), to});
  }

  void remove_line_of(TSNode a) {
    const std::string& text = p_.source.text();
    size_t begin = ts_node_start_byte(a);
    size_t end = ts_node_end_byte(a);
    size_t line = text.rfind('\n', begin == 0 ? 0 : begin - 1);
    line = line == std::string::npos ? 0 : line + 1;
    size_t after = text.find_first_not_of(" \t", end);
    if (text.find_first_not_of(" \t", line) == begin && after < text.size() &&
        text[after] == '\n') {
      edits_.push_back({line, after + 1, ""});
    } else {
      edits_.push_back({begin, after == std::string::npos ? end : after, ""});
    }
  }

  void invocation(TSNode call) {
    TSNode object = field(call, "object");
    std::string name(p_.text(field(call, "name")));
    const auto& cls = classes(target_);
    if (qualified_only_ &&
        (ts_node_is_null(object) || p_.text(object).find('.') == std::string_view::npos))
      return;
    if (!ts_node_is_null(object)) {
      auto c = cls.find(std::string(p_.text(object)));
      if (c == cls.end()) return;  // someone else's method
      std::string to = c->second;
      if (name == "assertThat" && target_ == JUnitVersion::k5) to = "MatcherAssert";
      edits_.push_back({ts_node_start_byte(object), ts_node_end_byte(object), to});
    }
    TSNode list = field(call, "arguments");
    std::vector<TSNode> args = named_children(list);
    args.erase(std::remove_if(args.begin(), args.end(),
                              [](TSNode n) {
                                return node_type(n) == "line_comment" ||
                                       node_type(n) == "block_comment";
                              }),
               args.end());
    std::vector<std::string> texts;
    for (TSNode a : args) texts.emplace_back(p_.text(a));
    JUnitVersion from = target_ == JUnitVersion::k5 ? JUnitVersion::k4 : JUnitVersion::k5;
    if (!has_message(name, texts, from)) return;
    if (from == JUnitVersion::k4) {
      std::rotate(texts.begin(), texts.begin() + 1, texts.end());
    } else {
      texts.back() = as_plain_message(texts.back());
      std::rotate(texts.rbegin(), texts.rbegin() + 1, texts.rend());
    }
    std::string joined;
    for (const std::string& s : texts) joined += (joined.empty() ? "" : ", ") + s;
    edits_.push_back({ts_node_start_byte(list), ts_node_end_byte(list), "(" + joined + ")"});
  }

  // JUnit 4 runs only public test and lifecycle methods.
  void make_public(TSNode method) {
    bool junit = detail::has_annotation(
        p_, method,
        {"Test", "BeforeEach", "AfterEach", "BeforeAll", "AfterAll", "Before", "After"});
    if (!junit) return;
    for (TSNode c : named_children(method)) {
      if (node_type(c) != "modifiers") continue;
      for (uint32_t i = 0; i < ts_node_child_count(c); ++i) {
        TSNode k = ts_node_child(c, i);
        std::string_view word = p_.text(k);
        if (word == "public") return;
        if (word == "private" || word == "protected") {
          edits_.push_back({ts_node_start_byte(k), ts_node_end_byte(k), "public"});
          return;
        }
      }
    }
    TSNode type = field(method, "type_parameters");
    if (ts_node_is_null(type)) type = field(method, "type");
    if (!ts_node_is_null(type))
      edits_.push_back({ts_node_start_byte(type), ts_node_start_byte(type), "public "});
  }

  const Parsed& p_;
  JUnitVersion target_;
  bool qualified_only_;
  std::vector<Edit> edits_;
};

// A method body `{ ... }` as `{ <call>() -> { ... }); }`, its statements one level deeper.
std::string wrap_body(const std::string& body, const std::string& call) {
  std::string inner = body.substr(1, body.size() - 2);
  size_t last_nl = inner.rfind('\n');
  if (last_nl == std::string::npos) return "{ " + call + "() -> {" + inner + "}); }";
  std::string close_indent = inner.substr(last_nl + 1);  // before the closing brace
  size_t first = inner.find_first_not_of(" \t\n");
  size_t line = first == std::string::npos ? 0 : inner.rfind('\n', first) + 1;
  std::string indent =
      first == std::string::npos ? close_indent + "    " : inner.substr(line, first - line);
  std::string unit(indent.size() > close_indent.size() ? indent.size() - close_indent.size() : 4,
                   ' ');
  std::string out = "{\n" + indent + call + "() -> {\n";
  size_t at = inner.find('\n') + 1;
  while (at <= last_nl) {
    size_t nl = inner.find('\n', at);
    std::string l = inner.substr(at, nl - at);
    out += (l.find_first_not_of(" \t") == std::string::npos ? "" : unit + l) + "\n";
    at = nl + 1;
  }
  return out + indent + "});\n" + close_indent + "}";
}

// JUnit 4's @Test(expected = X.class, timeout = N) as a plain @Test whose body asserts them;
// `qualified_only`: only `@org.junit.Test(...)`, asserted by Assertions' whole name.
std::vector<Edit> expected_and_timeout(const Parsed& p, bool& uses_duration, bool qualified_only) {
  std::vector<Edit> edits;
  std::vector<TSNode> work = {p.tree.root()};
  while (!work.empty()) {
    TSNode n = work.back();
    work.pop_back();
    for (uint32_t i = ts_node_named_child_count(n); i-- > 0;)
      work.push_back(ts_node_named_child(n, i));
    if (node_type(n) != "annotation" || simple_name(p.text(field(n, "name"))) != "Test") continue;
    if (qualified_only && p.text(field(n, "name")) != "org.junit.Test") continue;
    std::string assertions = qualified_only ? "org.junit.jupiter.api.Assertions." : "";
    std::string expected;
    std::string timeout;
    for (TSNode pair : named_children(field(n, "arguments"))) {
      if (node_type(pair) != "element_value_pair") continue;
      std::string_view key = p.text(field(pair, "key"));
      if (key == "expected") expected = p.text(field(pair, "value"));
      if (key == "timeout") timeout = p.text(field(pair, "value"));
    }
    TSNode method = ts_node_parent(ts_node_parent(n));
    TSNode body = field(method, "body");
    if ((expected.empty() && timeout.empty()) || ts_node_is_null(body)) continue;
    std::string wrapped(p.text(body));
    if (!expected.empty())
      wrapped = wrap_body(wrapped, assertions + "assertThrows(" + expected + ", ");
    if (!timeout.empty()) {
      uses_duration = !qualified_only;
      wrapped = wrap_body(wrapped, assertions + "assertTimeoutPreemptively(" +
                                       (qualified_only ? "java.time." : "") + "Duration.ofMillis(" +
                                       timeout + "), ");
    }
    edits.push_back(
        {ts_node_start_byte(n), ts_node_end_byte(n), "@" + std::string(p.text(field(n, "name")))});
    edits.push_back({ts_node_start_byte(body), ts_node_end_byte(body), wrapped});
  }
  return edits;
}

// `code` (a member) converted for `target` (`qualified_only`: as Converter takes it).
std::string convert_code(const std::string& code, JUnitVersion target, bool& uses_duration,
                         bool qualified_only = false) {
  std::string text = std::string(kWrapStart) + code + "\n}\n";
  if (target == JUnitVersion::k5) {
    auto first = Parsed::of(text);
    if (!first) return code;
    text = apply(text, expected_and_timeout(*first, uses_duration, qualified_only));
  }
  auto p = Parsed::of(text);
  if (!p) return code;
  text = apply(text, Converter(*p, target, qualified_only).edits());
  return text.substr(kWrapStart.size(), text.size() - kWrapStart.size() - 3);
}

std::string convert_import(const std::string& import, JUnitVersion target) {
  const Names& names = target == JUnitVersion::k5 ? to_five() : to_four();
  bool is_static = import.rfind("import static ", 0) == 0;
  std::string path = import.substr(is_static ? 14 : 7);
  if (!path.empty() && path.back() == ';') path.pop_back();
  std::string owner = path;
  std::string member;
  if (is_static) {
    owner = path.substr(0, path.rfind('.'));
    member = path.substr(path.rfind('.'));
  }
  if (auto whole = names.imports.find(path); whole != names.imports.end()) {
    return std::string(is_static ? "import static " : "import ") + whole->second + ";";
  }
  if (auto o = names.imports.find(owner); is_static && o != names.imports.end()) {
    return "import static " + o->second + member + ";";
  }
  return import;
}

bool mentions_any(const std::vector<std::string>& codes, std::string_view word) {
  return std::any_of(codes.begin(), codes.end(),
                     [word](const std::string& c) { return detail::mentions(c, word); });
}

}  // namespace

std::optional<JUnitVersion> junit_version_of(const std::vector<std::string>& imports) {
  bool five = false;
  bool four = false;
  for (const std::string& i : imports) {
    if (i.find(" org.junit.jupiter.") != std::string::npos) {
      five = true;
    } else if (i.find(" org.junit.") != std::string::npos) {
      four = true;
    }
  }
  if (five == four) return std::nullopt;
  return five ? JUnitVersion::k5 : JUnitVersion::k4;
}

std::optional<JUnitVersion> answer_version(const ExtractedTests& answer) {
  if (auto v = junit_version_of(answer.imports)) return v;
  std::vector<std::string> codes = answer.class_annotations;
  for (const auto& t : answer.tests) codes.push_back(t.code);
  for (const auto& m : answer.members) codes.push_back(m.code);
  bool four = false;
  bool five = false;
  for (const char* w :
       {"Before", "After", "BeforeClass", "AfterClass", "Ignore", "RunWith", "Rule", "Assert"}) {
    four = four || mentions_any(codes, w);
  }
  for (const std::string& c : codes) four = four || c.find("@Test(") != std::string::npos;
  for (const char* w :
       {"BeforeEach", "AfterEach", "BeforeAll", "AfterAll", "Disabled", "DisplayName",
        "ParameterizedTest", "Nested", "TestFactory", "RepeatedTest", "ExtendWith", "Assertions"}) {
    five = five || mentions_any(codes, w);
  }
  if (four == five) return std::nullopt;
  return five ? JUnitVersion::k5 : JUnitVersion::k4;
}

std::vector<std::string> convert_answer(ExtractedTests& answer, JUnitVersion target) {
  auto from = answer_version(answer);
  bool uses_duration = false;
  if (!from || *from == target) {
    // The other generation's names written whole are converted in any answer.
    bool changed = false;
    auto qualified = [&](std::string& code) {
      std::string converted = convert_code(code, target, uses_duration, true);
      changed = changed || converted != code;
      code = std::move(converted);
    };
    for (TestMethod& t : answer.tests) qualified(t.code);
    for (auto& [key, code] : answer.members) qualified(code);
    if (!changed) return {};
    return {target == JUnitVersion::k5 ? "JUnit 4 names written in full, converted to JUnit 5"
                                       : "JUnit 5 names written in full, converted to JUnit 4"};
  }
  for (TestMethod& t : answer.tests) t.code = convert_code(t.code, target, uses_duration);
  for (auto& [key, code] : answer.members) code = convert_code(code, target, uses_duration);
  // Mockito's runner and extension are the one runner with a counterpart.
  for (std::string& a : answer.class_annotations) {
    if (target == JUnitVersion::k5 && a == "@RunWith(MockitoJUnitRunner.class)") {
      a = "@ExtendWith(MockitoExtension.class)";
    } else if (target == JUnitVersion::k4 && a == "@ExtendWith(MockitoExtension.class)") {
      a = "@RunWith(MockitoJUnitRunner.class)";
    }
  }
  std::vector<std::string> imports;
  for (const std::string& i : answer.imports) {
    imports.push_back(convert_import(i, target));
    // JUnit 4's Assert.* held Hamcrest's assertThat; Jupiter's Assertions has none.
    if (target == JUnitVersion::k5 && i == "import static org.junit.Assert.*;") {
      imports.push_back("import static org.hamcrest.MatcherAssert.assertThat;");
    }
  }
  if (uses_duration) imports.push_back("import java.time.Duration;");
  answer.imports = std::move(imports);
  return {target == JUnitVersion::k5 ? "a JUnit 4 answer, converted to JUnit 5"
                                     : "a JUnit 5 answer, converted to JUnit 4"};
}

Result<ExtractedTests> extract_tests_for(const std::string& answer, const TestFile& file) {
  auto extracted = extract_tests(answer);
  if (!extracted) return extracted;
  if (auto target = junit_version_of(file.imports())) {
    for (std::string& note : convert_answer(*extracted, *target))
      extracted->notes.push_back(std::move(note));
  }
  return extracted;
}

}  // namespace panta::junit
