#include "prompt/prompt_inputs.h"

#include <fmt/format.h>

namespace panta::prompt {

std::string numbered(const std::string& source) {
  std::string out;
  uint32_t n = 1;
  size_t at = 0;
  while (at < source.size()) {
    size_t nl = source.find('\n', at);
    std::string_view line =
        std::string_view(source).substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out += fmt::format("{}: {}\n", n++, line);
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  if (!out.empty()) out.pop_back();
  return out;
}

std::string conditions_of(const std::vector<cfg::PathStep>& path) {
  std::vector<cfg::PathStep> decisions;
  for (const cfg::PathStep& s : path) {
    if (s.branch_kind) decisions.push_back(s);
  }
  std::string out = cfg::render_path(decisions);
  if (!out.empty()) out.pop_back();
  return out.empty() ? "(the method has no branches: any call runs its only path)" : out;
}

}  // namespace panta::prompt
