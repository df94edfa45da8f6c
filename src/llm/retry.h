#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <string_view>

#include "llm/http_client.h"

namespace panta::llm {

/// Waits between retries; tests substitute one that only records the delays.
class Sleeper {
 public:
  virtual ~Sleeper() = default;
  virtual void sleep_for(std::chrono::milliseconds delay) = 0;
};

/// The sleeper that blocks the calling thread.
std::shared_ptr<Sleeper> make_thread_sleeper();

struct RetryPolicy {
  int max_retries = 5;  ///< Retries after the first attempt.
  std::chrono::milliseconds backoff_base{1'000};
  std::chrono::milliseconds max_delay{120'000};  ///< Caps both backoff and Retry-After.
  /// Told before each retry why and how long it waits ("HTTP 429, retry 1 of 5 in 3.0 s").
  std::function<void(const std::string& notice)> on_retry;
  /// Told of each HTTP 429 and the delay chosen before its retry, so that other callers of
  /// the same model can hold back too (CallGovernor::throttled).
  std::function<void(std::chrono::milliseconds delay)> on_throttled;
};

/// Posts `request`, retrying on timeouts, 429 and 5xx. Before retry n (0-based) it sleeps the
/// response's Retry-After seconds when given, else backoff_base * 2^n with jitter in
/// [50%, 100%]. Returns the last response (any status) or the last transport Error.
/// `jitter` is the caller's generator.
Result<HttpResponse> post_with_retries(HttpClient& http, const HttpRequest& request,
                                       const HttpTimeouts& timeouts, const RetryPolicy& policy,
                                       Sleeper& sleeper, std::mt19937_64& jitter);

/// The delay a Retry-After header asks for, when it holds a number of seconds.
std::optional<std::chrono::milliseconds> retry_after_delay(std::string_view value);

}  // namespace panta::llm
