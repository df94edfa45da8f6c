#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "core/result.h"
#include "llm/llm_client.h"
#include "llm/retry.h"

namespace panta::llm {

/// The limits one `panta generate` puts on all its model calls together; 0 is no limit.
struct CallLimits {
  int concurrency = 0;            ///< Requests in flight at once (--llm-concurrency).
  int requests_per_minute = 0;    ///< --rpm
  int64_t tokens_per_minute = 0;  ///< --tpm: prompt and completion tokens
  double max_cost = 0;            ///< --max-cost, in the currency of the prices
  int64_t max_tokens_total = 0;   ///< --max-tokens-total
  double price_in = 0;            ///< per million prompt tokens
  double price_out = 0;           ///< per million completion tokens
};

/// What the calls have used so far.
struct CallUsage {
  int64_t calls = 0;
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
  double cost = 0;
};

/// The one gate every model call of a run passes, whichever class (thread) makes it: at most
/// `concurrency` calls in flight, requests and tokens per minute over a sliding minute, a pause
/// for everyone after an HTTP 429, and a budget after which no call starts (calls in flight
/// finish). Thread-safe. Time comes from `now` and waits go to `sleeper`, so tests control both.
class CallGovernor {
 public:
  using Now = std::function<std::chrono::steady_clock::time_point()>;
  CallGovernor(CallLimits limits, std::shared_ptr<Sleeper> sleeper, Now now);

  /// Waits until a call of about `estimated_tokens` may start and counts it as in flight.
  /// Fails (LlmErrorKind::kBudget) without waiting once the budget is spent, or when an abort
  /// is requested while it waits.
  Status admit(int64_t estimated_tokens);
  /// The call admitted last by this thread ended; `used` is its answer when it got one.
  void release(int64_t estimated_tokens, const Completion* used);
  /// A server answered 429 and asked for `delay`: no call starts before it is over.
  void throttled(std::chrono::milliseconds delay);

  /// Why no new call may start ("" while the budget lasts).
  std::string spent() const;
  CallUsage usage() const;
  const CallLimits& limits() const { return limits_; }

 private:
  struct Sent {
    std::chrono::steady_clock::time_point at;
    int64_t tokens;  ///< estimated until the call ends, then what it used
    bool settled;
  };
  // How long to wait before a call may start now; zero when it may. Holds mutex_.
  std::chrono::steady_clock::duration wait_needed(int64_t estimated_tokens);
  std::string spent_locked() const;

  CallLimits limits_;
  std::shared_ptr<Sleeper> sleeper_;
  Now now_;
  mutable std::mutex mutex_;
  std::condition_variable slot_freed_;
  int in_flight_ = 0;
  std::deque<Sent> last_minute_;
  std::chrono::steady_clock::time_point paused_until_{};
  CallUsage usage_;
};

/// An LlmClient that passes every call through a shared CallGovernor. One per thread, each
/// wrapping that thread's own client; the governor is shared.
class GovernedClient : public LlmClient {
 public:
  /// `inner` and `governor` outlive the client.
  GovernedClient(LlmClient& inner, CallGovernor& governor) : inner_(&inner), governor_(&governor) {}
  Result<Completion> complete(const Prompt& prompt) override;

 private:
  LlmClient* inner_;
  CallGovernor* governor_;
};

}  // namespace panta::llm
