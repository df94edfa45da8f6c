#pragma once

#include <functional>
#include <string>
#include <utility>

#include "engine/class_under_test.h"
#include "engine/report.h"
#include "engine/test_validator.h"
#include "engine/verdict.h"
#include "junit/answer_statements.h"
#include "junit/test_answer.h"
#include "project/project.h"
#include "runner/jvm_runner.h"

namespace panta::engine {

/// How one failing run of a test reads, from the JVM helper's typed result alone (its status,
/// exception class, compared values and stack frames; never a message's prose).
struct FailureReading {
  /// It failed at an assertion (an AssertionError of any library, or the main code's own
  /// `assert`), or with an exception whose first frame in project code is in the main code: the
  /// code under test and the test disagree.
  bool shows_defect = false;
  bool own_assertion = false;  ///< An assertion error raised in the test's code.
  std::string why;             ///< When it does not show a defect, why ("it timed out", ...).
  uint32_t main_line = 0;      ///< The line of the first frame in main code (the top one), 0: none
  /// The exception's class and first project frame: two runs that show a defect must agree.
  std::string signature;
};

/// Reads `failure`; `is_test_code` tells whether a class (binary name) is the tests' own: the
/// test class, a class nested in it, or a class of the test sources.
FailureReading read_failure(const runner::TestResult& failure,
                            const std::function<bool(const std::string&)>& is_test_code);

/// The expected and actual values of `failure`: its compared values, else "" and its exception
/// with its message.
std::pair<std::string, std::string> expected_and_actual(const runner::TestResult& failure);

/// Decides what a reproducer's run shows (junit/reproducer.h): confirmed only when it fails in
/// two fresh runs alike, at an assertion or in the main code; its expectations are never
/// changed to agree with the code.
class DefectCheck {
 public:
  /// Every reference outlives the check.
  DefectCheck(TestValidator& validator, const ClassUnderTest& cut, const project::Project& project);

  /// A reproducer `failed` (a verdict of TestValidator::try_tests that ran and failed) with its
  /// claim: runs it a second time and reads both runs. Fails only when the helper does.
  Result<DefectEntry> confirm(const Verdict& failed, const junit::AnswerStatements::Defect& claim);

  /// The entry of a reproducer that passed (refuted) or that did not get to run (unconfirmed,
  /// with why).
  DefectEntry entry(const Verdict& v, const junit::AnswerStatements::Defect& claim,
                    DefectStatus status, std::string why = "") const;

  /// A dropped test's failure at its own assertion, for the report's disagreements; false when
  /// its failure was anything else.
  bool disagreement(const Verdict& dropped, Disagreement& out) const;

  bool is_test_code(const std::string& binary_name) const;

 private:
  TestValidator* validator_;
  const ClassUnderTest* cut_;
  const project::Project* project_;
  std::string source_file_;  ///< The class's source, relative to the project
};

}  // namespace panta::engine
