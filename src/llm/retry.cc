#include "llm/retry.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <string>
#include <thread>

#include "core/cancel.h"
#include "llm/llm_error.h"

namespace panta::llm {
namespace {

class ThreadSleeper final : public Sleeper {
 public:
  // In slices, so that an abort request ends the wait within 100 ms.
  void sleep_for(std::chrono::milliseconds delay) override {
    auto until = std::chrono::steady_clock::now() + delay;
    while (!abort_requested() && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(
          until - std::chrono::steady_clock::now(), std::chrono::milliseconds(100)));
    }
  }
};

bool retryable_status(long status) {
  return status == 429 || (status >= 500 && status <= 599);
}

std::chrono::milliseconds backoff_delay(const RetryPolicy& policy, int retry,
                                        std::mt19937_64& jitter) {
  auto full = policy.backoff_base * (int64_t{1} << std::min(retry, 30));
  full = std::min(full, policy.max_delay);
  std::uniform_int_distribution<int64_t> half(full.count() / 2, full.count());
  return std::chrono::milliseconds(half(jitter));
}

}  // namespace

std::shared_ptr<Sleeper> make_thread_sleeper() {
  return std::make_shared<ThreadSleeper>();
}

std::optional<std::chrono::milliseconds> retry_after_delay(std::string_view value) {
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  double seconds = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seconds);
  if (ec != std::errc() || end == value.data() || seconds < 0) return std::nullopt;
  return std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000));
}

Result<HttpResponse> post_with_retries(HttpClient& http, const HttpRequest& request,
                                       const HttpTimeouts& timeouts, const RetryPolicy& policy,
                                       Sleeper& sleeper, std::mt19937_64& jitter) {
  for (int retry = 0;; ++retry) {
    Result<HttpResponse> response = http.post(request, timeouts);
    bool timed_out = !response.ok() && llm_error_kind(response.error()) == LlmErrorKind::kTimeout;
    bool again = timed_out || (response.ok() && retryable_status(response->status));
    if (!again || abort_requested()) return response;
    if (retry >= policy.max_retries) {
      if (!timed_out) return response;
      return Error{response.error().message + " (" + std::to_string(retry + 1) + " attempts)"};
    }
    std::optional<std::chrono::milliseconds> delay;
    if (response.ok()) {
      if (auto header = response->header("retry-after")) delay = retry_after_delay(*header);
    }
    std::chrono::milliseconds wait =
        delay ? std::min(*delay, policy.max_delay) : backoff_delay(policy, retry, jitter);
    if (policy.on_retry) {
      std::string why = timed_out ? "timed out" : "HTTP " + std::to_string(response->status);
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%.1f", static_cast<double>(wait.count()) / 1000.0);
      policy.on_retry("model " + why + ", retry " + std::to_string(retry + 1) + " of " +
                      std::to_string(policy.max_retries) + " in " + seconds + " s" +
                      (delay ? " (Retry-After)" : ""));
    }
    if (policy.on_throttled && response.ok() && response->status == 429) policy.on_throttled(wait);
    sleeper.sleep_for(wait);
  }
}

}  // namespace panta::llm
