#include <sys/prctl.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "core/secret_names.h"
#include "process/own_secrets.h"

extern char** environ;

namespace panta::process {

void hide_own_secrets() {
  ::prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  // The entries of the block the kernel shows, found before setenv changes `environ`.
  std::vector<std::pair<char*, std::string>> secrets;
  for (char** e = environ; *e != nullptr; ++e) {
    const char* eq = std::strchr(*e, '=');
    if (eq == nullptr) continue;
    std::string name(*e, static_cast<size_t>(eq - *e));
    if (looks_secret(name)) secrets.emplace_back(*e, std::move(name));
  }
  for (auto& [entry, name] : secrets) {
    char* value = std::strchr(entry, '=') + 1;
    if (::setenv(name.c_str(), value, 1) != 0) continue;  // no copy: keep the original
    std::memset(value, 0, std::strlen(value));
  }
}

}  // namespace panta::process
