#include "engine/events.h"

#include <fmt/format.h>

namespace panta::engine {

std::string counted(int64_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

namespace {

using namespace event;  // NOLINT(google-build-using-namespace): one line per event type below

std::string line(const VersionNote& v) {
  return "note: " + v.artifact + " runs as version " + v.runs_as + " here" +
         (v.build_asks.empty() ? std::string() : " (the build asks for " + v.build_asks + ")") +
         "; the prompt names " + v.runs_as;
}

std::string line(const DependenciesLeftOut& d) {
  return "note: test dependencies not on the classpath are left out of the prompt: " + d.artifacts +
         " (give their jars with --classpath to let tests use them)";
}

std::string line(const ClassLoaded& c) {
  std::string out = fmt::format(
      "{}: {} under test, max CYC {}, coverage now {:.1f}% lines, {:.1f}% branches", c.class_name,
      counted(c.methods, "method"), c.max_cyc, c.line_coverage, c.branch_coverage);
  if (c.not_analysed.empty()) return out;
  out += fmt::format("; {} not analysed, so no test is asked for them:",
                     counted(static_cast<int>(c.not_analysed.size()), "method"));
  for (const std::string& m : c.not_analysed) out += "\n  " + m;
  return out;
}

std::string line(const IterationStarted& i) {
  return fmt::format("iteration {} of {}: asking the model ({})", i.n, i.max, i.strategy);
}

std::string line(const IterationDone& i) {
  return fmt::format(
      "iteration {} of {}: coverage {:.1f}% lines, {:.1f}% branches; tests kept {}, repaired {}, "
      "dropped {}; tokens {} in, {} out",
      i.n, i.max, i.line_coverage, i.branch_coverage, i.kept, i.repaired, i.dropped,
      i.prompt_tokens, i.completion_tokens);
}

std::string line(const IterationUndone& u) {
  return fmt::format(
      "interrupted in iteration {}: its tests are not kept; --resume does it again{}", u.n,
      u.answers == 0
          ? std::string()
          : fmt::format(", reusing the {} already received", counted(u.answers, "answer")));
}

std::string line(const Resuming& r) {
  return fmt::format(
      "  resuming run {} after iteration {}; {} received since then {} reused where the prompt is "
      "the same",
      r.run, r.after, counted(static_cast<int64_t>(r.answers), "answer"),
      r.answers == 1 ? "is" : "are");
}

std::string line(const TestFileChanged& t) {
  return "  note: " + t.path + " changed since the run stopped; going on from it as it is now";
}

std::string line(const UnusedRecordedAnswers& u) {
  return fmt::format("  note: {} from the journal could not be reused (the prompts changed)",
                     counted(static_cast<int64_t>(u.count), "recorded answer"));
}

std::string line(const ExistingTestFails& x) {
  return "  note: the existing test " + x.id + " fails; it is left as it is";
}

std::string line(const OtherTestsCounted& o) {
  return fmt::format(
      "  counting what the project's tests cover already ({} test class{} besides its own): "
      "{:.1f} % lines, {:.1f} % branches",
      o.classes, o.classes == 1 ? "" : "es", o.line_coverage, o.branch_coverage);
}

std::string line(const RolledBack& r) {
  if (r.failing.empty()) {
    return "  the test class no longer compiles; going back to the last good version";
  }
  return "  " + r.failing + " fails in the class (flaky?); going back to the last good version";
}

std::string line(const PromptShrunk& e) {
  switch (e.step) {
    case prompt::ShrinkStep::kFailedCode:
      return "  " + e.why + ": the failed tests' code is left out (their names and errors stay)";
    case prompt::ShrinkStep::kNoFailed:
      return "  " + e.why + ": the failed tests of the last iteration are left out";
    case prompt::ShrinkStep::kTestBodies:
      return "  " + e.why + ": the test file's method bodies are left out";
    case prompt::ShrinkStep::kFarSource:
      return "  " + e.why + ": only the source lines near the selected paths are kept";
    case prompt::ShrinkStep::kHalfTargets:
      break;
  }
  return fmt::format("  {}: only the paths of the {} methods missing most are asked for", e.why,
                     e.targets);
}

std::string line(const DryRun& d) {
  return fmt::format(
      "dry run: the first prompt (about {} tokens, at 4 characters a token) follows on stdout; "
      "no model was asked",
      d.tokens);
}

std::string line(const PromptSentAsItIs& s) {
  return "  " + s.why + ", and nothing more can be left out: it is sent as it is";
}

std::string line(const AnswerReused& a) {
  return a.repair ? "  repair answer reused from the journal" : "  answer reused from the journal";
}

std::string line(const NoPathLeft&) {
  return "  no path is left to select (each covered, or selected --max-path-selections times); "
         "the prompt names the uncovered lines";
}

std::string line(const ModelError& m) {
  return (m.repair ? "  model error during repair: " : "  model error: ") + m.message;
}

std::string line(const NoUsableTests& n) {
  return "  no usable tests in the answer: " + n.why;
}

std::string line(const AnswerNote& n) {
  return "  note: " + n.note;
}

std::string line(const AnswerTooLarge& a) {
  return fmt::format("  the answer has {} bytes, over --max-answer-bytes {}: it is not used",
                     a.bytes, a.limit);
}

std::string line(const TestsRepeat& t) {
  if (t.count == 1) return "  skipped " + t.example;
  return fmt::format(
      "  {} tests of the answer repeat tests the file has (e.g. {}): not added again", t.count,
      t.example);
}

std::string line(const TestSkipped& t) {
  return "  " + t.test + " is skipped when it runs (" + t.reason +
         "): kept in the file, not counted as passing";
}

std::string line(const RepairAttempt& r) {
  const char* what = r.tests == 1 ? (r.compile_error ? "does not compile" : "does not pass")
                                  : (r.compile_error ? "do not compile" : "do not pass");
  return fmt::format("  {} {} ({}); repair attempt {} of {}", r.test,
                     r.tests == 1 ? "fails" : "fail", what, r.attempt, r.of);
}

std::string line(const NotRepairable& n) {
  return "  " + n.test + " is not sent for repair: " + n.why;
}

std::string line(const TestKept& k) {
  return "  kept " + k.test;
}

std::string line(const TestDropped& d) {
  return "  dropped " + d.test + ": " + d.reason;
}

std::string line(const NotTogether& n) {
  return "  the new tests pass alone but not all together (" + n.failure +
         "); checking them in the class one by one";
}

std::string line(const RepairWithoutSource& r) {
  return "  " + r.why + ": the repair prompt leaves the source out";
}

std::string line(const RepairSaysDefect& d) {
  return "  " + d.test + " is not repaired: the answer says the code is wrong (" + d.defect + ")";
}

std::string line(const DefectChecked& d) {
  if (d.status == "confirmed") return "  confirmed a defect: " + d.test + " (" + d.claim + ")";
  if (d.status == "refuted") {
    return "  " + d.test + " passes: its claim does not hold (" + d.claim +
           "); it is an ordinary test";
  }
  if (d.status == "fixed") return "  fixed: " + d.test + " passes now (" + d.claim + ")";
  return "  " + d.test + " does not confirm its claim (" + d.claim + "): " + d.why;
}

std::string line(const DefectsWritten& d) {
  return fmt::format("  {} confirmed {} kept, disabled, in {}", d.tests,
                     d.tests == 1 ? "reproducer" : "reproducers", d.path);
}

std::string line(const RepairRepeats& r) {
  return "  the repair of " + r.test + " repeats the existing test " + r.existing;
}

std::string line(const RepairMember& r) {
  if (r.replaced) {
    return "  the repair of " + r.tests + " replaces the first answer's " + r.member +
           " with its own";
  }
  return "  the repair of " + r.tests + " defines " + r.member +
         " again, differently; the one the kept tests use stays";
}

std::string line(const BackedUp& b) {
  return "  backed up the existing test file to " + b.path;
}

std::string line(const UserEditMerged& u) {
  return fmt::format("  {} was changed during the run: kept as changed, with the run's {} new {}",
                     u.path, u.tests, u.tests == 1 ? "test" : "tests");
}

std::string line(const FinalCheckFailed& f) {
  return "  the whole test class fails with this run's tests (" + f.failure +
         "); checking them iteration by iteration";
}

}  // namespace

std::string render(const Event& e) {
  return std::visit([](const auto& x) { return line(x); }, e);
}

}  // namespace panta::engine
