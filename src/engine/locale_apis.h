#pragma once

#include <string>
#include <vector>

namespace panta::engine {

/// The locale- and time-zone-dependent APIs `source` calls (`Locale.getDefault()`, `TimeZone`,
/// `toUpperCase()` without a locale, `String.format`, `SimpleDateFormat`, `LocalDate.now()`,
/// ...), each once, in the order of the list; empty when none.
std::vector<std::string> locale_dependent_apis(const std::string& source);

/// Whether `source` encodes or decodes text with the platform's default charset:
/// `Charset.defaultCharset()`, `getBytes()`, `new String(bytes)` of a name declared `byte[]`
/// (not `new String(chars)`), an `InputStreamReader` or `OutputStreamWriter` given no charset.
bool uses_default_charset(const std::string& source);

}  // namespace panta::engine
