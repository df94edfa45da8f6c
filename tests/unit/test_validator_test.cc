// TestValidator with a fake JVM: what it compiles and runs for an answer, and what it decides.
#include "engine/test_validator.h"

#include <gtest/gtest.h>

#include "engine_fakes.h"
#include "test_support.h"

namespace panta::engine {
namespace {

const char* kGate =
    "package demo;\n"
    "\n"
    "public class Gate {\n"
    "  public int open(int a) {\n"
    "    if (a > 0) {\n"
    "      return 1;\n"
    "    }\n"
    "    return 0;\n"
    "  }\n"
    "}\n";

std::vector<test::FakeLine> gate_lines() {
  return {{5, 2, 2}, {6, 2, 0}, {8, 2, 0}};
}

std::string test_file_with(const std::vector<std::string>& methods) {
  std::string out =
      "package demo;\n\nimport static org.junit.jupiter.api.Assertions.*;\n\nimport "
      "org.junit.jupiter.api.Test;\n\nclass GateTest {\n";
  for (const std::string& m : methods) out += "  " + m + "\n";
  return out + "}\n";
}

struct Fixture {
  test::TempDir dir;
  project::Project project;
  test::FakeJvm jvm{"demo.Gate", gate_lines()};
  std::optional<runner::TestSession> session;
  std::optional<ClassUnderTest> cut;

