#include "llm/call_governor.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/cancel.h"
#include "llm/llm_error.h"

namespace panta::llm {
namespace {

constexpr std::chrono::seconds kMinute{60};
// A wait for a free slot wakes this often to see whether an abort was requested.
constexpr std::chrono::milliseconds kAbortPoll{100};

}  // namespace

CallGovernor::CallGovernor(CallLimits limits, std::shared_ptr<Sleeper> sleeper, Now now)
    : limits_(limits), sleeper_(std::move(sleeper)), now_(std::move(now)) {}

std::string CallGovernor::spent_locked() const {
  int64_t tokens = usage_.prompt_tokens + usage_.completion_tokens;
  if (limits_.max_tokens_total > 0 && tokens >= limits_.max_tokens_total) {
    return fmt::format("--max-tokens-total {} is spent ({} tokens used)", limits_.max_tokens_total,
                       tokens);
  }
  if (limits_.max_cost > 0 && usage_.cost >= limits_.max_cost) {
    return fmt::format("--max-cost {:g} is spent ({:.4f} used)", limits_.max_cost, usage_.cost);
  }
  return "";
}

std::string CallGovernor::spent() const {
  std::lock_guard lock(mutex_);
  return spent_locked();
}

CallUsage CallGovernor::usage() const {
  std::lock_guard lock(mutex_);
  return usage_;
}

std::chrono::steady_clock::duration CallGovernor::wait_needed(int64_t estimated_tokens) {
  auto now = now_();
  while (!last_minute_.empty() && last_minute_.front().at + kMinute <= now) {
    last_minute_.pop_front();
  }
  std::chrono::steady_clock::duration wait = paused_until_ - now;
  size_t rpm = static_cast<size_t>(std::max(limits_.requests_per_minute, 0));
  if (rpm > 0 && last_minute_.size() >= rpm) {
    wait = std::max(wait, last_minute_[last_minute_.size() - rpm].at + kMinute - now);
  }
  if (limits_.tokens_per_minute > 0) {
    int64_t sum = 0;
    for (const Sent& s : last_minute_) sum += s.tokens;
    // Which calls must leave the minute before this one fits; a call larger than the whole
    // limit waits only for an empty minute.
    for (const Sent& s : last_minute_) {
      if (sum + estimated_tokens <= limits_.tokens_per_minute) break;
      sum -= s.tokens;
      wait = std::max(wait, s.at + kMinute - now);
    }
  }
  return wait;
}

Status CallGovernor::admit(int64_t estimated_tokens) {
  std::unique_lock lock(mutex_);
  for (;;) {
    if (std::string why = spent_locked(); !why.empty())
      return llm_error(LlmErrorKind::kBudget, why);
    if (abort_requested()) return Error{"the model call was stopped (interrupted)"};
    if (limits_.concurrency > 0 && in_flight_ >= limits_.concurrency) {
      slot_freed_.wait_for(lock, kAbortPoll);
      continue;
    }
    auto wait = wait_needed(estimated_tokens);
    if (wait <= std::chrono::steady_clock::duration::zero()) break;
    lock.unlock();
    sleeper_->sleep_for(std::chrono::ceil<std::chrono::milliseconds>(wait));
    lock.lock();
  }
  ++in_flight_;
  last_minute_.push_back({now_(), estimated_tokens, false});
  return ok_status();
}

void CallGovernor::release(int64_t estimated_tokens, const Completion* used) {
  {
    std::lock_guard lock(mutex_);
    --in_flight_;
    if (used != nullptr) {
      ++usage_.calls;
      usage_.prompt_tokens += used->prompt_tokens;
      usage_.completion_tokens += used->completion_tokens;
      usage_.cost +=
          cost(used->prompt_tokens, used->completion_tokens, limits_.price_in, limits_.price_out);
    }
    // The minute counts what the call really used, once it is known.
    for (auto it = last_minute_.rbegin(); it != last_minute_.rend(); ++it) {
      if (it->settled || it->tokens != estimated_tokens) continue;
      it->settled = true;
      if (used != nullptr) it->tokens = used->prompt_tokens + used->completion_tokens;
      break;
    }
  }
  slot_freed_.notify_one();
}

void CallGovernor::throttled(std::chrono::milliseconds delay) {
  std::lock_guard lock(mutex_);
  paused_until_ = std::max(paused_until_, now_() + delay);
}

Result<Completion> GovernedClient::complete(const Prompt& prompt) {
  int64_t estimate = estimate_tokens(render_prompt(prompt));
  if (auto s = governor_->admit(estimate); !s) return s.error();
  auto answer = inner_->complete(prompt);
  governor_->release(estimate, answer ? &*answer : nullptr);
  return answer;
}

}  // namespace panta::llm
