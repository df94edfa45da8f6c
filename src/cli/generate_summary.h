#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/report.h"

namespace panta::cli {

/// What became of one class of a `panta generate` run: its report, or why there is none.
struct ClassOutcome {
  std::string class_name;
  std::optional<engine::GenerateReport> report;
  std::string status;  ///< done, interrupted, error, skipped, already done, not run
  std::string note;    ///< the error or the reason, when there is no report
};

/// The one stdout line per class: coverage before -> after, tests, iterations, tokens, cost
/// (when a price is given), test file.
std::string one_line_result(const engine::GenerateReport& report, double price_in,
                            double price_out);

/// The table printed after several classes, with a line of totals.
std::string summary_table(const std::vector<ClassOutcome>& outcomes);

/// Prices per million tokens (--price-in, --price-out); none given: no cost is said.
struct Prices {
  double in = 0;
  double out = 0;
  bool given() const { return in > 0 || out > 0; }
};

/// --report's entries, one per class: the report's object, with "status" (and "error"), and
/// "cost" of its tokens when prices are given.
std::vector<nlohmann::ordered_json> report_entries(const std::vector<ClassOutcome>& outcomes,
                                                   const Prices& prices);

/// --report's JSON: one object for one class, else an array with an entry per class.
std::string report_text(const std::vector<ClassOutcome>& outcomes, bool many, const Prices& prices);

}  // namespace panta::cli
