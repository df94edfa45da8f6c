#include "core/suggest.h"

#include <algorithm>
#include <numeric>

namespace panta {

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), size_t{0});
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

namespace {

// `--max-tokens` compared as `max-tokens`: the dashes every option has say nothing.
std::string_view without_dashes(std::string_view s) {
  return s.substr(std::min(s.find_first_not_of('-'), s.size()));
}

}  // namespace

std::string nearest(std::string_view word, const std::vector<std::string>& candidates) {
  std::string_view core = without_dashes(word);
  if (core.size() < 3) return "";  // `-x` is like every short option
  size_t allowed = std::max<size_t>(1, core.size() / 3);
  std::string best;
  size_t best_distance = allowed + 1;
  for (const std::string& c : candidates) {
    size_t d = edit_distance(core, without_dashes(c));
    if (d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  if (!best.empty()) return best;
  // A word cut short (`--max-tok` for `--max-tokens`).
  if (core.size() >= 3) {
    for (const std::string& c : candidates) {
      if (without_dashes(c).starts_with(core)) return c;
    }
  }
  return "";
}

}  // namespace panta
