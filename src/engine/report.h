#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace panta::engine {

/// What one iteration did (the report's "iterations" entries).
struct IterationReport {
  int n = 0;
  double line_coverage = 0;
  double branch_coverage = 0;
  int tests_generated = 0;
  int tests_passed_first_try = 0;
  int tests_repaired = 0;
  int tests_failed = 0;
  int tests_skipped = 0;  ///< Kept in the file but skipped when they run (not generated/kept).
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
  std::vector<std::string> selected_paths;  ///< "method: path k" for panta
  double wall_s = 0;                        ///< The iteration's wall time ...
  double llm_s = 0;                         ///< ... and the part of it spent waiting for the model.
  int answers = 0;                          ///< Answers to generate prompts received.
  int model_calls = 0;  ///< Calls to the model, generate and repair (reused answers not counted).
  bool interrupted = false;  ///< Cut short by Ctrl-C and undone (--resume does it again).
  std::vector<std::string> tests_added;  ///< The names the iteration's kept tests got.
};

/// A piece of the class the run left as possibly unreachable (the focused strategy).
struct PossiblyInfeasible {
  uint32_t line = 0;
  std::string what;  ///< "never run", or the decision's outcome that never happened
  std::string why;   ///< a constant condition, or "asked for N times without progress"
};

/// What became of a reproducer (a test marked `// Suspected defect:`, junit/reproducer.h).
enum class DefectStatus {
  kConfirmed,    ///< It failed alike in two runs, at its assertion or in the main code.
  kRefuted,      ///< It passed: the code does what the test expects.
  kUnconfirmed,  ///< It failed for another reason, or not alike twice, or did not compile.
  kFixed,        ///< A reproducer kept earlier passes now: the code was fixed.
};
std::string_view to_string(DefectStatus status);

/// One reproducer in the report ("defects").
struct DefectEntry {
  std::string test;   ///< "pkg.FooDefectsTest#name" (confirmed), else as the test was named
  std::string file;   ///< The class under test's source, relative to the project
  uint32_t line = 0;  ///< The line the claim names, else the first of the main code's frame, or 0
  std::string claim;
  DefectStatus status = DefectStatus::kUnconfirmed;
  std::string expected;  ///< From the failure: the comparison's values, when it had some
  std::string actual;    ///< (else the exception and its message)
  std::string why;       ///< What was seen (unconfirmed: why not confirmed)
};

/// A generated test dropped after it failed at its own assertion ("disagreements"): evidence
/// that the code and what the model expects of it differ, though not marked as a defect.
struct Disagreement {
  std::string test;
  uint32_t line = 0;  ///< The failing assertion's line in the test file, 0 when unknown
  std::string expected;
  std::string actual;
  std::string message;  ///< The failure's exception and message
};

/// What a run of one class did: the report's fields (docs/cli/generate.md).
struct GenerateReport {
  std::string class_name;
  std::string strategy;
  std::string llm;
  std::vector<IterationReport> iterations;
  double initial_line_coverage = 0;
  double initial_branch_coverage = 0;
  double line_coverage = 0;
  double branch_coverage = 0;
  double pass_rate = 0;   ///< Generated tests that pass when added to the suite, after repair.
  int tests_kept = 0;     ///< Generated tests kept that pass (the skipped ones not counted).
  int tests_skipped = 0;  ///< Generated tests kept that are skipped when they run.
  std::string test_file;
  std::string stop_reason;
  bool interrupted = false;  ///< Stopped by Ctrl-C (request_stop); --resume goes on from here.
  int resumed_from = 0;      ///< On --resume: the iterations the earlier run had finished.
  double wall_s = 0;
  double llm_s = 0;
  std::vector<PossiblyInfeasible> possibly_infeasible;
  /// What the answers' `Defect:` statements said ("line 42: claim"), each once.
  std::vector<std::string> suspected_defects;
  /// Reproducers, confirmed ones first (junit/reproducer.h, engine/defect_check.h).
  std::vector<DefectEntry> defects;
  /// Where the confirmed reproducers are kept, "" when none is.
  std::string defects_file;
  /// The Java files of the project this run wrote or removed (the test class, the defects
  /// class): what the build's formatter is run on. Not in the JSON report.
  std::set<std::string> files_written;
  std::vector<Disagreement> disagreements;
  /// Methods of the class with a body but no CFG (ClassUnderTest::not_analysed): left out.
  std::vector<std::string> not_analysed;
  /// Generated tests dropped for trying to reach their verdict (docs/sandbox.md): name and what
  /// it was.
  std::vector<std::pair<std::string, std::string>> tampering;
  /// The class's source, line coverage and CFGs at the end (engine/report_detail.h), for the
  /// HTML report; null when the run did not get that far.
  nlohmann::ordered_json detail;
  /// generate --mutants: PIT's score when coverage stopped rising and at the end (percent),
  /// the rounds asking for survivors, and why they stopped; unset without --mutants.
  std::optional<double> mutation_score_before;
  std::optional<double> mutation_score_after;
  int mutants_rounds = 0;
  std::string mutants_stop;
  /// Mutants an answer said no test can kill: "M3 (line|method|mutator|description)" and why.
  std::vector<std::pair<std::string, std::string>> equivalent_mutants;

  int64_t prompt_tokens() const;
  int64_t completion_tokens() const;
  int model_calls() const;
};

/// An iteration as the report (and the journal's state) writes it, and back.
nlohmann::ordered_json iteration_json(const IterationReport& i);
IterationReport iteration_from_json(const nlohmann::json& j);

/// A defect entry as the report writes it, and back (the journal keeps them for --resume).
nlohmann::ordered_json defect_json(const DefectEntry& d);
DefectEntry defect_from_json(const nlohmann::json& j);
nlohmann::ordered_json disagreement_json(const Disagreement& d);
Disagreement disagreement_from_json(const nlohmann::json& j);

/// The report as the JSON object docs/cli/generate.md describes.
nlohmann::ordered_json report_object(const GenerateReport& report);

/// report_object as text, indented, ending in a newline.
std::string report_json(const GenerateReport& report);

}  // namespace panta::engine
