#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace panta {

/// The longest prefix of `s` of at most `max_bytes` bytes that does not end inside a UTF-8
/// sequence (a cut string must stay valid UTF-8: the JSON of a request rejects it otherwise).
inline std::string utf8_prefix(std::string_view s, size_t max_bytes) {
  if (s.size() <= max_bytes) return std::string(s);
  size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return std::string(s.substr(0, cut));
}

}  // namespace panta
