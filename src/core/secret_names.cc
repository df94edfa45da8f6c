#include "core/secret_names.h"

#include <cctype>
#include <string>

namespace panta {

bool looks_secret(std::string_view name) {
  std::string n(name);
  for (char& c : n) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (const char* suffix :
       {"_KEY", "_TOKEN", "_SECRET", "_PASSWORD", "_PASSWD", "_CREDENTIALS", "_PAT"}) {
    if (n.ends_with(suffix)) return true;
  }
  for (const char* part : {"API_KEY", "APIKEY", "SECRET", "PASSWORD", "TOKEN"}) {
    if (n.find(part) != std::string::npos) return true;
  }
  return false;
}

}  // namespace panta
