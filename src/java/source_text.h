#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace panta::java {

/// A source file's bytes with an index of line starts. Lines and columns are 1-based.
class SourceText {
 public:
  SourceText(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }

  /// The text of line `line` without its line terminator; empty when out of range.
  std::string_view line(uint32_t line) const;
  /// The 1-based line holding byte `offset`.
  uint32_t line_of(uint32_t offset) const;
  /// Bytes [begin, end) of the text, clamped to its size.
  std::string_view slice(uint32_t begin, uint32_t end) const;

 private:
  std::string path_;
  std::string text_;
  std::vector<uint32_t> line_starts_;
};

/// Reads a whole file. Fails with a message naming the path.
Result<std::string> read_file(const std::string& path);

/// Byte offset of the first malformed UTF-8 sequence in `text`, or nullopt when it is valid.
std::optional<size_t> find_invalid_utf8(std::string_view text);

/// `text` with every whitespace run turned into one space, trimmed, and cut to at most
/// `max_bytes` bytes (at a UTF-8 character boundary, marked with "...").
std::string collapse_whitespace(std::string_view text, size_t max_bytes = 200);

}  // namespace panta::java
