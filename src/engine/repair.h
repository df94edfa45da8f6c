#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/class_under_test.h"
#include "engine/events.h"
#include "engine/model_caller.h"
#include "engine/report.h"
#include "engine/test_validator.h"

namespace panta::engine {

/// How a repair ended: the last verdict, and the test to keep when it passed.
struct RepairOutcome {
  Verdict verdict;
  std::optional<Candidate> fixed;  ///< the passing test with the repair answer it came from
};

/// Asks the model to fix a failing test until a fix passes or the attempts run out.
class Repairer {
 public:
  /// Every reference outlives the repairer; `junit` names the test generation for the prompt.
  Repairer(ModelCaller& model, TestValidator& validator, const ClassUnderTest& cut,
           std::string junit, int attempts, EventSink events);

  /// Repairs `failed`, a test tried as an addition to `file` with `accepted`. Counts the
  /// repair answers' tokens in `it`. Stops early on a model error, a fix that repeats an
  /// existing test, a stop request, or a compile error no source change can fix ("code too
  /// large"). Fails only when the JVM helper does.
  Result<RepairOutcome> repair(const junit::TestFile& file, const Verdict& failed,
                               const std::vector<Candidate>& accepted, IterationReport& it);

 private:
  /// One attempt: nullopt when the repairs should stop (said by an event).
  Result<std::optional<RepairOutcome>> attempt(const junit::TestFile& file, const Verdict& failed,
                                               const std::vector<Candidate>& accepted,
                                               IterationReport& it);

  ModelCaller* model_;
  TestValidator* validator_;
  const ClassUnderTest* cut_;
  std::string junit_;
  int attempts_;
  EventSink events_;
};

/// Why no source change can fix this compile error (a class file limit), or "".
std::string unrepairable_reason(const Verdict& v);

}  // namespace panta::engine
