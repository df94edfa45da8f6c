// The limits shared by all the model calls of one run, with a clock and a sleeper the test
// controls: nothing here waits for real time.
#include "llm/call_governor.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "llm/llm_error.h"

namespace panta::llm {
namespace {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

// Time that moves only when someone sleeps.
struct FakeTime : Sleeper {
  Clock::time_point now{};
  std::vector<milliseconds> slept;
  void sleep_for(milliseconds delay) override {
    slept.push_back(delay);
    now += delay;
  }
};

struct Governed {
  std::shared_ptr<FakeTime> time = std::make_shared<FakeTime>();
  CallGovernor governor;
  explicit Governed(CallLimits limits)
      : governor(limits, time, [t = time.get()] { return t->now; }) {}
};

Completion used(int64_t in, int64_t out) {
  Completion c;
  c.prompt_tokens = in;
  c.completion_tokens = out;
  return c;
}

TEST(CallGovernor, RequestsPerMinuteWaitForTheOldestToLeaveTheMinute) {
  Governed g(CallLimits{.requests_per_minute = 2});
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(g.governor.admit(10).ok());
    auto c = used(10, 5);
    g.governor.release(10, &c);
    g.time->now += milliseconds(1000);
  }
  EXPECT_TRUE(g.time->slept.empty());
  ASSERT_TRUE(g.governor.admit(10).ok());  // the first left the minute 58 s later
  ASSERT_EQ(g.time->slept.size(), 1u);
  EXPECT_EQ(g.time->slept[0], milliseconds(58000));
}

TEST(CallGovernor, TokensPerMinuteCountWhatTheCallsUsed) {
  Governed g(CallLimits{.tokens_per_minute = 100});
  ASSERT_TRUE(g.governor.admit(10).ok());  // estimated 10, used 70
  auto c = used(50, 20);
  g.governor.release(10, &c);
  g.time->now += milliseconds(5000);
  ASSERT_TRUE(g.governor.admit(20).ok());  // 70 + 20 fits
  g.governor.release(20, nullptr);         // failed: the estimate stays counted
  ASSERT_TRUE(g.governor.admit(20).ok());  // 70 + 20 + 20 does not: the 70 must leave first
  ASSERT_EQ(g.time->slept.size(), 1u);
  EXPECT_EQ(g.time->slept[0], milliseconds(55000));
  EXPECT_EQ(g.governor.usage().prompt_tokens, 50);
  EXPECT_EQ(g.governor.usage().calls, 1);
}

TEST(CallGovernor, A429PausesEveryCaller) {
  Governed g(CallLimits{});
  g.governor.throttled(milliseconds(7000));
  ASSERT_TRUE(g.governor.admit(1).ok());
  g.governor.release(1, nullptr);
  ASSERT_EQ(g.time->slept.size(), 1u);
  EXPECT_EQ(g.time->slept[0], milliseconds(7000));
  ASSERT_TRUE(g.governor.admit(1).ok());  // the pause is over
  EXPECT_EQ(g.time->slept.size(), 1u);
}

TEST(CallGovernor, NoCallStartsOnceTheTokenBudgetIsSpent) {
  Governed g(CallLimits{.max_tokens_total = 100});
  ASSERT_TRUE(g.governor.admit(10).ok());
  ASSERT_TRUE(g.governor.admit(10).ok());  // two in flight
  auto a = used(60, 30);
  g.governor.release(10, &a);
  EXPECT_EQ(g.governor.spent(), "");
  auto b = used(10, 5);
  g.governor.release(10, &b);  // the call in flight finishes and counts
  EXPECT_EQ(g.governor.spent(), "--max-tokens-total 100 is spent (105 tokens used)");
  auto refused = g.governor.admit(1);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(llm_error_kind(refused.error()), LlmErrorKind::kBudget);
}

TEST(CallGovernor, TheCostBudgetUsesThePrices) {
  Governed g(CallLimits{.max_cost = 1.0, .price_in = 2.0, .price_out = 10.0});
  ASSERT_TRUE(g.governor.admit(1).ok());
  auto c = used(400'000, 19'000);  // 0.8 + 0.19
  g.governor.release(1, &c);
  EXPECT_EQ(g.governor.spent(), "");
  ASSERT_TRUE(g.governor.admit(1).ok());
  auto d = used(0, 1'000);  // + 0.01
  g.governor.release(1, &d);
  EXPECT_NE(g.governor.spent().find("--max-cost 1 is spent"), std::string::npos);
}

// A model that counts the calls in it at once.
struct CountingModel : LlmClient {
  std::atomic<int> inside{0};
  std::atomic<int> most{0};
  Result<Completion> complete(const Prompt&) override {
    int now = ++inside;
    int seen = most.load();
    while (now > seen && !most.compare_exchange_weak(seen, now)) {
    }
    for (int i = 0; i < 1000; ++i) std::this_thread::yield();
    --inside;
    return used(1, 1);
  }
};

TEST(CallGovernor, NeverMoreCallsInFlightThanTheConcurrency) {
  Governed g(CallLimits{.concurrency = 2});
  CountingModel model;
  std::vector<std::thread> threads;
  for (int t = 0; t < 6; ++t) {
    threads.emplace_back([&] {
      GovernedClient client(model, g.governor);
      for (int i = 0; i < 20; ++i) ASSERT_TRUE(client.complete(Prompt{}).ok());
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_LE(model.most.load(), 2);
  EXPECT_EQ(g.governor.usage().calls, 120);
}

}  // namespace
}  // namespace panta::llm
