#include <gtest/gtest.h>

#include "../llm/fake_llm_server.h"
#include "llm/client_spec.h"
#include "llm/llm_error.h"

namespace panta::llm {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;
using test::FakeLlmServer;
using test::RecordingSleeper;

constexpr const char* kKey = "sk-test-SECRET-1234567890";

struct Fixture {
  explicit Fixture(const json& script, std::string spec = "openai:gpt-test")
      : server(script), sleeper(std::make_shared<RecordingSleeper>()) {
    options.base_url = server.url() + (spec.starts_with("openai") ? "/v1" : "");
    options.backoff_base = 10ms;
    options.max_retries = 3;
    std::string variable = spec.starts_with("openai") ? "OPENAI_API_KEY" : "ANTHROPIC_API_KEY";
    auto made = make_client(spec, options, test::test_environment({{variable, kKey}}, sleeper));
    if (!made.ok()) {
      ADD_FAILURE() << made.error().message;
      return;
    }
    client = std::move(*made);
  }

  FakeLlmServer server;
  std::shared_ptr<RecordingSleeper> sleeper;
  ClientOptions options;
  std::unique_ptr<LlmClient> client;
};

Prompt sample_prompt() {
  Prompt p;
  p.system = "You write JUnit tests.";
  p.user = "Test class Foo.\nIt has method bar().";
  p.class_name = "Foo";
  p.options.temperature = 0.2;
  p.options.max_tokens = 512;
  p.options.seed = 42;
  return p;
}

TEST(LlmHttp, OpenAiSuccessSendsTheRequestAndReadsUsage) {
  // The server waits 0.3 s before it answers: the call's time must include that wait.
  Fixture f(
      json::array({{{"answer", "class FooTest {}"}, {"model", "gpt-test-0613"}, {"delay", 0.3}}}));
  auto c = f.client->complete(sample_prompt());
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->text, "class FooTest {}");
  EXPECT_EQ(c->prompt_tokens, 11);
  EXPECT_EQ(c->completion_tokens, 7);
  EXPECT_FALSE(c->usage_estimated);
  EXPECT_EQ(c->model, "gpt-test-0613");
  EXPECT_GE(c->seconds, 0.3);
  auto requests = f.server.requests();
  ASSERT_EQ(requests.size(), 1u);
  const json& r = requests[0];
  EXPECT_EQ(r["path"], "/v1/chat/completions");
  EXPECT_EQ(r["headers"]["authorization"], std::string("Bearer ") + kKey);
  EXPECT_EQ(r["body"]["model"], "gpt-test");
  EXPECT_EQ(r["body"]["messages"],
            json::parse(R"([{"role":"system","content":"You write JUnit tests."},
                            {"role":"user","content":"Test class Foo.\nIt has method bar()."}])"));
  EXPECT_DOUBLE_EQ(r["body"]["temperature"].get<double>(), 0.2);
  EXPECT_EQ(r["body"]["max_tokens"], 512);
  EXPECT_EQ(r["body"]["seed"], 42);
  EXPECT_TRUE(f.sleeper->delays.empty());
}

TEST(LlmHttp, OpenAiWithoutUsageEstimatesTokens) {
  Fixture f(json::array({{{"answer", "12345678"}, {"usage", false}}}));
  Prompt p;
  p.user = "abcde";
  auto c = f.client->complete(p);
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_TRUE(c->usage_estimated);
  EXPECT_EQ(c->prompt_tokens, 2);  // ceil(5 / 4)
  EXPECT_EQ(c->completion_tokens, 2);
  auto body = f.server.requests().at(0)["body"];
  EXPECT_FALSE(body.contains("temperature"));
  EXPECT_FALSE(body.contains("seed"));
  EXPECT_EQ(body["messages"].size(), 1u);
}

TEST(LlmHttp, RateLimitHonoursRetryAfter) {
  Fixture f(json::array({{{"status", 429},
                          {"headers", {{"Retry-After", "3"}}},
                          {"body", {{"error", {{"message", "slow down"}}}}}},
                         {{"answer", "ok"}}}));
  auto c = f.client->complete(sample_prompt());
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->text, "ok");
  ASSERT_EQ(f.sleeper->delays.size(), 1u);
  EXPECT_EQ(f.sleeper->delays[0], 3000ms);
  EXPECT_EQ(f.server.requests().size(), 2u);
}

