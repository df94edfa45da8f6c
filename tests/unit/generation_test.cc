// The generation loop with a fake JVM and a scripted model: its stop rules, undo, repair and
// the final check of the whole class.
#include "engine/generation.h"

#include <gtest/gtest.h>

#include <set>

#include "core/cancel.h"
#include "engine_fakes.h"
#include "gate_loop.h"
#include "java/source_text.h"
#include "java/syntax_tree.h"
#include "test_support.h"

namespace panta::engine {
namespace {

using test::answer_with;
using test::test_method;

using test::gate_lines;
using test::kGate;
using test::kUserTests;
using test::LoopRun;

TEST(Generation, FullCoverageStopsTheLoop) {
  LoopRun r({answer_with({test_method("all",
                                      "covers(5); branch(5, 0); branch(5, 1); covers(6); "
                                      "covers(8); branch(12, 0); branch(12, 1); covers(13);")})});
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->stop_reason, "full coverage");
  EXPECT_EQ(report->iterations.size(), 1u);
  EXPECT_EQ(report->line_coverage, 100.0);
  EXPECT_EQ(report->branch_coverage, 100.0);
  EXPECT_EQ(r.model.prompts.size(), 1u);
  EXPECT_NE(r.written().find("void all()"), std::string::npos);
}

// Full coverage that the final check takes back is not reported as the reason the run stopped.
TEST(Generation, FullCoverageTheFinalCheckTakesBackIsSaidSo) {
  LoopRun r({answer_with({test_method("all",
                                      "covers(5); branch(5, 0); branch(5, 1); covers(6); "
                                      "covers(8); branch(12, 0); branch(12, 1); covers(13); "
                                      "breaks(user);")})});
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->stop_reason, "full coverage, then the final check dropped 1 test");
  EXPECT_LT(report->line_coverage, 100.0);
  EXPECT_EQ(report->tests_kept, 0);
  // So for any reason (Entities: "only possibly unreachable code is left" at 80 %).
  LoopRun limit({answer_with({test_method("some", "covers(5); branch(5, 0); breaks(user);")})});
  limit.options.max_iterations = 1;
  auto cut = limit.go();
  ASSERT_TRUE(cut.ok()) << cut.error().message;
  EXPECT_EQ(cut->stop_reason, "iteration limit, then the final check dropped 1 test");
}

// The "no gain" rule counts branches as well as lines: an iteration that only takes a new
// branch of a line already covered is a gain.
TEST(Generation, ANewBranchAloneIsAGain) {
  LoopRun r({answer_with({test_method("one", "branch(5, 0);")}),
             answer_with({test_method("other", "branch(5, 1);")}),
             answer_with({test_method("again", "branch(5, 1); branch(5, 0);")})});
  r.options.max_no_increase = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(report->iterations.size(), 3u) << r.all_events();
  EXPECT_EQ(report->stop_reason, "1 round without coverage gain");
  EXPECT_GT(report->iterations[1].branch_coverage, report->iterations[0].branch_coverage);
  EXPECT_EQ(report->iterations[1].line_coverage, report->iterations[0].line_coverage);
}

TEST(Generation, TheIterationLimitStopsTheLoop) {
  LoopRun r({answer_with({test_method("a", "covers(6);")}),
             answer_with({test_method("b", "covers(8);")})});
  r.options.max_iterations = 2;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->iterations.size(), 2u);
  EXPECT_EQ(report->stop_reason, "iteration limit");
  EXPECT_EQ(report->tests_kept, 2);
}

// A new test can pass with the new tests alone but break one of the user's: the whole class
// is checked at the end, and such a test is taken out again.
TEST(Generation, ATestThatBreaksTheUsersTestIsTakenOutAtTheEnd) {
  LoopRun r({answer_with(
      {test_method("harmful", "covers(6); breaks(user);"), test_method("fine", "covers(8);")})});
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_TRUE(r.said("the whole test class fails with this run's tests")) << r.all_events();
  EXPECT_TRUE(r.said("dropped harmful: it breaks the whole test class")) << r.all_events();
  // What broke, and why: the user's test and the first line of its exception.
  EXPECT_TRUE(
      r.said("the whole test class fails with this run's tests (demo.GateTest#user: "
             "org.opentest4j.AssertionFailedError: broken by an earlier test)"))
      << r.all_events();
  std::string file = r.written();
  EXPECT_EQ(file.find("void harmful()"), std::string::npos) << file;
  EXPECT_NE(file.find("void fine()"), std::string::npos);
  EXPECT_NE(file.find("void user()"), std::string::npos);
  EXPECT_EQ(report->tests_kept, 1);
  EXPECT_FALSE(test::slurp(r.project.test_dir + "/demo/GateTest.java").empty());
}

