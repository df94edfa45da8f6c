#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/class_under_test.h"
#include "engine/events.h"
#include "engine/model_caller.h"
#include "engine/report.h"
#include "engine/test_validator.h"
#include "junit/answer_statements.h"

namespace panta::engine {

/// How the repair of tests of one cause ended.
struct RepairOutcome {
  std::vector<Verdict> unrepaired;    ///< the last verdict of each test no fix made pass
  std::vector<Candidate> fixed;       ///< the passing fixes, with the repair answers they came from
  std::vector<std::string> repaired;  ///< the names of the failing tests that a fix replaced
  /// The "Suspected defects" lines of the repair answers (focused: a test found a defect).
  std::vector<junit::AnswerStatements::Defect> suspected_defects;
};

/// Asks the model to fix failing tests, those of one cause in one prompt, until the fixes pass
/// or the attempts run out.
class Repairer {
 public:
  /// Every reference outlives the repairer; `junit` names the test generation for the prompt.
  /// With `focused`, a prompt shows the source sliced to the methods the failing tests run
  /// (methods_run_by), else whole (the paper's Algorithm 3), and lets the answer say the code
  /// is wrong instead: such tests are not repaired again, its lines go to the outcome's
  /// suspected defects.
  Repairer(ModelCaller& model, TestValidator& validator, const ClassUnderTest& cut,
           std::string junit, int attempts, EventSink events, bool focused = false);

  /// Repairs `failing` (tests of one cause, tried as additions to `file` with `accepted`).
  /// Counts the repair answers' tokens in `it`. A test stops being repaired on a model error, a
  /// fix that repeats an existing test, a stop request, or a compile error no source change
  /// can fix ("code too large"). Fails only when the JVM helper does.
  Result<RepairOutcome> repair(const junit::TestFile& file, const std::vector<Verdict>& failing,
                               const std::vector<Candidate>& accepted, IterationReport& it);

 private:
  /// One attempt for `open`; false when the repairs should stop (said by an event).
  Result<bool> attempt(const junit::TestFile& file, std::vector<Verdict>& open,
                       const std::vector<Candidate>& accepted, RepairOutcome& out,
                       IterationReport& it);
  prompt::RepairInputs inputs(const std::vector<Verdict>& open) const;
  /// Keeps a focused answer's suspected defects in `out`; true when it brings no test and says
  /// the code is wrong (said by an event for each of `open`): their repairs stop.
  bool says_code_is_wrong(const std::string& answer, bool has_tests, std::vector<Verdict>& open,
                          RepairOutcome& out) const;

  ModelCaller* model_;
  TestValidator* validator_;
  const ClassUnderTest* cut_;
  std::string junit_;
  int attempts_;
  EventSink events_;
  bool focused_;
};

/// The methods of the class that `text` (failing tests and their error) calls by name, and
/// those these call in turn, as sliced_source shows them whole (by first line, an empty set):
/// what a fix of the tests may need to read. Names, not overloads or receivers, decide.
std::map<uint32_t, std::set<uint32_t>> methods_run_by(const ClassUnderTest& cut,
                                                      const std::string& text);

/// Why no source change can fix this compile error (a class file limit), or "".
std::string unrepairable_reason(const Verdict& v);

/// The failing tests grouped by cause, each group for one repair prompt (at most
/// `max_group` tests): tests that fail to compile with the same javac messages, or fail
/// alike at run time (the same exception and message but for numbers); every failed
/// assertion is a cause of its own.
std::vector<std::vector<Verdict>> group_by_cause(const std::vector<Verdict>& failing,
                                                 size_t max_group = 8);

}  // namespace panta::engine
