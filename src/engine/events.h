#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "prompt/prompt_builder.h"

namespace panta::engine {

/// What the generation loop reports as it goes. The CLI renders them (render()), the journal
/// keeps them as text.
namespace event {

/// A test dependency the prompt names with another version than the build asks for.
struct VersionNote {
  std::string artifact;
  std::string runs_as;
  std::string build_asks;  ///< "" when the build names no version
};
/// Test dependencies left out of the prompt: their jars are not on the classpath.
struct DependenciesLeftOut {
  std::string artifacts;  ///< comma-separated
};
struct ClassLoaded {
  std::string class_name;
  int methods = 0;
  int max_cyc = 0;
  double line_coverage = 0;
  double branch_coverage = 0;
  std::vector<std::string> not_analysed;  ///< ClassUnderTest::not_analysed
};
struct IterationStarted {
  int n = 0;
  int max = 0;
  std::string strategy;
};
struct IterationDone {
  int n = 0;
  int max = 0;
  double line_coverage = 0;
  double branch_coverage = 0;
  int kept = 0;
  int repaired = 0;
  int dropped = 0;
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
};
/// An iteration cut short by a stop request, undone; `answers` were received in it.
struct IterationUndone {
  int n = 0;
  int answers = 0;
};
struct Resuming {
  int64_t run = 0;
  int after = 0;
  size_t answers = 0;
};
struct TestFileChanged {
  std::string path;
};
struct UnusedRecordedAnswers {
  size_t count = 0;
};
struct ExistingTestFails {
  std::string id;
};
/// The project's other test classes ran once: what they cover of the class counts from the
/// start.
struct OtherTestsCounted {
  int classes = 0;           ///< besides the class's own test class
  double line_coverage = 0;  ///< percent
  double branch_coverage = 0;
};
/// The test file went back to its last good version: the class no longer compiled
/// (`failing` empty) or a test failed in it.
struct RolledBack {
  std::string failing;
};
struct PromptShrunk {
  prompt::ShrinkStep step = prompt::ShrinkStep::kTestBodies;
  std::string why;
  size_t targets = 0;  ///< for kHalfTargets: the methods still asked for
};
/// --dry-run: the first prompt goes to stdout instead of the model.
struct DryRun {
  int64_t tokens = 0;  ///< Its estimated size.
};
struct PromptSentAsItIs {
  std::string why;
};
struct AnswerReused {
  bool repair = false;
};
struct NoPathLeft {};
struct ModelError {
  std::string message;
  bool repair = false;
};
struct NoUsableTests {
  std::string why;
};
struct AnswerNote {
  std::string note;
};
struct AnswerTooLarge {
  size_t bytes = 0;
  size_t limit = 0;
};
/// Tests of an answer that repeat tests of the file (or of the answer): not added again.
struct TestsRepeat {
  size_t count = 0;
  std::string example;  ///< "testA (the same as testB)"
};
/// A test that ran but was skipped (@Disabled, a failed assumption): kept in the file, not
/// counted as passing.
struct TestSkipped {
  std::string test;
  std::string reason;
};
struct RepairAttempt {
  std::string test;  ///< the tests of one cause, "a, b"
  bool compile_error = false;
  int attempt = 0;
  int of = 0;
  size_t tests = 1;
};
struct NotRepairable {
  std::string test;
  std::string why;
};
struct TestKept {
  std::string test;
};
struct TestDropped {
  std::string test;
  std::string reason;  ///< its first line
};
/// The answer's tests pass alone but not together: they are checked one by one.
struct NotTogether {
  std::string failure;
};
struct RepairWithoutSource {
  std::string why;
};
/// A focused repair answer says the failing test is right and the code wrong.
struct RepairSaysDefect {
  std::string test;
  std::string defect;  ///< The answer's first "Suspected defects" line.
};
/// What the run made of a reproducer (a test marked `// Suspected defect:`).
struct DefectChecked {
  std::string test;
  std::string status;  ///< confirmed, refuted, unconfirmed, fixed
  std::string claim;   ///< "line 42: claim"
  std::string why;
};
/// Confirmed reproducers were written, disabled, into their own test class.
struct DefectsWritten {
  std::string path;
  size_t tests = 0;
};
struct RepairRepeats {
  std::string test;
  std::string existing;
};
/// A repair answer defined a member (helper, field, nested type) again, differently.
struct RepairMember {
  std::string tests;   ///< the tests being repaired, comma-separated
  std::string member;  ///< its name, e.g. "money(String)" or "field rate"
  bool replaced;       ///< it replaces the first answer's; else the kept tests' one stays
};
struct BackedUp {
  std::string path;
};
/// The user changed the test file during the run: the run's new tests were merged into it.
struct UserEditMerged {
  std::string path;
  size_t tests = 0;
};
/// The whole test class is checked with the run's tests (once, at the end).
struct FinalCheckFailed {
  std::string failure;
};

}  // namespace event

using Event = std::variant<
    event::VersionNote, event::DependenciesLeftOut, event::ClassLoaded, event::IterationStarted,
    event::IterationDone, event::IterationUndone, event::Resuming, event::TestFileChanged,
    event::UnusedRecordedAnswers, event::ExistingTestFails, event::OtherTestsCounted,
    event::RolledBack, event::PromptShrunk, event::PromptSentAsItIs, event::AnswerReused,
    event::NoPathLeft, event::ModelError, event::NoUsableTests, event::AnswerNote,
    event::AnswerTooLarge, event::TestsRepeat, event::TestSkipped, event::RepairAttempt,
    event::NotRepairable, event::TestKept, event::TestDropped, event::NotTogether,
    event::RepairWithoutSource, event::RepairRepeats, event::RepairMember, event::RepairSaysDefect,
    event::DefectChecked, event::DefectsWritten, event::BackedUp, event::UserEditMerged,
    event::FinalCheckFailed, event::DryRun>;

/// "1 round", "2 rounds": `n` and the noun, in the plural unless `n` is 1.
std::string counted(int64_t n, const char* noun);

/// The event as one progress line, as the CLI prints it and the journal keeps it.
std::string render(const Event& e);

/// Where events go (the CLI's stderr, a vector in tests).
using EventSink = std::function<void(const Event&)>;

}  // namespace panta::engine
