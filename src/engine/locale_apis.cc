#include "engine/locale_apis.h"

#include <regex>
#include <utility>

namespace panta::engine {
namespace {

// Whether the text after `open` (just past a call's "(") holds one argument: no comma outside
// nested parentheses before the call's ")".
bool one_argument(const std::string& source, size_t open) {
  int depth = 0;
  for (size_t i = open; i < source.size(); ++i) {
    char c = source[i];
    if (c == '(') ++depth;
    if (c == ')' && depth-- == 0) return true;
    if (c == ',' && depth == 0) return false;
  }
  return false;
}

// Whether `name` is declared a byte array in `source` (`byte[] name`, `byte name[]`).
bool declared_byte_array(const std::string& source, const std::string& name) {
  return std::regex_search(
      source, std::regex(R"(\bbyte\s*\[\s*\]\s*)" + name + R"(\b|\bbyte\s+)" + name + R"(\s*\[)"));
}

}  // namespace

bool uses_default_charset(const std::string& source) {
  static const std::regex direct(R"(\bCharset\.defaultCharset\(|\.getBytes\(\s*\))");
  if (std::regex_search(source, direct)) return true;
  static const std::regex readers(R"(\bnew\s+(?:InputStreamReader|OutputStreamWriter)\s*\()");
  for (auto m = std::sregex_iterator(source.begin(), source.end(), readers);
       m != std::sregex_iterator(); ++m) {
    if (one_argument(source, static_cast<size_t>(m->position() + m->length()))) return true;
  }
  // new String(bytes) and new String(bytes, offset, length) decode; new String(chars) does not.
  static const std::regex decode(R"(\bnew\s+String\s*\(\s*(\w+)\s*(\)|,[^,()]*,[^,()]*\)))");
  for (auto m = std::sregex_iterator(source.begin(), source.end(), decode);
       m != std::sregex_iterator(); ++m) {
    if (declared_byte_array(source, (*m)[1].str())) return true;
  }
  return false;
}

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
      {R"(\bSystem\.currentTimeMillis\()", "System.currentTimeMillis()"}};
  std::vector<std::string> out;
  for (const auto& [pattern, name] : apis) {
    if (std::regex_search(source, std::regex(pattern))) out.emplace_back(name);
  }
  if (uses_default_charset(source)) out.emplace_back("the default charset");
  return out;
}

}  // namespace panta::engine
