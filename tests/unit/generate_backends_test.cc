// End-to-end: `panta generate` with each strategy, with the Anthropic API, and through a 429
// storm, against the scripted server on 127.0.0.1.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "../llm/fake_llm_server.h"
#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

const char* kTestFile = "/src/test/java/org/example/shop/CartTest.java";

nlohmann::json answer(const std::string& name, const std::string& body) {
  return {{"answer", "```java\n@Test\nvoid " + name + "() {\n  " + body + "\n}\n```\n"}};
}

nlohmann::json passing(const std::string& name) {
  return answer(name, "assertEquals(0, new Cart().size());");
}

nlohmann::json failing(const std::string& name) {
  return answer(name, "assertEquals(7, new Cart().size());");
}

std::string content(const nlohmann::json& request) {
  return request["body"]["messages"].back()["content"];
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

struct GenRun {
  test::PantaRun panta;
  std::vector<nlohmann::json> requests;
  std::string root;
};

GenRun generate(const test::TempDir& dir, const std::string& name, const nlohmann::json& script,
                const std::string& flags) {
  llm::test::FakeLlmServer server(script);
  GenRun r;
  r.root = test::copy_shop(dir, name);
  r.panta = test::run_panta(dir, "generate --project " + r.root +
                                     " --class org.example.shop.Cart --llm openai:m "
                                     "--llm-base-url " +
                                     server.url() + "/v1 " + flags);
  r.requests = server.requests();
  return r;
}

TEST(GenerateStrategies, BaselineIsOnePassWithoutRepairOrFeedback) {
  test::TempDir dir;
  GenRun r = generate(dir, "baseline",
                      nlohmann::json::array({{{"answer",
                                               "```java\n@Test\nvoid a() {\n  assertEquals(0, "
                                               "new Cart().size());\n}\n@Test\nvoid b() {\n  "
                                               "assertEquals(7, new Cart().size());\n}\n```\n"}}}),
                      "--strategy baseline --llm-retries 0");
  ASSERT_EQ(r.panta.exit_code, 0) << r.panta.err;
  ASSERT_EQ(r.requests.size(), 1u);  // no repair of b, no second iteration
  std::string prompt = content(r.requests[0]);
  EXPECT_TRUE(has(prompt, "## Source File"));
  EXPECT_FALSE(has(prompt, "## Methods Under Test"));
  EXPECT_FALSE(has(prompt, "## Coverage"));
  std::string file = test::slurp(r.root + kTestFile);
  EXPECT_TRUE(has(file, "void a()"));
  EXPECT_FALSE(has(file, "void b()"));
}

TEST(GenerateStrategies, BasicFeedsFailuresBackButNoCoverageOrPaths) {
  test::TempDir dir;
  GenRun r = generate(dir, "basic",
                      nlohmann::json::array({failing("wrong"), failing("wrong"), passing("right")}),
                      "--llm-retries 0 --strategy basic --repair-attempts 1 --max-iterations 2 "
                      "--max-no-increase 2");
  ASSERT_EQ(r.panta.exit_code, 0) << r.panta.err;
  ASSERT_EQ(r.requests.size(), 3u);  // generate, repair, generate
  EXPECT_TRUE(has(content(r.requests[1]), "## Failing Test"));
  std::string second = content(r.requests[2]);
  EXPECT_TRUE(has(second, "## Failed Tests"));
  EXPECT_TRUE(has(second, "### wrong"));
  EXPECT_FALSE(has(second, "## Coverage"));
  EXPECT_FALSE(has(second, "## Methods Under Test"));
}

TEST(GenerateStrategies, CovNamesTheUncoveredLines) {
  test::TempDir dir;
  GenRun r = generate(dir, "cov", nlohmann::json::array({passing("one"), passing("two")}),
                      "--llm-retries 0 --strategy cov --max-iterations 2 --max-no-increase 2");
  ASSERT_EQ(r.panta.exit_code, 0) << r.panta.err;
  ASSERT_EQ(r.requests.size(), 2u);
  for (const auto& request : r.requests) {
    std::string prompt = content(request);
    EXPECT_TRUE(has(prompt, "## Coverage"));
    EXPECT_TRUE(has(prompt, "leave these lines of the source file uncovered: 8, 10, 16-17, "));
    EXPECT_FALSE(has(prompt, "## Methods Under Test"));
  }
}

TEST(GenerateStrategies, SymPromptAsksOncePerPathWithItsConditionsOnly) {
  test::TempDir dir;
  nlohmann::json script = nlohmann::json::array();
  for (int i = 0; i < 60; ++i) script.push_back(passing("p" + std::to_string(i)));
  GenRun r = generate(dir, "symprompt", script, "--strategy symprompt --llm-retries 0");
  ASSERT_EQ(r.panta.exit_code, 0) << r.panta.err;
  // One request per path of each method under test of examples/shop's Cart.java, counted by
  // hand (Algorithm 1 keeps a path per new edge): add: the if's two sides (2); size (1);
  // total: the loop not entered with and without the coupon, and each case group with FOOD's
  // two sides (2 + 5 = 7); applyCoupon: no SAVE prefix, percent out of range, in range, not a
  // number (4); parseLine: not 4 fields, then each of the switch's four groups (5);
  // mostExpensive: the loop not entered, a new best, not a new best (3).
  constexpr size_t kCartPaths = 2 + 1 + 7 + 4 + 5 + 3;
  ASSERT_EQ(r.requests.size(), kCartPaths);
  for (const auto& request : r.requests) {
    std::string prompt = content(request);
    EXPECT_TRUE(has(prompt, "## Method Under Test"));
    EXPECT_TRUE(has(prompt, "branch conditions"));
    EXPECT_FALSE(has(prompt, "## Failing Test"));  // never a repair
  }
  // One pass: every answer after the first repeats an existing test and is skipped.
  EXPECT_TRUE(has(r.panta.out, "1 iteration (")) << r.panta.out;
}

TEST(GenerateStrategies, PantaNamesTheUncoveredLinesWhenNoPathMissesAnything) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string pkg = "/org/example/shop/";
  std::ofstream(root + "/src/main/java" + pkg + "Account.java")
      << "package org.example.shop;\n\npublic class Account {\n  private long cents = 5;\n\n"
         "  public long getCents() {\n    return cents;\n  }\n\n"
         "  public boolean pay(long amount) {\n    if (amount > cents) {\n      return false;\n"
         "    }\n    cents -= amount;\n    return true;\n  }\n}\n";
  std::ofstream(root + "/src/test/java" + pkg + "AccountTest.java")
      << "package org.example.shop;\n\nimport static org.junit.jupiter.api.Assertions.*;\n\n"
         "import org.junit.jupiter.api.Test;\n\nclass AccountTest {\n  @Test\n  void pays() {\n"
         "    assertTrue(new Account().pay(1));\n    assertFalse(new Account().pay(9));\n  }\n}\n";
  llm::test::FakeLlmServer server(
      nlohmann::json::array({answer("readsCents", "assertEquals(5L, new Account().getCents());")}));
  test::PantaRun r =
      test::run_panta(dir, "generate --strategy panta --project " + root +
                               " --class org.example.shop.Account --llm openai:m --llm-base-url " +
                               server.url() + "/v1 --max-iterations 1");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto requests = server.requests();
  ASSERT_EQ(requests.size(), 1u);
  std::string prompt = content(requests[0]);
  EXPECT_TRUE(has(prompt, "## Coverage")) << prompt;
  EXPECT_TRUE(has(prompt, "uncovered: 7.")) << prompt;  // `return cents;` of the getter
  EXPECT_FALSE(has(prompt, "## Methods Under Test"));
  EXPECT_TRUE(has(r.err, "no path is left to select")) << r.err;
  EXPECT_TRUE(has(r.out, "lines 85.7% -> 100.0%")) << r.out;
}