// A 429 is told (with its delay) to the run's CallGovernor, which holds back the other classes.
TEST(LlmHttp, A429IsToldSoTheOtherCallersHoldBackToo) {
  FakeLlmServer server(json::array({{{"status", 429},
                                     {"headers", {{"Retry-After", "2"}}},
                                     {"body", {{"error", {{"message", "slow down"}}}}}},
                                    {{"status", 500}, {"body", "oops"}},
                                    {{"answer", "ok"}}}));
  auto sleeper = std::make_shared<RecordingSleeper>();
  ClientOptions options;
  options.base_url = server.url() + "/v1";
  options.backoff_base = 10ms;
  std::vector<std::chrono::milliseconds> told;
  options.on_throttled = [&told](std::chrono::milliseconds delay) { told.push_back(delay); };
  auto made = make_client("openai:gpt-test", options,
                          test::test_environment({{"OPENAI_API_KEY", kKey}}, sleeper));
  ASSERT_TRUE(made.ok()) << made.error().message;
  auto c = (*made)->complete(sample_prompt());
  ASSERT_TRUE(c.ok()) << c.error().message;
  ASSERT_EQ(told.size(), 1u);  // the 500 is no rate limit
  EXPECT_EQ(told[0], 2000ms);
  EXPECT_EQ(sleeper->delays.size(), 2u);
}

TEST(LlmHttp, PersistentRateLimitIsARateLimitError) {
  json limited = {{"status", 429}, {"body", {{"error", {{"message", "quota"}}}}}};
  Fixture f(json::array({limited, limited, limited, limited}));
  auto c = f.client->complete(sample_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(llm_error_kind(c.error()), LlmErrorKind::kRateLimited) << c.error().message;
  EXPECT_NE(c.error().message.find("quota"), std::string::npos);
  EXPECT_EQ(f.sleeper->delays.size(), 3u);
}

TEST(LlmHttp, ServerErrorsAreRetriedWithExponentialBackoff) {
  json failing = {{"status", 500}, {"body", "oops"}};
  Fixture f(json::array({failing, {{"status", 503}, {"body", "busy"}}, {{"answer", "fine"}}}));
  auto c = f.client->complete(sample_prompt());
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->text, "fine");
  ASSERT_EQ(f.sleeper->delays.size(), 2u);
  // base 10 ms, doubled per retry, jittered into [50%, 100%].
  EXPECT_GE(f.sleeper->delays[0], 5ms);
  EXPECT_LE(f.sleeper->delays[0], 10ms);
  EXPECT_GE(f.sleeper->delays[1], 10ms);
  EXPECT_LE(f.sleeper->delays[1], 20ms);
}

