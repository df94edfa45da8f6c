// End-to-end: `panta generate` on a copy of examples/shop against a scripted OpenAI-compatible
// server on 127.0.0.1, then the same run replayed from its journal.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../llm/fake_llm_server.h"
#include "llm/journal.h"
#include "project/test_stack.h"
#include "runner/jvm_runner.h"
#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

nlohmann::json script() {
  std::string first = test::java_answer(R"(package org.example.shop;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class CartTest {
  @Test
  void bulkFoodDiscount() {
    Cart cart = new Cart();
    cart.add(new Cart.Item("rice", Cart.Category.FOOD, 10, 100));
    assertEquals(900, cart.total());
  }

  @Test
  void couponWorks() {
    Cart cart = new Cart();
    assertTrue(cart.applyCoupon(Coupons.TEN));
  }

  @Test
  void wrongSize() {
    assertEquals(1, new Cart().size());
  }

  @Test
  void quits() {
    System.exit(2);
  }
}
)");
  auto repair = [](const std::string& body) { return test::java_answer("@Test\n" + body + "\n"); };
  return nlohmann::json::array({
      {{"answer", first}},
      {{"answer",
        repair("void couponWorks() {\n  assertTrue(new Cart().applyCoupon(Coupon.TEN));\n}")}},
      {{"answer",
        repair("void couponWorks() {\n  assertTrue(new Cart().applyCoupon(\"SAVE10\"));\n}")}},
      {{"answer", repair("void wrongSize() {\n  assertEquals(2, new Cart().size());\n}")}},
      {{"answer", repair("void wrongSize() {\n  assertEquals(3, new Cart().size());\n}")}},
      {{"answer", repair("void quits() {\n  System.exit(1);\n}")}},
      {{"answer", repair("void quits() {\n  Runtime.getRuntime().exit(1);\n}")}},
      // Iteration 2: a test that adds no coverage, so the run stops.
      {{"answer",
        test::java_answer("class CartTest {\n  @Test\n  void emptyAgain() {\n    assertEquals(0L, "
                          "new Cart().total());\n  }\n}\n")}},
  });
}

TEST(GenerateCli, LoopWithRepairFeedbackAndReplay) {
  test::TempDir dir;
  llm::test::FakeLlmServer server(script());
  std::string root = test::copy_shop(dir, "shop");
  std::string report = dir.path() + "/report.json";
  test::PantaRun r = test::run_panta(
      dir, "generate --strategy panta --project " + root +
               " --class org.example.shop.Cart --llm openai:fake-model --llm-base-url " +
               server.url() + "/v1 --repair-attempts 2 --max-no-increase 1 --report " + report);
  ASSERT_EQ(r.exit_code, 0) << r.err;

  auto requests = server.requests();
  ASSERT_EQ(requests.size(), 8u) << r.err;
  std::string second_prompt = requests[7]["body"]["messages"].back()["content"];
  auto failed_at = second_prompt.find("## Failed Tests");
  ASSERT_NE(failed_at, std::string::npos);
  EXPECT_NE(second_prompt.find("### wrongSize", failed_at), std::string::npos);
  EXPECT_NE(second_prompt.find("expected: <3> but was: <0>", failed_at), std::string::npos);
  EXPECT_NE(second_prompt.find("## Methods Under Test"), std::string::npos);  // coverage > 0: paths
  std::string repair_prompt = requests[1]["body"]["messages"].back()["content"];
  EXPECT_NE(repair_prompt.find("does not compile"), std::string::npos);
  EXPECT_NE(repair_prompt.find("cannot find symbol"), std::string::npos);

  std::string test_file = root + "/src/test/java/org/example/shop/CartTest.java";
  std::string written = test::slurp(test_file);
  EXPECT_NE(written.find("void bulkFoodDiscount()"), std::string::npos);
  EXPECT_NE(written.find("applyCoupon(\"SAVE10\")"), std::string::npos);
  EXPECT_EQ(written.find("wrongSize"), std::string::npos);
  EXPECT_EQ(written.find("System.exit"), std::string::npos);
  EXPECT_NE(written.find("void emptyCartCostsNothing()"), std::string::npos);  // kept the user's
  // The user's file as it was, in the run's backup (run 1 of the journal).
  EXPECT_EQ(test::slurp(root + "/.panta/backup/1/src/test/java/org/example/shop/CartTest.java"),
            test::slurp(std::string(PANTA_SOURCE_DIR) +
                        "/examples/shop/src/test/java/org/example/shop/CartTest.java"));

  // The written file compiles and passes as a whole.
  test::PantaRun check =
      test::run_panta(dir, "test --project " + root + " --test org.example.shop.CartTest");
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;

  auto j = nlohmann::json::parse(test::slurp(report));
  EXPECT_EQ(j["class"], "org.example.shop.Cart");
  EXPECT_EQ(j["strategy"], "panta");
  ASSERT_EQ(j["iterations"].size(), 2u);
  EXPECT_EQ(j["iterations"][0]["tests_generated"], 4);
  EXPECT_EQ(j["iterations"][0]["tests_passed_first_try"], 1);
  EXPECT_EQ(j["iterations"][0]["tests_repaired"], 1);
  EXPECT_EQ(j["iterations"][0]["tests_failed"], 2);
  EXPECT_GT(j["iterations"][0]["prompt_tokens"].get<int>(), 0);
  EXPECT_GT(j["final"]["line_coverage"].get<double>(), j["initial"]["line_coverage"].get<double>());
  EXPECT_GT(j["final"]["branch_coverage"].get<double>(),
            j["initial"]["branch_coverage"].get<double>());
  EXPECT_EQ(j["final"]["tests_kept"], 3);
  EXPECT_NEAR(j["final"]["pass_rate"].get<double>(), 60.0, 0.01);  // 3 of 5 generated
  EXPECT_EQ(j["stop_reason"], "1 round without coverage gain");
  EXPECT_FALSE(j["iterations"][1]["selected_paths"].empty());

  // The same run from the journal gives the same test file, without the server.
  std::string again = test::copy_shop(dir, "again");
  test::PantaRun replay =
      test::run_panta(dir, "generate --strategy panta --project " + again +
                               " --class org.example.shop.Cart --llm replay:" + root +
                               "/.panta/journal.sqlite --repair-attempts 2 --max-no-increase 1");
  ASSERT_EQ(replay.exit_code, 0) << replay.err;
  EXPECT_EQ(test::slurp(again + "/src/test/java/org/example/shop/CartTest.java"), written);
}

