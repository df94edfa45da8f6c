#pragma once

#include <string_view>

namespace panta {

/// Whether an environment variable's name says it holds a secret: it ends in _KEY, _TOKEN,
/// _SECRET, _PASSWORD, _PASSWD, _CREDENTIALS or _PAT, or contains API_KEY, APIKEY, SECRET,
/// PASSWORD or TOKEN (any case).
bool looks_secret(std::string_view name);

}  // namespace panta