// A test that passes with the other new tests but fails in the whole class (a flaky one):
// the iterations before it are kept, its own is checked test by test.
TEST(Generation, AFlakyTestGoesBackToTheLastGoodIterationAndOnlyItIsDropped) {
  LoopRun r({answer_with({test_method("first", "covers(6);")}),
             answer_with({test_method("flaky1", "covers(8); flaky();"),
                          test_method("second", "covers(13);")})});
  r.options.max_iterations = 2;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_TRUE(r.said("dropped flaky1")) << r.all_events();
  std::string file = r.written();
  EXPECT_NE(file.find("void first()"), std::string::npos);
  EXPECT_NE(file.find("void second()"), std::string::npos);
  EXPECT_EQ(file.find("void flaky1()"), std::string::npos) << file;
  EXPECT_FALSE(report->line_coverage == 100.0);
}

// The final check goes back to the newest iteration whose file passes, not to the start: no
// version of the class it runs lacks the first iteration's test.
TEST(Generation, TheFinalCheckGoesBackToTheLastGoodIterationNotToTheStart) {
  LoopRun r({answer_with({test_method("first", "covers(6);")}),
             answer_with({test_method("flaky1", "covers(8); flaky();"),
                          test_method("second", "covers(13);")})});
  r.options.max_iterations = 2;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_TRUE(r.said("the whole test class fails with this run's tests")) << r.all_events();
  // The whole class is compiled as unit "tests": first as the user left it, then by the check.
  std::vector<std::string> whole;
  for (size_t i = 0; i < r.jvm.compiled_units.size(); ++i) {
    if (r.jvm.compiled_units[i] == "tests") whole.push_back(r.jvm.compiled_texts[i]);
  }
  ASSERT_GE(whole.size(), 3u);
  EXPECT_EQ(whole[0].find("void first()"), std::string::npos);
  for (size_t i = 1; i < whole.size(); ++i) {
    EXPECT_NE(whole[i].find("void first()"), std::string::npos) << "class run " << i << ":\n"
                                                                << whole[i];
  }
  EXPECT_EQ(report->tests_kept, 2);
}

// Without --max-iterations the loop runs as many iterations as the class's largest cyclomatic
// complexity (the paper's maxCYC): 2 for Gate.
TEST(Generation, TheDefaultIterationLimitIsTheLargestCyclomaticComplexity) {
  LoopRun r({answer_with({test_method("a", "covers(6);")}),
             answer_with({test_method("b", "covers(8);")}),
             answer_with({test_method("c", "covers(13);")})});
  r.options.max_iterations = 0;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->iterations.size(), 2u);
  EXPECT_EQ(report->stop_reason, "iteration limit");
  EXPECT_EQ(r.model.prompts.size(), 2u);
}

// panta sends the basic prompt while no line is covered (Algorithm 3, line 18), its own with
// the selected paths once one is, even before any branch is.
TEST(Generation, PantaSendsTheBasicPromptOnlyWhileNoLineIsCovered) {
  const std::string no_tests =
      "package demo;\n\nimport org.junit.jupiter.api.Test;\n\nclass GateTest {\n}\n";
  LoopRun nothing({answer_with({test_method("a", "covers(15);")})}, no_tests);
  nothing.options.strategy = "panta";
  nothing.options.max_iterations = 1;
  ASSERT_TRUE(nothing.go().ok());
  ASSERT_EQ(nothing.model.prompts.size(), 1u);
  EXPECT_EQ(nothing.model.prompts[0].user.find("## Methods Under Test"), std::string::npos);

  LoopRun line_only({answer_with({test_method("a", "covers(6);")})});  // the user's covers 15
  line_only.options.strategy = "panta";
  line_only.options.max_iterations = 1;
  ASSERT_TRUE(line_only.go().ok());
  ASSERT_EQ(line_only.model.prompts.size(), 1u);
  EXPECT_NE(line_only.model.prompts[0].user.find("## Methods Under Test"), std::string::npos)
      << line_only.model.prompts[0].user;
}

