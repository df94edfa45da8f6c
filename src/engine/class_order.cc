#include "engine/class_order.h"

#include <algorithm>
#include <charconv>

namespace panta::engine {
namespace {

int parse_int(std::string_view text) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return -1;
  return value;
}

}  // namespace

Result<Shard> parse_shard(std::string_view text) {
  size_t slash = text.find('/');
  Shard s;
  if (slash != std::string_view::npos) {
    s.k = parse_int(text.substr(0, slash));
    s.n = parse_int(text.substr(slash + 1));
  }
  if (slash == std::string_view::npos || s.n < 1 || s.k < 1 || s.k > s.n) {
    return Error{"--shard " + std::string(text) + ": expected K/N with 1 <= K <= N, such as 2/4"};
  }
  return s;
}

int shard_of(std::string_view class_name, int n) {
  uint64_t h = 14695981039346656037ull;
  for (char c : class_name) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return static_cast<int>(h % static_cast<uint64_t>(std::max(n, 1))) + 1;
}

std::vector<std::string> classes_of_shard(const std::vector<std::string>& classes, Shard shard) {
  std::vector<std::string> out;
  for (const std::string& c : classes) {
    if (shard_of(c, shard.n) == shard.k) out.push_back(c);
  }
  return out;
}

double ClassGap::percent() const {
  if (untested) return 0;
  if (branches_total > 0) return 100.0 * (branches_total - branches_missed) / branches_total;
  if (lines_total > 0) return 100.0 * (lines_total - lines_missed) / lines_total;
  return 100.0;
}

std::optional<ClassGap> gap_of(const std::vector<ClassGap>& gaps, std::string_view name) {
  for (const ClassGap& g : gaps) {
    if (g.name == name) return g;
  }
  return std::nullopt;
}

std::vector<std::string> order_by_gain(const std::vector<std::string>& classes,
                                       const std::vector<ClassGap>& gaps) {
  std::vector<std::pair<std::optional<ClassGap>, std::string>> keyed;
  for (const std::string& c : classes) keyed.emplace_back(gap_of(gaps, c), c);
  std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
    if (a.first.has_value() != b.first.has_value()) return a.first.has_value();
    if (!a.first) return false;
    if (a.first->branches_missed != b.first->branches_missed)
      return a.first->branches_missed > b.first->branches_missed;
    if (a.first->lines_missed != b.first->lines_missed)
      return a.first->lines_missed > b.first->lines_missed;
    return a.second < b.second;
  });
  std::vector<std::string> out;
  for (auto& [gap, name] : keyed) out.push_back(std::move(name));
  return out;
}

}  // namespace panta::engine
