#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace panta::eval {

/// One run of the evaluation: a class of a subject, with a strategy and a model, the n-th time.
struct CellKey {
  std::string subject;
  std::string class_name;
  std::string strategy;
  std::string llm;
  int repeat = 1;
  bool operator==(const CellKey&) const = default;
};

/// A cell's tests on the fixed version of its class (EvalSpec subject's fixed_src).
struct DefectFigures {
  int confirmed = 0;     ///< Confirmed reproducers of the run (in the defects test class)
  int revealing = 0;     ///< ... that pass on the fixed version: the bug revealed
  int false_alarms = 0;  ///< ... that still fail on it
  int pinning = 0;       ///< Kept tests that fail on the fixed version: the bug pinned
  bool operator==(const DefectFigures&) const = default;
};

/// What a finished cell measured on its final test file.
struct CellMetrics {
  double line_coverage = 0;  ///< Percent, as `panta generate` reports them.
  double branch_coverage = 0;
  double pass_rate = 0;
  int tests_kept = 0;
  std::optional<double> mutation_score;  ///< Percent; nullopt when not measured ...
  std::string mutation_note;             ///< ... and why.
  int mutants_total = 0;
  int mutants_detected = 0;
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
  int model_calls = 0;
  double wall_s = 0;     ///< The whole `panta generate` command.
  double model_s = 0;    ///< Waiting for the model.
  double outside_s = 0;  ///< wall_s - model_s.
  std::string stop_reason;
  /// Measured when the subject has a fixed version; nullopt otherwise ...
  std::optional<DefectFigures> defects;
  std::string defects_note;  ///< ... or when it could not be measured, why.
};

/// A cell's outcome: "done" with its metrics, or "failed" with why (both are finished and
/// not run again).
struct CellResult {
  CellKey key;
  std::string status;
  CellMetrics metrics;
  std::string error;
};

nlohmann::ordered_json metrics_json(const CellMetrics& m);
CellMetrics metrics_from_json(const nlohmann::json& j);

}  // namespace panta::eval