// The failed tests an iteration's prompt showed are shown again when that prompt got no answer.
TEST(Generation, FailedTestsAreShownAgainAfterAPromptThatGotNoAnswer) {
  LoopRun r({answer_with({test_method("bad", "fail(); covers(6);")}),
             "ERROR:the model is overloaded", answer_with({test_method("good", "covers(6);")})});
  r.options.repair_attempts = 0;
  r.options.max_iterations = 3;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(r.model.prompts.size(), 3u) << r.all_events();
  EXPECT_EQ(r.model.prompts[0].user.find("### bad"), std::string::npos);
  EXPECT_NE(r.model.prompts[1].user.find("### bad"), std::string::npos) << "basic feeds failures";
  EXPECT_NE(r.model.prompts[2].user.find("### bad"), std::string::npos) << r.model.prompts[2].user;
}

// focused does not feed failures back (its prompt has no failed-tests section), so shrinking
// its prompt never claims to leave failed tests out: the last iteration's failure is not in the
// prompt's inputs at all.
TEST(Generation, FocusedPromptsCarryNoFailedTestsToLeaveOut) {
  LoopRun r(
      {answer_with({test_method("bad", "fail(); covers(6);"), test_method("good", "covers(8);")}),
       answer_with({test_method("more", "covers(13);")})});
  r.options.strategy = "focused";
  r.options.repair_attempts = 0;
  r.options.max_iterations = 2;
  r.options.max_prompt_tokens = 50;  // every prompt is over it: every shrink step is tried
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(r.model.prompts.size(), 2u) << r.all_events();
  EXPECT_EQ(report->iterations[0].tests_failed, 1) << r.all_events();
  EXPECT_TRUE(r.said("it is sent as it is")) << r.all_events();
  EXPECT_FALSE(r.said("failed tests")) << r.all_events();
}

// A prompt the model never answered is no ask: a gap is set aside after two answers that did
// not reach it, not after one answer and one failed call.
TEST(Generation, APromptWithoutAnAnswerIsNoAskForItsGaps) {
  LoopRun r({answer_with({test_method("a", "covers(6);")}), "ERROR: the server is down",
             answer_with({test_method("b", "covers(6);")}),
             answer_with({test_method("c", "covers(13);")})});
  r.options.strategy = "focused";
  r.options.max_iterations = 4;
  r.options.max_no_increase = 10;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message << r.all_events();
  // The third prompt still asks for what the first did (the second got no answer); after it,
  // each gap has been asked for twice by answered prompts, and only they are left.
  ASSERT_EQ(r.model.prompts.size(), 3u) << r.all_events();
  EXPECT_EQ(r.model.prompts[2].user.find("without progress"), std::string::npos)
      << r.model.prompts[2].user;
  EXPECT_NE(r.model.prompts[2].user.find("] lines 12-13: never run"), std::string::npos)
      << r.model.prompts[2].user;
  EXPECT_EQ(report->stop_reason, "only possibly unreachable code is left");
}

// Skipped tests are kept in the file but are neither passing nor generated tests.
TEST(Generation, ThePassRateCountsGeneratedTestsAndSkippedOnesApart) {
  LoopRun r({answer_with({test_method("good", "covers(6);"), test_method("bad", "fail();"),
                          test_method("assumed", "skip(); covers(8);")})});
  r.options.repair_attempts = 0;
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->tests_kept, 1);
  EXPECT_EQ(report->tests_skipped, 1);
  EXPECT_DOUBLE_EQ(report->pass_rate, 50.0);  // good of good and bad
  EXPECT_EQ(report->iterations[0].tests_generated, 2);
  EXPECT_EQ(report->iterations[0].tests_failed, 1);
  EXPECT_NE(r.written().find("void assumed()"), std::string::npos);
}

TEST(Generation, ATestAnAnswerRepeatsIsTakenOnce) {
  LoopRun r({answer_with({test_method("a", "covers(6);"), test_method("b", "covers(6);")})});
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->tests_kept, 1);
  EXPECT_TRUE(r.said("skipped b: the same as a")) << r.all_events();
  EXPECT_EQ(r.written().find("void b()"), std::string::npos);
}