TEST(GenerateCli, KeepsTheUsersFailingTestsAndAddsPassingOnes) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string test_file = root + "/src/test/java/org/example/shop/CartTest.java";
  std::string text = test::slurp(test_file);
  text.insert(text.rfind('}'),
              "\n  @Test\n  void usersBrokenTest() {\n    assertEquals(1, 2);\n  }\n");
  std::ofstream(test_file) << text;
  dir.write("answer.sh",
            "cat >/dev/null\nprintf '```java\\n@Test\\nvoid sizeOfEmpty() {\\n  assertEquals(0, "
            "new Cart().size());\\n}\\n```\\n'\n");
  test::PantaRun r = test::run_panta(dir, "generate --project " + root +
                                              " --class org.example.shop.Cart --llm 'cmd:sh " +
                                              dir.path() + "/answer.sh' --max-iterations 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string written = test::slurp(test_file);
  EXPECT_NE(written.find("void usersBrokenTest()"), std::string::npos);
  EXPECT_NE(written.find("void sizeOfEmpty()"), std::string::npos);
  EXPECT_NE(r.err.find("the existing test org.example.shop.CartTest#usersBrokenTest fails"),
            std::string::npos)
      << r.err;
}

TEST(GenerateCli, PromptTooLongIsShrunkAndTheRunGoesOn) {
  test::TempDir dir;
  nlohmann::json too_long = {
      {"status", 400},
      {"body", {{"error", {{"message", "too long"}, {"code", "context_length_exceeded"}}}}}};
  llm::test::FakeLlmServer server(nlohmann::json::array(
      {too_long,
       {{"answer",
         test::java_answer(
             "@Test\nvoid sizeOfEmpty() {\n  assertEquals(0, new Cart().size());\n}\n")}}}));
  std::string root = test::copy_shop(dir, "shop");
  test::PantaRun r =
      test::run_panta(dir, "generate --strategy panta --project " + root +
                               " --class org.example.shop.Cart --llm openai:m --llm-base-url " +
                               server.url() + "/v1 --max-iterations 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("too long for the model"), std::string::npos) << r.err;
  auto requests = server.requests();
  ASSERT_EQ(requests.size(), 2u);
  std::string first = requests[0]["body"]["messages"].back()["content"];
  std::string second = requests[1]["body"]["messages"].back()["content"];
  EXPECT_NE(first.find("assertEquals(0, new Cart().total());"), std::string::npos);
  EXPECT_EQ(second.find("assertEquals(0, new Cart().total());"), std::string::npos);
  EXPECT_NE(second.find("CartTest exists with tests: emptyCartCostsNothing"), std::string::npos);
  EXPECT_NE(test::slurp(root + "/src/test/java/org/example/shop/CartTest.java").find("sizeOfEmpty"),
            std::string::npos);
}

TEST(GenerateCli, HttpErrorsStopCleanlyWithTheFileIntact) {
  test::TempDir dir;
  llm::test::FakeLlmServer server(
      nlohmann::json::array({{{"status", 404}, {"body", "no such model"}}}));
  std::string root = test::copy_shop(dir, "shop");
  std::string test_file = root + "/src/test/java/org/example/shop/CartTest.java";
  std::string before = test::slurp(test_file);
  test::PantaRun r =
      test::run_panta(dir, "generate --project " + root +
                               " --class org.example.shop.Cart --llm openai:m --llm-base-url " +
                               server.url() + "/v1 --max-no-increase 1");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("model error: LLM HTTP error"), std::string::npos) << r.err;
  EXPECT_EQ(test::slurp(test_file), before);
}

