#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "engine/class_under_test.h"
#include "engine/loop_state.h"
#include "junit/test_file.h"
#include "runner/test_session.h"

namespace panta::engine {

/// Where a class's confirmed reproducers are kept: `<Class>DefectsTest`, beside its test class,
/// in the same package. They never enter the test class itself.
struct DefectsClass {
  std::string path;
  std::string name;  ///< Simple name
  std::string fqn;
};
DefectsClass defects_class_for(const ClassUnderTest& cut);
/// The same for the class `class_fqn` whose test class is at `test_path`.
DefectsClass defects_class_for(const std::string& class_fqn, const std::string& package_name,
                               const std::string& test_path);

/// The defects test class with `reproducers` added, each disabled with its claim as the reason
/// (junit/reproducer.h), so that the build stays green and taking one annotation out shows the
/// failure. It grows from `existing` (the file's text, when there is one), else from `tests`
/// (the class's test class) without its tests, under `defects.name`: the fields, setup and
/// helpers the reproducers ran with. One reproducer per defect: a reproducer whose claim names
/// the line of one the file has (or, without a line, has its claim) is not added again.
struct DefectsText {
  junit::TestFile file;
  /// For each reproducer, the name of the test of the file that shows its defect ...
  std::vector<std::string> names;
  /// ... and whether it is the one added now (false: the file had one already).
  std::vector<bool> added;
};
Result<DefectsText> defects_text(const std::optional<std::string>& existing,
                                 const junit::TestFile& tests, const DefectsClass& defects,
                                 const std::vector<Reproducer>& reproducers,
                                 junit::JUnitVersion version);

/// One reproducer of a defects test class, run enabled.
struct ReproducerRun {
  std::string name;
  junit::AnswerStatements::Defect claim;
  runner::TestResult result;  ///< status kPassed: the code does what it expects now
};

/// What running a defects test class's reproducers gave.
struct ReproducerRuns {
  /// javac's errors when the class does not compile with its reproducers enabled, "" otherwise.
  std::string compile_errors;
  std::vector<ReproducerRun> runs;
};

/// Runs the reproducers (tests that carry the marker or the disabling annotation) of the
/// defects class `defects` whose text is `text`, enabled, as generated tests (in the unit
/// "defects"). Fails only when the helper does.
Result<ReproducerRuns> run_reproducers(runner::TestSession& session, const DefectsClass& defects,
                                       const std::string& text,
                                       std::chrono::milliseconds test_timeout);

}  // namespace panta::engine
