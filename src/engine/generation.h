#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "engine/events.h"
#include "engine/mutation_probe.h"
#include "engine/report.h"
#include "engine/strategy.h"
#include "llm/journal.h"
#include "llm/llm_client.h"
#include "project/project.h"
#include "runner/test_session.h"

namespace panta::engine {

struct GenerateOptions {
  std::string class_name;            ///< FQN of the class under test.
  std::string strategy = "focused";  ///< baseline, basic, cov, panta, symprompt, focused
  int max_iterations = 0;            ///< 0: the class's largest cyclomatic complexity (the paper)
  int max_no_increase = 3;
  int max_path_selections = 3;
  /// panta strategy: at most this many methods per prompt, those missing most (0: all of
  /// them, as the paper; large classes make long prompts, the paper's section 5 notes).
  int max_methods = 0;
  /// panta strategy: score paths by the CFG edges they take that no test has taken
  /// (select::edge_score) instead of the paper's missed score (beyond the paper).
  bool edge_scores = false;
  /// When a prompt's estimated size is over this, it is shrunk before it is sent, as for a
  /// context-length error (0: no limit). For servers that cut long prompts silently.
  int64_t max_prompt_tokens = 0;
  /// An answer longer than this is not used (0: no limit): one test of 200,000 assertions
  /// would cost repair prompts of the same size.
  size_t max_answer_bytes = 256 * 1024;
  /// The slow way of validating, for benchmarks: each new test compiled into the whole file,
  /// run alone and then with the whole class (see TestValidator).
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
  /// Asked before each iteration: a reason (a spent --max-cost, say) ends the run there as an
  /// interruption does, so that --resume continues it; a model call refused for the budget
  /// (LlmErrorKind::kBudget) ends it at once, the iteration undone.
  std::function<std::string()> stop_cause;
  /// --mutants N: once coverage stops rising, up to N rounds asking for tests that kill PIT's
  /// surviving mutants (engine/mutants_step.h); 0 or no probe: none. The caller resolves the
  /// strategy's default (default_mutant_rounds) and gives the probe.
  int mutants = 0;
  std::shared_ptr<MutationProbe> mutation_probe;
};

/// Algorithm 3 for one class: measure, select paths, prompt, validate each generated test,
/// repair, feed what stays broken into the next prompt, keep what passes, write the test file,
/// until full coverage, the iteration limit or `max_no_increase` rounds without gain; then the
/// whole test class is checked once more and tests that break it are taken out again. Only
/// tests that compile and pass are ever added; the user's own tests are never removed. Fails
/// when the class or its source cannot be read (ErrorKind::kNothingToTest when it has no
/// method under test), or the model cannot be reached at all.
Result<GenerateReport> generate_tests(const project::Project& project, runner::TestSession& session,
                                      llm::LlmClient& llm, const std::string& llm_name,
                                      const std::string& prompt_dir, const GenerateOptions& options,
                                      const EventSink& events);

/// The same with a strategy of the caller's instead of the one `options.strategy` names
/// (whose templates the prompts still use); null: the named one.
Result<GenerateReport> generate_tests(const project::Project& project, runner::TestSession& session,
                                      llm::LlmClient& llm, const std::string& llm_name,
                                      const std::string& prompt_dir, const GenerateOptions& options,
                                      std::unique_ptr<Strategy> strategy, const EventSink& events);

}  // namespace panta::engine