// `make demo` replays examples/shop/demo/journal.sqlite; a change to the prompts makes it miss
// (re-record it with scripts/record-demo.sh).
TEST(GenerateCli, DemoJournalReplaysToFullCoverage) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  fs::remove_all(root + "/demo");
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --llm replay:" +
               std::string(PANTA_SOURCE_DIR) + "/examples/shop/demo/journal.sqlite");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("lines 10.9% -> 100.0%, branches 6.2% -> 100.0%"), std::string::npos)
      << r.out << r.err;
  EXPECT_NE(r.out.find("(full coverage)"), std::string::npos) << r.out;
  // focused's repair prompt shows the methods the failing test runs, not the whole class (the
  // replay sent the recorded prompts: any other would have missed).
  auto journal =
      llm::Journal::open(std::string(PANTA_SOURCE_DIR) + "/examples/shop/demo/journal.sqlite",
                         llm::Journal::Mode::kRead);
  ASSERT_TRUE(journal.ok()) << journal.error().message;
  auto repairs = journal->of_kind("repair");
  ASSERT_TRUE(repairs.ok());
  ASSERT_EQ(repairs->size(), 1u);
  const std::string& repair = (*repairs)[0].prompt;
  EXPECT_NE(repair.find("sliced to what the failing test runs"), std::string::npos) << repair;
  EXPECT_NE(repair.find("27:   public long total() {\n28:     long sum = 0;"), std::string::npos)
      << repair;
  EXPECT_NE(repair.find("55:   public boolean applyCoupon(String code) { ... } // lines 55-69"),
            std::string::npos)
      << repair;
}

TEST(GenerateCli, AReplayMissStopsTheRun) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string test_file = root + "/src/test/java/org/example/shop/CartTest.java";
  std::string text = test::slurp(test_file);
  text.insert(text.rfind('}'), "\n  @Test\n  void extra() {\n    assertEquals(0, 0);\n  }\n");
  std::ofstream(test_file) << text;  // the first prompt now differs from the recorded one
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --llm replay:" +
               std::string(PANTA_SOURCE_DIR) + "/examples/shop/demo/journal.sqlite");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("LLM replay miss"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the run has left the recorded one"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("iteration 2 of"), std::string::npos) << r.err;
  EXPECT_EQ(test::slurp(test_file), text);
}

TEST(GenerateCli, APromptOverTheTokenBudgetIsShrunkBeforeItIsSent) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  test::PantaRun full =
      test::run_panta(dir, "generate --strategy panta --project " + root +
                               " --class org.example.shop.Cart --llm cmd:false --dry-run");
  ASSERT_EQ(full.exit_code, 0) << full.err;
  test::PantaRun small = test::run_panta(
      dir, "generate --strategy panta --project " + root +
               " --class org.example.shop.Cart --llm cmd:false --dry-run --max-prompt-tokens 1200");
  ASSERT_EQ(small.exit_code, 0) << small.err;
  EXPECT_NE(
      small.err.find("over --max-prompt-tokens 1200: the test file's method bodies are left out"),
      std::string::npos)
      << small.err;
  EXPECT_NE(small.err.find("only the source lines near the selected paths are kept"),
            std::string::npos)
      << small.err;
  EXPECT_LT(small.out.size(), full.out.size());
  EXPECT_NE(small.out.find("CartTest exists with tests: emptyCartCostsNothing"), std::string::npos);
  EXPECT_NE(small.out.find("## Methods Under Test"), std::string::npos);
}