// A repaired test that breaks the answer's other tests is dropped, and not counted as repaired.
TEST(Generation, ARepairThatBreaksTheOtherTestsIsNotCountedAsRepaired) {
  LoopRun r({answer_with({test_method("good", "covers(6);"), test_method("bad", "fail();")}),
             answer_with({test_method("bad", "covers(8); breaks(good);")})});
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(r.model.prompts.size(), 2u);
  const IterationReport& it = report->iterations[0];
  EXPECT_EQ(it.tests_repaired, 0);
  EXPECT_EQ(it.tests_failed, 1);
  EXPECT_EQ(it.tests_passed_first_try, 1);
  EXPECT_EQ(r.written().find("void bad()"), std::string::npos);
}

TEST(Generation, EveryRepairAttemptIsMade) {
  LoopRun r({answer_with({test_method("t", "fail();")}),
             answer_with({test_method("t", "fail(); // 1")}),
             answer_with({test_method("t", "fail(); // 2")})});
  r.options.repair_attempts = 2;
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(r.model.prompts.size(), 3u);
  EXPECT_TRUE(r.said("repair attempt 2 of 2")) << r.all_events();
  EXPECT_EQ(report->iterations[0].tests_failed, 1);
}

TEST(Generation, ATestTheRunDoesNotReportIsNotKept) {
  LoopRun r({answer_with({test_method("ghost", "vanish(); covers(6);")})});
  r.options.repair_attempts = 0;
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->tests_kept, 0);
  EXPECT_TRUE(r.said("dropped ghost: the test did not run")) << r.all_events();
  EXPECT_EQ(r.written().find("void ghost()"), std::string::npos);
}

// A test of the user's that failed before the run is theirs: it does not fail the final check.
TEST(Generation, AUsersFailingTestDoesNotFailTheFinalCheck) {
  const std::string tests =
      "package demo;\n\nimport org.junit.jupiter.api.Test;\n\nclass GateTest {\n  @Test\n"
      "  void user() {\n    covers(15);\n  }\n\n  @Test\n  void broken() {\n    fail();\n  }\n}\n";
  LoopRun r({answer_with({test_method("fine", "covers(8);")})}, tests);
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_TRUE(r.said("the existing test demo.GateTest#broken fails")) << r.all_events();
  EXPECT_FALSE(r.said("the whole test class fails")) << r.all_events();
  EXPECT_EQ(report->tests_kept, 1);
  EXPECT_NE(r.written().find("void fine()"), std::string::npos);
  EXPECT_NE(r.written().find("void broken()"), std::string::npos);
}

// A class without a test file: nothing is covered yet, which is not "fully covered".
TEST(Generation, AClassWithoutATestFileGetsOne) {
  LoopRun r({answer_with({test_method("a", "covers(6);")})}, "");
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->iterations.size(), 1u);
  EXPECT_EQ(report->initial_line_coverage, 0.0);
  EXPECT_NE(r.written().find("class GateTest"), std::string::npos);
  EXPECT_NE(r.written().find("void a()"), std::string::npos);
}

// The test class Panta makes holds no test: the first answer's tests are the first thing
// compiled (javac's cold start is not paid twice); a file of the user's is compiled and run first.
TEST(Generation, ATestClassPantaMadeIsNotCompiledBeforeTheFirstAnswer) {
  LoopRun made({answer_with({test_method("a", "covers(6);")})}, "");
  made.options.max_iterations = 1;
  ASSERT_TRUE(made.go().ok());
  ASSERT_FALSE(made.jvm.compiled_texts.empty());
  EXPECT_NE(made.jvm.compiled_texts.front().find("void a()"), std::string::npos)
      << made.jvm.compiled_texts.front();

  LoopRun own({answer_with({test_method("a", "covers(6);")})});
  own.options.max_iterations = 1;
  ASSERT_TRUE(own.go().ok());
  ASSERT_FALSE(own.jvm.compiled_texts.empty());
  EXPECT_NE(own.jvm.compiled_texts.front().find("void user()"), std::string::npos);
  EXPECT_EQ(own.jvm.compiled_texts.front().find("void a()"), std::string::npos);
}

