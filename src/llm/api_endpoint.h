#pragma once

#include <functional>
#include <nlohmann/json.hpp>
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