TEST(GenerateCli, ThePromptNamesTheVersionsTheTestsRunWith) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string pom = test::slurp(root + "/pom.xml");
  pom.insert(pom.find("    <dependency>"),
             "    <dependency>\n      <groupId>org.assertj</groupId>\n      "
             "<artifactId>assertj-core</artifactId>\n      <version>3.27.6</version>\n      "
             "<scope>test</scope>\n    </dependency>\n    <dependency>\n      "
             "<groupId>org.mockito</groupId>\n      <artifactId>mockito-core</artifactId>\n      "
             "<version>5.20.0</version>\n      <scope>test</scope>\n    </dependency>\n");
  std::ofstream(root + "/pom.xml") << pom;
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --dry-run");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Maven resolved the project's own versions, and the tests run with them: no notes.
  for (const char* coordinate :
       {"org.junit.jupiter:junit-jupiter:5.9.2", "org.mockito:mockito-core:5.20.0",
        "org.assertj:assertj-core:3.27.6"}) {
    EXPECT_NE(r.out.find(coordinate), std::string::npos) << coordinate << "\n" << r.out;
  }
  EXPECT_EQ(r.err.find("runs as version"), std::string::npos) << r.err;
}

// --report and --html into folders that do not exist yet: made before the run, not found
// missing after it (issue 25); a run whose answers held no test says so, not "pass rate 0%".
TEST(GenerateCli, OutputFoldersAreMadeAndARunWithoutTestsSaysSo) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  test::PantaRun r =
      test::run_panta(dir, "generate --project " + root +
                               " --class org.example.shop.Cart --llm 'cmd:echo Nothing to add.' " +
                               "--max-iterations 1 --report " + dir.path() +
                               "/out/json/run.json --html " + dir.path() + "/out/html");
  EXPECT_TRUE(fs::exists(dir.path() + "/out/json/run.json")) << r.err;
  EXPECT_TRUE(fs::exists(dir.path() + "/out/html/index.html")) << r.err;
  EXPECT_NE((r.out + r.err).find("0 tests kept, no test generated,"), std::string::npos)
      << r.out << r.err;
  EXPECT_EQ((r.out + r.err).find("pass rate 0%"), std::string::npos) << r.out << r.err;
  // A --html that names a file is refused before anything runs.
  dir.write("taken", "");
  test::PantaRun file = test::run_panta(dir, "generate --project " + root +
                                                 " --class org.example.shop.Cart --llm cmd:true "
                                                 "--html " +
                                                 dir.path() + "/taken");
  EXPECT_EQ(file.exit_code, 2);
  EXPECT_NE(file.err.find("is a file"), std::string::npos) << file.err;
}

// A new test class is written as the project's test files are: their licence header, their
// indentation (tabs here), the answer's own levels kept (issue 25).
TEST(GenerateCli, ANewTestFileFollowsTheProjectsTestFiles) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string cart_test = root + "/src/test/java/org/example/shop/CartTest.java";
  std::string text = test::slurp(cart_test);
  std::string tabbed;
  for (size_t at = 0; at < text.size();) {  // two spaces a level -> a tab a level
    size_t nl = text.find('\n', at);
    std::string line = text.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    size_t lead = line.find_first_not_of(' ');
    if (lead != std::string::npos && lead > 0)
      line = std::string(lead / 2, '\t') + line.substr(lead);
    tabbed += line + "\n";
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  const std::string header = "/*\n * Copyright 2026 the shop's authors.\n */\n";
  dir.write("shop/src/test/java/org/example/shop/CartTest.java", header + tabbed);
  dir.write("shop/src/main/java/org/example/shop/Label.java",
            "package org.example.shop;\n\npublic class Label {\n  public String of(String name) {\n"
            "    if (name.isEmpty()) {\n      return \"-\";\n    }\n    return \"[\" + name + "
            "\"]\";\n  }\n}\n");
  dir.write(
      "answer.txt",
      "```java\n@Test\nvoid labels() {\n    Label label = new Label();\n    if (label != null) {\n"
      "        assertEquals(\"-\", label.of(\"\"));\n    }\n    assertEquals(\"[a]\", "
      "label.of(\"a\"));\n}\n```\n");
  dir.write("answer.sh", "cat >/dev/null\ncat " + dir.path() + "/answer.txt\n");
  test::PantaRun r = test::run_panta(dir, "generate --project " + root +
                                              " --class org.example.shop.Label --llm 'cmd:sh " +
                                              dir.path() + "/answer.sh' --max-iterations 1");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::string written = test::slurp(root + "/src/test/java/org/example/shop/LabelTest.java");
  EXPECT_EQ(written.rfind(header + "package org.example.shop;", 0), 0u) << written;
  EXPECT_NE(written.find("\n\t@Test\n\tvoid labels() {\n\t\tLabel label = new Label();\n\t\tif "
                         "(label != null) {\n\t\t\tassertEquals("),
            std::string::npos)
      << written;
}

