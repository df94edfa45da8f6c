#include "llm/client_spec.h"

#include <gtest/gtest.h>

#include <map>

#include "core/sha256.h"
#include "llm/llm_client.h"
#include "llm/llm_error.h"
#include "llm/retry.h"

namespace panta::llm {
namespace {

using namespace std::chrono_literals;

EnvLookup env_of(std::map<std::string, std::string> variables) {
  return [variables](const std::string& name) -> std::optional<std::string> {
    auto it = variables.find(name);
    if (it == variables.end()) return std::nullopt;
    return it->second;
  };
}

TEST(LlmClientSpec, OpenAiDefaultsEnvironmentAndOptions) {
  auto plain = parse_client_spec("openai:gpt-4o", {}, env_of({}));
  ASSERT_TRUE(plain.ok()) << plain.error().message;
  EXPECT_EQ(plain->backend, Backend::kOpenAi);
  EXPECT_EQ(plain->target, "gpt-4o");
  EXPECT_EQ(plain->base_url, "https://api.openai.com/v1");
  EXPECT_EQ(plain->api_key, "");

  auto from_env = parse_client_spec(
      "openai:m", {},
      env_of({{"OPENAI_BASE_URL", "http://host:8000/v1/"}, {"OPENAI_API_KEY", "k"}}));
  ASSERT_TRUE(from_env.ok());
  EXPECT_EQ(from_env->base_url, "http://host:8000/v1");
  EXPECT_EQ(from_env->api_key, "k");

  ClientOptions options;
  options.base_url = "http://option/v1";
  auto from_option =
      parse_client_spec("openai:m", options, env_of({{"OPENAI_BASE_URL", "http://env/v1"}}));
  ASSERT_TRUE(from_option.ok());
  EXPECT_EQ(from_option->base_url, "http://option/v1");
}

TEST(LlmClientSpec, OllamaIsOpenAiCompatibleOnTheLocalPort) {
  auto spec = parse_client_spec(
      "ollama:qwen2.5-coder:7b", {},
      env_of({{"OPENAI_BASE_URL", "https://elsewhere/v1"}, {"OPENAI_API_KEY", "sk-x"}}));
  ASSERT_TRUE(spec.ok()) << spec.error().message;
  EXPECT_EQ(spec->backend, Backend::kOpenAi);
  EXPECT_EQ(spec->target, "qwen2.5-coder:7b");
  EXPECT_EQ(spec->base_url, "http://127.0.0.1:11434/v1");
  EXPECT_EQ(spec->api_key, "");  // the OpenAI key is not sent to a local server
}

TEST(LlmClientSpec, AnthropicNeedsItsKey) {
  auto missing = parse_client_spec("anthropic:claude-sonnet-4", {}, env_of({}));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(llm_error_kind(missing.error()), LlmErrorKind::kConfig);
  EXPECT_NE(missing.error().message.find("ANTHROPIC_API_KEY"), std::string::npos)
      << missing.error().message;

  auto spec = parse_client_spec(
      "anthropic:claude-sonnet-4", {},
      env_of({{"ANTHROPIC_API_KEY", "ak"}, {"ANTHROPIC_BASE_URL", "http://proxy/"}}));
  ASSERT_TRUE(spec.ok());
  EXPECT_EQ(spec->backend, Backend::kAnthropic);
  EXPECT_EQ(spec->base_url, "http://proxy");
  EXPECT_EQ(spec->api_key, "ak");
  auto default_base = parse_client_spec("anthropic:c", {}, env_of({{"ANTHROPIC_API_KEY", "ak"}}));
  ASSERT_TRUE(default_base.ok());
  EXPECT_EQ(default_base->base_url, "https://api.anthropic.com");
}

TEST(LlmClientSpec, CommandAndReplayKeepTheirWholeTarget) {
  auto cmd = parse_client_spec("cmd:my-llm --model x:y", {}, env_of({}));
  ASSERT_TRUE(cmd.ok());
  EXPECT_EQ(cmd->backend, Backend::kCommand);
  EXPECT_EQ(cmd->target, "my-llm --model x:y");
  auto replay = parse_client_spec("replay:/tmp/run.journal", {}, env_of({}));
  ASSERT_TRUE(replay.ok());
  EXPECT_EQ(replay->backend, Backend::kReplay);
  EXPECT_EQ(replay->target, "/tmp/run.journal");
}

TEST(LlmClientSpec, UnknownPrefixListsTheValidOnes) {
  for (const char* bad : {"gemini:pro", "gpt-4o", ""}) {
    auto spec = parse_client_spec(bad, {}, env_of({}));
    ASSERT_FALSE(spec.ok()) << bad;
    EXPECT_EQ(llm_error_kind(spec.error()), LlmErrorKind::kConfig);
    EXPECT_NE(spec.error().message.find(
                  "openai:MODEL, ollama:MODEL, anthropic:MODEL, cmd:COMMAND, replay:FILE"),
              std::string::npos)
        << spec.error().message;
  }
  auto empty = parse_client_spec("openai:", {}, env_of({}));
  ASSERT_FALSE(empty.ok());
  EXPECT_NE(empty.error().message.find("'openai:'"), std::string::npos) << empty.error().message;
}

TEST(LlmClientSpec, MakeClientFailsOnAMissingReplayJournal) {
  auto client = make_client("replay:/nonexistent/panta.journal", {});
  ASSERT_FALSE(client.ok());
  EXPECT_NE(client.error().message.find("/nonexistent/panta.journal"), std::string::npos);
}

TEST(LlmErrors, KindsRoundTripThroughTheMessage) {
  for (auto kind : {LlmErrorKind::kContextLength, LlmErrorKind::kHttp, LlmErrorKind::kTimeout,
                    LlmErrorKind::kRateLimited, LlmErrorKind::kBadAnswer, LlmErrorKind::kConfig,
                    LlmErrorKind::kCommand, LlmErrorKind::kReplayMiss}) {
    EXPECT_EQ(llm_error_kind(llm_error(kind, "detail")), kind);
  }
  EXPECT_EQ(llm_error_kind(Error{"something else"}), LlmErrorKind::kOther);
  EXPECT_TRUE(is_context_length_error(llm_error(LlmErrorKind::kContextLength, "x")));
  EXPECT_FALSE(is_context_length_error(Error{"class Foo: LLM context length exceeded: x"}));
}

TEST(LlmErrors, RedactReplacesEveryOccurrence) {
  EXPECT_EQ(redact("key=abc and abc again", "abc"), "key=[redacted] and [redacted] again");
  EXPECT_EQ(redact("nothing", ""), "nothing");
}

TEST(LlmUsage, EstimateCountsCodePointsAndCostScalesPerMillion) {
  EXPECT_EQ(estimate_tokens(""), 0);
  EXPECT_EQ(estimate_tokens("abcd"), 1);
  EXPECT_EQ(estimate_tokens("abcde"), 2);
  EXPECT_EQ(estimate_tokens("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"), 1);  // four 'é'
  EXPECT_DOUBLE_EQ(cost(1'000'000, 500'000, 2.5, 10.0), 7.5);
  EXPECT_DOUBLE_EQ(cost(0, 0, 2.5, 10.0), 0.0);
}

TEST(LlmUsage, RenderPromptJoinsSystemAndUser) {
  Prompt p;
  p.user = "user";
  EXPECT_EQ(render_prompt(p), "user");
  p.system = "system";
  EXPECT_EQ(render_prompt(p), "system\n\nuser");
}

TEST(LlmRetry, RetryAfterAcceptsSecondsOnly) {
  EXPECT_EQ(retry_after_delay("3"), 3000ms);
  EXPECT_EQ(retry_after_delay(" 1.5"), 1500ms);
  EXPECT_EQ(retry_after_delay("Wed, 21 Oct 2015 07:28:00 GMT"), std::nullopt);
  EXPECT_EQ(retry_after_delay("-1"), std::nullopt);
}

TEST(LlmPromptHash, Sha256MatchesKnownVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex(std::string(1000, 'a')),
            "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3");
}

}  // namespace
}  // namespace panta::llm
