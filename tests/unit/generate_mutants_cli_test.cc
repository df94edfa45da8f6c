// End-to-end: `panta generate --mutants` on tests/fixtures/projects/mutate against a scripted
// OpenAI-compatible server on 127.0.0.1: once coverage stops rising, PIT's survivors are sent in
// the strategy's prompt, the test that kills them is kept and the mutation score rises.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "../llm/fake_llm_server.h"
#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

nlohmann::json script() {
  return nlohmann::json::array({
      // Iteration 1 (cov): covers mean(); coverage rises.
      {{"answer",
        test::java_answer("@Test\nvoid meanOfTwo() {\n  assertEquals(2.5, Grades.mean(new int[] "
                          "{2, 3}), 1e-9);\n}\n")}},
      // Iteration 2: nothing new is covered: coverage stops rising (--max-no-increase 1).
      {{"answer",
        test::java_answer(
            "@Test\nvoid fiftyFails() {\n  assertEquals(\"F\", Grades.letter(50));\n}\n")}},
      // Iteration 3, the mutants round: the boundaries no test checked.
      {{"answer", test::java_answer("@Test\nvoid boundaries() {\n"
                                    "  assertEquals(\"A\", Grades.letter(90));\n"
                                    "  assertEquals(\"B\", Grades.letter(89));\n"
                                    "  assertEquals(\"B\", Grades.letter(80));\n"
                                    "  assertEquals(\"C\", Grades.letter(79));\n"
                                    "  assertEquals(\"C\", Grades.letter(70));\n"
                                    "  assertEquals(\"F\", Grades.letter(69));\n"
                                    "  assertEquals(\"F\", Grades.letter(0));\n"
                                    "  assertEquals(\"A\", Grades.letter(100));\n"
                                    "  assertEquals(true, Grades.passes(70));\n"
                                    "  assertEquals(false, Grades.passes(69));\n}\n")}},
  });
}

// Whether the build has PIT (build/pitest/, fetched by `make setup`).
bool has_pit() {
  return fs::exists(fs::path(PANTA_BINARY).parent_path() / "pitest" / "classpath.txt");
}

// A scratch copy of tests/fixtures/projects/mutate in `dir`.
std::string copy_mutate_fixture(const test::TempDir& dir) {
  std::string root = dir.path() + "/mutate";
  fs::copy(std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/projects/mutate", root,
           fs::copy_options::recursive);
  return root;
}

TEST(GenerateMutantsCli, SurvivorsAreAskedForAndTheKillingTestRaisesTheScore) {
  if (!has_pit())
    GTEST_SKIP() << "PIT is not in build/pitest/ (make setup online, then make build)";
  test::TempDir dir;
  std::string root = copy_mutate_fixture(dir);
  llm::test::FakeLlmServer server(script());
  std::string report = dir.path() + "/report.json";
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root +
               " --class demo.Grades --strategy cov --mutants 5 --max-no-increase 1 "
               "--max-iterations 3 --llm openai:m --llm-base-url " +
               server.url() + "/v1 --report " + report);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto requests = server.requests();
  ASSERT_EQ(requests.size(), 3u);
  std::string second = requests[1]["body"]["messages"].back()["content"];
  std::string third = requests[2]["body"]["messages"].back()["content"];
  EXPECT_EQ(second.find("## Surviving Mutants"), std::string::npos);
  EXPECT_NE(third.find("## Surviving Mutants"), std::string::npos) << third;
  EXPECT_NE(third.find("changed conditional boundary (ConditionalsBoundaryMutator, in letter) "
                       "survives"),
            std::string::npos)
      << third;
  EXPECT_EQ(third.find("## Coverage"), std::string::npos);
  std::string test_file = test::slurp(root + "/tests/demo/GradesTest.java");
  EXPECT_NE(test_file.find("void boundaries()"), std::string::npos) << test_file;
  auto j = nlohmann::json::parse(test::slurp(report));
  ASSERT_TRUE(j.contains("mutants")) << j.dump(2);
  double before = j["mutants"]["score_before"].get<double>();
  double after = j["mutants"]["score_after"].get<double>();
  EXPECT_GT(after, before);
  EXPECT_EQ(j["mutants"]["rounds"], 1);
  EXPECT_NE(r.out.find("mutation score"), std::string::npos) << r.out;
}

