#include "engine/path_targets.h"

#include <fmt/format.h>

#include <algorithm>

namespace panta::engine {

std::vector<prompt::MethodTarget> path_targets(const ClassUnderTest& cut,
                                               const std::vector<select::Selection>& selections,
                                               std::vector<std::string>& report) {
  std::vector<prompt::MethodTarget> out;
  const auto& methods = cut.methods;
  for (const auto& s : selections) {
    auto m = std::find_if(methods.begin(), methods.end(),
                          [&s](const select::MethodPaths& mp) { return mp.method == s.method; });
    prompt::MethodTarget target{s.method, {}, s.score, ""};
    if (auto note = cut.unreachable_notes.find(s.method); note != cut.unreachable_notes.end())
      target.note = note->second;
    for (size_t p : s.paths) {
      target.paths.push_back(m->paths[p]);
      report.push_back(fmt::format("{}: path {}", s.method, p + 1));
    }
    out.push_back(std::move(target));
  }
  return out;
}

}  // namespace panta::engine
