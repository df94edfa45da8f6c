#pragma once

#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "llm/http_client.h"
#include "llm/llm_client.h"
#include "llm/retry.h"

namespace panta::llm {

/// Where and how an HTTP backend reaches its model.
struct ApiEndpoint {
  std::string model;
  std::string base_url;  ///< Without a trailing '/'.
  std::string api_key;   ///< Empty: no key is sent. Redacted from every error message.
  HttpTimeouts timeouts;
  RetryPolicy retry;
};

/// What every HTTP backend does with a request it built: post it with the endpoint's time
/// limits and retries, and turn an answer other than 200 into the API's error (a
/// context-length error when `is_context_length` says so). Not thread-safe (one jitter source).
class ApiTransport {
 public:
  ApiTransport(std::shared_ptr<HttpClient> http, std::shared_ptr<Sleeper> sleeper);
  /// The body of the 200 answer; `what` names the call in errors ("openai m at URL").
  Result<std::string> post(const ApiEndpoint& endpoint, const HttpRequest& request,
                           const std::string& what,
                           bool (*is_context_length)(const HttpResponse& response));

 private:
  std::shared_ptr<HttpClient> http_;
  std::shared_ptr<Sleeper> sleeper_;
  std::mt19937_64 jitter_;
};

/// Sets the completion's token counts from an API's `usage` object (keys `prompt_key` and
/// `completion_key`), or estimates both from the texts when either is missing.
void set_usage(Completion& completion, const nlohmann::json& usage, const char* prompt_key,
               const char* completion_key, const Prompt& prompt);

/// Runs one backend call and finishes its result the same way for every HTTP backend: wall
/// time in `seconds`, the endpoint's model when the answer names none, and the API key
/// redacted from any error.
Result<Completion> timed_call(const ApiEndpoint& endpoint,
                              const std::function<Result<Completion>()>& call);

}  // namespace panta::llm
