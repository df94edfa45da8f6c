#include "cli/generate_summary.h"

#include <gtest/gtest.h>

namespace panta::cli {
namespace {

ClassOutcome outcome_with_tokens(int64_t in, int64_t out) {
  engine::GenerateReport r;
  r.class_name = "p.A";
  engine::IterationReport it;
  it.prompt_tokens = in;
  it.completion_tokens = out;
  r.iterations.push_back(it);
  return {"p.A", r, "done", ""};
}

TEST(GenerateSummary, ReportEntriesSayTheCostOnlyWhenPricesAreGiven) {
  std::vector<ClassOutcome> outcomes = {outcome_with_tokens(2'000'000, 500'000),
                                        {"p.B", std::nullopt, "error", "no such class"}};
  auto priced = report_entries(outcomes, {3.0, 15.0});
  ASSERT_EQ(priced.size(), 2u);
  EXPECT_DOUBLE_EQ(priced[0].at("cost").get<double>(), 2 * 3.0 + 0.5 * 15.0);
  EXPECT_FALSE(priced[1].contains("cost"));  // no report, nothing was counted
  auto unpriced = report_entries(outcomes, {});
  EXPECT_FALSE(unpriced[0].contains("cost"));
}

}  // namespace
}  // namespace panta::cli
