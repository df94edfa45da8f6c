#pragma once

#include <string>
#include <string_view>

#include "core/result.h"

namespace panta::java {

/// Whether `encoding` names UTF-8 ("UTF-8", "utf8", in any case).
bool is_utf8(std::string_view encoding);

/// `bytes`, the text of `path` in `encoding` (a name iconv knows, or a Java one such as
/// "ISO8859_1" or "Cp1252"), converted to UTF-8. UTF-8 is returned as it is: checking it is the
/// caller's. Fails naming the file and the encoding when the encoding is unknown or a byte
/// sequence is not valid in it (with its line and column).
Result<std::string> decode_to_utf8(std::string_view bytes, std::string_view encoding,
                                   const std::string& path);

/// `text` (UTF-8) converted to `encoding`, to write back a file that was read in it. Fails
/// naming the file, the encoding and the line and character that it cannot represent.
Result<std::string> encode_from_utf8(std::string_view text, std::string_view encoding,
                                     const std::string& path);

/// Reads `path` and converts it from `encoding` to UTF-8 (see decode_to_utf8).
Result<std::string> read_text_file(const std::string& path, std::string_view encoding);

/// Converts `text` (UTF-8) to `encoding` (see encode_from_utf8) and writes it with
/// write_durably. On any failure the file is as it was.
Status write_text_file(const std::string& path, std::string_view text, std::string_view encoding);

}  // namespace panta::java
