#pragma once

#include <string>
#include <vector>

namespace panta::engine {

/// The locale- and time-zone-dependent APIs `source` calls (`Locale.getDefault()`, `TimeZone`,
/// `toUpperCase()` without a locale, `String.format`, `SimpleDateFormat`, `LocalDate.now()`,
/// ...), each once, in the order of the list; empty when none.
std::vector<std::string> locale_dependent_apis(const std::string& source);

}  // namespace panta::engine
