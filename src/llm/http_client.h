#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace panta::llm {

using Headers = std::vector<std::pair<std::string, std::string>>;

struct HttpRequest {
  std::string url;
  Headers headers;  ///< Sent as given; secrets in them never reach error messages.
  std::string body;
};

struct HttpTimeouts {
  std::chrono::milliseconds connect{10'000};
  std::chrono::milliseconds total{600'000};  ///< The whole exchange, connect included.
};

struct HttpResponse {
  long status = 0;
  Headers headers;  ///< Names lower-cased, in the order received.
  std::string body;

  /// The value of the first header named `name` (lower case), if any.
  std::optional<std::string> header(std::string_view name) const;
};

/// Sends HTTP POST requests. Any status is a response; only transport failures are Errors,
/// "LLM timed out: ..." past a timeout and "LLM HTTP error: ..." otherwise (see llm_error.h).
class HttpClient {
 public:
  virtual ~HttpClient() = default;
  virtual Result<HttpResponse> post(const HttpRequest& request, const HttpTimeouts& timeouts) = 0;
};

/// The libcurl transport, one connection cache per client. Requests to 127.0.0.1 and localhost
/// bypass any proxy. Fails only when libcurl cannot make a handle.
Result<std::unique_ptr<HttpClient>> make_curl_http_client();

}  // namespace panta::llm