// A run stopped (Ctrl-C) during its mutants round goes on with its own --mutants when resumed
// without the flag: the round is done again, from the answer already paid for.
TEST(GenerateMutantsCli, AResumedRunKeepsItsMutantsRounds) {
  if (!has_pit())
    GTEST_SKIP() << "PIT is not in build/pitest/ (make setup online, then make build)";
  test::TempDir dir;
  std::string root = copy_mutate_fixture(dir);
  std::vector<std::string> answers;
  for (const auto& step : script()) answers.push_back(step["answer"]);
  answers.push_back(answers.back());  // should the round be asked again after all
  std::string state = dir.path() + "/calls";
  std::string flags = " --class demo.Grades --strategy cov --max-no-increase 1 --max-iterations 3";
  test::PantaRun stopped =
      test::run_panta(dir, "generate --project " + root + flags + " --mutants 5 --llm " +
                               test::counting_model(dir, answers, state, 3));
  ASSERT_EQ(stopped.exit_code, 130) << stopped.err;
  ASSERT_EQ(test::calls(state), 3);
  std::string test_file = root + "/tests/demo/GradesTest.java";
  EXPECT_EQ(test::slurp(test_file).find("void boundaries()"), std::string::npos);

  std::string report = dir.path() + "/resumed.json";
  test::PantaRun resumed = test::run_panta(
      dir, "generate --project " + root + " --class demo.Grades --resume --report " + report);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(test::slurp(test_file).find("void boundaries()"), std::string::npos) << resumed.err;
  auto j = nlohmann::json::parse(test::slurp(report));
  ASSERT_TRUE(j.contains("mutants")) << j.dump(2);
  EXPECT_EQ(j["mutants"]["rounds"], 1) << j.dump(2);
  EXPECT_GT(j["mutants"]["score_after"].get<double>(), j["mutants"]["score_before"].get<double>());
}

// focused has two mutants rounds by default (issue 28): without --mutants, the survivors come
// with ids and the answer may say `Equivalent:`; the round that kills more raises the score.
TEST(GenerateMutantsCli, FocusedRunsMutantsRoundsByDefault) {
  if (!has_pit())
    GTEST_SKIP() << "PIT is not in build/pitest/ (make setup online, then make build)";
  test::TempDir dir;
  std::string root = copy_mutate_fixture(dir);
  fs::remove(root + "/tests/demo/GradesTest.java");  // the answers write the tests
  std::string everything =
      "@Test\nvoid everyLine() {\n  assertNotNull(new Grades());\n"
      "  assertThrows(IllegalArgumentException.class, () -> Grades.letter(-5));\n"
      "  assertThrows(IllegalArgumentException.class, () -> Grades.letter(150));\n"
      "  assertEquals(\"A\", Grades.letter(95));\n  assertEquals(\"B\", Grades.letter(85));\n"
      "  assertEquals(\"C\", Grades.letter(75));\n  assertEquals(\"F\", Grades.letter(10));\n"
      "  assertTrue(Grades.passes(95));\n  assertFalse(Grades.passes(10));\n"
      "  assertEquals(0, Grades.mean(new int[0]), 1e-9);\n"
      "  assertEquals(2.5, Grades.mean(new int[] {2, 3}), 1e-9);\n}\n";
  std::string bounds =
      "@Test\nvoid bounds() {\n  assertEquals(\"A\", Grades.letter(90));\n"
      "  assertEquals(\"B\", Grades.letter(89));\n  assertEquals(\"B\", Grades.letter(80));\n"
      "  assertEquals(\"C\", Grades.letter(79));\n  assertEquals(\"C\", Grades.letter(70));\n"
      "  assertEquals(\"F\", Grades.letter(69));\n  assertEquals(\"A\", Grades.letter(100));\n"
      "  assertEquals(\"F\", Grades.letter(0));\n  assertTrue(Grades.passes(70));\n"
      "  assertFalse(Grades.passes(69));\n}\n";
  llm::test::FakeLlmServer server(nlohmann::json::array(
      {{{"answer", test::java_answer(everything)}},
       {{"answer", test::java_answer(bounds)}},
       {{"answer", "```java\n```\nEquivalent: M1 - no test can tell it\n"}}}));
  std::string report = dir.path() + "/report.json";
  std::string err = dir.path() + "/err.txt";
  // Straight to the binary: run_panta would add --mutants 0.
  test::CommandResult r =
      test::run_command(std::string(PANTA_BINARY) + " generate --project " + root +
                        " --class demo.Grades --llm openai:m --llm-base-url " + server.url() +
                        "/v1 --report " + report + " 2>" + err);
  ASSERT_EQ(r.exit_code, 0) << test::slurp(err);
  auto requests = server.requests();
  ASSERT_GE(requests.size(), 2u) << test::slurp(err);
  std::string round = requests[1]["body"]["messages"].back()["content"];
  EXPECT_NE(round.find("## Surviving Mutants"), std::string::npos) << round;
  EXPECT_NE(round.find("- [M1, M2] line 7: changed conditional boundary"), std::string::npos)
      << round;
  EXPECT_NE(round.find("`Equivalent: M<n>, M<m> - "), std::string::npos) << round;
  auto j = nlohmann::json::parse(test::slurp(report));
  ASSERT_TRUE(j.contains("mutants")) << j.dump(2);
  EXPECT_GE(j["mutants"]["rounds"].get<int>(), 1);
  EXPECT_LE(j["mutants"]["rounds"].get<int>(), 2);
  EXPECT_GT(j["mutants"]["score_after"].get<double>(), j["mutants"]["score_before"].get<double>());
}

}  // namespace
}  // namespace panta
