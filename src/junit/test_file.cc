#include "junit/test_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>

#include "junit/import_placement.h"
#include "junit/java_members.h"

namespace panta::junit {

using detail::first_class;
using detail::is_test_method;
using detail::member_key;
using detail::members_needed;
using detail::Parsed;
using detail::reindent;
using java::field;
using java::named_children;
using java::node_type;

std::string test_class_skeleton(const std::string& package_name, const std::string& class_name,
                                JUnitVersion version, bool static_imports_last) {
  std::string out;
  if (!package_name.empty()) out += "package " + package_name + ";\n\n";
  bool five = version == JUnitVersion::k5;
  std::string assertions = five ? "import static org.junit.jupiter.api.Assertions.*;\n\n"
                                : "import static org.junit.Assert.*;\n\n";
  std::string test = five ? "import org.junit.jupiter.api.Test;\n\n" : "import org.junit.Test;\n\n";
  out += static_imports_last ? test + assertions : assertions + test;
  out += (five ? "class " : "public class ") + class_name + " {\n}\n";
  return out;
}

Result<TestFile> TestFile::parse(std::string text) {
  TestFile file(std::move(text));
  auto p = file.parsed();
  if (!p || ts_node_is_null(first_class(p->tree.root()))) {
    return Error{"the test file has no class declaration"};
  }
  return file;
}

std::shared_ptr<const Parsed> TestFile::parsed() const {
  if (parsed_ && parsed_->source.text() == text_) return parsed_;
  auto p = Parsed::of(text_);
  parsed_ = p ? std::make_shared<const Parsed>(std::move(*p)) : nullptr;
  return parsed_;
}

std::vector<std::string> TestFile::imports() const {
  auto p = parsed();
  std::vector<std::string> out;
  for (TSNode c : named_children(p->tree.root())) {
    if (node_type(c) == "import_declaration") out.push_back(java::collapse_whitespace(p->text(c)));
  }
  return out;
}

uint32_t TestFile::class_body_line() const {
  auto p = parsed();
  return ts_node_start_point(field(first_class(p->tree.root()), "body")).row + 1;
}

std::vector<std::string> TestFile::test_names() const {
  std::vector<std::string> names;
  auto p = parsed();
  TSNode cls = first_class(p->tree.root());
  for (TSNode m : named_children(field(cls, "body"))) {
    if (is_test_method(*p, m)) names.emplace_back(p->text(field(m, "name")));
  }
  return names;
}

std::string TestFile::test_code(const std::string& name) const {
  auto p = parsed();
  TSNode cls = first_class(p->tree.root());
  std::vector<TSNode> members = named_children(field(cls, "body"));
  for (size_t i = 0; i < members.size(); ++i) {
    TSNode m = members[i];
    if (!is_test_method(*p, m) || p->text(field(m, "name")) != name) continue;
    size_t begin = detail::start_with_comments(*p, members, i);
    return text_.substr(begin, ts_node_end_byte(m) - begin);
  }
  return "";
}

std::pair<uint32_t, uint32_t> TestFile::test_lines(const std::string& name) const {
  auto p = parsed();
  TSNode cls = first_class(p->tree.root());
  for (TSNode m : named_children(field(cls, "body"))) {
    if (is_test_method(*p, m) && p->text(field(m, "name")) == name) {
      return {ts_node_start_point(m).row + 1, ts_node_end_point(m).row + 1};
    }
  }
  return {0, 0};
}

void TestFile::add_import(const std::string& import) {
  auto p = parsed();
  std::optional<uint32_t> package_end;
  std::vector<ImportDecl> existing;
  for (TSNode c : named_children(p->tree.root())) {
    std::string_view t = node_type(c);
    if (t == "package_declaration") package_end = ts_node_end_byte(c);
    if (t != "import_declaration") continue;
    ImportDecl d{"",
                 false,
                 ts_node_start_byte(c),
                 ts_node_end_byte(c),
                 ts_node_start_point(c).row,
                 ts_node_end_point(c).row};
    for (uint32_t i = 0; i < ts_node_child_count(c); ++i) {
      TSNode part = ts_node_child(c, i);
      std::string_view type = node_type(part);
      if (type == "static") d.is_static = true;
      if (type == "identifier" || type == "scoped_identifier") d.path = p->text(part);
      if (type == "asterisk") d.path += ".*";
    }
    existing.push_back(std::move(d));
  }
  if (auto at = place_import(import, existing, package_end, style_.static_imports_last))
    text_.insert(at->at, at->text);
}

std::pair<size_t, std::string> TestFile::member_slot() const {
  auto p = parsed();
  TSNode body = field(first_class(p->tree.root()), "body");
  size_t close = ts_node_end_byte(body) - 1;  // the class's closing brace
  // On the closing brace's own line, insert before that line, after one blank line.
  size_t line_start = text_.rfind('\n', close == 0 ? 0 : close - 1);
  size_t at = line_start == std::string::npos ? close : line_start + 1;
  if (text_.find_first_not_of(" \t", at) != close) at = close;
  // The indentation the class's members already have (style_.member_indent in an empty class).
  std::string indent = members_indent();
  return {at, indent.empty() ? style_.member_indent : indent};
}

std::string TestFile::members_indent() const {
  auto p = parsed();
  auto members = named_children(field(first_class(p->tree.root()), "body"));
  if (members.empty()) return "";
  size_t start = ts_node_start_byte(members.front());
  size_t bol = text_.rfind('\n', start == 0 ? 0 : start - 1);
  bol = bol == std::string::npos ? 0 : bol + 1;
  std::string lead = text_.substr(bol, start - bol);
  return !lead.empty() && lead.find_first_not_of(" \t") == std::string::npos ? lead : "";
}

namespace {

// `code` of a test method with its name `from` replaced by `to`.
std::string renamed(std::string code, const std::string& from, const std::string& to) {
  auto wrapped = Parsed::of("class X {\n" + code + "\n}");
  TSNode id{};
  for (TSNode m : named_children(field(first_class(wrapped->tree.root()), "body"))) {
    std::string_view t = node_type(m);
    if (t == "line_comment" || t == "block_comment") continue;
    if (t == "method_declaration" || t == "class_declaration" || t == "constructor_declaration")
      id = field(m, "name");
    break;
  }
  uint32_t offset = static_cast<uint32_t>(std::string("class X {\n").size());
  if (!ts_node_is_null(id) && ts_node_start_byte(id) >= offset) {
    code.replace(ts_node_start_byte(id) - offset, ts_node_end_byte(id) - ts_node_start_byte(id),
                 to);
  } else if (size_t at = code.find(from + "("); !from.empty() && at != std::string::npos) {
    code.replace(at, from.size(), to);  // a test javac will reject anyway
  }
  return code;
}

// "import static a.b.C.m;" -> {"a.b.C", "m"}; "import a.b.C;" -> {"a.b", "C"}.
std::pair<std::string, std::string> import_parts(const std::string& import) {
  std::string path = import.substr(import.rfind(' ') + 1);
  if (!path.empty() && path.back() == ';') path.pop_back();
  size_t dot = path.rfind('.');
  if (dot == std::string::npos) return {"", path};
  return {path.substr(0, dot), path.substr(dot + 1)};
}

bool is_static_import(const std::string& import) {
  return import.rfind("import static ", 0) == 0;
}

// Whether an answer's import belongs in a file that has `existing`, for the code it brings:
// only what that code uses, nothing a wildcard of the file already gives, nothing that clashes
// with a type the file imports by the same name, and no static wildcard of a class the file
// imports names of one by one (the assertions it calls are imported by name instead).
bool import_wanted(const std::string& import, const std::string& code,
                   const std::set<std::string>& existing) {
  auto [owner, name] = import_parts(import);
  bool is_static = is_static_import(import);
  for (const std::string& e : existing) {
    if (is_static_import(e) != is_static) continue;
    auto [e_owner, e_name] = import_parts(e);
    if (e_name == "*" && e_owner == owner) return false;
    if (name == "*" && is_static && e_owner == owner) return false;
    if (!is_static && name != "*" && e_name == name) return false;  // a clash
  }
  return name == "*" || detail::mentions(code, name);
}

}  // namespace

bool TestFile::add_class_annotation(const std::string& annotation) {
  auto p = parsed();
  TSNode cls = first_class(p->tree.root());
  std::string_view simple = annotation;
  simple = simple.substr(0, simple.find('('));
  simple.remove_prefix(simple.rfind('.') == std::string_view::npos ? 1 : simple.rfind('.') + 1);
  for (TSNode c : named_children(cls)) {
    if (node_type(c) != "modifiers") continue;
    for (TSNode a : named_children(c)) {
      std::string_view t = node_type(a);
      if (t != "marker_annotation" && t != "annotation") continue;
      if (java::collapse_whitespace(p->text(a)) == annotation) return false;
      std::string_view name = p->text(field(a, "name"));
      name.remove_prefix(name.rfind('.') == std::string_view::npos ? 0 : name.rfind('.') + 1);
      // Only extensions add up; another runner or setting of the same kind stays the file's.
      if (name == simple && simple != "ExtendWith") return false;
    }
  }
  text_.insert(ts_node_start_byte(cls), annotation + "\n");
  return true;
}

std::vector<TestMethod> TestFile::add_tests(const std::vector<Addition>& tests,
                                            const std::vector<std::string>& also_taken) {
  auto p = parsed();
  TSNode cls = first_class(p->tree.root());
  std::vector<MemberKey> keys;
  for (TSNode m : named_children(field(cls, "body"))) {
    if (auto key = member_key(*p, m)) keys.push_back(std::move(*key));
  }
  std::set<std::string> imports;
  for (TSNode c : named_children(p->tree.root())) {
    if (node_type(c) == "import_declaration") imports.insert(java::collapse_whitespace(p->text(c)));
  }
  auto [at, indent] = member_slot();
  const std::string class_name(p->text(field(cls, "name")));
  bool has_ctor = std::any_of(keys.begin(), keys.end(), [](const MemberKey& k) {
    return k.kind == MemberKind::kConstructor;
  });
  auto taken = [&keys, &also_taken](const std::string& n) {
    return std::find(also_taken.begin(), also_taken.end(), n) != also_taken.end() ||
           std::any_of(keys.begin(), keys.end(), [&n](const MemberKey& k) {
             return (k.kind == MemberKind::kMethod || k.kind == MemberKind::kType) &&
                    k.declared().front() == n;
           });
  };
  std::vector<const ExtractedTests*> answers;
  std::string members;
  std::string all_code;
  std::vector<TestMethod> added;
  for (const Addition& a : tests) {
    if (std::find(answers.begin(), answers.end(), a.from) == answers.end())
      answers.push_back(a.from);
    std::vector<bool> needed = members_needed(a.test.code, a.from->members);
    for (size_t m = 0; m < a.from->members.size(); ++m) {
      const auto& [key, member] = a.from->members[m];
      if (!needed[m]) continue;  // added with a test that uses it, if one is kept
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
      std::string code = member;
      if (key.kind == MemberKind::kConstructor) {
        if (has_ctor) continue;  // the file's own constructor stays the only one
        has_ctor = true;
        code = renamed(code, "", class_name);
      }
      keys.push_back(key);
      members += "\n" + reindent(code, indent);
      all_code += code + "\n";
    }
    std::string name = a.test.name;
    for (int n = 2; taken(name); ++n) name = a.test.name + std::to_string(n);
    std::string code = name == a.test.name ? a.test.code : renamed(a.test.code, a.test.name, name);
    keys.push_back({MemberKind::kMethod, name + "("});  // a @Nested class's name is taken too
    members += "\n" + reindent(code, indent);
    all_code += code + "\n";
    added.push_back({name, std::move(code)});
  }
  text_.insert(at, members);
  add_class_needs(answers, all_code, imports);
  return added;
}

void TestFile::add_class_needs(const std::vector<const ExtractedTests*>& answers, std::string code,
                               std::set<std::string> imports) {
  for (const ExtractedTests* from : answers) {
    for (const std::string& a : from->class_annotations) {
      if (add_class_annotation(a)) code += a + "\n";
    }
  }
  for (const ExtractedTests* from : answers) {
    for (const std::string& i : from->imports) {
      if (imports.count(i) == 0 && import_wanted(i, code, imports)) {
        imports.insert(i);
        add_import(i);
      }
    }
  }
  add_assertion_imports(code);
}

std::string TestFile::add_test(const TestMethod& test, const ExtractedTests& from,
                               const std::vector<std::string>& also_taken) {
  return add_tests({{test, &from}}, also_taken).front().name;
}

std::vector<uint32_t> TestFile::view_lines(const std::vector<std::string>& tests,
                                           ViewShown* seen) const {
  auto p = parsed();
  TSNode cls = first_class(p->tree.root());
  TSNode body = field(cls, "body");
  std::vector<TSNode> members = named_children(body);
  Members others;  // the non-test members
  std::vector<size_t> other_index;
  std::string code;  // the tests' code
  std::set<size_t> shown;
  for (size_t i = 0; i < members.size(); ++i) {
    TSNode m = members[i];
    bool test = is_test_method(*p, m);
    std::string name = test ? std::string(p->text(field(m, "name"))) : "";
    if (test && std::find(tests.begin(), tests.end(), name) != tests.end()) {
      code += std::string(p->text(m)) + "\n";
      shown.insert(i);
    } else if (!test && node_type(m) != "line_comment" && node_type(m) != "block_comment") {
      auto key = member_key(*p, m);
      others.push_back({key.value_or(MemberKey{MemberKind::kInitializer, std::string(p->text(m))}),
                        std::string(p->text(m))});
      other_index.push_back(i);
    }
  }
  std::vector<bool> needed = members_needed(code, others);
  for (size_t k = 0; k < needed.size(); ++k) {
    if (!needed[k]) continue;
    if (seen != nullptr && !seen->members.insert(others[k].key).second) continue;
    shown.insert(other_index[k]);
  }
  std::set<uint32_t> lines;
  uint32_t body_first = ts_node_start_point(body).row + 1;
  if (seen == nullptr || !seen->head) {
    for (uint32_t l = 1; l <= body_first; ++l) lines.insert(l);  // package, imports, declaration
  }
  if (seen != nullptr) seen->head = true;
  for (size_t i : shown) {
    // A member's comments and annotations before it come along.
    uint32_t first = ts_node_start_point(members[i]).row + 1;
    for (size_t j = i; j > 0 && (node_type(members[j - 1]) == "line_comment" ||
                                 node_type(members[j - 1]) == "block_comment");
         --j) {
      first = ts_node_start_point(members[j - 1]).row + 1;
    }
    for (uint32_t l = first; l <= ts_node_end_point(members[i]).row + 1; ++l) lines.insert(l);
  }
  lines.insert(ts_node_end_point(body).row + 1);
  return {lines.begin(), lines.end()};
}

Members TestFile::members() const {
  auto p = parsed();
  Members out;
  for (TSNode m : named_children(field(first_class(p->tree.root()), "body"))) {
    if (is_test_method(*p, m)) continue;
    if (auto key = member_key(*p, m)) out.push_back({std::move(*key), std::string(p->text(m))});
  }
  return out;
}

std::map<std::string, std::string> TestFile::test_bodies() const {
  std::map<std::string, std::string> out;
  auto p = parsed();
  for (TSNode m : named_children(field(first_class(p->tree.root()), "body"))) {
    if (is_test_method(*p, m)) {
      out.emplace(detail::normalised_test(*p, m), std::string(p->text(field(m, "name"))));
    }
  }
  return out;
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
  auto p = parsed();
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

std::string TestFile::same_test_as(const TestMethod& test) const {
  std::string body = test_body_key(test.code);
  auto p = parsed();  // once: a large test class has hundreds of tests
  TSNode cls = first_class(p->tree.root());
  for (TSNode m : named_children(field(cls, "body"))) {
    if (is_test_method(*p, m) && detail::normalised_test(*p, m) == body)
      return std::string(p->text(field(m, "name")));
  }
  return "";
}

namespace {

// The member at [begin, end) of `text` widened to its whole lines and one blank line beside it.
std::pair<size_t, size_t> member_extent(const std::string& text, size_t begin, size_t end) {
  size_t line_start = text.rfind('\n', begin == 0 ? 0 : begin - 1);
  line_start = line_start == std::string::npos ? 0 : line_start + 1;
  if (text.find_first_not_of(" \t", line_start) == begin) begin = line_start;
  if (end < text.size() && text[end] == '\n') ++end;
  // Drop one blank line left between the neighbours.
  if (begin >= 1 && end < text.size() && text[begin - 1] == '\n' &&
      text.compare(begin >= 2 ? begin - 2 : 0, 2, "\n\n") == 0) {
    --begin;
  }
  return {begin, end};
}

uint32_t newlines(std::string_view text) {
  return static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

uint32_t LineMap::original(uint32_t line) const {
  uint32_t shift = 0;
  for (const auto& [from, removed] : shifts_) {
    if (line >= from) shift = removed;
  }
  return line + shift;
}

void LineMap::removed_before(uint32_t at, uint32_t removed) {
  uint32_t total = shifts_.empty() ? 0 : shifts_.back().second;
  shifts_.emplace_back(at, total + removed);
}

TestFile TestFile::with_class_name(const std::string& name) const {
  auto p = parsed();
  TSNode cls = first_class(p->tree.root());
  std::vector<std::pair<uint32_t, uint32_t>> names = {
      {ts_node_start_byte(field(cls, "name")), ts_node_end_byte(field(cls, "name"))}};
  for (TSNode m : named_children(field(cls, "body"))) {
    if (node_type(m) != "constructor_declaration") continue;
    names.push_back({ts_node_start_byte(field(m, "name")), ts_node_end_byte(field(m, "name"))});
  }
  std::sort(names.begin(), names.end());
  std::string out = text_;
  for (auto it = names.rbegin(); it != names.rend(); ++it)
    out.replace(it->first, it->second - it->first, name);
  TestFile renamed_file(std::move(out));
  renamed_file.style_ = style_;
  return renamed_file;
}

bool TestFile::remove_test(const std::string& name) {
  auto p = parsed();
  TSNode cls = first_class(p->tree.root());
  std::vector<TSNode> members = named_children(field(cls, "body"));
  for (size_t i = 0; i < members.size(); ++i) {
    TSNode m = members[i];
    if (!is_test_method(*p, m) || p->text(field(m, "name")) != name) continue;
    auto [begin, end] =
        member_extent(text_, detail::start_with_comments(*p, members, i), ts_node_end_byte(m));
    text_.erase(begin, end - begin);
    return true;
  }
  return false;
}

TestFile TestFile::without_tests(LineMap* lines) const {
  auto p = parsed();
  TSNode cls = first_class(p->tree.root());
  std::string out;
  size_t copied = 0;
  uint32_t out_lines = 0;  // newlines in `out`
  std::vector<TSNode> members = named_children(field(cls, "body"));
  for (size_t i = 0; i < members.size(); ++i) {
    TSNode m = members[i];
    if (!is_test_method(*p, m)) continue;
    auto [begin, end] =
        member_extent(text_, detail::start_with_comments(*p, members, i), ts_node_end_byte(m));
    if (begin < copied) begin = copied;  // two members on one line
    std::string_view kept = std::string_view(text_).substr(copied, begin - copied);
    out.append(kept);
    out_lines += newlines(kept);
    if (lines) lines->removed_before(out_lines + 1, newlines(text_.substr(begin, end - begin)));
    copied = end;
  }
  out.append(text_, copied, std::string::npos);
  TestFile without(std::move(out));
  without.style_ = style_;
  return without;
}

}  // namespace panta::junit
