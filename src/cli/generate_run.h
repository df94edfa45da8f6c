#pragma once

#include <CLI/CLI.hpp>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/generate_summary.h"
#include "cli/prepared_tests.h"
#include "cli/project_options.h"
#include "engine/generation.h"
#include "engine/run_journal.h"
#include "llm/call_governor.h"
#include "llm/journal.h"
#include "llm/llm_client.h"

namespace panta::cli {

/// `panta generate`'s command line, as parsed.
struct GenerateArgs {
  ProjectOptions project;
  std::vector<std::string> classes;
  engine::GenerateOptions engine;
  std::string llm;
  std::string llm_base_url;
  double llm_timeout_s = 600;
  int llm_retries = 5;
  std::string report;
  std::string html;
  std::string prompt_dir;
  int pit_timeout_s = 300;  ///< --pit-timeout: one PIT run of a mutants round
  bool resume = false;
  bool dry_run = false;
  bool no_format = false;  ///< --no-format: the build's formatter is not run
  CLI::Option* test_file_option = nullptr;
  /// The loop's options, each with the value a journal's run has for it, for --resume's notes.
  using RunValue = std::function<std::string(const engine::RunSettings&, const llm::RunRecord&)>;
  std::vector<std::pair<CLI::Option*, RunValue>> loop_options;
  bool test_file_given() const {
    return test_file_option != nullptr && test_file_option->count() > 0;
  }
  double fail_under = -1;
  double price_in = 0;
  double price_out = 0;
  double temperature = -1;
  int max_tokens = 0;
  long long seed = -1;
  int jobs = 1;                ///< --jobs: classes at once
  llm::CallLimits limits;      ///< --llm-concurrency, --rpm, --tpm, --max-cost, --max-tokens-total
  std::string order = "gain";  ///< --order gain|name
  double skip_above = -1;      ///< --skip-above PCT; < 0: none
  std::string shard;           ///< --shard K/N; "": all classes
};

/// What --resume does with each class: go on with its newest unfinished run, or skip it.
struct ResumePlan {
  std::map<std::string, llm::RunRecord> resumable;
  std::map<std::string, std::string> finished;  // class -> why it is done
};

/// Everything the classes of one `panta generate` share.
struct GenerateRun {
  GenerateArgs& args;
  const project::Project& project;
  std::vector<std::string> batch;
  std::shared_ptr<llm::Journal> journal;
  ResumePlan plan;
  std::unique_ptr<PreparedTests> prepared;  ///< the lock, and the first worker's helper
  std::unique_ptr<llm::CallGovernor> governor;
  std::atomic<int> exit_code = 0;
  /// Classes set aside before the run (--skip-above), with why.
  std::map<std::string, std::string> skipped;
};

/// The model client of one worker for `args`, recording into `journal` and telling `governor`
/// of every HTTP 429.
Result<std::unique_ptr<llm::LlmClient>> model_client(const GenerateArgs& args,
                                                     const std::shared_ptr<llm::Journal>& journal,
                                                     llm::CallGovernor& governor);

/// The classes of `classes` in --shard's shard (all without it), in their order; says how many.
std::vector<std::string> shard_classes(const GenerateArgs& args, std::vector<std::string> classes);

/// `classes` in the order to run them (--order), with those over --skip-above put in
/// run.skipped. Measures the classes' current coverage (one run of their test files in the
/// run's helper) when the order or --skip-above needs it; when that fails, says so and keeps
/// the order given.
std::vector<std::string> order_classes(GenerateRun& run, std::vector<std::string> classes);

/// Generates tests for `classes` (in this order) with args.jobs workers at once; returns what
/// became of each, in the same order. Prints each class's result and the progress.
std::vector<ClassOutcome> generate_classes(GenerateRun& run,
                                           const std::vector<std::string>& classes);

}  // namespace panta::cli
