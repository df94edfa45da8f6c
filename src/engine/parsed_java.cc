#include "engine/parsed_java.h"

#include <utility>

#include "java/text_encoding.h"

namespace panta::engine {

using java::named_children;
using java::node_type;

std::optional<Parsed> parse(std::string source) {
  java::SourceText text("source", std::move(source));
  auto tree = java::SyntaxTree::parse(text);
  if (!tree) return std::nullopt;
  return Parsed{std::move(text), std::move(*tree)};
}

const Parsed* ParsedFiles::get(const std::string& file) {
  auto at = files_.find(file);
  if (at == files_.end()) {
    auto text = java::read_text_file(file, encoding_);
    at = files_.emplace(file, text ? parse(std::move(*text)) : std::nullopt).first;
  }
  return at->second ? &*at->second : nullptr;
}

bool uses_lombok(const Parsed& p) {
  for (TSNode n : named_children(p.tree.root())) {
    if (node_type(n) == "import_declaration" &&
        java::node_text(p.text, n).find(" lombok.") != std::string_view::npos)
      return true;
  }
  return false;
}

std::string package_of(const Parsed& p) {
  for (TSNode c : named_children(p.tree.root())) {
    if (node_type(c) != "package_declaration") continue;
    for (TSNode n : named_children(c)) {
      if (node_type(n) == "scoped_identifier" || node_type(n) == "identifier")
        return std::string(java::node_text(p.text, n));
    }
  }
  return "";
}

}  // namespace panta::engine