TEST(GenerateBackends, AnthropicMessagesApiThroughTheLoop) {
  test::TempDir dir;
  llm::test::FakeLlmServer server(nlohmann::json::array({passing("sizeOfEmpty")}));
  std::string root = test::copy_shop(dir, "shop");
  const std::string key = "sk-ant-test-5ecret";
  setenv("ANTHROPIC_API_KEY", key.c_str(), 1);
  test::PantaRun r = test::run_panta(
      dir, "generate --strategy panta --project " + root +
               " --class org.example.shop.Cart --llm anthropic:claude-test --llm-base-url " +
               server.url() + " --max-iterations 1 --report " + dir.path() + "/r.json");
  unsetenv("ANTHROPIC_API_KEY");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto requests = server.requests();
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0]["path"], "/v1/messages");
  EXPECT_EQ(requests[0]["headers"]["x-api-key"], key);
  EXPECT_EQ(requests[0]["body"]["model"], "claude-test");
  EXPECT_TRUE(
      has(requests[0]["body"]["messages"].back()["content"].get<std::string>(), "## Source File"));
  EXPECT_TRUE(has(test::slurp(root + kTestFile), "void sizeOfEmpty()"));
  auto j = nlohmann::json::parse(test::slurp(dir.path() + "/r.json"));
  EXPECT_EQ(j["iterations"][0]["prompt_tokens"], 11);  // the API's usage
  EXPECT_EQ(j["iterations"][0]["completion_tokens"], 7);
  EXPECT_EQ(j["iterations"][0]["model_calls"], 1);
  EXPECT_EQ(j["final"]["model_calls"], 1);
  EXPECT_EQ(j["final"]["prompt_tokens"], 11);
  EXPECT_FALSE(has(r.err, key));
  EXPECT_FALSE(has(test::slurp(root + "/.panta/journal.sqlite"), key));
}

