#include "sandbox/ancestor_secrets.h"

#include <unistd.h>

#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include "core/secret_names.h"

namespace panta::sandbox {
namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The parent of `pid` from /proc/PID/stat ("pid (comm) state ppid ..."), 0 when unknown.
int parent_of(int pid) {
  std::string stat = read_all("/proc/" + std::to_string(pid) + "/stat");
  size_t close = stat.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream rest(stat.substr(close + 1));
  std::string state;
  int ppid = 0;
  rest >> state >> ppid;
  return ppid;
}

}  // namespace

std::vector<AncestorSecrets> ancestor_secrets() {
  std::vector<AncestorSecrets> out;
  std::set<int> seen;
  for (int pid = parent_of(static_cast<int>(::getpid())); pid > 1 && seen.insert(pid).second;
       pid = parent_of(pid)) {
    std::string environ = read_all("/proc/" + std::to_string(pid) + "/environ");
    AncestorSecrets found{pid, read_all("/proc/" + std::to_string(pid) + "/comm"), {}};
    while (!found.command.empty() && found.command.back() == '\n') found.command.pop_back();
    for (size_t begin = 0; begin < environ.size();) {
      size_t end = environ.find('\0', begin);
      if (end == std::string::npos) end = environ.size();
      std::string entry = environ.substr(begin, end - begin);
      begin = end + 1;
      std::string name = entry.substr(0, entry.find('='));
      size_t eq = entry.find('=');
      bool has_value = eq != std::string::npos && eq + 1 < entry.size();
      if (has_value && looks_secret(name)) found.names.push_back(name);
    }
    if (!found.names.empty()) out.push_back(std::move(found));
  }
  return out;
}

std::string describe(const std::vector<AncestorSecrets>& found) {
  std::string out;
  for (const AncestorSecrets& a : found) {
    std::string names;
    for (const std::string& n : a.names) names += (names.empty() ? "" : ", ") + n;
    out += (out.empty() ? "" : "; ") + names + " in " + a.command + " (pid " +
           std::to_string(a.pid) + ")";
  }
  return out;
}

}  // namespace panta::sandbox
