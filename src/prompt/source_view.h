#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "java/java_file.h"

namespace panta::prompt {

/// The lines of a long field (test data, a table of constants) a focused prompt shows.
inline constexpr uint32_t kLongFieldLines = 12;

/// The source numbered as in the file ("N: text"), without its licence header: the comments
/// before the package declaration (or before the first declaration when there is no package).
std::string numbered_without_licence(const std::string& source);
/// The same of a source parsed already.
std::string numbered_without_licence(const java::JavaFile& source);

/// The text without its comments: a line that held only a comment is left out, one that ends
/// in a comment loses it and the blanks before it. A source that does not parse is returned
/// as it is.
std::string without_comments(const std::string& source);

/// The text with each field declaration longer than `max_lines` lines (a table of test data)
/// cut to its first `max_lines` lines and a comment saying how many were left out.
std::string shorten_long_fields(const std::string& source, uint32_t max_lines);

/// The class sliced to what the gaps need, numbered as in the file: package and imports, each
/// type's declaration, fields, enum constants and closing brace, and every method, constructor
/// or initializer either as its signature with its line range ("  120: public Token
/// nextToken(Token token) throws IOException { ... } // lines 120-158"; a body of one statement
/// of at most 80 characters in place of the "...": `{ return pos >= len; }`) or, when `shown` has
/// its first line, with its lines: those `shown` lists (all when the set is empty; the first
/// and last always), "..." where some are left out. A field declaration of more than
/// `field_lines` lines (a table of constants) shows its first `field_lines` and "...".
/// Comments are left out but for the Javadoc of a member shown with its lines. A source that
/// does not parse is returned whole.
std::string sliced_source(const std::string& source,
                          const std::map<uint32_t, std::set<uint32_t>>& shown,
                          uint32_t field_lines = UINT32_MAX);
/// The same of a source parsed already.
std::string sliced_source(const java::JavaFile& source,
                          const std::map<uint32_t, std::set<uint32_t>>& shown,
                          uint32_t field_lines = UINT32_MAX);

/// The lines of a method (`first`..`last`) a prompt asks about.
struct AskedLines {
  uint32_t first = 0;
  uint32_t last = 0;
  std::set<uint32_t> conditions;  ///< Decisions with an outcome never taken
  std::set<uint32_t> gaps;        ///< Every line asked about (decisions and lines never run)
};

/// What a slice of a long method shows besides its decisions and the lines near its gaps, for
/// a gap to be understood: where the locals a condition reads get their values (per name, the
/// two nearest declarations or assignments before it: `final long skipped = reader.skip(pos);`
/// for `if (skipped < pos)`; `pos = bufPos;` and `pos = bufMark;` of the two branches before
/// it), and for a gap in a `catch` clause, the first line of each statement of its `try` block
/// (what may throw there: LRUMap's `tmp[removeIndex]`). Empty when the source does not parse.
std::set<uint32_t> lines_gaps_need(const std::string& source,
                                   const std::vector<AskedLines>& methods);
/// The same of a source parsed already.
std::set<uint32_t> lines_gaps_need(const java::JavaFile& source,
                                   const std::vector<AskedLines>& methods);

}  // namespace panta::prompt
