// Why a run stops: the one place the reasons are said, in their order.
#include "engine/stop_reason.h"

#include <gtest/gtest.h>

namespace panta::engine {
namespace {

TEST(StopReason, TheFirstThatHoldsInOrder) {
  StopFacts f;
  f.max_rounds_without_gain = 3;
  EXPECT_EQ(stop_reason(f), "");
  f.prompt_repeated = true;
  EXPECT_EQ(stop_reason(f),
            "nothing new to ask: the next prompt would be one the model has answered already");
  f.only_unreachable = true;
  EXPECT_EQ(stop_reason(f), "only possibly unreachable code is left");
  f.rounds_without_gain = 3;
  EXPECT_EQ(stop_reason(f), "3 rounds without coverage gain");
  f.full_coverage = true;
  EXPECT_EQ(stop_reason(f), "full coverage");
  f.budget_spent = true;
  EXPECT_EQ(stop_reason(f), "budget spent");
  f.interrupted = true;
  EXPECT_EQ(stop_reason(f), "interrupted");
  f.dry_run = true;
  EXPECT_EQ(stop_reason(f), "dry run");
  StopFacts one;
  one.max_rounds_without_gain = 1;
  one.rounds_without_gain = 1;
  EXPECT_EQ(stop_reason(one), "1 round without coverage gain");
}

}  // namespace
}  // namespace panta::engine
