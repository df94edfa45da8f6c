#pragma once

#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/result.h"
#include "engine/class_under_test.h"
#include "engine/defect_check.h"
#include "engine/defects_file.h"
#include "engine/events.h"
#include "engine/loop_state.h"
#include "engine/report.h"
#include "project/project.h"
#include "runner/test_session.h"

namespace panta::engine {

/// A class's defects test class across runs (defects_file.h, docs/defects.md): the reproducers
/// earlier runs kept are run first, those that pass now move into the test class; this run's
/// confirmed ones are kept at its end.
class DefectsKeeper {
 public:
  /// Every reference outlives the keeper.
  DefectsKeeper(const project::Project& project, runner::TestSession& session,
                const ClassUnderTest& cut, const DefectCheck& check, EventSink events,
                std::chrono::milliseconds test_timeout);

  /// Before the class is measured: runs the kept reproducers enabled; those that pass (the code
  /// was fixed) go, enabled and without their marker, into `state.file` as regression tests,
  /// with a `fixed` entry in `state.other_defects`. True when some did: write_pending() then
  /// writes the defects class without them (once the run has its id), the caller the test
  /// file. A defects class that does not compile, or fixed tests that do not compile in the
  /// test class, are left as they are (said).
  Result<bool> recheck(LoopState& state);

  /// Writes (or removes, when none is left) the defects class as recheck() left it; the backups
  /// go under `run`.
  Status write_pending(const std::string& run);

  /// At the end of a run: `state.reproducers` go, disabled, into the defects class (those that
  /// do not compile beside the others become unconfirmed entries instead); their entries get
  /// the names they have there. Returns the defects class's path, "" when nothing was kept.
  Result<std::string> keep(LoopState& state, const std::string& run);

  /// The Java files this keeper wrote or removed, in the project.
  const std::set<std::string>& written() const { return written_; }

 private:
  Result<std::vector<Reproducer>> compiling_together(LoopState& state,
                                                     const std::optional<std::string>& existing);
  Result<std::optional<std::string>> read_existing() const;
  Status write(const std::string& text, const std::string& run);

  const project::Project* project_;
  runner::TestSession* session_;
  const ClassUnderTest* cut_;
  const DefectCheck* check_;
  EventSink events_;
  std::chrono::milliseconds test_timeout_;
  DefectsClass defects_;
  junit::JUnitVersion version_;
  std::optional<std::string> pending_;  ///< recheck()'s text of the defects class
  std::set<std::string> written_;
};

/// The report's defects (confirmed first, then the others) and disagreements, from `state`.
void report_defects(const LoopState& state, GenerateReport& report);

}  // namespace panta::engine
