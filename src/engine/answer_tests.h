#pragma once

#include <string>
#include <vector>

#include "engine/events.h"
#include "engine/loop_state.h"
#include "engine/repair.h"
#include "engine/report.h"
#include "engine/test_validator.h"

namespace panta::engine {

/// Takes the tests of one answer into the loop's state: skips repeats, validates the rest,
/// repairs the failing ones, keeps what passes (with the coverage it adds) and feeds what stays
/// broken into the next prompt.
class AnswerTaker {
 public:
  /// Every reference outlives the taker.
  AnswerTaker(TestValidator& validator, Repairer& repairer, const EventSink& events)
      : validator_(&validator), repairer_(&repairer), events_(&events) {}

  /// Takes `answer`'s tests into `state`, counting them in `it`. False when a stop request cut
  /// it short (then `state` is partly updated: the caller undoes the iteration). Fails only
  /// when the JVM helper does.
  Result<bool> take(const std::string& answer, LoopState& state, IterationReport& it);

 private:
  std::vector<junit::TestMethod> fresh_tests(const junit::ExtractedTests& extracted,
                                             const junit::TestFile& file) const;
  /// What an answer brought that passed: in the order they go into the file.
  struct Taken {
    std::vector<Candidate> accepted;
    std::vector<std::string> repaired;  ///< names of the accepted that are repairs
    std::vector<std::string> skipped;   ///< names of the accepted that were skipped
  };
  Status keep(Taken& taken, LoopState& state, IterationReport& it);
  void drop(const Verdict& v, LoopState& state, IterationReport& it);

  TestValidator* validator_;
  Repairer* repairer_;
  const EventSink* events_;
};

}  // namespace panta::engine
