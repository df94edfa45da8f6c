#pragma once

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "coverage/coverage.h"
#include "engine/report.h"
#include "junit/answer_statements.h"
#include "junit/test_file.h"
#include "prompt/prompt_inputs.h"
#include "select/path_selection.h"

namespace panta::engine {

struct Gap;

/// A reproducer the run confirmed (junit/reproducer.h): the test as it ran, what its answer
/// gave it, its claim and its report entry. It goes into the defects test class at the end.
struct Reproducer {
  junit::TestMethod test;
  junit::ExtractedTests from;
  junit::AnswerStatements::Defect claim;
  DefectEntry entry;
};

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
  /// Tests dropped for what they tried against their verdict (docs/sandbox.md), never repaired:
  /// their names and what it was. (A test that leaves processes or files behind fails instead,
  /// and is repaired as a failure is.)
  std::vector<std::pair<std::string, std::string>> tampered;
  std::vector<std::string> kept;     ///< The generated tests kept, by the names they got
  std::vector<std::string> skipped;  ///< Those of `kept` that are skipped when they run
  /// How often the focused prompt asked for each gap (by Gap::key) while it stayed a gap; a
  /// prompt counts once an answer to it came back.
  std::map<std::string, int> gap_asks;
  /// The id of each gap ever shown (by Gap::key): G<id> in prompts, the same for the whole run
  /// (and its --resume).
  std::map<std::string, int> gap_ids;
  int next_gap_id = 1;
  /// What each id the last focused prompt showed stands for: the keys of its gaps (a range of
  /// lines never run is one entry, shown with its first line's id).
  std::map<int, std::vector<std::string>> shown_gaps;
  /// Gaps (by key) an answer said no test can reach (`Unreachable: G3 - why`), with why.
  std::map<std::string, std::string> said_unreachable;
  /// Lines an answer to a prompt without a gap list said no test can reach (`Unreachable:
  /// lines 62-63 - why`): first, last, why. The gaps on them are set aside (said_gaps).
  std::vector<std::tuple<uint32_t, uint32_t, std::string>> said_unreachable_lines;
  /// The `Defect:` statements of the answers ("line 42: claim"), each once, in order.
  std::vector<std::string> suspected_defects;
  /// Confirmed reproducers, in the order they were confirmed.
  std::vector<Reproducer> reproducers;
  /// The other reproducers' entries (refuted, unconfirmed).
  std::vector<DefectEntry> other_defects;
  /// Generated tests dropped after failing at their own assertion.
  std::vector<Disagreement> disagreements;
  /// Mutants (by MutantsStep's key: line, method, mutator, description) an answer said no test can
  /// kill (`Equivalent: M3 - why`), with why.
  std::map<std::string, std::string> equivalent_mutants;
  /// The id of each mutant ever shown (by MutantsStep's key: line, method, mutator, description):
  /// M<id> in prompts, the same for the run.
  std::map<std::string, int> mutant_ids;
  int next_mutant_id = 1;
  /// What each id the last mutants round showed stands for (its key).
  std::map<int, std::string> shown_mutants;
  /// Whether the last answer held a statement the loop took (`Unreachable:`, `Defect:`, ...).
  bool answer_stated = false;
  /// Why nothing of the last answer could be used (no test, no statement), "" otherwise: the
  /// next focused prompt says so (and so differs from the one that got that answer).
  std::string unusable_answer;
  /// The SHA-256 of every prompt answered (the focused strategy never sends one twice).
  std::vector<std::string> sent_prompts;
  bool answered(const std::string& sha256) const {
    return std::find(sent_prompts.begin(), sent_prompts.end(), sha256) != sent_prompts.end();
  }
  /// Takes an answer's statements: its `Unreachable:` gaps and `Equivalent:` mutants (by the ids
  /// the last prompt showed; an unknown id is named in `unread`), its defects (each once). Returns
  /// what it could not use, for the journal.
  std::vector<std::string> take_statements(const junit::AnswerStatements& said);
  /// The gaps of `gaps` an answer said no test can reach, by key with why: those said by id
  /// and those on lines said (mark_said_unreachable's `said`).
  std::map<std::string, std::string> said_gaps(const std::vector<Gap>& gaps) const;
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