  explicit Fixture(const std::string& tests) {
    project = test::fake_project(dir.path(), "demo.Gate", kGate, tests);
    auto s = runner::TestSession::open(project, jvm, project.root);
    EXPECT_TRUE(s.ok());
    session.emplace(std::move(*s));
    auto c = ClassUnderTest::load(project, "demo.Gate", "");
    EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().message);
    cut.emplace(std::move(*c));
  }
  junit::TestFile file() const { return *junit::TestFile::parse(cut->initial_test_text); }
};

junit::ExtractedTests answer(const std::vector<std::string>& methods) {
  return *junit::extract_tests(test::answer_with(methods));
}

std::vector<Candidate> passed(const std::vector<Verdict>& verdicts,
                              const junit::ExtractedTests& from) {
  std::vector<Candidate> out;
  for (const Verdict& v : verdicts) {
    if (v.passed) out.push_back({{v.name, v.code}, from});
  }
  return out;
}

TEST(TestValidator, AnAnswerCostsItsOwnTestsNotTheFilesOnes) {
  std::vector<std::string> old;
  for (int i = 0; i < 50; ++i)
    old.push_back(test::test_method("old" + std::to_string(i), "covers(6);"));
  Fixture f(test_file_with(old));
  TestValidator v(*f.session, *f.cut, {});
  ASSERT_TRUE(v.run_class(f.file()).ok());
  int compiles = f.jvm.compiles;
  int runs = f.jvm.runs;
  auto a = answer({test::test_method("a", "branch(5, 1); covers(8);"),
                   test::test_method("b", "branch(5, 0);")});
  auto verdicts = v.try_tests(f.file(), a.tests, a);
  ASSERT_TRUE(verdicts.ok());
  ASSERT_EQ(verdicts->size(), 2u);
  EXPECT_TRUE((*verdicts)[0].passed && (*verdicts)[1].passed);
  // One compilation of the new tests alone and one run of them, together.
  EXPECT_EQ(f.jvm.compiles, compiles + 1);
  EXPECT_EQ(f.jvm.runs, runs + 1);
  EXPECT_EQ(f.jvm.compiled_texts.back().find("old0"), std::string::npos);
  EXPECT_EQ(f.jvm.run_specs.back(),
            (std::vector<std::string>{"demo.GateTest#a", "demo.GateTest#b"}));
  auto commit = v.commit(f.file(), passed(*verdicts, a));
  ASSERT_TRUE(commit.ok());
  EXPECT_EQ(f.jvm.runs, runs + 1) << "their coverage came with that run";
  EXPECT_EQ(commit->kept, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(commit->file.test_names().size(), 52u);
  // The union: the old tests' line 6 and the new tests' lines and branches.
  EXPECT_EQ(commit->coverage.line_counter().missed, 0);
  EXPECT_EQ(commit->coverage.branch_counter().missed, 0);
}

TEST(TestValidator, ACompileErrorIsPinnedOnItsTestWithTheLineItWillHaveInTheFile) {
  Fixture f(test_file_with(
      {test::test_method("first", "covers(6);"), test::test_method("second", "covers(8);")}));
  TestValidator v(*f.session, *f.cut, {});
  auto a = answer({test::test_method("a", "covers(6);"), test::test_method("b", "compile_error();"),
                   test::test_method("c", "covers(8);")});
  auto verdicts = v.try_tests(f.file(), a.tests, a);
  ASSERT_TRUE(verdicts.ok());
  EXPECT_TRUE((*verdicts)[0].passed);
  EXPECT_FALSE((*verdicts)[1].passed);
  EXPECT_TRUE((*verdicts)[1].compile_error);
  EXPECT_TRUE((*verdicts)[2].passed);
  // The file as it will be with the three tests: the error's line there.
  junit::TestFile whole = f.file();
  for (const auto& t : a.tests) whole.add_test(t, a);
  java::SourceText text("GateTest.java", whole.text());
  uint32_t line = 0;
  for (uint32_t l = 1; l <= text.line_count() && line == 0; ++l) {
    if (text.line(l).find("compile_error()") != std::string_view::npos) line = l;
  }
  ASSERT_GT(line, 0u);
  EXPECT_NE(
      (*verdicts)[1].error.find("line " + std::to_string(line) + ": error: cannot find symbol"),
      std::string::npos)
      << (*verdicts)[1].error;
}

TEST(TestValidator, ATestThatFailsAloneIsFailedWithItsAssertion) {
  Fixture f(test_file_with({}));
  TestValidator v(*f.session, *f.cut, {});
  auto a = answer({test::test_method("bad", "fail();"), test::test_method("good", "covers(6);")});
  auto verdicts = v.try_tests(f.file(), a.tests, a);
  ASSERT_TRUE(verdicts.ok());
  EXPECT_FALSE((*verdicts)[0].passed);
  EXPECT_NE((*verdicts)[0].error.find("failed: org.opentest4j.AssertionFailedError"),
            std::string::npos)
      << (*verdicts)[0].error;
  EXPECT_TRUE((*verdicts)[1].passed);
  EXPECT_EQ(f.jvm.run_specs.back(), (std::vector<std::string>{"demo.GateTest#bad"}))
      << "the failing test ran alone";
}

TEST(TestValidator, TestsThatPassAloneButNotTogetherAreKeptOneByOne) {
  Fixture f(test_file_with({}));
  TestValidator v(*f.session, *f.cut, {});
  auto a = answer({test::test_method("a", "covers(6); breaks(b);"),
                   test::test_method("b", "covers(8);"), test::test_method("c", "branch(5, 0);")});
  auto verdicts = v.try_tests(f.file(), a.tests, a);
  ASSERT_TRUE(verdicts.ok());
  for (const Verdict& x : *verdicts) EXPECT_TRUE(x.passed) << x.name << ": " << x.error;
  auto commit = v.commit(f.file(), passed(*verdicts, a));
  ASSERT_TRUE(commit.ok());
  EXPECT_NE(commit->not_together.find("demo.GateTest#b"), std::string::npos)
      << commit->not_together;
  EXPECT_EQ(commit->kept, (std::vector<std::string>{"a", "c"}));
  ASSERT_EQ(commit->dropped.size(), 1u);
  EXPECT_EQ(commit->dropped[0].name, "b");
  EXPECT_NE(commit->dropped[0].error.find("breaks the test class"), std::string::npos);
  EXPECT_EQ(commit->file.test_names(), (std::vector<std::string>{"a", "c"}));
  // Coverage of what was kept only: line 8 was b's.
  EXPECT_FALSE(commit->coverage.lines.at(8).covered());
  EXPECT_TRUE(commit->coverage.lines.at(6).covered());
}

TEST(TestValidator, ARestartedHelperThatLostTheCoverageStoreIsMeasuredAsAWhole) {
  Fixture f(test_file_with({test::test_method("old", "covers(6);")}));
  TestValidator v(*f.session, *f.cut, {});
  ASSERT_TRUE(v.run_class(f.file()).ok());
  f.jvm.lose_stores();
  auto a = answer({test::test_method("a", "covers(8);")});
  auto verdicts = v.try_tests(f.file(), a.tests, a);
  ASSERT_TRUE(verdicts.ok());
  auto commit = v.commit(f.file(), passed(*verdicts, a));
  ASSERT_TRUE(commit.ok());
  EXPECT_TRUE(commit->coverage.lines.at(6).covered()) << "the old test's coverage is kept";
  EXPECT_TRUE(commit->coverage.lines.at(8).covered());
}

TEST(TestValidator, TheSlowWayCompilesTheWholeFileAndRunsTheClassForEachTest) {
  Fixture f(test_file_with({test::test_method("old", "covers(6);")}));
  TestValidator v(*f.session, *f.cut, {std::chrono::milliseconds(1000), true});
  auto a = answer({test::test_method("a", "covers(8);"), test::test_method("b", "branch(5, 0);")});
  int runs = f.jvm.runs;
  auto verdicts = v.try_tests(f.file(), a.tests, a);
  ASSERT_TRUE(verdicts.ok());
  EXPECT_EQ(f.jvm.runs, runs + 4) << "alone, then the class, for each";
  EXPECT_NE(f.jvm.compiled_texts.back().find("void old()"), std::string::npos);
  auto commit = v.commit(f.file(), passed(*verdicts, a));
  ASSERT_TRUE(commit.ok());
  EXPECT_EQ(f.jvm.run_specs.back(), (std::vector<std::string>{"demo.GateTest"}));
  EXPECT_EQ(commit->file.test_names().size(), 3u);
}

TEST(TestValidator, AKnownFailureOfTheUsersFileDoesNotFailNewTestsTheSlowWay) {
  Fixture f(test_file_with({test::test_method("broken", "fail();")}));
  TestValidator v(*f.session, *f.cut, {std::chrono::milliseconds(1000), true});
  auto whole = v.run_class(f.file());
  ASSERT_TRUE(whole.ok());
  ASSERT_EQ(whole->failures.size(), 1u);
  v.set_known_failures({whole->failures[0].id});
  auto a = answer({test::test_method("a", "covers(8);")});
  auto verdicts = v.try_tests(f.file(), a.tests, a);
  ASSERT_TRUE(verdicts.ok());
  EXPECT_TRUE((*verdicts)[0].passed) << (*verdicts)[0].error;
}

}  // namespace
}  // namespace panta::engine
