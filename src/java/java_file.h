#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "java/source_text.h"
#include "java/syntax_tree.h"

namespace panta::java {

/// A method or constructor declared in a class of the file.
struct Method {
  std::string name;       ///< Simple name; a constructor carries its class's simple name.
  std::string signature;  ///< Name and parameter types as written, e.g. "parse(String, int)".
  uint32_t start_line = 0;
  uint32_t end_line = 0;
  bool is_constructor = false;
  /// Why the method is not a method under test ("private", "getter", "setter", "abstract",
  /// "native"); empty for a MUT.
  std::string excluded_because;
  /// The body (block or constructor_body); null for abstract and native methods.
  TSNode body{};
  /// First syntax error inside the method, if any: its CFG is not built.
  std::optional<SyntaxError> syntax_error;

  bool is_mut() const { return excluded_because.empty(); }
};

/// A class, interface, enum or record: top-level or nested, never anonymous or local.
struct JavaClass {
  std::string name;  ///< Dotted within the file, e.g. "Outer.Inner".
  std::string kind;  ///< "class", "interface", "enum", "record" or "annotation".
  /// Private, or nested in a private class: a test cannot name it, only reach its methods
  /// through the enclosing classes' API.
  bool hidden = false;
  uint32_t start_line = 0;
  uint32_t end_line = 0;
  uint32_t name_line = 0;  ///< The line of its name (JaCoCo's line of an implicit constructor).
  bool is_abstract = false;
  std::vector<Method> methods;
};

/// A Java source with its syntax tree. Owns the text its tree points into.
struct ParsedSource {
  SourceText text;
  SyntaxTree tree;
};

/// A parsed Java file with its classes: every reader of a parsed source takes it as one.
struct JavaFile : ParsedSource {
  std::string package_name;
  std::vector<JavaClass> classes;
  std::vector<SyntaxError> syntax_errors;
};

/// Parses `source` and lists its classes and methods with the MUT selection of the paper:
/// not private, not abstract or native, not a trivial getter or setter.
/// Fails only when the parser cannot run; syntax errors are recorded in the result.
Result<JavaFile> parse_java_file(SourceText source);

}  // namespace panta::java
