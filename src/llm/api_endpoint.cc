#include "llm/api_endpoint.h"

#include <chrono>

#include "llm/api_error.h"
#include "llm/llm_error.h"

namespace panta::llm {
namespace {

int64_t usage_field(const nlohmann::json& usage, const char* name) {
  if (!usage.is_object() || !usage.contains(name) || !usage[name].is_number_integer()) return -1;
  return usage[name].get<int64_t>();
}

}  // namespace

ApiTransport::ApiTransport(std::shared_ptr<HttpClient> http, std::shared_ptr<Sleeper> sleeper)
    : http_(std::move(http)), sleeper_(std::move(sleeper)), jitter_(std::random_device{}()) {}

Result<std::string> ApiTransport::post(const ApiEndpoint& endpoint, const HttpRequest& request,
                                       const std::string& what,
                                       bool (*is_context_length)(const HttpResponse& response)) {
  auto response =
      post_with_retries(*http_, request, endpoint.timeouts, endpoint.retry, *sleeper_, jitter_);
  if (!response.ok()) return response.error();
  if (response->status != 200) return api_error(*response, what, is_context_length(*response));
  return std::move(response->body);
}

void set_usage(Completion& c, const nlohmann::json& usage, const char* prompt_key,
               const char* completion_key, const Prompt& prompt) {
  c.prompt_tokens = usage_field(usage, prompt_key);
  c.completion_tokens = usage_field(usage, completion_key);
  if (c.prompt_tokens < 0 || c.completion_tokens < 0) {
    c.prompt_tokens = estimate_tokens(render_prompt(prompt));
    c.completion_tokens = estimate_tokens(c.text);
    c.usage_estimated = true;
  }
}

Result<Completion> timed_call(const ApiEndpoint& endpoint,
                              const std::function<Result<Completion>()>& call) {
  auto start = std::chrono::steady_clock::now();
  Result<Completion> result = call();
  if (!result.ok()) return Error{redact(result.error().message, endpoint.api_key)};
  result->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (result->model.empty()) result->model = endpoint.model;
  return result;
}

}  // namespace panta::llm
