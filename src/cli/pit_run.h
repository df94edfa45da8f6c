#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "cli/project_options.h"
#include "core/result.h"
#include "engine/mutation_probe.h"
#include "mutation/mutation_report.h"
#include "runner/jvm_runner.h"
#include "runner/test_session.h"

namespace panta::cli {

/// What one PIT run mutates and with which tests.
struct PitRun {
  std::string class_name;          ///< The class under test (FQN).
  std::vector<std::string> tests;  ///< Test class FQNs.
  /// The test sources: files, or text held in memory under its path (generate's test file).
  std::vector<runner::Source> test_sources;
  int threads = 1;
  std::chrono::seconds time_limit{1800};  ///< Of the whole PIT run.
};

/// Runs PIT (build/pitest/, beside the helper's jar) on `run.class_name`: compiles the test
/// sources in the helper of `session` as `panta coverage` compiles them, but into its scratch
/// folder `helper_scratch`, then runs PIT's command line in a JVM of its own, confined as the tests
/// are (the same sandbox mode, environment, working directory, class path and JVM options; in
/// fallback mode the project is checked and put back after the run), with PIT's own per-mutant time
/// limits and the run's. Fails when PIT is not installed, the tests do not compile, PIT fails
/// (e.g. the tests are red without mutation; its output is in .panta/pit.log) or runs out of
/// time. Costs a few seconds plus one test run per mutant.
Result<mutation::MutationReport> run_pit(const project::Project& project,
                                         const ProjectOptions& options,
                                         runner::TestSession& session,
                                         const std::string& helper_scratch, const PitRun& run);

/// generate --mutants' probe: run_pit with the class's test file as the loop has it.
class PitProbe final : public engine::MutationProbe {
 public:
  /// Every reference outlives the probe.
  /// `time_limit`: of one PIT run (--pit-timeout).
  PitProbe(const project::Project& project, const ProjectOptions& options,
           runner::TestSession& session, std::string helper_scratch, std::string class_name,
           std::chrono::seconds time_limit)
      : project_(project),
        options_(options),
        session_(session),
        scratch_(std::move(helper_scratch)),
        class_name_(std::move(class_name)),
        time_limit_(time_limit) {}
  Result<mutation::MutationReport> measure(const std::string& test_path,
                                           const std::string& test_fqn,
                                           const std::string& test_text) override;

 private:
  const project::Project& project_;
  const ProjectOptions& options_;
  runner::TestSession& session_;
  std::string scratch_;
  std::string class_name_;
  std::chrono::seconds time_limit_;
};

}  // namespace panta::cli
