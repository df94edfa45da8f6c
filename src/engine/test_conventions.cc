#include "engine/test_conventions.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>

#include "java/source_text.h"
#include "java/syntax_tree.h"
#include "java/text_encoding.h"
#include "junit/import_placement.h"
#include "junit/test_file.h"

namespace panta::engine {
namespace fs = std::filesystem;
namespace {

// The comments above the file's first declaration (its package), "" when none.
std::string header_of(const java::SourceText& source, const java::SyntaxTree& tree) {
  std::string out;
  for (TSNode n : java::named_children(tree.root())) {
    std::string_view type = java::node_type(n);
    if (type != "block_comment" && type != "line_comment") break;
    out = source.text().substr(0, ts_node_end_byte(n)) + "\n";
  }
  return out;
}

template <class Count>
std::string most_common(const std::map<std::string, Count>& counts, Count* times) {
  std::string best;
  Count most = 0;
  for (const auto& [value, n] : counts) {
    if (n > most) best = value, most = n;
  }
  if (times != nullptr) *times = most;
  return best;
}

// Whether a file's static imports come after its other ones; nothing when it lacks a kind.
std::optional<bool> statics_last_in(const std::vector<std::string>& imports) {
  auto is_static = [](const std::string& i) {
    auto d = junit::parse_import(i);
    return d && d->is_static;
  };
  auto first_static = std::find_if(imports.begin(), imports.end(), is_static);
  auto first_other = std::find_if_not(imports.begin(), imports.end(), is_static);
  if (first_static == imports.end() || first_other == imports.end()) return std::nullopt;
  return first_other < first_static;
}

}  // namespace

TestConventions learn_conventions(const std::vector<std::string>& texts) {
  std::map<std::string, int> indents;
  std::map<std::string, int> headers;
  int files = 0;
  int statics_last = 0;
  int statics_first = 0;
  for (const std::string& text : texts) {
    java::SourceText source("test.java", text);
    auto tree = java::SyntaxTree::parse(source);
    if (!tree) continue;
    ++files;
    if (auto file = junit::TestFile::parse(text)) {
      if (std::string indent = file->members_indent(); !indent.empty()) ++indents[indent];
      if (auto last = statics_last_in(file->imports())) ++(*last ? statics_last : statics_first);
    }
    ++headers[header_of(source, *tree)];
  }
  TestConventions out;
  if (std::string indent = most_common<int>(indents, nullptr); !indent.empty())
    out.style.member_indent = indent;
  out.style.static_imports_last = statics_last > statics_first;
  int times = 0;
  std::string header = most_common(headers, &times);
  if (files > 0 && times * 2 >= files) out.header = header;
  return out;
}

TestConventions project_conventions(const project::Project& project) {
  std::vector<std::string> texts;
  std::error_code ec;
  fs::recursive_directory_iterator it(project.test_dir, ec), end;
  for (; !ec && it != end && texts.size() < 30; it.increment(ec)) {
    if (!it->is_regular_file(ec) || it->path().extension() != ".java") continue;
    auto text = java::read_text_file(it->path().string(), project.encoding);
    if (text) texts.push_back(std::move(*text));
  }
  return learn_conventions(texts);
}

}  // namespace panta::engine
