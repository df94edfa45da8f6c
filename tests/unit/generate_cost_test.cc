// End to end: what a run may cost. A failed test is fed back bounded, one that javac can never
// compile by its name and cause only; prompts obey --max-prompt-tokens; an answer over
// --max-answer-bytes is counted as paid for.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "sandbox_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(GenerateCost, ATestJavacCanNeverCompileIsFedBackByNameAndCauseWithinTheTokenLimit) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  // One test of 9,000 assertions (about 234 KB, under the default answer limit): "code too
  // large". The second call sees the next prompt.
  std::string body;
  for (int i = 0; i < 9000; ++i) {
    body += "assertEquals(" + std::to_string(i) + ", " + std::to_string(i) + ");\n";
  }
  std::string model = test::scripted_model(dir, {test::one_test_answer("huge", body)});
  test::PantaRun r = test::run_panta(dir, "generate --strategy panta --project " + root +
                                              " --class org.example.shop.Cart --max-iterations 2 "
                                              "--max-no-increase 5 --max-prompt-tokens 20000 "
                                              "--llm " +
                                              model);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_LT(body.size(), 256u << 10) << "under --max-answer-bytes";
  std::string second = test::slurp(dir.path() + "/prompt2.txt");
  ASSERT_FALSE(second.empty()) << r.err;
  EXPECT_LT(second.size(), 20000u * 4) << "within --max-prompt-tokens";
  EXPECT_NE(second.find("### huge"), std::string::npos) << second.substr(0, 4000);
  EXPECT_NE(second.find("javac: code too large"), std::string::npos);
  EXPECT_LT(count(second, "assertEquals("), 10u);
  EXPECT_EQ(r.err.find("sent as it is"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("huge is not sent for repair"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir.path() + "/prompt3.txt")) << "two prompts, no repair prompt";
}

TEST(GenerateCost, AnAnswerOverTheSizeLimitIsNotUsedButCountedAsPaidFor) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string big = test::one_test_answer(
      "big", "// " + std::string(300 << 10, 'x') + "\nassertEquals(0, new Cart().size());");
  std::string small = test::one_test_answer("small", "assertEquals(0, new Cart().size());");
  std::string model = test::scripted_model(dir, {big, small});
  test::PantaRun r = test::run_panta(dir, "generate --project " + root +
                                              " --class org.example.shop.Cart --max-iterations 2 "
                                              "--max-no-increase 5 --report " +
                                              dir.path() + "/report.json --llm " + model);
  EXPECT_NE(r.err.find("over --max-answer-bytes 262144: it is not used"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("tokens 0 in, 0 out"), std::string::npos) << r.err;
  auto report = nlohmann::json::parse(test::slurp(dir.path() + "/report.json"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto iteration = report["iterations"][0];
  EXPECT_GT(iteration["completion_tokens"].get<int64_t>(), 70000) << iteration;  // ~300 KiB
  EXPECT_GT(iteration["prompt_tokens"].get<int64_t>(), 1000) << iteration;
}

}  // namespace
}  // namespace panta
