#include "engine/paper_strategies.h"

#include <algorithm>
#include <utility>

#include "engine/path_targets.h"

namespace panta::engine {
namespace {

RoundPlan one_prompt(prompt::GenerateInputs in, prompt::Template which) {
  RoundPlan plan;
  plan.prompts.push_back({std::move(in), which});
  return plan;
}

// The prompt's inputs hold the uncovered and partly covered lines (cov's and basic's
// templates show them; for the others they only guide shrinking, which keeps the source near
// them).
void add_uncovered(prompt::GenerateInputs& in, const LoopState& state) {
  in.uncovered_lines = state.coverage.missed_lines();
  in.partly_lines = state.coverage.partly_lines();
}

// The iterative strategies of Algorithm 3: rounds until the iteration limit (by default the
// class's largest cyclomatic complexity), failing tests repaired, and each prompt shows the
// last round's tests no repair saved.
class Iterative : public Strategy {
 public:
  int iteration_limit(const ClassUnderTest& cut, int asked) const override {
    return asked > 0 ? asked : cut.max_cyc;
  }
  RoundPlan plan(RoundInputs& round) final {
    round.base.failed_tests = round.state.failed;
    return plan_fed(round);
  }
  PlannedPrompt plan_mutants(RoundInputs& round, const std::set<uint32_t>& lines) override {
    round.base.failed_tests = round.state.failed;
    return Strategy::plan_mutants(round, lines);
  }

 protected:
  virtual RoundPlan plan_fed(RoundInputs& round) = 0;
};

// The same prompt, with the uncovered lines, every round.
class Basic : public Iterative {
 public:
  std::string_view name() const override { return "basic"; }

 protected:
  RoundPlan plan_fed(RoundInputs& round) override {
    add_uncovered(round.base, round.state);
    return one_prompt(std::move(round.base), prompt::Template::kStrategy);
  }
};

// The uncovered lines; while nothing is covered, the basic prompt (Algorithm 3, line 18): a
// list of every line says nothing then.
class Cov : public Iterative {
 public:
  std::string_view name() const override { return "cov"; }

 protected:
  RoundPlan plan_fed(RoundInputs& round) override {
    if (round.state.lines_covered() == 0)
      return one_prompt(std::move(round.base), prompt::Template::kBasic);
    add_uncovered(round.base, round.state);
    return one_prompt(std::move(round.base), prompt::Template::kStrategy);
  }
};

// Algorithm 2 chooses paths per method; while nothing is covered, the basic prompt.
class Panta : public Iterative {
 public:
  explicit Panta(PathOptions paths) : paths_(paths) {}
  std::string_view name() const override { return "panta"; }
  prompt::Template mutants_template() const override { return prompt::Template::kCov; }
  bool selects_paths() const override { return true; }

 protected:
  RoundPlan plan_fed(RoundInputs& round) override {
    if (round.state.lines_covered() == 0)
      return one_prompt(std::move(round.base), prompt::Template::kBasic);
    RoundPlan plan;
    plan.selections = select::select_paths(
        round.cut.methods, round.state.coverage, round.state.history, paths_.max_selections,
        static_cast<size_t>(std::max(0, paths_.max_methods)),
        paths_.edge_scores ? select::PathScore::kEdges : select::PathScore::kMissed);
    round.base.targets = path_targets(round.cut, plan.selections, plan.selected_paths);
    if (!round.base.targets.empty()) {
      plan.prompts.push_back({std::move(round.base), prompt::Template::kStrategy});
      return plan;
    }
    // No path is left to select: each path that misses something was selected
    // --max-path-selections times already, or what is missed lies outside the methods' paths
    // (getters and setters, implicit constructors, field initializers, lambda bodies). The
    // prompt names the missed lines, as the cov strategy does (the paper sends the basic one).
    round.events(event::NoPathLeft{});
    add_uncovered(round.base, round.state);
    plan.prompts.push_back({std::move(round.base), prompt::Template::kCov});
    return plan;
  }

 private:
  PathOptions paths_;
};

// The one-pass strategies: one round, no repair, nothing fed back.
class OnePass : public Strategy {
 public:
  int iteration_limit(const ClassUnderTest& cut, int asked) const override {
    (void)cut;
    (void)asked;
    return 1;
  }
  int repair_attempts(int asked) const override {
    (void)asked;
    return 0;
  }
};

// Section 4.2's baseline: one prompt (the uncovered lines only guide shrinking).
class Baseline : public OnePass {
 public:
  std::string_view name() const override { return "baseline"; }
  RoundPlan plan(RoundInputs& round) override {
    add_uncovered(round.base, round.state);
    return one_prompt(std::move(round.base), prompt::Template::kStrategy);
  }
};

// SymPrompt: one prompt per method and path, conditions only.
class Symprompt : public OnePass {
 public:
  std::string_view name() const override { return "symprompt"; }
  prompt::Template mutants_template() const override { return prompt::Template::kCov; }
  RoundPlan plan(RoundInputs& round) override {
    RoundPlan plan;
    for (const auto& m : round.cut.methods) {
      for (const auto& path : m.paths) {
        prompt::GenerateInputs one = round.base;
        one.symprompt_method = m.method;
        one.symprompt_path = path;
        plan.prompts.push_back({std::move(one), prompt::Template::kStrategy});
      }
    }
    return plan;
  }
};

}  // namespace

std::unique_ptr<Strategy> make_paper_strategy(std::string_view name, const PathOptions& paths) {
  if (name == "panta") return std::make_unique<Panta>(paths);
  if (name == "cov") return std::make_unique<Cov>();
  if (name == "basic") return std::make_unique<Basic>();
  if (name == "baseline") return std::make_unique<Baseline>();
  if (name == "symprompt") return std::make_unique<Symprompt>();
  return nullptr;
}

}  // namespace panta::engine
