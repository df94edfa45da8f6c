#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace panta::junit {

/// An import declaration of a file: its text (whitespace collapsed), bytes and lines.
struct ImportDecl {
  std::string text;  ///< "import static a.B.c;"
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

/// Where `import` goes in a file with `existing` imports (in file order), as the file orders
/// them: among the imports of its kind (static or not), into the group (imports on adjacent
/// lines) whose imports share the most leading package names with it, in order when that group
/// is sorted, else at its end. A file without an import of its kind gets it as a group of its
/// own: static imports after the others when `static_last`, else before them. The first import
/// goes after the package declaration (`package_end`), else at the top. Nothing when the file
/// has the import.
std::optional<Insertion> place_import(const std::string& import,
                                      const std::vector<ImportDecl>& existing,
                                      std::optional<uint32_t> package_end, bool static_last);

}  // namespace panta::junit
