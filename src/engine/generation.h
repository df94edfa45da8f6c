#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "llm/journal.h"
#include "llm/llm_client.h"
#include "project/project.h"
#include "prompt/prompt_templates.h"
#include "runner/test_session.h"

namespace panta::engine {

struct GenerateOptions {
  std::string class_name;          ///< FQN of the class under test.
  std::string strategy = "panta";  ///< baseline, basic, cov, panta, symprompt
  int max_iterations = 0;          ///< 0: the class's largest cyclomatic complexity (the paper)
  int max_no_increase = 3;
  int max_path_selections = 3;
  /// panta strategy: at most this many methods per prompt, those missing most (0: all of
  /// them, as the paper; large classes make long prompts, the paper's section 5 notes).
  int max_methods = 0;
  /// When a prompt's estimated size is over this, it is shrunk before it is sent, as for a
  /// context-length error (0: no limit). For servers that cut long prompts silently.
  int64_t max_prompt_tokens = 0;
  /// Runs the whole test class after each test that passes alone, as the first versions did,
  /// instead of once per answer (falling back to one by one only when that run fails). For
  /// benchmarks: the result is the same unless tests interfere with each other.
  bool check_each_test_in_class = false;
  int repair_attempts = 3;
  std::string test_file;  ///< Default: the project's test file for the class.
  std::chrono::milliseconds test_timeout{10000};
  llm::PromptOptions prompt_options;
  /// When set, the first prompt goes here instead of to the model, and the run stops.
  std::function<void(const std::string& prompt)> dry_run;
  /// Where the run is kept (its settings, each iteration's coverage and state, and the tag of
  /// every exchange), so that --resume can continue it; nothing is kept when null.
  std::shared_ptr<llm::Journal> journal;
  /// An earlier, unfinished run in `journal` to continue: its settings replace the ones above,
  /// its iterations count as done, and the answers it got after its last finished iteration
  /// are reused before the model is asked again.
  std::optional<llm::RunRecord> resume;
};

/// What one iteration did (the report's "iterations" entries).
struct IterationReport {
  int n = 0;
  double line_coverage = 0;
  double branch_coverage = 0;
  int tests_generated = 0;
  int tests_passed_first_try = 0;
  int tests_repaired = 0;
  int tests_failed = 0;
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
  std::vector<std::string> selected_paths;  ///< "method: path k" for panta
  double wall_s = 0;                        ///< The iteration's wall time ...
  double llm_s = 0;                         ///< ... and the part of it spent waiting for the model.
  int answers = 0;                          ///< Answers to generate prompts received.
  bool interrupted = false;  ///< Cut short by Ctrl-C and undone (--resume does it again).
};

struct GenerateReport {
  std::string class_name;
  std::string strategy;
  std::string llm;
  std::vector<IterationReport> iterations;
  double initial_line_coverage = 0;
  double initial_branch_coverage = 0;
  double line_coverage = 0;
  double branch_coverage = 0;
  double pass_rate = 0;  ///< Generated tests that pass when added to the suite, after repair.
  int tests_kept = 0;
  std::string test_file;
  std::string stop_reason;
  bool interrupted = false;  ///< Stopped by Ctrl-C (request_stop); --resume goes on from here.
  int resumed_from = 0;      ///< On --resume: the iterations the earlier run had finished.
  double wall_s = 0;
  double llm_s = 0;
};

/// Where progress lines go (the terminal in the CLI, a vector in tests).
using Progress = std::function<void(const std::string& line)>;

/// Algorithm 3 for one class: prompt, validate each generated test alone, repair, feed what
/// stays broken into the next prompt, keep what passes in the whole class, iterate until full
/// coverage, the iteration limit or `max_no_increase` rounds without gain. Only tests that
/// compile and pass are ever added, and a generated test that fails in the class is removed
/// (the user's own tests are kept even when they fail); the file is written atomically after each
/// iteration and an existing one is backed up once to <root>/.panta/backup/. Fails when the
/// class or its source cannot be read, or the model cannot be reached at all.
Result<GenerateReport> generate_tests(const project::Project& project, runner::TestSession& session,
                                      llm::LlmClient& llm, const std::string& llm_name,
                                      const std::string& prompt_dir, const GenerateOptions& options,
                                      const Progress& progress);

/// The report as the JSON the README describes.
std::string report_json(const GenerateReport& report);
/// Several classes' reports: a JSON array of such objects.
std::string report_json(const std::vector<GenerateReport>& reports);

/// Set from a SIGINT handler: the loop stops at the next step, leaving the last good file.
void request_stop();
/// Whether request_stop() was called.
bool stop_requested();

}  // namespace panta::engine
