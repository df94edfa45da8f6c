#include "coverage/coverage.h"

#include <fmt/format.h>

namespace panta::coverage {

Counter SourceCoverage::line_counter() const {
  Counter c;
  for (const auto& [n, l] : lines) (l.covered() ? c.covered : c.missed) += 1;
  return c;
}

Counter SourceCoverage::branch_counter() const {
  Counter c;
  for (const auto& [n, l] : lines) {
    c.missed += l.mb;
    c.covered += l.cb;
  }
  return c;
}

std::vector<uint32_t> SourceCoverage::missed_lines() const {
  std::vector<uint32_t> out;
  for (const auto& [n, l] : lines) {
    if (l.missed()) out.push_back(n);
  }
  return out;
}

std::vector<uint32_t> SourceCoverage::partly_lines() const {
  std::vector<uint32_t> out;
  for (const auto& [n, l] : lines) {
    if (l.partly()) out.push_back(n);
  }
  return out;
}

namespace {

// Lines as ranges, a range going on from one line to the next while `joins(a, b)`.
template <typename Joins>
std::string ranges(const std::vector<uint32_t>& lines, Joins joins) {
  std::string out;
  for (size_t i = 0; i < lines.size();) {
    size_t j = i;
    while (j + 1 < lines.size() && joins(lines[j], lines[j + 1])) ++j;
    if (!out.empty()) out += ", ";
    out += j == i ? fmt::format("{}", lines[i]) : fmt::format("{}-{}", lines[i], lines[j]);
    i = j + 1;
  }
  return out.empty() ? "none" : out;
}

}  // namespace

std::string line_ranges(const std::vector<uint32_t>& lines) {
  return ranges(lines, [](uint32_t a, uint32_t b) { return b == a + 1; });
}

std::string line_ranges(const std::vector<uint32_t>& lines,
                        const std::map<uint32_t, LineCoverage>& code) {
  return ranges(lines, [&code](uint32_t a, uint32_t b) {  // no code strictly between a and b
    auto it = code.upper_bound(a);
    return it == code.end() || it->first >= b;
  });
}

std::vector<SourceCoverage> by_source(const std::vector<ClassCoverage>& classes) {
  std::map<std::string, SourceCoverage> grouped;
  for (const ClassCoverage& c : classes) {
    std::string top = c.name.substr(0, c.name.find('$'));
    SourceCoverage& s = grouped[top];
    s.class_name = top;
    if (s.source_file.empty()) s.source_file = c.source_file;
    for (const LineCoverage& l : c.lines) {
      auto [it, fresh] = s.lines.try_emplace(l.line, l);
      if (fresh) continue;
      it->second.mi += l.mi;
      it->second.ci += l.ci;
      it->second.mb += l.mb;
      it->second.cb += l.cb;
    }
  }
  std::vector<SourceCoverage> out;
  for (auto& [name, s] : grouped) out.push_back(std::move(s));
  return out;
}

}  // namespace panta::coverage
