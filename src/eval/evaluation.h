#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "eval/cell.h"
#include "eval/cell_runner.h"
#include "eval/class_survey.h"
#include "eval/eval_spec.h"
#include "eval/results_store.h"

namespace panta::eval {

/// A subject with the classes the spec chooses of it (Table 1's rows).
struct ChosenClasses {
  Subject subject;
  std::vector<SurveyedClass> classes;
  size_t surveyed = 0;                ///< Top-level classes in its sources.
  std::vector<std::string> warnings;  ///< Files the survey could not read.
};

/// Surveys each subject's sources and picks its classes: the spec's names (each must be
/// found in some subject) or the paper's criterion, sampled. Fails naming a missing source
/// folder or a name no subject has.
Result<std::vector<ChosenClasses>> choose_classes(const EvalSpec& spec);

/// Every cell of the spec, by subject, class, model, strategy, repeat (`run_cells` runs them
/// in turns over the classes).
std::vector<CellKey> plan_cells(const EvalSpec& spec, const std::vector<ChosenClasses>& chosen);

/// What a run of the cells did.
struct RunTally {
  int already_done = 0;  ///< Finished by an earlier `panta eval`: not run again.
  int done = 0;
  int failed = 0;
  int not_run = 0;  ///< Interrupted, or never started after Ctrl-C.
};

/// What the store holds of `cells` without running any (`panta eval --report-only`): those it
/// holds as `already_done`, of them the failed ones as `failed` too, the others as `not_run`.
Result<RunTally> stored_tally(const std::vector<CellKey>& cells, ResultsStore& store);

using ProgressSink = std::function<void(const std::string& line)>;

/// Runs every cell the store does not hold yet on `concurrency` threads, recording each as it
/// finishes. After a stop request (Ctrl-C) no new cell starts; the running ones finish (a
/// second Ctrl-C kills them: they are not recorded). Fails when the store cannot be read or
/// written.
Result<RunTally> run_cells(const std::vector<CellKey>& cells,
                           const std::vector<ChosenClasses>& chosen, ResultsStore& store,
                           CellRunner& runner, int concurrency, const ProgressSink& progress);

/// Measures the mutation score of finished cells that have none because the panta of their run
/// had no `panta mutate` (`CellRunner::measure_again`), one at a time, and records them;
/// returns how many were measured. Stops early on Ctrl-C.
Result<int> measure_missing_mutation(const std::vector<ChosenClasses>& chosen, ResultsStore& store,
                                     CellRunner& runner, const ProgressSink& progress);

}  // namespace panta::eval
