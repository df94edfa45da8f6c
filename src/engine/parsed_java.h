#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "java/java_file.h"
#include "java/source_text.h"
#include "java/syntax_tree.h"

namespace panta::engine {

/// A Java source with its syntax tree, for reading declarations (the focused context's API).
struct Parsed {
  java::SourceText text;
  java::SyntaxTree tree;
};

/// `source` parsed; std::nullopt when tree-sitter gives no tree.
std::optional<Parsed> parse(std::string source);

/// A file parsed already, as the readers of declarations take it: its tree shared, not parsed
/// again.
Parsed shared_view(const java::JavaFile& file);

/// The project's files a prompt's context reads, each read (in the project's encoding) and
/// parsed once.
class ParsedFiles {
 public:
  explicit ParsedFiles(std::string encoding) : encoding_(std::move(encoding)) {}
  /// The file parsed, null when it cannot be read or parsed.
  const Parsed* get(const std::string& file);

 private:
  std::string encoding_;
  std::map<std::string, std::optional<Parsed>> files_;
};

using java::visit;  // the walk the engine's readers of declarations share

/// The package a parsed file declares, "" for the default one (as java::JavaFile reads it).
std::string package_of(const Parsed& p);

}  // namespace panta::engine
