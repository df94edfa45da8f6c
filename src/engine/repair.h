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
#include "engine/strategy.h"
#include "engine/test_validator.h"
#include "junit/answer_statements.h"

namespace panta::engine {

/// How the repair of tests of one cause ended.
struct RepairOutcome {
  std::vector<Verdict> unrepaired;    ///< the last verdict of each test no fix made pass
  std::vector<Candidate> fixed;       ///< the passing fixes, with the repair answers they came from
  std::vector<std::string> repaired;  ///< the names of the failing tests that a fix replaced
  /// Fixes that carry a reproducer's marker (junit/reproducer.h), compile and fail: the answer
  /// says the test is right and the code wrong, or a reproducer's compile error is mended. Never
  /// repaired further; with the answer they came from.
  std::vector<std::pair<Verdict, junit::ExtractedTests>> reproducers;
  /// The "Suspected defects" lines of the repair answers (focused: a test found a defect).
  std::vector<junit::AnswerStatements::Defect> suspected_defects;
};

/// Asks the model to fix failing tests, those of one cause in one prompt, until the fixes pass
/// or the attempts run out.
class Repairer {
 public:
  /// Every reference outlives the repairer; `junit` names the test generation for the prompt.
  /// With RepairPrompt::kSlicedWithDefects, a prompt shows the source sliced to the methods
  /// the failing tests run (methods_run_by), else whole (the paper's Algorithm 3), and lets
  /// the answer say the code is wrong instead: such tests are not repaired again, its lines go
  /// to the outcome's suspected defects.
  Repairer(ModelCaller& model, TestValidator& validator, const ClassUnderTest& cut,
           std::string junit, int attempts, EventSink events,
           RepairPrompt style = RepairPrompt::kWholeSource);

  /// Repairs `failing` (tests of one cause, of the answer `origin`, tried as additions to
  /// `file` with `accepted`). A fix keeps the imports, class annotations and members `origin`
  /// gave the failing tests unless the repair answer defines them again (see with_origin).
  /// Counts the repair answers' tokens in `it`. A test stops being repaired on a model error, a
  /// fix that repeats an existing test, a stop request, or a compile error no source change
  /// can fix ("code too large"). Fails only when the JVM helper does.
  Result<RepairOutcome> repair(const junit::TestFile& file, const std::vector<Verdict>& failing,
                               const junit::ExtractedTests& origin,
                               const std::vector<Candidate>& accepted, IterationReport& it);

 private:
  /// One attempt for `open`; false when the repairs should stop (said by an event).
  Result<bool> attempt(const junit::TestFile& file, std::vector<Verdict>& open,
                       junit::ExtractedTests& origin, const std::vector<Candidate>& accepted,
                       RepairOutcome& out, IterationReport& it);
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
  RepairPrompt style_;
};

/// The methods of the class that `tests` (Java members: the failing tests and the helpers
/// they may use) call by name or `error`'s stack frames name, and those these call in turn,
/// as sliced_source shows them whole (by first line, an empty set): what a fix of the tests
/// may need to read. Names, not overloads or receivers, decide.
std::map<uint32_t, std::set<uint32_t>> methods_run_by(const ClassUnderTest& cut,
                                                      const std::string& tests,
                                                      const std::string& error = "");

/// A repair answer's tests with what the answer `origin` of the failing tests gave them: its
/// imports, class annotations and the members `fix` does not define again (a repair prompt shows
/// them and asks for the changed tests only). A member `fix` defines again, differently,
/// replaces origin's, said by an event naming `tests`; one that differs from a namesake `in_use`
/// has (the test file's and the kept tests' members, by key) does not replace it (members go by
/// name), said too.
junit::ExtractedTests with_origin(junit::ExtractedTests fix, const junit::ExtractedTests& origin,
                                  const std::map<junit::MemberKey, std::string>& in_use,
                                  const std::string& tests, const EventSink& events);

/// Why no source change can fix this compile error (a class file limit), or "".
std::string unrepairable_reason(const Verdict& v);

/// The failing tests grouped by cause, each group for one repair prompt that lists all its
/// tests: tests that fail to compile with the same javac messages (on the same symbols), or
/// fail alike at run time (the same exception, its message but for numbers, and the first
/// frame of the project's code it passed); every failed assertion is a cause of its own.
std::vector<std::vector<Verdict>> group_by_cause(const std::vector<Verdict>& failing);

}  // namespace panta::engine
