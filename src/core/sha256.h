#pragma once

#include <string>
#include <string_view>

namespace panta {

/// The SHA-256 of `text` as 64 lower-case hex digits (OpenSSL's libcrypto). Journals key
/// prompts by it; backups and the journal's state check files with it.
std::string sha256_hex(std::string_view text);

}  // namespace panta
