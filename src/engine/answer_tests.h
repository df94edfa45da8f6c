#pragma once

#include <string>
#include <vector>

#include "engine/defect_check.h"
#include "engine/events.h"
#include "engine/loop_state.h"
#include "engine/repair.h"
#include "engine/report.h"
#include "engine/test_validator.h"
#include "project/type_index.h"

namespace panta::engine {

/// What an AnswerTaker knows of the class besides its validator and repairer.
struct AnswerContext {
  /// The types tests may import (null: no import is added without the model).
  const project::TypeIndex* types = nullptr;
  std::string test_package;
  /// The class under test (empty: every test is taken to name it).
  std::string class_fqn;
  /// What confirms reproducers and reads disagreements (null: a test's reproducer marker is
  /// not looked at, and dropped tests are not read as disagreements).
  DefectCheck* defects = nullptr;
};

/// Takes the tests of one answer into the loop's state: skips repeats, validates the rest,
/// repairs the failing ones, keeps what passes (with the coverage it adds) and feeds what stays
/// broken into the next prompt.
class AnswerTaker {
 public:
  /// Every reference outlives the taker.
  AnswerTaker(TestValidator& validator, Repairer& repairer, const EventSink& events,
              AnswerContext context = {});

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
  /// A reproducer that passed: an ordinary test without its marker, its entry refuted.
  Candidate refuted(const Verdict& v, const junit::ExtractedTests& from, LoopState& state);
  /// Runs a failed reproducer again and keeps what that shows (junit/reproducer.h); one that
  /// does not call the class under test, or did not compile, is unconfirmed as it is. Counts
  /// it in `it`: a confirmed one is not a generated test, another is a test dropped.
  Status check_reproducer(const Verdict& v, const junit::ExtractedTests& from, LoopState& state,
                          IterationReport& it, bool calls_the_class = true);
  /// The repairs of the failing tests, a prompt per cause, and what came of them.
  Status repair(const std::vector<Verdict>& failing, const junit::ExtractedTests& extracted,
                Taken& taken, LoopState& state, IterationReport& it);
  void drop(const Verdict& v, LoopState& state, IterationReport& it);
  std::vector<junit::TestMethod> not_naming_the_class(std::vector<junit::TestMethod>& fresh,
                                                      const junit::ExtractedTests& extracted,
                                                      const junit::TestFile& file) const;
  Status try_for_gain(const std::vector<junit::TestMethod>& tests,
                      const junit::ExtractedTests& extracted, std::vector<Verdict>& verdicts,
                      LoopState& state, IterationReport& it);
  Status retry_with_imports(junit::ExtractedTests& extracted, std::vector<Verdict>& verdicts,
                            const LoopState& state);

  TestValidator* validator_;
  Repairer* repairer_;
  const EventSink* events_;
  const project::TypeIndex* types_;
  DefectCheck* defects_;
  std::string package_;
  std::string cut_fqn_;
  std::string cut_simple_;  ///< The class's simple name (its top-level class's, when nested).
};

}  // namespace panta::engine