// What the run wrote itself is not a change of the user's (nothing to merge).
TEST(Generation, ItsOwnWritesAreNotTakenForTheUsersEdits) {
  LoopRun r({answer_with({test_method("a", "covers(6);")}),
             answer_with({test_method("b", "covers(8);")}),
             answer_with({test_method("c", "covers(13);")})});
  r.options.max_iterations = 3;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_FALSE(r.said("was changed during the run")) << r.all_events();
  EXPECT_EQ(report->tests_kept, 3);
}

TEST(Generation, AFailingTestIsRepairedAndItsRepairsAreCounted) {
  LoopRun r({answer_with({test_method("t", "fail(); covers(6);")}),
             answer_with({test_method("t", "fail(); covers(6); // still wrong")}),
             answer_with({test_method("t", "covers(6);")})});
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(r.model.prompts.size(), 3u);
  EXPECT_EQ(r.model.prompts[1].kind, "repair");
  EXPECT_EQ(r.model.prompts[2].kind, "repair");
  // The paper's repair prompt offers no way out but a fix.
  EXPECT_EQ(r.model.prompts[1].user.find("Suspected defects"), std::string::npos);
  EXPECT_EQ(report->iterations[0].tests_repaired, 1);
  EXPECT_EQ(report->tests_kept, 1);
  EXPECT_TRUE(r.said("t fails (does not pass); repair attempt 2 of 3")) << r.all_events();
}

// The class's source is parsed once in a run (issue 27): the CFGs, the gaps, the slices, the
// context and the repair prompts all read the analysis's tree.
TEST(Generation, TheSourceIsParsedOnceInARun) {
  int parses = 0;
  java::SyntaxTree::observe_parses([&parses](const std::string& text) {
    if (text == kGate) ++parses;
  });
  LoopRun r({answer_with({test_method("a", "covers(5); branch(5, 0); covers(6);")}),
             answer_with({test_method("b", "fail(); covers(12);")}),
             answer_with({test_method("b", "covers(12); branch(12, 1); covers(15);")})});
  r.options.strategy = "focused";
  r.options.max_iterations = 2;
  auto report = r.go();
  java::SyntaxTree::observe_parses(nullptr);
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(r.model.prompts.size(), 3u);  // two rounds, one repair prompt
  EXPECT_EQ(r.model.prompts[2].kind, "repair");
  EXPECT_EQ(parses, 1);
}

// Repair keeps what the failing tests use: the repair answer gives the fixed test only (as the
// prompt asks); the helper and the import the first answer gave it stay (issue 27).
TEST(Generation, ARepairKeepsTheHelperAndImportTheAnswerLeavesOut) {
  LoopRun r(
      {"```java\nimport java.util.List;\n\nclass GateTest {\n"
       "  private static List<Integer> sample() { return List.of(1); }\n\n" +
           test_method("t", "fail(); covers(6); sample();") + "}\n```\n",
       answer_with({test_method("t", "covers(6); List<Integer> s = sample();")})});
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(r.model.prompts.size(), 2u);
  EXPECT_EQ(report->tests_kept, 1);
  std::string file = r.written();
  EXPECT_NE(file.find("private static List<Integer> sample()"), std::string::npos) << file;
  EXPECT_NE(file.find("import java.util.List;"), std::string::npos) << file;
}

// A repair answer that defines the failing test's helper again, differently, replaces it, and
// says so; one that redefines a helper the kept tests use does not replace it, and says so.
TEST(Generation, ARepairedHelperReplacesItsNamesakeVisibly) {
  LoopRun r(
      {"```java\nclass GateTest {\n"
       "  private int one() { return 1; }\n"
       "  private int two() { return 2; }\n\n" +
           test_method("kept", "covers(8); two();") +
           test_method("t", "fail(); covers(6); one();") + "}\n```\n",
       "```java\nclass GateTest {\n"
       "  private int one() { return 11; }\n"
       "  private int two() { return 22; }\n\n" +
           test_method("t", "covers(6); one(); two();") + "}\n```\n"});
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->tests_kept, 2);
  EXPECT_TRUE(r.said("the repair of t replaces the first answer's helper one() with its own"))
      << r.all_events();
  EXPECT_TRUE(
      r.said("the repair of t defines helper two() again, differently; the one the kept "
             "tests use stays"))
      << r.all_events();
  std::string file = r.written();
  EXPECT_NE(file.find("return 11;"), std::string::npos) << file;
  EXPECT_NE(file.find("return 2;"), std::string::npos) << file;
  EXPECT_EQ(file.find("return 22;"), std::string::npos) << file;
}

