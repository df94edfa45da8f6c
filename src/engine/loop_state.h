#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "coverage/coverage.h"
#include "junit/test_file.h"
#include "prompt/prompt_inputs.h"
#include "select/path_selection.h"

namespace panta::engine {

/// Everything an iteration changes. A copy is the snapshot that undoes an iteration cut short;
/// to_json() is what the journal keeps after each iteration for --resume.
struct LoopState {
  std::optional<junit::TestFile> file;     ///< The test class; it compiles and its tests pass.
  coverage::SourceCoverage coverage;       ///< Of the class under test, by `file`'s tests.
  select::PathHistory history;             ///< Algorithm 2's pathHistory
  std::vector<prompt::FailedTest> failed;  ///< Unrepaired tests, for the next prompt
  /// Tests of the last answer that passed but were not kept (no coverage they add), with why:
  /// not failures, so not in `failed`; the focused prompt names them.
  std::vector<prompt::FailedTest> set_aside;
  /// Tests dropped for what they tried or left behind: their names and what it was.
  std::vector<std::pair<std::string, std::string>> tampered;
  std::vector<std::string> kept;     ///< The generated tests kept, by the names they got
  std::vector<std::string> skipped;  ///< Those of `kept` that are skipped when they run
  /// How often the focused prompt asked for each gap (by Gap::key) while it stayed a gap.
  std::map<std::string, int> gap_asks;
  /// Lines an answer's Suspected defects said cannot be reached (said_unreachable).
  std::map<uint32_t, std::string> said_unreachable;
  /// What the answers' Suspected defects sections said, each once, in order (for the report).
  std::vector<std::string> suspected_defects;
  /// Adds an answer's Suspected defects (each once), and the lines they say cannot be reached.
  void note_defects(std::vector<std::string> defects);
  /// The suspected defects a report lists: all but those only saying code cannot be reached
  /// ("line 285: cannot be reached: ...": the report's possibly_infeasible quotes them).
  std::vector<std::string> reported_defects() const;
  /// The run's backup of the test file is taken (before its first write): a resumed run does
  /// not take it again, one that had not written yet does.
  bool test_file_backed_up = false;
  int generated_total = 0;  ///< Tests the model wrote (for the pass rate)
  int answers = 0;          ///< Answers to generate prompts received
  int no_increase = 0;      ///< Iterations in a row without coverage gain
  double llm_s = 0;         ///< Time spent waiting for the model

  /// Before any test ran there are no counters: that is 0 %, not "nothing to cover".
  double line_pct() const;
  double branch_pct() const;
  int lines_covered() const { return coverage.line_counter().covered; }
  int branches_covered() const { return coverage.branch_counter().covered; }
  /// Every line and branch covered (and something to cover).
  bool complete() const;

  /// The parts --resume needs (not the file, which is read from disk, nor the coverage, which
  /// is measured again).
  nlohmann::ordered_json to_json() const;
  /// Restores those parts from to_json()'s output; kept tests the file no longer has are
  /// forgotten (the user may have edited it since).
  void restore_from(const nlohmann::json& state);
};

}  // namespace panta::engine
