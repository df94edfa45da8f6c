// Reproducers in the loop (issue 28): a test marked `// Suspected defect:` is run twice and
// confirmed only by how it fails, never repaired into agreement with the code; confirmed ones
// are kept apart, disabled, in the class's defects test class; tests dropped at their own
// assertion are reported as disagreements. With a fake JVM and a scripted model.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/defect_check.h"
#include "engine/report.h"
#include "gate_loop.h"

namespace panta::engine {
namespace {

namespace fs = std::filesystem;
using test::answer_with;
using test::LoopRun;
using test::test_method;

// Every line and branch of Gate but line 6's.
const char* kCoverRest =
    "covers(5); branch(5, 1); covers(8); covers(12); branch(12, 0); branch(12, 1); covers(13);";

// A reproducer of Gate (it names the class: one that does not shows nothing about it).
std::string reproducer(const std::string& name, const std::string& claim, const std::string& body) {
  return "// Suspected defect: " + claim + "\n" + test_method(name, "new Gate(); " + body);
}

std::string defects_file(const LoopRun& r) {
  return r.project.test_dir + "/demo/GateDefectsTest.java";
}

const DefectEntry* entry_of(const GenerateReport& report, const std::string& test_suffix) {
  for (const DefectEntry& d : report.defects) {
    if (d.test.ends_with(test_suffix)) return &d;
  }
  return nullptr;
}

TEST(Defects, AReproducerThatFailsTwiceAtItsAssertionIsConfirmedAndKeptApartDisabled) {
  LoopRun r({answer_with({test_method("rest", kCoverRest),
                          reproducer("openReturnsZero", "line 6 - returns 1; the name says 0",
                                     "covers(5); branch(5, 0); covers(6); fail();")})});
  r.options.strategy = "focused";
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(report->defects.size(), 1u) << r.all_events();
  const DefectEntry& d = report->defects[0];
  EXPECT_EQ(d.status, DefectStatus::kConfirmed) << d.why;
  EXPECT_EQ(d.test, "demo.GateDefectsTest#openReturnsZero");
  EXPECT_EQ(d.file, "src/main/java/demo/Gate.java");
  EXPECT_EQ(d.line, 6u);
  EXPECT_EQ(d.claim, "returns 1; the name says 0");
  EXPECT_EQ(d.expected, "1");
  EXPECT_EQ(d.actual, "2");
  EXPECT_TRUE(r.said("confirmed a defect: openReturnsZero (line 6: returns 1; the name says 0)"))
      << r.all_events();
  EXPECT_TRUE(r.said("1 confirmed reproducer kept, disabled, in ")) << r.all_events();
  // Not in the test class, not repaired: one prompt in all.
  EXPECT_EQ(r.written().find("openReturnsZero"), std::string::npos) << r.written();
  EXPECT_NE(r.written().find("void rest()"), std::string::npos);
  EXPECT_EQ(r.model.prompts.size(), 1u);
  EXPECT_EQ(report->defects_file, defects_file(r));
  std::string kept = test::slurp(defects_file(r));
  EXPECT_NE(kept.find("class GateDefectsTest {"), std::string::npos) << kept;
  EXPECT_NE(kept.find("import org.junit.jupiter.api.Disabled;"), std::string::npos) << kept;
  EXPECT_NE(kept.find("@Disabled(\"suspected defect: line 6: returns 1; the name says 0\")\n"
                      "  @Test\n  void openReturnsZero()"),
            std::string::npos)
      << kept;
  EXPECT_EQ(kept.find("void user()"), std::string::npos) << kept;  // the test class's own tests
  // Two runs of it: the answer's batch and alone (validation), and a fresh one (confirmation).
  int runs = 0;
  for (const auto& specs : r.jvm.run_specs) {
    for (const auto& s : specs) runs += s.ends_with("#openReturnsZero") ? 1 : 0;
  }
  EXPECT_EQ(runs, 3) << [&] {
    std::string all;
    for (const auto& specs : r.jvm.run_specs) {
      for (const auto& s : specs) all += s + " ";
      all += "\n";
    }
    return all;
  }();
}

TEST(Defects, AnExceptionInTheMainCodeConfirmsAndGivesTheLine) {
  LoopRun r(
      {answer_with({test_method("rest", kCoverRest),
                    reproducer("rejects", "rejects a valid amount", "covers(6); thrown();")})});
  r.options.strategy = "focused";
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  const DefectEntry* d = entry_of(*report, "#rejects");
  ASSERT_NE(d, nullptr) << r.all_events();
  EXPECT_EQ(d->status, DefectStatus::kConfirmed) << d->why;
  EXPECT_EQ(d->line, 3u);  // the first frame of the main code: Gate.check(Fake.java:3)
  EXPECT_EQ(d->claim, "rejects a valid amount");
  EXPECT_EQ(d->expected, "");
  EXPECT_EQ(d->actual, "java.lang.IllegalArgumentException: no currency");
}

// A reproducer that passes is an ordinary test without its marker; one that fails for its own
// reason or not twice alike is not confirmed; none is repaired, nothing goes apart.
TEST(Defects, TheOthersAreRefutedOrUnconfirmedAndNeverRepaired) {
  LoopRun r({answer_with({test_method("rest", kCoverRest),
                          reproducer("holds", "line 6 - returns 1; expected 2", "covers(6);"),
                          reproducer("ownFault", "line 6 - x", "owned();"),
                          reproducer("once", "line 8 - y", "fails_runs(2);")})});
  r.options.strategy = "focused";
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(r.model.prompts.size(), 1u);  // no repair prompt
  const DefectEntry* holds = entry_of(*report, "#holds");
  const DefectEntry* own = entry_of(*report, "#ownFault");
  const DefectEntry* once = entry_of(*report, "#once");
  ASSERT_TRUE(holds != nullptr && own != nullptr && once != nullptr) << r.all_events();
  EXPECT_EQ(holds->status, DefectStatus::kRefuted);
  EXPECT_EQ(own->status, DefectStatus::kUnconfirmed);
  EXPECT_NE(own->why.find("java.lang.NullPointerException thrown by the test's own code"),
            std::string::npos)
      << own->why;
  EXPECT_EQ(once->status, DefectStatus::kUnconfirmed);
  EXPECT_NE(once->why.find("flaky"), std::string::npos) << once->why;
  EXPECT_NE(r.written().find("void holds()"), std::string::npos) << r.written();
  EXPECT_EQ(r.written().find("Suspected defect"), std::string::npos) << r.written();
  EXPECT_EQ(r.written().find("ownFault"), std::string::npos);
  EXPECT_FALSE(fs::exists(defects_file(r)));
  EXPECT_TRUE(report->defects_file.empty());
  EXPECT_TRUE(r.said("holds passes: its claim does not hold")) << r.all_events();
}

TEST(Defects, AReproducerThatDoesNotCallTheClassIsNotConfirmed) {
  LoopRun r({answer_with({test_method("rest", kCoverRest),
                          "// Suspected defect: line 6 - x\n" + test_method("alone", "fail();")})});
  r.options.strategy = "focused";
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  const DefectEntry* d = entry_of(*report, "#alone");
  ASSERT_NE(d, nullptr) << r.all_events();
  EXPECT_EQ(d->status, DefectStatus::kUnconfirmed);
  EXPECT_EQ(d->why, "it does not call Gate");
}

// Every strategy: a repair answer may give a failing test back marked, saying the test is right
// and the code wrong; it becomes a reproducer and is not repaired again.
TEST(Defects, ARepairAnswerMayMarkTheTestAsAReproducer) {
  LoopRun r(
      {answer_with({test_method("rest", kCoverRest), test_method("six", "covers(6); fail();")}),
       answer_with(
           {reproducer("six", "line 6 - returns 1; the name says 0", "covers(6); fail();")})});
  r.options.strategy = "basic";
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(r.model.prompts.size(), 2u) << r.all_events();
  EXPECT_EQ(r.model.prompts[1].kind, "repair");
  EXPECT_NE(r.model.prompts[1].user.find("// Suspected defect: line <n> - "), std::string::npos);
  const DefectEntry* d = entry_of(*report, "#six");
  ASSERT_NE(d, nullptr) << r.all_events();
  EXPECT_EQ(d->status, DefectStatus::kConfirmed) << d->why;
  EXPECT_EQ(r.written().find("void six()"), std::string::npos);
  EXPECT_NE(test::slurp(defects_file(r)).find("void six()"), std::string::npos);
}

// A reproducer that does not compile is repaired for that alone, and then not again.
TEST(Defects, AReproducerIsRepairedOnlyUntilItCompiles) {
  LoopRun r({answer_with({test_method("rest", kCoverRest),
                          reproducer("six", "line 6 - returns 1", "compile_error(); fail();")}),
             answer_with({test_method("six", "covers(6); fail();")})});
  r.options.strategy = "focused";
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(r.model.prompts.size(), 2u) << r.all_events();
  EXPECT_NE(r.model.prompts[1].user.find("fix only what stops it from compiling"),
            std::string::npos)
      << r.model.prompts[1].user;
  const DefectEntry* d = entry_of(*report, "#six");
  ASSERT_NE(d, nullptr) << r.all_events();
  // The fix dropped the marker; the test keeps its claim.
  EXPECT_EQ(d->status, DefectStatus::kConfirmed) << d->why;
  EXPECT_EQ(d->claim, "returns 1");
}

TEST(Defects, ATestDroppedAtItsOwnAssertionIsADisagreement) {
  LoopRun r(
      {answer_with({test_method("rest", kCoverRest), test_method("six", "covers(6); fail();")})});
  r.options.strategy = "baseline";
  r.options.max_iterations = 1;
  r.options.repair_attempts = 0;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(report->disagreements.size(), 1u) << r.all_events();
  const Disagreement& d = report->disagreements[0];
  EXPECT_EQ(d.test, "demo.GateTest#six");
  EXPECT_EQ(d.expected, "1");
  EXPECT_EQ(d.actual, "2");
  EXPECT_EQ(d.message, "org.opentest4j.AssertionFailedError: expected: <1> but was: <2>");
  EXPECT_TRUE(report->defects.empty());
  auto json = report_object(*report);
  EXPECT_EQ(json["disagreements"][0]["test"], "demo.GateTest#six");
}

TEST(Defects, JUnit4ReproducersAreIgnoredWithTheirClaim) {
  const char* junit4 =
      "package demo;\n\nimport static org.junit.Assert.*;\n\nimport org.junit.Test;\n\n"
      "public class GateTest {\n  @Test\n  public void user() {\n    covers(15);\n  }\n}\n";
  LoopRun r({answer_with({test_method("rest", kCoverRest),
                          reproducer("six", "line 6 - returns 1", "covers(6); fail();")})},
            junit4);
  r.project.junit = project::JUnitFlavour::kJUnit4;
  r.options.strategy = "focused";
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  std::string kept = test::slurp(defects_file(r));
  EXPECT_NE(kept.find("import org.junit.Ignore;"), std::string::npos) << kept;
  EXPECT_NE(kept.find("@Ignore(\"suspected defect: line 6: returns 1\")"), std::string::npos)
      << kept;
  EXPECT_NE(kept.find("public class GateDefectsTest {"), std::string::npos) << kept;
}

// The next focused prompt says which reproducers are kept (so that the model does not write
// them again) and which were not confirmed, and why; a second reproducer of the same line is
// not added to the defects class.
TEST(Defects, TheNextPromptListsTheKeptReproducersAndADefectLineIsKeptOnce) {
  LoopRun r(
      {answer_with({test_method("rest", kCoverRest),
                    reproducer("openReturnsZero", "line 6 - returns 1; the name says 0", "fail();"),
                    reproducer("ownFault", "line 8 - x", "owned();")}),
       answer_with({reproducer("sixAgain", "line 6 - 1 where 0 is meant", "fail();")})});
  r.options.strategy = "focused";
  r.options.max_iterations = 2;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  ASSERT_EQ(r.model.prompts.size(), 2u) << r.all_events();
  const std::string& second = r.model.prompts[1].user;
  EXPECT_NE(second.find("kept apart and disabled in `GateDefectsTest` (not in the test class; do "
                        "not write them again):\n- openReturnsZero (line 6: returns 1; the name "
                        "says 0)"),
            std::string::npos)
      << second;
  EXPECT_NE(second.find("- ownFault: a reproducer not confirmed: java.lang.NullPointerException "
                        "thrown by the test's own code"),
            std::string::npos)
      << second;
  std::string kept = test::slurp(defects_file(r));
  EXPECT_NE(kept.find("void openReturnsZero()"), std::string::npos) << kept;
  EXPECT_EQ(kept.find("sixAgain"), std::string::npos) << kept;
  const DefectEntry* again = entry_of(*report, "#openReturnsZero");
  ASSERT_NE(again, nullptr);
  int confirmed = 0;
  for (const DefectEntry& d : report->defects) {
    if (d.status != DefectStatus::kConfirmed) continue;
    ++confirmed;
    EXPECT_EQ(d.test, "demo.GateDefectsTest#openReturnsZero");  // both name the one kept
  }
  EXPECT_EQ(confirmed, 2);
  EXPECT_TRUE(r.said("1 confirmed reproducer kept, disabled, in ")) << r.all_events();
}

// A later run adds no second reproducer of a claim the defects class has already.
TEST(Defects, ALaterRunKeepsOneReproducerPerClaimAndLine) {
  std::string answer = answer_with({test_method("rest", kCoverRest),
                                    reproducer("six", "line 6 - returns 1", "covers(6); fail();")});
  LoopRun first({answer});
  first.options.strategy = "focused";
  first.options.max_iterations = 1;
  ASSERT_TRUE(first.go().ok());
  std::string before = test::slurp(defects_file(first));
  LoopRun second({answer_with({reproducer("sixAgain", "line 6 - returns 1", "covers(6); fail();"),
                               reproducer("eight", "line 8 - returns 0", "covers(8); fail();")})});
  fs::create_directories(fs::path(defects_file(second)).parent_path());
  std::ofstream(defects_file(second)) << before;
  second.options.strategy = "focused";
  second.options.max_iterations = 1;
  auto report = second.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  std::string after = test::slurp(defects_file(second));
  EXPECT_EQ(after.find("sixAgain"), std::string::npos) << after;
  EXPECT_NE(after.find("void six()"), std::string::npos) << after;
  EXPECT_NE(after.find("void eight()"), std::string::npos) << after;
}

// A reproducer an earlier run kept that passes now (the code was fixed) moves, enabled, into the
// test class as a regression test; one that still fails stays; when none is left the defects
// class goes.
TEST(Defects, AKeptReproducerThatPassesNowIsFixedAndMovesIntoTheTestClass) {
  const std::string defects =
      "package demo;\n\nimport static org.junit.jupiter.api.Assertions.*;\n\nimport "
      "org.junit.jupiter.api.Disabled;\nimport org.junit.jupiter.api.Test;\n\nclass "
      "GateDefectsTest {\n"
      "  // Suspected defect: line 6 - returns 1; the name says 0\n"
      "  @Disabled(\"suspected defect: line 6: returns 1; the name says 0\")\n"
      "  @Test\n  void nowFixed() {\n    new Gate(); covers(6);\n  }\n\n"
      "  // Suspected defect: line 13 - returns 2\n"
      "  @Disabled(\"suspected defect: line 13: returns 2\")\n"
      "  @Test\n  void stillBroken() {\n    new Gate(); fail();\n  }\n}\n";
  LoopRun r({answer_with({test_method("rest", kCoverRest)})});
  fs::create_directories(fs::path(defects_file(r)).parent_path());
  std::ofstream(defects_file(r)) << defects;
  r.options.strategy = "focused";
  r.options.max_iterations = 1;
  auto report = r.go();
  ASSERT_TRUE(report.ok()) << report.error().message;
  const DefectEntry* d = entry_of(*report, "#nowFixed");
  ASSERT_NE(d, nullptr) << r.all_events();
  EXPECT_EQ(d->status, DefectStatus::kFixed);
  EXPECT_EQ(d->test, "demo.GateTest#nowFixed");
  EXPECT_TRUE(r.said("fixed: nowFixed passes now (line 6: returns 1; the name says 0)"))
      << r.all_events();
  std::string main = r.written();
  EXPECT_NE(main.find("  @Test\n  void nowFixed() {"), std::string::npos) << main;
  EXPECT_EQ(main.find("Suspected defect"), std::string::npos) << main;
  EXPECT_EQ(main.find("@Disabled"), std::string::npos) << main;
  std::string left = test::slurp(defects_file(r));
  EXPECT_EQ(left.find("nowFixed"), std::string::npos) << left;
  EXPECT_NE(left.find("void stillBroken()"), std::string::npos) << left;
  EXPECT_EQ(entry_of(*report, "#stillBroken"), nullptr);  // not this run's finding

  // Once the last one passes too, the defects class goes (backed up).
  std::string one_left = test::slurp(defects_file(r));
  LoopRun again({answer_with({test_method("rest", kCoverRest)})});
  fs::create_directories(fs::path(defects_file(again)).parent_path());
  std::string fixed_now = one_left;
  fixed_now.replace(fixed_now.find("fail();"), 7, "covers(13);");
  std::ofstream(defects_file(again)) << fixed_now;
  again.options.strategy = "focused";
  again.options.max_iterations = 1;
  auto second = again.go();
  ASSERT_TRUE(second.ok()) << second.error().message;
  EXPECT_FALSE(fs::exists(defects_file(again))) << again.all_events();
  EXPECT_NE(again.written().find("void stillBroken()"), std::string::npos);
}

// Expected and actual: the library's compared values, else the two assertion messages of
// libraries that throw a bare AssertionError (JUnit 4's numbers, Hamcrest), else the exception.
TEST(DefectCheck, ExpectedAndActualComeFromTheAssertionLibrary) {
  runner::TestResult r;
  r.compared = true;
  r.expected = "1";
  r.actual = "2";
  EXPECT_EQ(expected_and_actual(r), std::make_pair(std::string("1"), std::string("2")));
  r = {};
  r.exception = "java.lang.AssertionError";
  r.message = "fee expected:<500> but was:<900>";
  EXPECT_EQ(expected_and_actual(r), std::make_pair(std::string("500"), std::string("900")));
  r.message = "\nExpected: is <500>\n     but: was <900>";
  EXPECT_EQ(expected_and_actual(r),
            std::make_pair(std::string("is <500>"), std::string("was <900>")));
  r.exception = "java.lang.IllegalStateException";
  r.message = "expected:<1> but was:<2>";  // not an assertion library's: the exception
  EXPECT_EQ(
      expected_and_actual(r),
      std::make_pair(std::string(),
                     std::string("java.lang.IllegalStateException: expected:<1> but was:<2>")));
}

TEST(DefectCheck, AFailureIsReadFromItsTypedFieldsOnly) {
  auto test_code = [](const std::string& c) { return c.starts_with("demo.GateTest"); };
  runner::TestResult r;
  r.status = runner::TestStatus::kTimeout;
  EXPECT_FALSE(read_failure(r, test_code).shows_defect);
  r.status = runner::TestStatus::kError;
  r.exception = "java.lang.IllegalStateException";
  r.message = "expected: <1> but was: <2>";  // prose decides nothing
  r.stack_trace = "java.lang.IllegalStateException\n\tat demo.GateTest.t(GateTest.java:9)\n";
  EXPECT_FALSE(read_failure(r, test_code).shows_defect);
  r.stack_trace =
      "java.lang.IllegalStateException\n\tat demo.Gate.open(Gate.java:6)\n\tat "
      "demo.GateTest.t(GateTest.java:9)\n";
  auto in_main = read_failure(r, test_code);
  EXPECT_TRUE(in_main.shows_defect);
  EXPECT_FALSE(in_main.own_assertion);
  EXPECT_EQ(in_main.main_line, 6u);
  r.status = runner::TestStatus::kFailed;
  r.exception = "org.opentest4j.AssertionFailedError";
  r.stack_trace = "x\n\tat demo.GateTest$Nested.t(GateTest.java:9)\n";
  auto own = read_failure(r, test_code);
  EXPECT_TRUE(own.shows_defect);
  EXPECT_TRUE(own.own_assertion);
  r.tampering = "reflection on org.panta";
  EXPECT_FALSE(read_failure(r, test_code).shows_defect);
}

}  // namespace
}  // namespace panta::engine