// One cause, however many tests it breaks, is one repair prompt naming them all, and the
// members they share are shown once.
TEST(Generation, OneCauseBreakingSixteenTestsIsOneRepairPromptWithSharedMembersOnce) {
  std::string answer = "```java\nclass GateTest {\n  private int shared() { return 1; }\n\n";
  for (int i = 0; i < 16; ++i)
    answer += test_method("t" + std::to_string(i),
                          "shared(); thrown(); int v = " + std::to_string(i) + ";");
  answer += "}\n```\n";
  LoopRun r({answer, "```java\n```\n"});
  r.options.max_iterations = 1;
  r.options.repair_attempts = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(r.model.prompts.size(), 2u);  // the answer, one repair prompt
  const std::string& repair = r.model.prompts[1].user;
  for (int i = 0; i < 16; ++i)
    EXPECT_NE(repair.find("void t" + std::to_string(i) + "()"), std::string::npos) << i;
  size_t first = repair.find("private int shared()");
  ASSERT_NE(first, std::string::npos) << repair;
  EXPECT_EQ(repair.find("private int shared()", first + 1), std::string::npos) << repair;
}

// focused: a repair answer may say the test is right and the code wrong; the test is not sent
// for repair again, and what the answer says is a suspected defect of the report.
TEST(Generation, AFocusedRepairAnswerMaySayTheCodeIsWrong) {
  LoopRun r({answer_with({test_method("t", "fail(); covers(6);")}),
             "```java\n```\n\nDefect: line 6 - returns 1; the name says 0\n"
             "The guard before line 13 returns, so it cannot be reached.\n"});
  r.options.strategy = "focused";
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(r.model.prompts.size(), 2u);  // one repair prompt, not three
  EXPECT_EQ(r.model.prompts[1].kind, "repair");
  EXPECT_NE(r.model.prompts[1].user.find("// Suspected defect: line <n> - "), std::string::npos)
      << r.model.prompts[1].user;
  EXPECT_TRUE(
      r.said("t is not repaired: the answer says the code is wrong (line 6: returns 1; "
             "the name says 0)"))
      << r.all_events();
  // Only the `Defect:` statement is one; prose is not read.
  EXPECT_EQ(report->suspected_defects,
            (std::vector<std::string>{"line 6: returns 1; the name says 0"}));
  EXPECT_EQ(report->iterations[0].tests_failed, 1);
  EXPECT_EQ(report->tests_kept, 0);
}

// focused: what an answer says decides something only in the statements' grammar (issue 27's
// held-out check). Gate has an impossible branch (say `a > 0` is never false: line 5's false
// outcome and line 8) and a reachable one (line 13). Answer 1 covers neither and says in prose
// that line 13 is a dead store: that changes nothing, prompt 2 still asks for line 13, each gap
// with its id. Answer 2 covers line 13 and says `Unreachable:` with the ids of the impossible
// one: no third prompt, none sent twice, the impossible lines reported.
TEST(Generation, OnlyTheStatementsOfAnAnswerSetGapsAside) {
  LoopRun r({answer_with({test_method("a",
                                      "covers(5); branch(5, 0); covers(6); covers(12); "
                                      "branch(12, 1);")}) +
                 "\nline 13: dead store, b is never above 10, so it cannot be reached.\n",
             answer_with({test_method("b", "covers(12); branch(12, 0); covers(13);")}) +
                 "\nUnreachable: {{G:line 5}}, {{G:line 8}} - a is always positive here\n"});
  r.options.strategy = "focused";
  r.options.max_iterations = 5;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message << r.all_events();
  ASSERT_EQ(r.model.prompts.size(), 2u) << r.all_events();
  EXPECT_NE(r.model.prompts[0].user, r.model.prompts[1].user);
  const std::string& second = r.model.prompts[1].user;
  EXPECT_NE(second.find("] line 13: never run\n"), std::string::npos) << second;
  EXPECT_NE(second.find("] line 8: never run\n"), std::string::npos) << second;
  EXPECT_EQ(report->stop_reason, "only possibly unreachable code is left") << r.all_events();
  std::set<uint32_t> unreachable;
  for (const auto& p : report->possibly_infeasible) {
    unreachable.insert(p.line);
    EXPECT_NE(p.why.find("a is always positive here"), std::string::npos)
        << p.line << ": " << p.why;
  }
  EXPECT_EQ(unreachable, (std::set<uint32_t>{5, 8})) << r.all_events();
  EXPECT_TRUE(report->suspected_defects.empty());
}

