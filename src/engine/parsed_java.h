#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "java/java_file.h"
#include "java/source_text.h"
#include "java/syntax_tree.h"

namespace panta::engine {

/// A Java source with its syntax tree, for reading declarations (the focused context's API); a
/// java::JavaFile is one.
using Parsed = java::ParsedSource;

/// `source` parsed; std::nullopt when tree-sitter gives no tree.
std::optional<Parsed> parse(std::string source);

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

/// Whether the file imports from Lombok (`import lombok.Getter;`, `import lombok.*;`).
bool uses_lombok(const Parsed& p);

}  // namespace panta::engine
