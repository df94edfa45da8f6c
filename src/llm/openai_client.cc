#include "llm/openai_client.h"

#include <chrono>
#include <nlohmann/json.hpp>

#include "llm/api_error.h"
#include "llm/llm_error.h"

namespace panta::llm {
namespace {

using nlohmann::json;

std::string request_body(const std::string& model, const Prompt& prompt) {
  json messages = json::array();
  if (!prompt.system.empty()) messages.push_back({{"role", "system"}, {"content", prompt.system}});
  messages.push_back({{"role", "user"}, {"content", prompt.user}});
  json body = {{"model", model}, {"messages", std::move(messages)}};
  const PromptOptions& o = prompt.options;
  if (o.temperature) body["temperature"] = *o.temperature;
  if (o.max_tokens) body["max_tokens"] = *o.max_tokens;
  if (o.seed) body["seed"] = *o.seed;
  // Text cut inside a UTF-8 sequence (or a source not in UTF-8) must not end the run.
  return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool is_context_length(const HttpResponse& response) {
  if (response.status != 400) return false;
  auto doc = json::parse(response.body, nullptr, false);
  if (doc.is_object() && doc.contains("error") && doc["error"].is_object()) {
    const auto& error = doc["error"];
    if (error.value("code", json()) == "context_length_exceeded") return true;
    if (error.value("type", json()) == "exceed_context_size_error") return true;  // llama.cpp
  }
  return api_error_text(response.body).find("maximum context length") != std::string::npos;
}

Result<Completion> parse_answer(const std::string& body, const Prompt& prompt,
                                const std::string& what) {
  auto doc = json::parse(body, nullptr, false);
  if (!doc.is_object() || !doc.contains("choices") || !doc["choices"].is_array() ||
      doc["choices"].empty()) {
    return llm_error(LlmErrorKind::kBadAnswer, what + ": no choices in " + api_error_text(body));
  }
  const auto& message = doc["choices"][0].value("message", nlohmann::json());
  if (!message.is_object() || !message.contains("content") || !message["content"].is_string()) {
    return llm_error(LlmErrorKind::kBadAnswer, what + ": the first choice has no text content");
  }
  Completion c;
  c.text = message["content"].get<std::string>();
  c.model = doc.value("model", nlohmann::json()).is_string() ? doc["model"].get<std::string>()
                                                             : std::string();
  set_usage(c, doc.value("usage", nlohmann::json()), "prompt_tokens", "completion_tokens", prompt);
  return c;
}

}  // namespace

OpenAiClient::OpenAiClient(ApiEndpoint endpoint, std::shared_ptr<HttpClient> http,
                           std::shared_ptr<Sleeper> sleeper)
    : endpoint_(std::move(endpoint)), transport_(std::move(http), std::move(sleeper)) {}

Result<Completion> OpenAiClient::complete(const Prompt& prompt) {
  return timed_call(endpoint_, [&] { return complete_unredacted(prompt); });
}

Result<Completion> OpenAiClient::complete_unredacted(const Prompt& prompt) {
  HttpRequest request;
  request.url = endpoint_.base_url + "/chat/completions";
  request.headers.emplace_back("Content-Type", "application/json");
  if (!endpoint_.api_key.empty()) {
    request.headers.emplace_back("Authorization", "Bearer " + endpoint_.api_key);
  }
  request.body = request_body(endpoint_.model, prompt);
  std::string what = "openai " + endpoint_.model + " at " + request.url;
  auto body = transport_.post(endpoint_, request, what, is_context_length);
  if (!body.ok()) return body.error();
  return parse_answer(*body, prompt, what);
}

}  // namespace panta::llm
