// The one file that calls ALGLIB (Debian libalglib-dev).
#include <libalglib/statistics.h>

#include "eval/statistics.h"

namespace panta::eval {

std::optional<double> wilcoxon_signed_rank_p(const std::vector<double>& differences) {
  std::vector<double> nonzero;
  for (double d : differences) {
    if (d != 0) nonzero.push_back(d);
  }
  if (nonzero.size() < 5) return std::nullopt;
  try {
    alglib::real_1d_array x;
    x.setcontent(static_cast<alglib::ae_int_t>(nonzero.size()), nonzero.data());
    double both = 1;
    double left = 1;
    double right = 1;
    alglib::wilcoxonsignedranktest(x, static_cast<alglib::ae_int_t>(nonzero.size()), 0.0, both,
                                   left, right);
    return both;
  } catch (const alglib::ap_error&) {
    return std::nullopt;  // ALGLIB refuses such input (it should not happen with n >= 5)
  }
}

}  // namespace panta::eval
