#pragma once

#include <string>
#include <vector>

#include "java/java_file.h"

namespace panta::engine {

/// The locale- and time-zone-dependent APIs `source` calls (`Locale.getDefault()`, `TimeZone`,
/// `toUpperCase()` without a locale, `String.format`, `SimpleDateFormat`, `LocalDate.now()`,
/// ...), each once, in the order of the list; empty when none.
/// Read from the syntax tree: names in comments and strings do not count.
std::vector<std::string> locale_dependent_apis(const std::string& source);
/// The same of a file parsed already.
std::vector<std::string> locale_dependent_apis(const java::JavaFile& file);

/// Whether `source` encodes or decodes text with the platform's default charset:
/// `Charset.defaultCharset()`, `getBytes()`, `new String(bytes)` of a name declared `byte[]`
/// (not `new String(chars)`), an `InputStreamReader` or `OutputStreamWriter` given no charset.
bool uses_default_charset(const std::string& source);

}  // namespace panta::engine