// focused: the first prompt lists no gaps, so an answer there may name unreachable lines of the
// file (four of five answerers met an impossible branch in the first prompt and needed a second
// one only to say so). The lines and the outcome that leads to them are set aside: no second
// prompt.
TEST(Generation, TheFirstAnswerMaySayWhichLinesCannotBeReached) {
  LoopRun r({answer_with({test_method("a",
                                      "covers(5); branch(5, 0); branch(5, 1); covers(6); "
                                      "covers(8); covers(12); branch(12, 1); covers(15);")}) +
             "\nUnreachable: line 13 - b is never above 10\n"},
            "");
  r.options.strategy = "focused";
  r.options.max_iterations = 5;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message << r.all_events();
  EXPECT_EQ(r.model.prompts.size(), 1u) << r.all_events();
  EXPECT_EQ(report->stop_reason, "only possibly unreachable code is left") << r.all_events();
  std::set<uint32_t> unreachable;
  for (const auto& p : report->possibly_infeasible) unreachable.insert(p.line);
  EXPECT_EQ(unreachable, (std::set<uint32_t>{12, 13})) << r.all_events();
}

// focused never sends a prompt the model has answered already: an answer that changes nothing
// (no test, and a statement about a gap the prompt did not show) would get the same prompt
// again, so the loop ends. An answer of which nothing could be used is said so in the next
// prompt, which therefore differs.
TEST(Generation, APromptTheModelHasAnsweredIsNotSentAgain) {
  LoopRun r({"```java\n```\n\nUnreachable: G99 - no such gap\n", answer_with({})});
  r.options.strategy = "focused";
  r.options.max_iterations = 5;
  r.options.max_no_increase = 5;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message << r.all_events();
  EXPECT_EQ(r.model.prompts.size(), 1u) << r.all_events();
  EXPECT_EQ(report->stop_reason,
            "nothing new to ask: the next prompt would be one the model has answered already")
      << r.all_events();
  EXPECT_TRUE(
      r.said("not read (see the answer format): Unreachable: G99 (no such gap was asked "
             "for)"))
      << r.all_events();
  // An answer of statements only is no unusable answer.
  EXPECT_TRUE(r.said("no test in the answer, only statements")) << r.all_events();
  EXPECT_FALSE(r.said("no usable tests in the answer")) << r.all_events();
  LoopRun prose({"I could not find a test for these.\n", answer_with({})}, "");
  prose.options.strategy = "focused";
  prose.options.max_iterations = 5;
  EXPECT_FALSE(prose.go().ok());  // no test passed: no test file is written
  EXPECT_TRUE(prose.said("no usable tests in the answer")) << prose.all_events();
  ASSERT_GE(prose.model.prompts.size(), 2u) << prose.all_events();
  // The first prompt names no gap: it teaches `Unreachable:` with lines, not with gap ids.
  const std::string& first = prose.model.prompts[0].user;
  EXPECT_EQ(first.find("Unreachable: G<n>"), std::string::npos) << first;
  EXPECT_NE(first.find("`Unreachable: lines <n>-<m> - "), std::string::npos) << first;
  EXPECT_NE(first.find("It has no other members yet; without its tests it is:"), std::string::npos)
      << first;
  EXPECT_EQ(first.find("licence header"), std::string::npos) << first;
  EXPECT_NE(prose.model.prompts[1].user.find(
                "## Your last answer\n\nNothing in it could be used (the answer has no code block "
                "and no @Test method)"),
            std::string::npos)
      << prose.model.prompts[1].user;
}

