#pragma once

#include <string>
#include <string_view>

namespace panta::llm {

/// The SHA-256 of `text` as 64 lower-case hex digits; journals key prompts by it.
std::string sha256_hex(std::string_view text);

}  // namespace panta::llm