nlohmann::json busy() {
  return {{"status", 429},
          {"headers", {{"Retry-After", "0"}}},
          {"body", {{"error", {{"message", "rate limited"}}}}}};
}

TEST(GenerateBackends, A429StormIsWaitedOutAndSaidSo) {
  test::TempDir dir;
  GenRun r = generate(dir, "storm", nlohmann::json::array({busy(), busy(), busy(), passing("ok")}),
                      "--llm-retries 3 --max-iterations 1");
  ASSERT_EQ(r.panta.exit_code, 0) << r.panta.err;
  EXPECT_EQ(r.requests.size(), 4u);
  EXPECT_TRUE(has(r.panta.err, "model HTTP 429, retry 1 of 3 in 0.0 s (Retry-After)"))
      << r.panta.err;
  EXPECT_TRUE(has(r.panta.err, "retry 3 of 3")) << r.panta.err;
  EXPECT_TRUE(has(test::slurp(r.root + kTestFile), "void ok()"));
  // The journal keeps the retries with the run's other progress lines.
  test::CommandResult events = test::run_command(
      "python3 -c \"import sqlite3,sys; d=sqlite3.connect(sys.argv[1]); print([m for (m,) in "
      "d.execute('select message from events where run_id=1 and iteration=1')])\" " +
      r.root + "/.panta/journal.sqlite");
  EXPECT_TRUE(has(events.out, "model HTTP 429, retry 2 of 3")) << events.out;
  EXPECT_TRUE(has(events.out, "kept ok")) << events.out;
}

TEST(GenerateBackends, AStormLongerThanTheRetriesStopsCleanly) {
  test::TempDir dir;
  std::string before = test::slurp(std::string(PANTA_SOURCE_DIR) + "/examples/shop" + kTestFile);
  GenRun r =
      generate(dir, "storm", nlohmann::json::array({busy(), busy(), busy(), passing("late")}),
               "--llm-retries 1 --max-no-increase 1");
  EXPECT_EQ(r.panta.exit_code, 1) << r.panta.err;
  EXPECT_EQ(r.requests.size(), 2u);
  EXPECT_TRUE(has(r.panta.err, "model error: LLM rate limited")) << r.panta.err;
  EXPECT_TRUE(has(r.panta.err, "429")) << r.panta.err;
  EXPECT_TRUE(has(r.panta.err, "the model gave no answer")) << r.panta.err;
  EXPECT_EQ(test::slurp(r.root + kTestFile), before);
}

}  // namespace
}  // namespace panta
