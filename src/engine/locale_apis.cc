#include "engine/locale_apis.h"

#include <regex>
#include <utility>

namespace panta::engine {

std::vector<std::string> locale_dependent_apis(const std::string& source) {
  static const std::vector<std::pair<const char*, const char*>> apis = {
      {R"(\bLocale\.getDefault\(|\bLocale\.setDefault\()", "the default Locale"},
      {R"(\bTimeZone\b)", "TimeZone"},
      {R"(\bZoneId\b)", "ZoneId"},
      {R"(\.to(Upper|Lower)Case\(\s*\))", "toUpperCase()/toLowerCase() without a locale"},
      {R"(\bString\.format\()", "String.format"},
      {R"(\b(Simple)?DateFormat\b)", "DateFormat"},
      {R"(\b(Decimal|Number)Format\b)", "NumberFormat"},
      {R"(\bCalendar\.getInstance\()", "Calendar.getInstance()"},
      {R"(\b(LocalDate|LocalDateTime|LocalTime|ZonedDateTime|Instant|Clock)\.now\()",
       "the current date or time (now())"},
      {R"(\bSystem\.currentTimeMillis\()", "System.currentTimeMillis()"},
      {R"(\bCharset\.defaultCharset\(|\bnew String\(\s*\w+\s*\))", "the default charset"}};
  std::vector<std::string> out;
  for (const auto& [pattern, name] : apis) {
    if (std::regex_search(source, std::regex(pattern))) out.emplace_back(name);
  }
  return out;
}

}  // namespace panta::engine
