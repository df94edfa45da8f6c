#include "eval/statistics.h"

#include <numeric>

namespace panta::eval {

std::optional<double> mean(const std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

PairedComparison compare_paired(const std::vector<std::optional<double>>& a,
                                const std::vector<std::optional<double>>& b) {
  std::vector<double> differences;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (a[i] && b[i]) differences.push_back(*b[i] - *a[i]);
  }
  PairedComparison out;
  out.pairs = differences.size();
  for (double d : differences) out.nonzero += d != 0 ? 1 : 0;
  out.mean_difference = mean(differences).value_or(0);
  out.p_value = wilcoxon_signed_rank_p(differences);
  return out;
}

}  // namespace panta::eval
