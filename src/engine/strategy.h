#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/class_under_test.h"
#include "engine/events.h"
#include "engine/gaps.h"
#include "engine/loop_state.h"
#include "engine/model_caller.h"
#include "engine/report.h"
#include "project/project.h"
#include "prompt/prompt_builder.h"
#include "prompt/prompt_inputs.h"
#include "select/path_selection.h"

namespace panta::engine {

/// One prompt a round sends, and the template it is made with.
struct PlannedPrompt {
  prompt::GenerateInputs inputs;
  prompt::Template which = prompt::Template::kStrategy;
};

/// What a round is planned from.
struct RoundInputs {
  const ClassUnderTest& cut;
  LoopState& state;             ///< focused counts its asks of each gap here
  prompt::GenerateInputs base;  ///< what every prompt of the round starts from
  const EventSink& events;
};

/// A round's prompts and, for Algorithm 2, the paths they ask for.
struct RoundPlan {
  std::vector<PlannedPrompt> prompts;
  std::vector<select::Selection> selections;  ///< forgotten again where a prompt drops them
  std::vector<std::string> selected_paths;    ///< "method: path N", for the report
};

/// What a strategy may read once, before the first round.
struct StrategySetup {
  const project::Project& project;
  const ClassUnderTest& cut;
  const std::string& junit;                      ///< the test generation, as prompts name it
  const std::vector<std::string>& dependencies;  ///< the tests' libraries with versions
  const LoopState& state;                        ///< outlives the run's model calls
};

/// How a repair prompt shows the code.
enum class RepairPrompt {
  kWholeSource,  ///< the whole source (the paper's Algorithm 3)
  /// The methods the failing tests run, and the answer may say the code is wrong instead.
  kSlicedWithDefects,
};

/// Algorithm 2's settings (the panta strategy).
struct PathOptions {
  int max_selections = 3;
  int max_methods = 0;
  bool edge_scores = false;
};

/// A test-generation strategy: what a round asks and when nothing is left to ask. The loop
/// (engine/generation) runs, validates, repairs and keeps tests the same way for all of them;
/// the prompts themselves are the strategy's templates. One object per run (it may keep what
/// it read in setup()).
class Strategy {
 public:
  virtual ~Strategy() = default;

  virtual std::string_view name() const = 0;
  /// The run's iteration limit when the user asks for `asked` (0: the strategy's default).
  virtual int iteration_limit(const ClassUnderTest& cut, int asked) const = 0;
  /// Repair attempts per failing test when the user asks for `asked`.
  virtual int repair_attempts(int asked) const { return asked; }
  virtual RepairPrompt repair_prompt() const { return RepairPrompt::kWholeSource; }
  /// Once the class is loaded, before any model call: reads what the prompts need, says how
  /// the model is called.
  virtual void setup(const StrategySetup& setup, ModelCallerOptions& model) {
    (void)setup;
    (void)model;
  }
  /// The prompts of an ordinary round.
  virtual RoundPlan plan(RoundInputs& round) = 0;
  /// The prompt of a mutants round (generate --mutants): `round.base` shows the surviving
  /// mutants, on `lines`.
  virtual PlannedPrompt plan_mutants(RoundInputs& round, const std::set<uint32_t>& lines);
  /// The template a mutants round uses: the strategy's own, or the cov one where its own
  /// prompt names paths (panta, symprompt).
  virtual prompt::Template mutants_template() const { return prompt::Template::kStrategy; }
  /// True when the strategy would ask for nothing of `gaps` (the gaps coverage leaves).
  virtual bool nothing_left(const std::vector<Gap>& gaps) const {
    (void)gaps;
    return false;
  }
  /// What the report lists as possibly unreachable of `gaps`.
  virtual std::vector<PossiblyInfeasible> possibly_infeasible(const std::vector<Gap>& gaps) const {
    (void)gaps;
    return {};
  }
  /// Whether --edge-scores applies (it scores the paths Algorithm 2 selects).
  virtual bool selects_paths() const { return false; }
  /// The mutants rounds a run has when --mutants is not given (the paper's strategies: none).
  virtual int default_mutant_rounds() const { return 0; }
};

/// The strategies' names, in the order help texts list them: panta, cov, basic, baseline,
/// symprompt (the paper's), focused.
std::vector<std::string> strategy_names();

/// The mutants rounds of the strategy `name` when --mutants is not given (0 for an unknown name).
int default_mutant_rounds(std::string_view name);

/// A new strategy of this name, or null.
std::unique_ptr<Strategy> make_strategy(std::string_view name, const PathOptions& paths = {});

}  // namespace panta::engine
