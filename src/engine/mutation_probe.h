#pragma once

#include <string>

#include "core/result.h"
#include "mutation/mutation_report.h"

namespace panta::engine {

/// Measures the mutation score of the class under test with one test file (PIT), for
/// `generate --mutants`. The real one runs PIT in Panta's sandbox (cli/pit_run.h).
class MutationProbe {
 public:
  virtual ~MutationProbe() = default;
  /// PIT's report for the class with the test class `test_fqn` whose source is `test_text`
  /// (held in memory under `test_path`). Fails when PIT cannot run or fails.
  virtual Result<mutation::MutationReport> measure(const std::string& test_path,
                                                   const std::string& test_fqn,
                                                   const std::string& test_text) = 0;
};

}  // namespace panta::engine
