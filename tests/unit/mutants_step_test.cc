// generate --mutants' rounds (engine/mutants_step.h) with a scripted probe: no JVM, no PIT.
#include <gtest/gtest.h>

#include <deque>
#include <set>

#include "engine/mutants_step.h"
#include "engine/strategy.h"
#include "junit/answer_statements.h"

namespace panta::engine {
namespace {

mutation::MutationReport report(int killed, int survived) {
  mutation::MutationReport r;
  r.class_name = "demo.Grades";
  for (int i = 0; i < killed; ++i)
    r.mutants.push_back({10 + i, "letter", "M", "d", "killed", true});
  for (int i = 0; i < survived; ++i)
    r.mutants.push_back({30 - i, "letter", "ConditionalsBoundaryMutator",
                         "changed conditional boundary", "survived", false});
  return r;
}

class ScriptedProbe final : public MutationProbe {
 public:
  std::deque<Result<mutation::MutationReport>> answers;
  std::vector<std::string> seen;  // test_fqn + " " + text
  Result<mutation::MutationReport> measure(const std::string&, const std::string& test_fqn,
                                           const std::string& test_text) override {
    seen.push_back(test_fqn + " " + test_text);
    auto next = answers.front();
    answers.pop_front();
    return next;
  }
};

junit::TestFile file_of(const std::string& body) {
  return *junit::TestFile::parse("package demo;\nclass GradesTest {\n" + body + "}\n");
}

const EventSink kQuiet = [](const Event&) {};

// Every survivor in one prompt, each with an id; rounds go on while they kill more, at most N
// of them; a round that kills more is a gain for the stop rule, measured once.
TEST(MutantsStep, RoundsGoOnWhileTheyKillMoreAtMostNAllSurvivorsInOnePrompt) {
  ScriptedProbe probe;
  probe.answers = {report(4, 3), report(6, 1), report(7, 0)};
  std::string source;
  for (int line = 1; line < 28; ++line) source += "\n";
  source += "    if (points >= 90) {\n  }\n";
  MutantsStep step(&probe, 2, "/p/tests/demo/GradesTest.java", "demo", "GradesTest", source);
  LoopState state;
  prompt::GenerateInputs in;
  EXPECT_FALSE(step.take_round(state, in));
  ASSERT_TRUE(step.next_round(file_of(""), state, kQuiet));
  ASSERT_TRUE(step.take_round(state, in));
  EXPECT_FALSE(step.take_round(state, in));  // taken once
  ASSERT_EQ(in.surviving_mutants.size(), 3u);
  EXPECT_EQ(in.surviving_mutants[0],
            "[M1] line 28: changed conditional boundary (ConditionalsBoundaryMutator, in letter) "
            "survives; the line: `if (points >= 90) {`");
  EXPECT_EQ(in.surviving_mutants[2],
            "[M3] line 30: changed conditional boundary (ConditionalsBoundaryMutator, in letter) "
            "survives");
  EXPECT_EQ(step.round_lines(), (std::set<uint32_t>{28, 29, 30}));
  EXPECT_EQ(state.shown_mutants.size(), 3u);
  EXPECT_EQ(probe.seen[0].rfind("demo.GradesTest package demo;", 0), 0u);
  EXPECT_TRUE(step.measure_round(file_of("  void a() {}\n"), kQuiet));   // 4 -> 6 detected
  EXPECT_FALSE(step.measure_round(file_of("  void a() {}\n"), kQuiet));  // no round pending
  // The round's file was measured already: the next round is decided without PIT.
  ASSERT_TRUE(step.next_round(file_of("  void a() {}\n"), state, kQuiet));
  EXPECT_EQ(probe.seen.size(), 2u);
  ASSERT_TRUE(step.take_round(state, in));
  ASSERT_EQ(in.surviving_mutants.size(), 1u);  // the same id as in the first round
  EXPECT_TRUE(in.surviving_mutants[0].starts_with("[M3] line 30")) << in.surviving_mutants[0];
  EXPECT_TRUE(step.measure_round(file_of("  void b() {}\n"), kQuiet));       // 6 -> 7
  EXPECT_FALSE(step.next_round(file_of("  void b() {}\n"), state, kQuiet));  // 2 rounds done
  GenerateReport r;
  step.finish(file_of("  void b() {}\n"), state, kQuiet, r);
  EXPECT_EQ(probe.seen.size(), 3u);  // the last state was measured: no extra PIT run
  EXPECT_DOUBLE_EQ(*r.mutation_score_before, 57.14);
  EXPECT_DOUBLE_EQ(*r.mutation_score_after, 100.0);
  EXPECT_EQ(r.mutants_rounds, 2);
  EXPECT_EQ(r.mutants_stop, "2 mutants rounds done (--mutants 2)");
}

TEST(MutantsStep, ARoundThatKillsNothingNewEndsThem) {
  ScriptedProbe probe;
  probe.answers = {report(4, 3), report(4, 3)};
  MutantsStep step(&probe, 5, "/t/GradesTest.java", "demo", "GradesTest", "");
  LoopState state;
  prompt::GenerateInputs in;
  ASSERT_TRUE(step.next_round(file_of(""), state, kQuiet));
  ASSERT_TRUE(step.take_round(state, in));
  EXPECT_FALSE(step.measure_round(file_of("  void a() {}\n"), kQuiet));
  EXPECT_FALSE(step.next_round(file_of("  void a() {}\n"), state, kQuiet));
  GenerateReport r;
  step.finish(file_of("  void a() {}\n"), state, kQuiet, r);
  EXPECT_EQ(r.mutants_stop, "a mutants round killed nothing new");
}

// `Equivalent: M2 - why` sets a survivor aside for the run: not asked for again, reported.
TEST(MutantsStep, MutantsSaidEquivalentAreNotAskedForAgain) {
  ScriptedProbe probe;
  mutation::MutationReport r = report(1, 2);
  probe.answers = {r, report(2, 2)};
  MutantsStep step(&probe, 5, "/t/GradesTest.java", "demo", "GradesTest", "");
  LoopState state;
  prompt::GenerateInputs in;
  ASSERT_TRUE(step.next_round(file_of(""), state, kQuiet));
  ASSERT_TRUE(step.take_round(state, in));
  ASSERT_EQ(in.surviving_mutants.size(), 2u);
  auto unread = state.take_statements(
      junit::parse_statements("```java\n```\nEquivalent: M2, M9 - it sets the same value\n"));
  ASSERT_EQ(unread.size(), 1u);
  EXPECT_EQ(unread[0], "Equivalent: M9 (no such mutant was asked for)");
  ASSERT_EQ(state.equivalent_mutants.size(), 1u);
  EXPECT_TRUE(step.measure_round(file_of("  void a() {}\n"), kQuiet));  // 1 -> 2 detected
  // Both still survive; the next round asks for M1 (line 29) only.
  ASSERT_TRUE(step.next_round(file_of("  void a() {}\n"), state, kQuiet));
  ASSERT_TRUE(step.take_round(state, in));
  ASSERT_EQ(in.surviving_mutants.size(), 1u);
  EXPECT_TRUE(in.surviving_mutants[0].starts_with("[M1] line 29")) << in.surviving_mutants[0];
  GenerateReport out;
  step.finish(file_of("  void a() {}\n"), state, kQuiet, out);
  ASSERT_EQ(out.equivalent_mutants.size(), 1u);
  EXPECT_EQ(out.equivalent_mutants[0].second, "it sets the same value");
  EXPECT_TRUE(out.equivalent_mutants[0].first.starts_with("M2 (30|letter|"))
      << out.equivalent_mutants[0].first;
}

TEST(MutantsStep, EqualSurvivorsOfOneLineAreOneLineWithTheirIds) {
  ScriptedProbe probe;
  mutation::MutationReport r = report(0, 0);
  for (int line : {7, 7, 9})
    r.mutants.push_back({line, "letter", "ConditionalsBoundaryMutator",
                         "changed conditional boundary", "survived", false});
  probe.answers = {r};
  MutantsStep step(&probe, 5, "/t/GradesTest.java", "demo", "GradesTest", "");
  LoopState state;
  ASSERT_TRUE(step.next_round(file_of(""), state, kQuiet));
  prompt::GenerateInputs in;
  ASSERT_TRUE(step.take_round(state, in));
  ASSERT_EQ(in.surviving_mutants.size(), 2u);
  EXPECT_EQ(
      in.surviving_mutants[0],
      "[M1, M2] line 7: changed conditional boundary (ConditionalsBoundaryMutator, in letter) "
      "survives (2 such mutants on the line)");
}

TEST(MutantsStep, TheIterationLimitMeasuresOnceMoreAndPitFailureStopsQuietly) {
  ScriptedProbe probe;
  probe.answers = {report(1, 1), report(2, 0)};
  MutantsStep step(&probe, 5, "/t/GradesTest.java", "", "GradesTest", "");
  LoopState state;
  ASSERT_TRUE(step.next_round(file_of(""), state, kQuiet));
  GenerateReport r;
  step.finish(file_of("  void a() {}\n"), state, kQuiet, r);  // the loop ended after the round
  EXPECT_EQ(probe.seen.size(), 2u);
  EXPECT_EQ(probe.seen[1].rfind("GradesTest ", 0), 0u);
  EXPECT_DOUBLE_EQ(*r.mutation_score_after, 100.0);
  EXPECT_EQ(r.mutants_stop, "iteration limit");

  ScriptedProbe failing;
  failing.answers = {Error{"PIT failed (exit 1)"}};
  MutantsStep broken(&failing, 5, "/t/GradesTest.java", "demo", "GradesTest", "");
  EXPECT_FALSE(broken.next_round(file_of(""), state, kQuiet));
  GenerateReport b;
  broken.finish(file_of(""), state, kQuiet, b);
  EXPECT_FALSE(b.mutation_score_before);
  EXPECT_EQ(b.mutants_stop, "PIT failed: PIT failed (exit 1)");
}

TEST(MutantsStep, OffWithoutAProbe) {
  MutantsStep off(nullptr, 5, "/t/GradesTest.java", "demo", "GradesTest", "");
  LoopState state;
  EXPECT_FALSE(off.next_round(file_of(""), state, kQuiet));
  GenerateReport r;
  off.finish(file_of(""), state, kQuiet, r);
  EXPECT_TRUE(r.mutants_stop.empty());
}

}  // namespace
}  // namespace panta::engine
