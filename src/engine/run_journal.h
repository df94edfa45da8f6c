#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "engine/events.h"
#include "engine/loop_state.h"
#include "engine/report.h"
#include "llm/journal.h"

namespace panta::engine {

/// The loop's limits as a run resolved them: what the journal keeps as a run's settings, and
/// what --resume goes on with.
struct RunSettings {
  int max_iterations = 0;
  int max_no_increase = 3;
  int max_path_selections = 3;
  int max_methods = 0;
  int64_t max_prompt_tokens = 0;
  bool check_each_test_in_class = false;
  int repair_attempts = 3;
  double initial_line_coverage = 0;
  double initial_branch_coverage = 0;
  bool edge_scores = false;
  int mutants = 0;  ///< --mutants N
};

/// What an unfinished run had done when it stopped.
struct ResumePoint {
  std::vector<IterationReport> iterations;  ///< every finished one
  std::optional<nlohmann::json> state;      ///< LoopState::to_json() after the last one
  double wall_s = 0;                        ///< wall time of the run so far
  std::string test_file_sha256;             ///< of the file written after the last one
  std::vector<llm::JournalEntry> answers;   ///< exchanges after the last one, for reuse
  int next_iteration() const { return iterations.empty() ? 1 : iterations.back().n + 1; }
};

/// One run of one class in the project's journal: its settings, the state after each
/// iteration, its status, its progress lines, and the tag of each exchange. The only code that
/// knows the settings' keys and the state's format. Without a journal it keeps nothing.
class RunJournal {
 public:
  explicit RunJournal(std::shared_ptr<llm::Journal> journal) : journal_(std::move(journal)) {}

  /// The settings a run was started with. Fails when they are unreadable.
  static Result<RunSettings> settings_of(const llm::RunRecord& run);

  /// Starts a run (status "running") and tags what follows with it.
  Status begin(const llm::RunRecord& run, const RunSettings& settings);
  /// Goes on with an earlier run: marks it running again and reads where it stopped.
  Result<ResumePoint> resume(int64_t run_id);

  /// Exchanges from now on belong to iteration `n` of the run.
  void set_iteration(int n);
  /// Keeps the state after iteration `it` (`file_text`: the test file as written).
  Status record_iteration(const IterationReport& it, const LoopState& state, double wall_s,
                          bool interrupted, const std::string& file_text);
  /// "done", "interrupted" or "failed".
  Status set_status(std::string_view status);
  /// Keeps a progress line; losing one is not worth stopping the run for.
  void note(const Event& e);

  /// The journal's first failed write, if any: no model should be asked once it cannot keep
  /// the answer.
  Status check() const;

  int64_t run_id() const { return run_id_; }
  bool active() const { return journal_ && run_id_ != 0; }

 private:
  std::shared_ptr<llm::Journal> journal_;
  int64_t run_id_ = 0;
};

}  // namespace panta::engine
