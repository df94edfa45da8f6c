#include "llm/command_client.h"

#include <gtest/gtest.h>

#include "llm/client_spec.h"
#include "llm/llm_error.h"

namespace panta::llm {
namespace {

using namespace std::chrono_literals;

Prompt repair_prompt() {
  Prompt p;
  p.system = "system text";
  p.user = "fix FooTest";
  p.kind = "repair";
  p.class_name = "com.example.Foo";
  return p;
}

TEST(LlmCommand, PromptOnStdinEnvironmentAndAnswerOnStdout) {
  CommandClient client("printf 'kind=%s class=%s\\n' \"$PANTA_PROMPT_KIND\" \"$PANTA_CLASS\"; cat",
                       10s);
  auto c = client.complete(repair_prompt());
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->text, "kind=repair class=com.example.Foo\nsystem text\n\nfix FooTest");
  EXPECT_TRUE(c->usage_estimated);
  EXPECT_EQ(c->prompt_tokens, estimate_tokens("system text\n\nfix FooTest"));
  EXPECT_EQ(c->completion_tokens, estimate_tokens(c->text));
  EXPECT_EQ(c->model,
            "cmd:printf 'kind=%s class=%s\\n' \"$PANTA_PROMPT_KIND\" \"$PANTA_CLASS\"; cat");
}

TEST(LlmCommand, NonZeroExitReportsTheFirstStderrLine) {
  CommandClient client("cat >/dev/null; echo 'model not loaded' >&2; echo more >&2; exit 3", 10s);
  auto c = client.complete(repair_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(llm_error_kind(c.error()), LlmErrorKind::kCommand);
  EXPECT_NE(c.error().message.find("exited with code 3: model not loaded"), std::string::npos)
      << c.error().message;
  EXPECT_TRUE(c.error().message.ends_with("exited with code 3: model not loaded"));
}

TEST(LlmCommand, TimeLimitKillsTheCommand) {
  auto start = std::chrono::steady_clock::now();
  CommandClient client("sleep 30", 300ms);
  auto c = client.complete(repair_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(llm_error_kind(c.error()), LlmErrorKind::kTimeout) << c.error().message;
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
}

TEST(LlmCommand, EmptyOutputIsABadAnswer) {
  CommandClient client("cat >/dev/null", 10s);
  auto c = client.complete(repair_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(llm_error_kind(c.error()), LlmErrorKind::kBadAnswer);
}

TEST(LlmCommand, MadeFromASpecWithTheTimeoutOption) {
  ClientOptions options;
  options.timeout = 200ms;
  auto client = make_client("cmd:sleep 5", options);
  ASSERT_TRUE(client.ok()) << client.error().message;
  auto c = (*client)->complete(repair_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(llm_error_kind(c.error()), LlmErrorKind::kTimeout);
}

}  // namespace
}  // namespace panta::llm