TEST(LlmHttp, ClientErrorsAreNotRetried) {
  Fixture f(json::array({{{"status", 404}, {"body", {{"error", {{"message", "no model"}}}}}}}));
  auto c = f.client->complete(sample_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(llm_error_kind(c.error()), LlmErrorKind::kHttp);
  EXPECT_NE(c.error().message.find("HTTP 404: no model"), std::string::npos) << c.error().message;
  EXPECT_TRUE(f.sleeper->delays.empty());
}

TEST(LlmHttp, TimeoutsAreRetriedThenReported) {
  json slow = {{"delay", 3}, {"answer", "late"}};
  FakeLlmServer server(json::array({slow, slow, slow}));
  auto sleeper = std::make_shared<RecordingSleeper>();
  ClientOptions options;
  options.base_url = server.url() + "/v1";
  options.timeout = 300ms;
  options.max_retries = 2;
  options.backoff_base = 1ms;
  auto client = make_client("openai:gpt-test", options, test::test_environment({}, sleeper));
  ASSERT_TRUE(client.ok()) << client.error().message;
  auto c = (*client)->complete(sample_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(llm_error_kind(c.error()), LlmErrorKind::kTimeout) << c.error().message;
  EXPECT_NE(c.error().message.find("3 attempts"), std::string::npos) << c.error().message;
  EXPECT_EQ(sleeper->delays.size(), 2u);
  EXPECT_EQ(server.requests().size(), 3u);
  EXPECT_FALSE(server.requests()[0]["headers"].contains("authorization"));
}

TEST(LlmHttp, OpenAiContextLengthErrorsHaveTheirOwnKind) {
  json by_code = {
      {"status", 400},
      {"body", {{"error", {{"message", "too long"}, {"code", "context_length_exceeded"}}}}}};
  json by_message = {
      {"status", 400},
      {"body",
       {{"error",
         {{"message", "This model's maximum context length is 8192 tokens. However, ..."}}}}}};
  Fixture f(json::array({by_code, by_message, {{"status", 400}, {"body", "bad json"}}}));
  auto first = f.client->complete(sample_prompt());
  ASSERT_FALSE(first.ok());
  EXPECT_TRUE(is_context_length_error(first.error())) << first.error().message;
  auto second = f.client->complete(sample_prompt());
  ASSERT_FALSE(second.ok());
  EXPECT_TRUE(is_context_length_error(second.error())) << second.error().message;
  auto other = f.client->complete(sample_prompt());
  ASSERT_FALSE(other.ok());
  EXPECT_FALSE(is_context_length_error(other.error()));
  EXPECT_EQ(llm_error_kind(other.error()), LlmErrorKind::kHttp);
}

TEST(LlmHttp, ApiKeyIsRedactedFromErrors) {
  Fixture f(json::array({{{"status", 401}, {"echo_headers", true}}}));
  auto c = f.client->complete(sample_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().message.find(kKey), std::string::npos) << c.error().message;
  EXPECT_EQ(c.error().message.find("SECRET"), std::string::npos);
  EXPECT_NE(c.error().message.find("Bearer [redacted]"), std::string::npos) << c.error().message;
}

TEST(LlmHttp, AnthropicKeyIsRedactedFromErrors) {
  Fixture f(json::array({{{"status", 403}, {"echo_headers", true}}}), "anthropic:claude-test");
  auto c = f.client->complete(sample_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().message.find(kKey), std::string::npos) << c.error().message;
  EXPECT_NE(c.error().message.find("[redacted]"), std::string::npos) << c.error().message;
}

TEST(LlmHttp, BadAnswerIsReported) {
  Fixture f(json::array({{{"status", 200}, {"body", {{"choices", json::array()}}}}}));
  auto c = f.client->complete(sample_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(llm_error_kind(c.error()), LlmErrorKind::kBadAnswer) << c.error().message;
}

TEST(LlmHttp, AnthropicSuccessSpeaksTheMessagesApi) {
  Fixture f(json::array({{{"answer", "class FooTest {}"}}}), "anthropic:claude-test");
  auto c = f.client->complete(sample_prompt());
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->text, "class FooTest {}");
  EXPECT_EQ(c->prompt_tokens, 11);
  EXPECT_EQ(c->completion_tokens, 7);
  EXPECT_FALSE(c->usage_estimated);
  EXPECT_EQ(c->model, "claude-test");
  const json r = f.server.requests().at(0);
  EXPECT_EQ(r["path"], "/v1/messages");
  EXPECT_EQ(r["headers"]["x-api-key"], kKey);
  EXPECT_EQ(r["headers"]["anthropic-version"], "2023-06-01");
  EXPECT_FALSE(r["headers"].contains("authorization"));
  EXPECT_EQ(r["body"]["system"], "You write JUnit tests.");
  EXPECT_EQ(r["body"]["messages"],
            json::parse(R"([{"role":"user","content":"Test class Foo.\nIt has method bar()."}])"));
  EXPECT_EQ(r["body"]["max_tokens"], 512);
  EXPECT_DOUBLE_EQ(r["body"]["temperature"].get<double>(), 0.2);
}

TEST(LlmHttp, AnthropicWithoutUsageEstimatesAndDefaultsMaxTokens) {
  Fixture f(json::array({{{"answer", "abcd"}, {"usage", false}}}), "anthropic:claude-test");
  Prompt p;
  p.user = "hello";
  auto c = f.client->complete(p);
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_TRUE(c->usage_estimated);
  EXPECT_EQ(c->prompt_tokens, 2);
  EXPECT_EQ(c->completion_tokens, 1);
  auto body = f.server.requests().at(0)["body"];
  EXPECT_EQ(body["max_tokens"], 4096);
  EXPECT_FALSE(body.contains("system"));
}

TEST(LlmHttp, AnthropicPromptTooLongIsAContextLengthError) {
  json too_long = {{"status", 400},
                   {"body",
                    {{"type", "error"},
                     {"error",
                      {{"type", "invalid_request_error"},
                       {"message", "prompt is too long: 210000 tokens > 200000 maximum"}}}}}};
  Fixture f(json::array({too_long}), "anthropic:claude-test");
  auto c = f.client->complete(sample_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_TRUE(is_context_length_error(c.error())) << c.error().message;
  EXPECT_NE(c.error().message.find("210000 tokens"), std::string::npos);
}

TEST(LlmHttp, ConnectionRefusedIsAnHttpErrorWithoutRetries) {
  auto sleeper = std::make_shared<RecordingSleeper>();
  ClientOptions options;
  options.base_url = "http://127.0.0.1:1/v1";
  auto client = make_client("openai:m", options, test::test_environment({}, sleeper));
  ASSERT_TRUE(client.ok());
  auto c = (*client)->complete(sample_prompt());
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(llm_error_kind(c.error()), LlmErrorKind::kHttp) << c.error().message;
  EXPECT_NE(c.error().message.find("127.0.0.1:1"), std::string::npos);
  EXPECT_TRUE(sleeper->delays.empty());
}

}  // namespace
}  // namespace panta::llm
