#include "junit/test_answer.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <regex>

#include "junit/java_members.h"

namespace panta::junit {
namespace {

using detail::first_class;
using detail::is_test_method;
using detail::lacks_closing_brace;
using detail::member_key;
using detail::Parsed;
using java::field;
using java::named_children;
using java::node_type;

constexpr const char* kWrapper = "PantaLooseMethods";

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

// The class of an answer's code block: the one it declares, else one around loose methods.
std::optional<std::pair<Parsed, TSNode>> answer_class(const std::string& code) {
  auto parsed = Parsed::of(code);
  if (!parsed) return std::nullopt;
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
  if (ts_node_is_null(cls)) return std::nullopt;
  // A class that lost its parse around it comes back nested in the wrapper: use it.
  if (parsed->text(field(cls, "name")) == kWrapper) {
    for (TSNode m : named_children(field(cls, "body"))) {
      if (node_type(m) == "class_declaration") {
        cls = m;
        break;
      }
    }
  }
  return std::make_pair(std::move(*parsed), cls);
}

// The imports of the block and the annotations of its class its tests may need.
void take_imports_and_annotations(const Parsed& parsed, TSNode cls, ExtractedTests& out) {
  for (TSNode c : named_children(parsed.tree.root())) {
    if (node_type(c) == "import_declaration")
      out.imports.push_back(java::collapse_whitespace(parsed.text(c)));
  }
  for (TSNode c : named_children(cls)) {
    if (node_type(c) != "modifiers") continue;
    for (TSNode a : named_children(c)) {
      std::string_view t = node_type(a);
      if (t != "marker_annotation" && t != "annotation") continue;
      std::string_view name = parsed.text(field(a, "name"));
      name.remove_prefix(name.rfind('.') == std::string_view::npos ? 0 : name.rfind('.') + 1);
      // A name for the model's class, or a switch that would turn every test of ours off.
      if (name == "DisplayName" || name == "Disabled" || name == "Ignore") continue;
      out.class_annotations.push_back(java::collapse_whitespace(parsed.text(a)));
    }
  }
}

void extract_from(const std::string& code, bool cut_off, ExtractedTests& out) {
  auto found = answer_class(code);
  if (!found) return;
  const Parsed& parsed = found->first;
  TSNode cls = found->second;
  take_imports_and_annotations(parsed, cls, out);
  std::vector<TSNode> members = named_children(field(cls, "body"));
  // A member's text with the comments right above it: they often say why a test is as it is.
  auto commented = [&](size_t i) {
    size_t begin = detail::start_with_comments(parsed, members, i);
    return parsed.source.text().substr(begin, ts_node_end_byte(members[i]) - begin);
  };
  for (size_t i = 0; i < members.size(); ++i) {
    TSNode m = members[i];
    std::string_view t = node_type(m);
    if (t == "line_comment" || t == "block_comment") continue;
    // A whole test with a syntax error goes to javac (and so to repair); a cut-off one (the
    // last of an answer that ends inside its code) is dropped.
    bool last_of_cut = cut_off && i + 1 == members.size();
    bool whole = !last_of_cut && !parsed.text(m).empty() && parsed.text(m).back() == '}' &&
                 !lacks_closing_brace(m);
    if (ts_node_has_error(m) && !(whole && is_test_method(parsed, m))) {
      std::string name(parsed.text(field(m, "name")));
      out.notes.push_back(fmt::format("dropped {} that does not parse (cut off?)",
                                      name.empty() ? "a declaration" : "method " + name));
      continue;
    }
    if (is_test_method(parsed, m)) {
      out.tests.push_back({std::string(parsed.text(field(m, "name"))), commented(i)});
      continue;
    }
    if (auto key = member_key(parsed, m)) out.members.push_back({*key, commented(i)});
  }
}

}  // namespace

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

std::string test_body_key(const std::string& code) {
  auto parsed = Parsed::of("class PantaKey {\n" + code + "\n}\n");
  if (parsed) {
    for (TSNode m : named_children(field(first_class(parsed->tree.root()), "body"))) {
      if (is_test_method(*parsed, m)) return detail::normalised_test(*parsed, m);
    }
  }
  size_t brace = code.find('{');  // not a test we can parse: its text from the body on
  return brace == std::string::npos ? std::string()
                                    : java::collapse_whitespace(code.substr(brace), code.size());
}

bool mentions_name(std::string_view code, std::string_view name) {
  return detail::mentions(code, name);
}

bool names_any(const std::string& code, std::vector<std::string> names, const Members& members) {
  auto mentioned_in = [&names](const std::string& text) {
    return std::any_of(names.begin(), names.end(),
                       [&text](const std::string& n) { return detail::mentions(text, n); });
  };
  std::vector<bool> carries(members.size(), false);
  for (bool grew = true; grew;) {  // members naming the names carry them, transitively
    grew = false;
    for (size_t m = 0; m < members.size(); ++m) {
      if (carries[m] || !mentioned_in(members[m].code)) continue;
      carries[m] = grew = true;
      for (std::string& n : members[m].key.declared()) names.push_back(std::move(n));
    }
  }
  return mentioned_in(code);
}

}  // namespace panta::junit