TEST(Generation, ACompileErrorNoRepairCanFixIsNotSentForRepair) {
  LoopRun r({answer_with({test_method("huge", "too_large();")})});
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(r.model.prompts.size(), 1u);
  EXPECT_TRUE(r.said("huge is not sent for repair")) << r.all_events();
  EXPECT_EQ(report->iterations[0].tests_failed, 1);
}

TEST(Generation, AnAnswerOverTheSizeLimitIsNotUsed) {
  LoopRun r({answer_with({test_method("big", "covers(6); // " + std::string(5000, 'x'))})});
  r.options.max_iterations = 1;
  r.options.max_answer_bytes = 1000;
  auto report = r.go();
  ASSERT_FALSE(report.ok());  // the only answer was refused: no answer at all
  EXPECT_TRUE(r.said("over --max-answer-bytes 1000")) << r.all_events();
  EXPECT_EQ(r.written().find("void big()"), std::string::npos);
}

// Ctrl-C during the second model call: that iteration is undone, the first one's file stays.
TEST(Generation, AStopDuringAnIterationUndoesIt) {
  LoopRun r({answer_with({test_method("first", "covers(6);")}),
             answer_with({test_method("second", "covers(8);")})});
  r.model.before_answer = [](int call) {
    if (call == 2) panta::request_stop();
  };
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_TRUE(report->interrupted);
  ASSERT_EQ(report->iterations.size(), 2u);
  EXPECT_TRUE(report->iterations[1].interrupted);
  EXPECT_EQ(report->tests_kept, 1);
  std::string file = r.written();
  EXPECT_NE(file.find("void first()"), std::string::npos);
  EXPECT_EQ(file.find("void second()"), std::string::npos);
}

// --max-cost / --max-tokens-total spent by other classes: the run ends before its next
// iteration, as an interruption (so --resume continues it), with its own stop reason.
TEST(Generation, ASpentBudgetEndsTheRunBeforeTheNextIteration) {
  LoopRun r({answer_with({test_method("first", "covers(6);")}),
             answer_with({test_method("second", "covers(8);")})});
  r.options.stop_cause = [&r]() -> std::string {
    return r.model.prompts.empty() ? "" : "--max-tokens-total 5 is spent";
  };
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_TRUE(report->interrupted);
  EXPECT_EQ(report->stop_reason, "budget spent");
  ASSERT_EQ(report->iterations.size(), 1u);
  EXPECT_FALSE(report->iterations[0].interrupted);
  EXPECT_NE(r.written().find("void first()"), std::string::npos);
}

// A call the budget refuses ends the run at once: that iteration is undone.
TEST(Generation, ACallRefusedForTheBudgetUndoesItsIteration) {
  LoopRun r({answer_with({test_method("first", "covers(6);")}),
             "ERROR:LLM not asked, the budget is spent: --max-cost 1 is spent"});
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_TRUE(report->interrupted);
  EXPECT_EQ(report->stop_reason, "budget spent");
  ASSERT_EQ(report->iterations.size(), 2u);
  EXPECT_TRUE(report->iterations[1].interrupted);
  EXPECT_EQ(report->tests_kept, 1);
}

TEST(Generation, ADryRunSendsThePromptToItsSinkAndNothingToTheModel) {
  LoopRun r({});
  std::string printed;
  r.options.dry_run = [&printed](const std::string& p) { printed = p; };
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->stop_reason, "dry run");
  EXPECT_TRUE(r.model.prompts.empty());
  EXPECT_NE(printed.find("public class Gate"), std::string::npos);
  EXPECT_EQ(r.written(), kUserTests);
}

TEST(Generation, AClassWithNothingToTestIsATypedError) {
  test::TempDir dir;
  auto project = test::fake_project(
      dir.path(), "demo.Bean", "package demo;\npublic interface Bean {\n  int size();\n}\n", "");
  test::FakeJvm jvm{"demo.Bean", {}};
  auto session = runner::TestSession::open(project, jvm, project.root);
  ASSERT_TRUE(session.ok());
  test::ScriptedModel model({});
  GenerateOptions options;
  options.class_name = "demo.Bean";
  auto report = generate_tests(project, *session, model, "scripted", LoopRun::prompts(), options,
                               [](const Event&) {});
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().kind, ErrorKind::kNothingToTest);
}

}  // namespace
}  // namespace panta::engine
