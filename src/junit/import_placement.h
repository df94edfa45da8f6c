#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace panta::junit {

/// An import declaration of a file: what it imports, its bytes and lines.
struct ImportDecl {
  std::string path;  ///< "a.B.c" of `import static a.B.c;`, "a.b.*" of `import a.b.*;`
  bool is_static = false;
  uint32_t start = 0;
  uint32_t end = 0;
  uint32_t first_row = 0;
  uint32_t last_row = 0;
};

/// Text to insert at a byte offset.
struct Insertion {
  uint32_t at = 0;
  std::string text;
};

/// The path and kind of an import declaration's text ("import static a.B.c;", whitespace
/// anywhere between its tokens); nothing when the text is not one.
std::optional<ImportDecl> parse_import(std::string_view text);

/// Where `import` (a whole declaration, as written into the file) goes in a file with `existing`
/// imports (in file order), as the file orders them: among the imports of its kind (static or not),
/// into the group (imports on adjacent lines) whose imports share the most leading package names
/// with it, in order when that group is sorted, else at its end. A file without an import of its
/// kind gets it as a group of its own: static imports after the others when `static_last`, else
/// before them. The first import goes after the package declaration (`package_end`), else at the
/// top. Nothing when the file has the import.
std::optional<Insertion> place_import(const std::string& import,
                                      const std::vector<ImportDecl>& existing,
                                      std::optional<uint32_t> package_end, bool static_last);

}  // namespace panta::junit
