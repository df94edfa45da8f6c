#include "llm/anthropic_client.h"

#include <chrono>
#include <nlohmann/json.hpp>

#include "llm/api_error.h"
#include "llm/llm_error.h"

namespace panta::llm {
namespace {

using nlohmann::json;

constexpr int kDefaultMaxTokens = 4096;

std::string request_body(const std::string& model, const Prompt& prompt) {
  const PromptOptions& o = prompt.options;
  json body = {{"model", model},
               {"max_tokens", o.max_tokens.value_or(kDefaultMaxTokens)},
               {"messages", json::array({{{"role", "user"}, {"content", prompt.user}}})}};
  if (!prompt.system.empty()) body["system"] = prompt.system;
  if (o.temperature) body["temperature"] = *o.temperature;
  // Text cut inside a UTF-8 sequence (or a source not in UTF-8) must not end the run.
  return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool is_context_length(const HttpResponse& response) {
  return response.status == 400 &&
         api_error_text(response.body).find("prompt is too long") != std::string::npos;
}

Result<Completion> parse_answer(const std::string& body, const Prompt& prompt,
                                const std::string& what) {
  auto doc = json::parse(body, nullptr, false);
  if (!doc.is_object() || !doc.contains("content") || !doc["content"].is_array()) {
    return llm_error(LlmErrorKind::kBadAnswer, what + ": no content in " + api_error_text(body));
  }
  Completion c;
  bool any_text = false;
  for (const auto& block : doc["content"]) {
    if (!block.is_object() || block.value("type", json::object()) != "text") continue;
    if (!block.contains("text") || !block["text"].is_string()) continue;
    c.text += block["text"].get<std::string>();
    any_text = true;
  }
  if (!any_text) return llm_error(LlmErrorKind::kBadAnswer, what + ": the answer has no text");
  c.model = doc.contains("model") && doc["model"].is_string() ? doc["model"].get<std::string>()
                                                              : std::string();
  set_usage(c, doc.value("usage", nlohmann::json()), "input_tokens", "output_tokens", prompt);
  return c;
}

}  // namespace

AnthropicClient::AnthropicClient(ApiEndpoint endpoint, std::shared_ptr<HttpClient> http,
                                 std::shared_ptr<Sleeper> sleeper)
    : endpoint_(std::move(endpoint)), transport_(std::move(http), std::move(sleeper)) {}

Result<Completion> AnthropicClient::complete(const Prompt& prompt) {
  return timed_call(endpoint_, [&] { return complete_unredacted(prompt); });
}

Result<Completion> AnthropicClient::complete_unredacted(const Prompt& prompt) {
  HttpRequest request;
  request.url = endpoint_.base_url + "/v1/messages";
  request.headers = {{"Content-Type", "application/json"},
                     {"x-api-key", endpoint_.api_key},
                     {"anthropic-version", "2023-06-01"}};
  request.body = request_body(endpoint_.model, prompt);
  std::string what = "anthropic " + endpoint_.model + " at " + request.url;
  auto body = transport_.post(endpoint_, request, what, is_context_length);
  if (!body.ok()) return body.error();
  return parse_answer(*body, prompt, what);
}

}  // namespace panta::llm
