#include "engine/focused_strategy.h"

#include <utility>

#include "engine/focused_prompt.h"

namespace panta::engine {
namespace {

class Focused : public Strategy {
 public:
  std::string_view name() const override { return "focused"; }
  int iteration_limit(const ClassUnderTest& cut, int asked) const override {
    return asked > 0 ? asked : cut.max_cyc_all;
  }
  RepairPrompt repair_prompt() const override { return RepairPrompt::kSlicedWithDefects; }
  int default_mutant_rounds() const override { return 2; }
  void setup(const StrategySetup& setup, ModelCallerOptions& model) override {
    context_ = focused_context(setup.project, setup.cut, setup.junit, setup.dependencies);
    // Never the same prompt twice (the paper's `basic` repeats its own by design).
    const LoopState* state = &setup.state;
    model.answered_before = [state](const std::string& sha) { return state->answered(sha); };
  }
  RoundPlan plan(RoundInputs& round) override {
    focused_inputs(round.cut, round.state, context_, round.base.focused);
    RoundPlan plan;
    plan.prompts.push_back({std::move(round.base), prompt::Template::kStrategy});
    return plan;
  }
  PlannedPrompt plan_mutants(RoundInputs& round, const std::set<uint32_t>& lines) override {
    focused_inputs(round.cut, round.state, context_, round.base.focused, lines);
    return {std::move(round.base), prompt::Template::kStrategy};
  }
  bool nothing_left(const std::vector<Gap>& gaps) const override {
    return only_unreachable_left(gaps);
  }
  std::vector<PossiblyInfeasible> possibly_infeasible(const std::vector<Gap>& gaps) const override {
    return engine::possibly_infeasible(gaps);
  }

 private:
  std::string context_;  // the prompt's context block, made once
};

}  // namespace

std::unique_ptr<Strategy> make_focused_strategy() {
  return std::make_unique<Focused>();
}

}  // namespace panta::engine
