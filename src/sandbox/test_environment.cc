#include "sandbox/test_environment.h"

#include <algorithm>
#include <cctype>

namespace panta::sandbox {
namespace {

constexpr const char* kKept[] = {"PATH", "LANG", "LC_ALL", "TZ", "JAVA_HOME"};

bool valid_name(std::string_view name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

const std::string* find(const Environment& env, std::string_view name) {
  for (const auto& [k, v] : env) {
    if (k == name) return &v;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> secret_values(const Environment& env) {
  std::vector<std::string> out;
  for (const auto& [name, value] : env) {
    if (value.size() >= 8 && looks_secret(name)) out.push_back(value);
  }
  return out;
}

Status check_pass_through(const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    if (!valid_name(name)) return Error{"--test-env " + name + ": not a variable name"};
    if (looks_secret(name)) {
      return Error{"--test-env " + name +
                   ": the name says it holds a secret, and secrets never reach the tests"};
    }
  }
  return ok_status();
}

Environment test_environment(const Environment& parent,
                             const std::vector<std::string>& pass_through, const std::string& home,
                             const std::string& tmp) {
  Environment out;
  for (const char* name : kKept) {
    if (const std::string* v = find(parent, name)) out.emplace_back(name, *v);
  }
  out.emplace_back("HOME", home);
  out.emplace_back("TMPDIR", tmp);
  for (const std::string& name : pass_through) {
    if (find(out, name) != nullptr || looks_secret(name)) continue;
    if (const std::string* v = find(parent, name)) out.emplace_back(name, *v);
  }
  return out;
}

}  // namespace panta::sandbox
