#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "eval/cell.h"
#include "eval/eval_spec.h"
#include "eval/evaluation.h"

namespace panta::eval {

/// A class under one strategy and model: the means over its finished repeats.
struct ClassResult {
  std::string subject;
  std::string class_name;
  std::string strategy;
  std::string llm;
  int max_cyc = 0;
  int runs = 0;    ///< Repeats that finished ("done").
  int failed = 0;  ///< Repeats that failed (not in the means).
  CellMetrics mean;
  int mutation_runs = 0;  ///< Repeats with a mutation score (its mean is over these).
  /// Repeats measured against the fixed version (mean.defects holds their sums), those with a
  /// reproducer that passes there (the bug revealed) and those with a kept test that fails
  /// there (the bug pinned).
  int defect_runs = 0;
  int revealed_runs = 0;
  int pinned_runs = 0;
};

/// The spec's cells among `cells`, grouped by class, strategy and model (in the spec's order).
std::vector<ClassResult> class_results(const EvalSpec& spec,
                                       const std::vector<ChosenClasses>& chosen,
                                       const std::vector<CellResult>& cells);

/// Per class and strategy (and model): CSV with a header row, and JSON (an array of objects).
std::string class_results_csv(const std::vector<ClassResult>& rows);
nlohmann::ordered_json class_results_json(const std::vector<ClassResult>& rows);
/// Every finished cell, one CSV row each.
std::string cells_csv(const std::vector<CellResult>& cells);

/// Table 1 of the paper for the chosen classes (Identifier, #Class, #MUTs, CYC max, CYC med,
/// and a Total row over all their methods).
std::string table1_markdown(const std::vector<ChosenClasses>& chosen);

/// The paired comparisons of every two strategies (per model): branch coverage, mutation
/// score and tokens, mean difference and Wilcoxon p-value over the classes measured under both.
std::string comparisons_markdown(const EvalSpec& spec, const std::vector<ClassResult>& rows);

/// The mean cost per class for each model and strategy: tokens, model calls and tests kept, or
/// with `time` the wall time, model time and time outside the model.
std::string cost_markdown(const EvalSpec& spec, const std::vector<ClassResult>& rows, bool time);

/// Bug detection against the fixed versions, per model and strategy: runs measured, confirmed
/// reproducers, runs that revealed the bug, revealing reproducers, false alarms, runs that
/// pinned it and the tests that did; "" when no cell was measured so.
std::string defects_markdown(const EvalSpec& spec, const std::vector<ClassResult>& rows);

/// The whole Markdown report: the spec and Panta's version on top, then Table 1, Table 2 per
/// model, Table 3 (ablation) when the spec has two of baseline/basic/cov/panta/focused, Table 4
/// per strategy when it has several models, the cost per class, the paired comparisons, and
/// last the time per class (the one part that differs from run to run).
std::string tables_markdown(const EvalSpec& spec, const std::string& version,
                            const std::vector<ChosenClasses>& chosen,
                            const std::vector<ClassResult>& rows);

}  // namespace panta::eval
