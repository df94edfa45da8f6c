#pragma once

#include <string>

#include "llm/http_client.h"
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

}  // namespace panta::llm
