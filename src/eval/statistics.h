#pragma once

#include <optional>
#include <vector>

namespace panta::eval {

/// The mean of `values`; nullopt when there are none.
std::optional<double> mean(const std::vector<double>& values);

/// A paired comparison of two strategies on the same classes: b - a per class.
struct PairedComparison {
  size_t pairs = 0;    ///< Classes measured under both.
  size_t nonzero = 0;  ///< Pairs whose difference is not 0 (the test uses only these).
  double mean_difference = 0;
  /// Two-sided p-value of the Wilcoxon signed-rank test of the differences against 0, by
  /// ALGLIB's approximation of the exact distribution (two significant digits, relative error
  /// under 1 %; zero differences dropped); nullopt with fewer than 5 non-zero differences,
  /// where ALGLIB gives no p-value.
  std::optional<double> p_value;
};

/// Compares `b` with `a`, element by element (same length; pairs where either is nullopt are
/// left out).
PairedComparison compare_paired(const std::vector<std::optional<double>>& a,
                                const std::vector<std::optional<double>>& b);

/// The two-sided p-value of the Wilcoxon signed-rank test of `differences` against a median of
/// 0 (see PairedComparison::p_value); nullopt with fewer than 5 non-zero values.
std::optional<double> wilcoxon_signed_rank_p(const std::vector<double>& differences);

}  // namespace panta::eval
