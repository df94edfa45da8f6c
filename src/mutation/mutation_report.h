#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace panta::mutation {

/// One mutant of PIT's mutations.xml.
struct Mutant {
  int line = 0;
  std::string method;
  std::string mutator;      ///< Short name: "ConditionalsBoundaryMutator".
  std::string description;  ///< PIT's: "changed conditional boundary".
  std::string status;       ///< PIT's, lower case: "killed", "survived", "no_coverage", ...
  bool detected = false;    ///< As PIT counts it: killed, timed out, memory or run error.
};

/// How many mutants ended how.
struct MutantCounts {
  int total = 0;
  int detected = 0;
  int killed = 0;
  int survived = 0;
  int no_coverage = 0;
  int timed_out = 0;
  int memory_error = 0;
  int run_error = 0;
};

/// What PIT found for one class.
struct MutationReport {
  std::string class_name;
  std::vector<Mutant> mutants;  ///< In PIT's order.

  MutantCounts counts() const;
  /// Detected mutants in percent of all; 100 when there are none (as PIT says).
  double score() const;
  /// The mutants no test detected: survived or not covered, by line.
  std::vector<Mutant> survivors() const;
};

/// Parses PIT's XML report (outputFormats XML) for the mutants of `class_name` and its nested
/// classes. Fails when the text is not such a report.
Result<MutationReport> parse_mutations_xml(std::string_view xml, const std::string& class_name);

/// The JSON of `panta mutate --format json`: {"class", "score", "mutants": {...},
/// "survivors": [{"line", "mutator", "description", "status"}]}.
nlohmann::ordered_json report_json(const MutationReport& report);

/// The text of `panta mutate`: the score, the counts and one line per survivor.
std::string report_text(const MutationReport& report);

/// One line a prompt asks to kill: "line 42: changed conditional boundary
/// (ConditionalsBoundaryMutator) survives" ("... is not covered by any test").
std::string survivor_line(const Mutant& mutant);

}  // namespace panta::mutation
