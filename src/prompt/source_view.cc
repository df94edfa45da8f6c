#include "prompt/source_view.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string_view>
#include <utility>
#include <vector>

#include "java/source_text.h"
#include "java/syntax_tree.h"

namespace panta::prompt {
namespace {

using java::field;
using java::named_children;
using java::node_type;

bool is_comment(std::string_view t) {
  return t == "line_comment" || t == "block_comment";
}

bool is_callable(std::string_view t) {
  return t == "method_declaration" || t == "constructor_declaration" ||
         t == "compact_constructor_declaration" || t == "static_initializer" || t == "block";
}

// A line with nothing but a comment or blanks (inside a shown method: left out).
bool comment_only(std::string_view line) {
  size_t at = line.find_first_not_of(" \t");
  if (at == std::string_view::npos) return true;
  std::string_view t = line.substr(at);
  return t.starts_with("//") || t.starts_with("/*") || t.starts_with("*");
}

class Slicer {
 public:
  Slicer(const java::SourceText& text, const std::map<uint32_t, std::set<uint32_t>>& shown,
         uint32_t field_lines)
      : text_(text), shown_(shown), field_lines_(field_lines) {}

  std::string run(TSNode root) {
    for (TSNode c : named_children(root)) {
      std::string_view t = node_type(c);
      if (t == "package_declaration" || t == "import_declaration") lines(c);
      if (java::is_type_declaration(t)) type(c);
    }
    return out_;
  }

 private:
  void line(uint32_t n) {
    if (n <= last_) return;
    out_ += fmt::format("{}: {}\n", n, text_.line(n));
    last_ = n;
  }
  void lines(TSNode n) {
    for (uint32_t l = java::node_line(n); l <= java::node_end_line(n); ++l) line(l);
  }

  // The declaration up to its body, the members, the closing brace.
  void type(TSNode decl) {
    TSNode body = field(decl, "body");
    if (ts_node_is_null(body)) {
      lines(decl);
      return;
    }
    for (uint32_t l = java::node_line(decl); l <= java::node_line(body); ++l) line(l);
    TSNode doc{};  // the Javadoc just before the member, if any
    for (TSNode m : named_children(body)) {
      // A method shown with its lines keeps its Javadoc: what it promises (a defect is where
      // the code disagrees with it).
      if (!ts_node_is_null(doc) && is_callable(node_type(m)) &&
          shown_.count(java::node_line(m)) > 0)
        lines(doc);
      bool javadoc =
          node_type(m) == "block_comment" && java::node_text(text_, m).starts_with("/**");
      doc = javadoc ? m : TSNode{};
      member(m);
    }
    line(java::node_end_line(body));
  }

  void member(TSNode m) {
    std::string_view t = node_type(m);
    if (is_comment(t)) return;
    if (java::is_type_declaration(t)) return type(m);
    if (t == "enum_body_declarations") {
      for (TSNode c : named_children(m)) member(c);
      return;
    }
    if (t == "field_declaration") return field_lines(m);
    if (!is_callable(t)) return lines(m);
    auto shown = shown_.find(java::node_line(m));
    if (shown == shown_.end()) return signature(m);
    shown_lines(m, shown->second);
  }

  // A field's first lines, "..." for the rest of a longer one (a table of constants).
  void field_lines(TSNode f) {
    uint32_t first = java::node_line(f);
    uint32_t end = java::node_end_line(f);
    for (uint32_t l = first; l <= end && l - first < field_lines_; ++l) line(l);
    if (end - first + 1 > field_lines_) out_ += "      ...\n";
  }

  // A method's lines: those of `only` (all when empty) but comment-only ones, "..." for gaps.
  void shown_lines(TSNode m, const std::set<uint32_t>& only) {
    uint32_t first = java::node_line(m);
    uint32_t end = java::node_end_line(m);
    bool skipped = false;
    for (uint32_t l = first; l <= end; ++l) {
      bool wanted = only.empty() || only.count(l) != 0 || l == first || l == end;
      if (!wanted || (l != first && comment_only(text_.line(l)))) {
        skipped = skipped || !wanted;
        continue;
      }
      if (skipped) out_ += "      ...\n";
      skipped = false;
      line(l);
    }
  }

  void signature(TSNode m) {
    TSNode body = body_of(m);
    uint32_t first = java::node_line(m);
    uint32_t end = java::node_end_line(m);
    if (first <= last_) return;
    std::string_view all = java::node_text(text_, m);
    size_t head =
        ts_node_is_null(body) ? all.size() : ts_node_start_byte(body) - ts_node_start_byte(m);
    std::string_view line_text = text_.line(first);
    std::string indent(line_text.substr(0, line_text.find_first_not_of(" \t")));
    std::string shown = short_body(body);
    std::string declaration = java::collapse_whitespace(all.substr(0, head), 400);
    out_ += fmt::format("{}: {}{}{{{}}} // lines {}-{}\n", first, indent,
                        declaration.empty() ? "" : declaration + " ",
                        shown.empty() ? " " : " " + shown + " ", first, end);
    last_ = end;
  }

