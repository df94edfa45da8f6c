#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace panta::eval {

/// The class and tests whose mutation score a cell wants, in the cell's scratch copy.
struct MutationTarget {
  std::string project_dir;                ///< The scratch copy.
  std::vector<std::string> project_args;  ///< --classes, --classpath ... as generate got them.
  std::string class_name;
  std::string test_class;
  std::string log_path;  ///< Where the measure may write its diagnostics.
};

/// PIT's figures for one class: score = detected / total, in percent.
struct MutationFigures {
  double score = 0;
  int total = 0;
  int detected = 0;
};

/// Measures the mutation score of a class with its tests (issue 13's `panta mutate`). Eval
/// reaches it only through this interface, so its tests can use a fake.
class MutationMeasure {
 public:
  virtual ~MutationMeasure() = default;
  /// PIT's figures, or an error saying why there are none.
  virtual Result<MutationFigures> measure(const MutationTarget& target) = 0;
};

}  // namespace panta::eval