TEST(GenerateCli, UsageErrors) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  test::PantaRun no_llm =
      test::run_panta(dir, "generate --project " + root + " --class org.example.shop.Cart");
  EXPECT_EQ(no_llm.exit_code, 2);  // the tests' PANTA_LLM is unset (test_support.h)
  EXPECT_NE(no_llm.err.find("--llm"), std::string::npos);
  test::PantaRun bad = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --llm magic:x");
  EXPECT_EQ(bad.exit_code, 2);
  test::PantaRun edges = test::run_panta(dir, "generate --project " + root +
                                                  " --class org.example.shop.Cart --llm cmd:false "
                                                  "--strategy basic --edge-scores --dry-run");
  EXPECT_EQ(edges.exit_code, 2);
  EXPECT_NE(edges.err.find("--edge-scores"), std::string::npos) << edges.err;
  test::PantaRun dry =
      test::run_panta(dir, "generate --strategy panta --project " + root +
                               " --class org.example.shop.Cart --llm cmd:false --dry-run");
  EXPECT_EQ(dry.exit_code, 0) << dry.err;
  EXPECT_EQ(dry.out.rfind("## Source File", 0), 0u);
  EXPECT_NE(dry.out.find("## Methods Under Test"), std::string::npos);
  // Without --strategy, focused: its task first, then its context block.
  test::PantaRun default_dry =
      test::run_panta(dir, "generate --project " + root +
                               " --class org.example.shop.Cart --llm cmd:false --dry-run");
  EXPECT_EQ(default_dry.exit_code, 0) << default_dry.err;
  EXPECT_EQ(default_dry.out.rfind("## Task\n\nWrite JUnit tests for", 0), 0u) << default_dry.out;
  EXPECT_NE(default_dry.err.find("(focused)"), std::string::npos) << default_dry.err;
  EXPECT_FALSE(fs::exists(root + "/.panta/backup"));
  test::PantaRun unreachable = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --llm cmd:false");
  EXPECT_EQ(unreachable.exit_code, 1);
  EXPECT_NE(unreachable.err.find("the model gave no answer"), std::string::npos) << unreachable.err;
  test::PantaRun missing = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Nope --llm cmd:true");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("Nope"), std::string::npos) << missing.err;
  test::PantaRun help = test::run_panta(dir, "generate --help");
  EXPECT_NE(help.out.find("or all: every class of the source folder"), std::string::npos)
      << help.out;
  // Values out of range are usage errors, not a silent default (a new user's -3 iterations ran
  // the class's default; --heap lots failed inside the JVM helper).
  const std::string base =
      "generate --project " + root + " --class org.example.shop.Cart --dry-run";
  for (const char* flag :
       {"--max-iterations 0", "--max-iterations -3", "--repair-attempts -1",
        "--max-path-selections -2", "--llm-timeout -5", "--heap lots", "--heap 1k"}) {
    test::PantaRun r = test::run_panta(dir, base + " " + flag);
    EXPECT_EQ(r.exit_code, 2) << flag << ": " << r.err;
    std::string name = std::string(flag).substr(0, std::string(flag).find(' '));
    EXPECT_NE(r.err.find(name), std::string::npos) << flag << ": " << r.err;
  }
  EXPECT_EQ(test::run_panta(dir, base + " --heap 2g").exit_code, 0);
  test::PantaRun dry_report = test::run_panta(dir, base + " --report " + dir.path() + "/r.json");
  EXPECT_EQ(dry_report.exit_code, 2);
  EXPECT_NE(dry_report.err.find("leave out --report"), std::string::npos) << dry_report.err;
}

}  // namespace
}  // namespace panta