  // The block a callable runs: its "body", an initializer's block (`static { ... }` has no
  // field for it), or the node itself for an instance initializer.
  static TSNode body_of(TSNode m) {
    TSNode body = field(m, "body");
    if (!ts_node_is_null(body) || node_type(m) == "block") {
      return ts_node_is_null(body) ? m : body;
    }
    for (TSNode c : named_children(m)) {
      if (node_type(c) == "block") return c;
    }
    return body;
  }

  // A body of one short statement as it is (`return pos >= len;`: what a caller's test may
  // depend on costs no more than its line range), else "...".
  std::string short_body(TSNode body) const {
    if (ts_node_is_null(body)) return "...";
    std::vector<TSNode> statements;
    for (TSNode c : named_children(body)) {
      if (!is_comment(node_type(c))) statements.push_back(c);
    }
    if (statements.size() != 1) return statements.empty() ? "" : "...";
    std::string text = java::collapse_whitespace(java::node_text(text_, statements[0]), 200);
    return text.size() <= kShortBody ? text : "...";
  }

  static constexpr size_t kShortBody = 80;  // characters of a body shown in a signature line

  const java::SourceText& text_;
  const std::map<uint32_t, std::set<uint32_t>>& shown_;
  uint32_t field_lines_;
  std::string out_;
  uint32_t last_ = 0;  // the last line shown (lines are shown once, in order)
};

// The first line after the licence header: that of the first declaration.
uint32_t first_code_line(TSNode root) {
  for (TSNode c : named_children(root)) {
    if (!is_comment(node_type(c))) return java::node_line(c);
  }
  return 1;
}

std::string numbered_from(const java::SourceText& text, uint32_t first) {
  std::string out;
  for (uint32_t n = first; n <= text.line_count(); ++n) {
    out += fmt::format("{}: {}\n", n, text.line(n));
  }
  return out;
}

}  // namespace

std::string numbered_without_licence(const std::string& source) {
  java::SourceText text("source", source);
  auto tree = java::SyntaxTree::parse(text);
  return numbered_from(text, tree ? first_code_line(tree->root()) : 1);
}

std::string numbered_without_licence(const java::JavaFile& source) {
  return numbered_from(source.text, first_code_line(source.tree.root()));
}

std::string without_comments(const std::string& source) {
  java::SourceText text("source", source);
  auto tree = java::SyntaxTree::parse(text);
  if (!tree) return source;
  std::vector<bool> gone(source.size(), false);
  std::vector<TSNode> work = {tree->root()};
  while (!work.empty()) {
    TSNode n = work.back();
    work.pop_back();
    if (is_comment(node_type(n))) {
      for (uint32_t b = ts_node_start_byte(n); b < ts_node_end_byte(n) && b < gone.size(); ++b) {
        gone[b] = true;
      }
      continue;
    }
    for (TSNode c : named_children(n)) work.push_back(c);
  }
  std::string out;
  for (size_t at = 0; at < source.size();) {
    size_t end = source.find('\n', at);
    if (end == std::string::npos) end = source.size();
    std::string kept;
    bool cut = false;
    for (size_t b = at; b < end; ++b) {
      if (gone[b]) {
        cut = true;
      } else {
        kept += source[b];
      }
    }
    bool blank = kept.find_first_not_of(" \t\r") == std::string::npos;
    if (cut) kept.erase(kept.find_last_not_of(" \t\r") + 1);
    if (!(cut && blank)) out += kept + (end < source.size() ? "\n" : "");
    at = end + 1;
  }
  return out;
}

std::string shorten_long_fields(const std::string& source, uint32_t max_lines) {
  java::SourceText text("source", source);
  auto tree = java::SyntaxTree::parse(text);
  if (!tree) return source;
  std::vector<std::pair<uint32_t, uint32_t>> cut;  // lines left out: [first, last]
  std::vector<TSNode> work = {tree->root()};
  while (!work.empty()) {
    TSNode n = work.back();
    work.pop_back();
    std::string_view t = node_type(n);
    if (t == "field_declaration") {
      uint32_t first = java::node_line(n);
      uint32_t last = java::node_end_line(n);
      if (last - first + 1 > max_lines) cut.emplace_back(first + max_lines, last);
      continue;
    }
    for (TSNode c : named_children(n)) work.push_back(c);
  }
  std::string out;
  for (uint32_t l = 1; l <= text.line_count(); ++l) {
    auto c = std::find_if(cut.begin(), cut.end(), [l](const auto& r) { return r.first == l; });
    if (c != cut.end()) {
      std::string_view line = text.line(l);
      out += fmt::format("{}// ... {} more lines of this field left out\n",
                         line.substr(0, line.find_first_not_of(" \t")), c->second - l + 1);
      l = c->second;
      continue;
    }
    if (l == text.line_count() && text.line(l).empty()) break;  // after the last newline
    out += std::string(text.line(l)) + "\n";
  }
  return out;
}

std::string sliced_source(const std::string& source,
                          const std::map<uint32_t, std::set<uint32_t>>& shown,
                          uint32_t field_lines) {
  java::SourceText text("source", source);
  auto tree = java::SyntaxTree::parse(text);
  if (!tree) return numbered_from(text, 1);
  if (ts_node_has_error(tree->root())) return numbered_from(text, first_code_line(tree->root()));
  return Slicer(text, shown, field_lines).run(tree->root());
}

std::string sliced_source(const java::JavaFile& source,
                          const std::map<uint32_t, std::set<uint32_t>>& shown,
                          uint32_t field_lines) {
  TSNode root = source.tree.root();
  if (ts_node_has_error(root)) return numbered_without_licence(source);
  return Slicer(source.text, shown, field_lines).run(root);
}

namespace {

// Where a method's locals get their values: the name and the line, per declarator of a
// `local_variable_declaration` and per assignment to a plain name.
struct Definition {
  std::string name;
  uint32_t line = 0;
};

// How many of a name's definitions before an asked line a slice shows: the nearest and the one
// before it (`pos = bufPos;` and, in the other branch, `pos = bufMark;`).
constexpr int kDefinitionsPerName = 2;

// In source order.
std::vector<Definition> definitions_in(const java::SourceText& text, TSNode root, uint32_t first,
                                       uint32_t last) {
  std::vector<Definition> out;
  java::visit(root, [&](TSNode n) {
    if (java::node_end_line(n) < first || java::node_line(n) > last) return false;
    std::string_view t = node_type(n);
    TSNode name{};
    if (t == "variable_declarator" && node_type(ts_node_parent(n)) == "local_variable_declaration")
      name = field(n, "name");
    if (t == "assignment_expression") name = field(n, "left");
    if (!ts_node_is_null(name) && node_type(name) == "identifier")
      out.push_back({std::string(java::node_text(text, name)), java::node_line(n)});
    return true;
  });
  return out;  // in source order: visit goes through the tree as the text runs
}

// The names on `lines` (identifiers of every kind: locals, fields, methods).
std::set<std::string> names_on(const java::SourceText& text, TSNode root,
                               const std::set<uint32_t>& lines) {
  std::set<std::string> out;
  if (lines.empty()) return out;
  java::visit(root, [&](TSNode n) {
    if (java::node_end_line(n) < *lines.begin() || java::node_line(n) > *lines.rbegin())
      return false;
    if (node_type(n) == "identifier" && lines.count(java::node_line(n)))
      out.insert(std::string(java::node_text(text, n)));
    return true;
  });
  return out;
}

// The first line of each statement of the `try` blocks whose `catch` clauses hold a gap of `m`.
std::set<uint32_t> tried_for(TSNode root, const AskedLines& m) {
  std::set<uint32_t> out;
  if (m.gaps.empty()) return out;
  java::visit(root, [&](TSNode n) {
    if (java::node_end_line(n) < m.first || java::node_line(n) > m.last) return false;
    std::string_view t = node_type(n);
    if (t != "try_statement" && t != "try_with_resources_statement") return true;
    bool caught_gap = false;
    for (TSNode c : named_children(n)) {
      if (node_type(c) != "catch_clause") continue;
      auto g = m.gaps.lower_bound(java::node_line(c));
      caught_gap |= g != m.gaps.end() && *g <= java::node_end_line(c);
    }
    TSNode body = field(n, "body");
    if (caught_gap && !ts_node_is_null(body)) {
      for (TSNode st : named_children(body)) {
        if (!is_comment(node_type(st))) out.insert(java::node_line(st));
      }
    }
    return true;  // a try inside it may catch a gap too
  });
  return out;
}

// lines_gaps_need of a parsed source.
std::set<uint32_t> needed_lines(const java::SourceText& text, TSNode root,
                                const std::vector<AskedLines>& methods) {
  std::set<uint32_t> out;
  for (const AskedLines& m : methods) {
    std::vector<Definition> defs = definitions_in(text, root, m.first, m.last);
    for (uint32_t asked : m.conditions) {
      for (const std::string& name : names_on(text, root, {asked})) {
        int taken = 0;  // the nearest definitions before the line, as in straight-line code
        for (auto d = defs.rbegin(); d != defs.rend() && taken < kDefinitionsPerName; ++d) {
          if (d->name != name || d->line >= asked) continue;
          out.insert(d->line);
          ++taken;
        }
      }
    }
    out.merge(tried_for(root, m));
  }
  return out;
}

}  // namespace

std::set<uint32_t> lines_gaps_need(const std::string& source,
                                   const std::vector<AskedLines>& methods) {
  java::SourceText text("source", source);
  auto tree = java::SyntaxTree::parse(text);
  if (!tree) return {};
  return needed_lines(text, tree->root(), methods);
}

std::set<uint32_t> lines_gaps_need(const java::JavaFile& source,
                                   const std::vector<AskedLines>& methods) {
  return needed_lines(source.text, source.tree.root(), methods);
}

}  // namespace panta::prompt
