#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include "cli/build_format.h"
#include "cli/commands.h"
#include "cli/generate_run.h"
#include "cli/generate_summary.h"
#include "cli/help_groups.h"
#include "cli/html_output.h"
#include "cli/prepared_tests.h"
#include "cli/project_options.h"
#include "cli/stop_signals.h"
#include "core/cancel.h"
#include "engine/class_order.h"
#include "engine/generation.h"
#include "engine/run_journal.h"
#include "engine/strategy.h"
#include "llm/client_spec.h"
#include "llm/journal.h"
#include "llm/llm_client.h"
#include "project/class_targets.h"
#include "project/state_dir.h"
#include "project/test_file_location.h"
#include "prompt/prompt_templates.h"

namespace panta::cli {
namespace fs = std::filesystem;
namespace {

// The classes the --class values name, in order, each once; `batch` gets those that come from
// a package or folder (where a class with nothing to test is skipped, not an error).
Result<std::vector<std::string>> resolve_classes(const project::Project& project,
                                                 const std::vector<std::string>& targets,
                                                 std::vector<std::string>& batch) {
  std::vector<std::string> out;
  for (const std::string& t : targets) {
    auto found = project::resolve_class_target(project, t);
    if (!found) return found.error();
    if (found->empty()) return Error{t + ": no Java classes there"};
    bool many = project::is_batch_target(project, t);
    for (std::string& c : *found) {
      if (std::find(out.begin(), out.end(), c) != out.end()) continue;
      if (many) batch.push_back(c);
      out.push_back(std::move(c));
    }
  }
  return out;
}

// The model and sampling flags, checked; "" when they are usable, else why not.
std::string settle_model_flags(GenerateArgs& args) {
  if (args.llm.empty()) {
    const char* env = std::getenv("PANTA_LLM");
    if (env != nullptr && *env != '\0') args.llm = env;
  }
  if (args.llm.empty() && args.dry_run) args.llm = "cmd:false";  // never asked: --dry-run
  if (args.llm.empty() && !args.resume) {
    return "no model given: use --llm SPEC or set PANTA_LLM (openai:MODEL, ollama:MODEL, "
           "anthropic:MODEL, cmd:COMMAND, replay:FILE)";
  }
  auto strategy = engine::make_strategy(args.engine.strategy);
  if (strategy == nullptr) return "unknown strategy " + args.engine.strategy;
  if (args.engine.mutants < 0) args.engine.mutants = strategy->default_mutant_rounds();
  if (args.engine.edge_scores && !strategy->selects_paths()) {
    return "--edge-scores scores the paths the panta strategy selects; the " +
           args.engine.strategy + " strategy selects none";
  }
  if (args.resume && args.dry_run) return "--resume and --dry-run do not go together";
  if (args.dry_run && (!args.report.empty() || !args.html.empty()))
    return "--dry-run prints the first prompt and writes nothing: leave out --report and --html";
  if (args.limits.max_cost > 0 && args.price_in <= 0 && args.price_out <= 0)
    return "--max-cost needs the prices: give --price-in or --price-out (or both)";
  if (args.temperature >= 0) args.engine.prompt_options.temperature = args.temperature;
  if (args.max_tokens > 0) args.engine.prompt_options.max_tokens = args.max_tokens;
  if (args.seed >= 0) args.engine.prompt_options.seed = args.seed;
  if (args.prompt_dir.empty()) args.prompt_dir = prompt::default_prompt_dir();
  return "";
}

// --report's folder and --html's, made before the run: a run the model was paid for must not
// end unable to write what it found.
Status make_output_folders(const GenerateArgs& args) {
  std::error_code ec;
  if (!args.report.empty()) {
    fs::path report(args.report);
    if (fs::is_directory(report, ec))
      return Error{"--report " + args.report + " is a folder: give the JSON file's path"};
    if (report.has_parent_path() && !fs::is_directory(report.parent_path(), ec) &&
        !fs::create_directories(report.parent_path(), ec))
      return Error{"--report: cannot make the folder " + report.parent_path().string() + ": " +
                   ec.message()};
  }
  if (!args.html.empty()) {
    fs::path html(args.html);
    if (fs::exists(html, ec) && !fs::is_directory(html, ec))
      return Error{"--html " + args.html + " is a file: give the folder to write the report into"};
    if (!fs::is_directory(html, ec) && !fs::create_directories(html, ec))
      return Error{"--html: cannot make the folder " + args.html + ": " + ec.message()};
  }
  return ok_status();
}

Result<ResumePlan> plan_resume(llm::Journal& journal, const std::vector<std::string>& classes,
                               GenerateArgs& args) {
  ResumePlan plan;
  if (!args.resume) return plan;
  for (const std::string& cls : classes) {
    auto last = journal.last_run(cls);
    if (!last) return last.error();
    if (!*last) continue;  // a new run, said when it starts
    if ((*last)->status == "done") {
      plan.finished[cls] = fmt::format("its last run ({}) completed", (*last)->id);
    } else {
      plan.resumable[cls] = **last;
      if (args.llm.empty()) args.llm = (*last)->llm;
    }
  }
  if (args.llm.empty() && plan.resumable.size() < classes.size() - plan.finished.size()) {
    return Error{"no model given for the classes without an earlier run: use --llm"};
  }
  return plan;
}

// The build's formatter on the files the runs wrote (not after an interrupt, nor --no-format).
void format_written(GenerateRun& run, const std::vector<ClassOutcome>& outcomes) {
  if (run.args.no_format || run.project.formatters.empty() || panta::stop_requested()) return;
  std::vector<std::string> files = files_written(outcomes);
  if (files.empty()) return;
  project::RealMavenTool maven("mvn", std::chrono::seconds(600), run.project.jdks.project.home,
                               run.args.project.maven_profiles);
  std::vector<std::string> formatted = format_written_files(run.project, maven, files, std::cerr);
  if (formatted.empty()) return;
  if (auto s = run.prepared->session().accept_changes(formatted); !s)
    std::cerr << "panta: warning: " << s.error().message << "\n";
}

// Runs `classes` in the order --order chose; the summary and the report list them as --class
// named them (`named`).
int generate_all(GenerateRun& run, const std::vector<std::string>& classes,
                 const std::vector<std::string>& named) {
  std::vector<ClassOutcome> outcomes = generate_classes(run, classes);
  auto position = [&named](const ClassOutcome& o) {
    return std::find(named.begin(), named.end(), o.class_name) - named.begin();
  };
  std::stable_sort(
      outcomes.begin(), outcomes.end(),
      [&](const ClassOutcome& a, const ClassOutcome& b) { return position(a) < position(b); });
  if (run.args.dry_run || run.exit_code == kUsage) return run.exit_code;
  format_written(run, outcomes);
  bool many = run.args.classes.size() > 1 || !run.batch.empty();
  if (many) std::cout << summary_table(outcomes);
  if (std::string spent = run.governor->spent(); !spent.empty()) {
    size_t left = static_cast<size_t>(std::count_if(
        outcomes.begin(), outcomes.end(),
        [](const ClassOutcome& o) { return o.status == "not done" || o.status == "not run"; }));
    std::cerr << "panta: budget spent (" << spent << "): " << left
              << " classes not done; --resume continues them\n";
  }
  if (!run.args.report.empty()) {
    std::ofstream out(run.args.report);
    out << report_text(outcomes, many, {run.args.price_in, run.args.price_out});
    if (!out) {
      std::cerr << "panta: cannot write " << run.args.report << "\n";
      return kFailed;
    }
  }
  if (!run.args.html.empty()) {
    report::HtmlOptions html{run.args.price_in, run.args.price_out, "Panta report"};
    if (auto s = write_html_report(
            run.args.html, report_entries(outcomes, {run.args.price_in, run.args.price_out}), html);
        !s) {
      std::cerr << "panta: " << s.error().message << "\n";
      return kFailed;
    }
  }
  if (panta::stop_requested()) return interrupted_exit_code();
  return run.exit_code;
}

// The journal, the resume plan, the model client and the JVM helper for `run`; a usage error
// (said on stderr) when one of them cannot be had.
Status prepare(GenerateRun& run, const std::vector<std::string>& classes) {
  // The project's journal keeps every run, its iterations and (except when replaying) every
  // exchange with the model.
  auto state = project::ensure_state_dir(run.project.root);
  if (!state) return state.error();
  std::string path = (fs::path(*state) / "journal.sqlite").string();
  auto opened = llm::Journal::open(path, llm::Journal::Mode::kWrite);
  if (!opened) return opened.error();
  run.journal = std::make_shared<llm::Journal>(std::move(*opened));
  auto plan = plan_resume(*run.journal, classes, run.args);
  if (!plan) return plan.error();
  run.plan = std::move(*plan);
  llm::CallLimits limits = run.args.limits;
  limits.price_in = run.args.price_in;
  limits.price_out = run.args.price_out;
  run.governor = std::make_unique<llm::CallGovernor>(
      limits, llm::make_thread_sleeper(), [] { return std::chrono::steady_clock::now(); });
  auto prepared = PreparedTests::main_classes_only(run.project, run.args.project);
  if (!prepared) return prepared.error();
  run.prepared = std::move(*prepared);
  if (run.args.jobs > 1 && run.prepared->mode() == sandbox::SandboxMode::kFallback) {
    std::cerr << "panta: note: --jobs " << run.args.jobs
              << " needs the strict sandbox or --sandbox off (the fallback sandbox checks the "
                 "whole project around each test run, which the other classes change): one "
                 "class at a time\n";
    run.args.jobs = 1;
  }
  return ok_status();
}

int run_generate(GenerateArgs args) {
  install_stop_handlers();  // before anything slow: compiling and the first test run take time
  if (std::string why = settle_model_flags(args); !why.empty()) {
    std::cerr << "panta: " << why << "\n";
    return kUsage;
  }
  if (auto s = make_output_folders(args); !s) {
    std::cerr << "panta: " << s.error().message << "\n";
    return kUsage;
  }
  if (auto s = check_classes_exist(args.project, args.classes); !s) {
    std::cerr << "panta: " << s.error().message << "\n";
    return kUsage;
  }
  auto project = load_project(args.project, args.classes);
  if (!project) {
    std::cerr << "panta: " << project.error().message << "\n";
    return kUsage;
  }
  GenerateRun run{args, *project, {}, nullptr, {}, nullptr, nullptr, 0, {}};
  auto classes = resolve_classes(*project, args.classes, run.batch);
  if (!classes) {
    std::cerr << "panta: " << classes.error().message << "\n";
    return kUsage;
  }
  if (args.test_file_given() && classes->size() > 1) {
    std::cerr << "panta: --test-file names one file, but --class names " << classes->size()
              << " classes\n";
    return kUsage;
  }
  if (args.test_file_given()) {
    if (auto s = project::check_test_file_location(*project, args.engine.test_file); !s) {
      std::cerr << "panta: " << s.error().message << "\n";
      return kUsage;
    }
  }
  std::vector<std::string> selected = shard_classes(args, std::move(*classes));
  if (auto s = prepare(run, selected); !s) {
    std::cerr << "panta: " << s.error().message << "\n";
    return kUsage;
  }
  return generate_all(run, order_classes(run, selected), selected);
}

// --llm and what goes with it: where the model is, how long to wait, how to sample.
void add_model_options(CLI::App& sub, GenerateArgs& args) {
  sub.add_option("--llm", args.llm,
                 "Model: openai:MODEL, ollama:MODEL, anthropic:MODEL, cmd:COMMAND, replay:FILE "
                 "(default $PANTA_LLM)");
  sub.add_option("--llm-base-url", args.llm_base_url,
                 "Base URL of an OpenAI-compatible or Anthropic server");
  sub.add_option("--llm-timeout", args.llm_timeout_s, "Time limit per model call, seconds")
      ->check(CLI::Range(1.0, 86400.0))
      ->default_str("600");
  sub.add_option("--llm-retries", args.llm_retries,
                 "Retries of an HTTP call after a time-out, 429 or 5xx")
      ->check(CLI::Range(0, 100))
      ->default_str("5");
  sub.add_option("--max-answer-bytes", args.engine.max_answer_bytes,
                 "Answers longer than this are not used (0: no limit)")
      ->default_str("262144");
  sub.add_option("--temperature", args.temperature, "Sampling temperature");
  sub.add_option("--max-answer-tokens", args.max_tokens,
                 "Largest answer the model may write, in tokens (the request's max_tokens)");
  add_renamed_option(sub, "--max-tokens", "--max-answer-tokens", args.max_tokens);
  sub.add_option("--seed", args.seed, "Sampling seed, where the backend supports it");
}

constexpr const char* kStrategyHelp =
    "focused (the default: the gaps named exactly, the code they need) or one of the paper's: "
    "panta, cov, basic, baseline, symprompt";

// The loop's limits: a run's settings, which --resume takes from the journal.
void add_loop_options(CLI::App& sub, GenerateArgs& args) {
  auto loop = [&args](CLI::Option* option, GenerateArgs::RunValue value_of) {
    args.loop_options.emplace_back(option, std::move(value_of));
    return option;
  };
  using engine::RunSettings;
  using llm::RunRecord;
  auto number = [](auto member) {
    return [member](const RunSettings& s, const RunRecord&) { return std::to_string(s.*member); };
  };
  loop(sub.add_option("--strategy", args.engine.strategy, kStrategyHelp)
           ->check(CLI::IsMember(engine::strategy_names()))
           ->default_str("focused"),
       [](const RunSettings&, const RunRecord& r) { return r.strategy; });
  loop(sub.add_option("--max-prompt-tokens", args.engine.max_prompt_tokens,
                      "Shrink a prompt whose estimated size is over this many tokens before "
                      "sending it (default: no limit; set it for servers that cut long prompts "
                      "silently, such as Ollama at its num_ctx)")
           ->check(CLI::Range(int64_t{0}, int64_t{100000000})),
       number(&RunSettings::max_prompt_tokens));
  loop(sub.add_option("--max-iterations", args.engine.max_iterations,
                      "Iterations (default: the class's largest CYC)")
           ->check(CLI::Range(1, 100000)),
       number(&RunSettings::max_iterations));
  loop(sub.add_option("--max-no-increase", args.engine.max_no_increase,
                      "Stop after this many rounds without gain")
           ->check(CLI::Range(1, 1000))
           ->default_str("3"),
       number(&RunSettings::max_no_increase));
  args.engine.mutants = -1;  // the strategy's default, resolved once the strategy is known
  loop(sub.add_option("--mutants", args.engine.mutants,
                      "Once coverage stops rising, at most N rounds asking for tests that kill "
                      "PIT's surviving mutants (0: off)")
           ->check(CLI::Range(0, 1000))
           ->default_str("2 for focused, 0 for the paper's strategies"),
       number(&RunSettings::mutants));
  loop(sub.add_option("--max-path-selections", args.engine.max_path_selections,
                      "Times a path may be selected")
           ->check(CLI::Range(1, 1000))
           ->default_str("3"),
       number(&RunSettings::max_path_selections));
  loop(sub.add_option("--max-methods", args.engine.max_methods,
                      "panta strategy: methods per prompt, those missing most coverage first "
                      "(default: all, as the paper)")
           ->check(CLI::Range(0, 100000)),
       number(&RunSettings::max_methods));
  loop(sub.add_flag("--edge-scores", args.engine.edge_scores,
                    "panta strategy: score paths by the control-flow edges they take that no "
                    "test has taken, instead of the paper's missed lines and branches of any "
                    "direction on their decision lines (beyond the paper)"),
       [](const RunSettings& s, const RunRecord&) { return s.edge_scores ? "true" : "false"; });
  loop(sub.add_option("--repair-attempts", args.engine.repair_attempts, "Repairs per failing test")
           ->check(CLI::Range(0, 100))
           ->default_str("3"),
       number(&RunSettings::repair_attempts));
}

// The test file a run writes (a run's setting too) and how its tests are checked.
void add_test_file_options(CLI::App& sub, GenerateArgs& args) {
  args.test_file_option = sub.add_option(
      "--test-file", args.engine.test_file,
      "Test file to write, for a single class (default: the class's test file the build "
      "runs, FooTest, FooTests, TestFoo or FooTestCase, else a new FooTest.java)");
  args.loop_options.emplace_back(
      args.test_file_option,
      [](const engine::RunSettings&, const llm::RunRecord& r) { return r.test_file; });
  sub.add_flag("--check-each-test-in-class", args.engine.check_each_test_in_class,
               "Validate the slow way: each new test compiled into the whole test file and run "
               "alone, then the whole class (the default compiles and runs only the new tests, "
               "and the whole class once at the end)");
}

// Prices, several classes at once, the limits all their model calls share, and which classes run.
void add_parallel_options(CLI::App& sub, GenerateArgs& args) {
  sub.add_option("--price-in", args.price_in,
                 "Price per million prompt tokens, to report the cost");
  sub.add_option("--price-out", args.price_out, "Price per million completion tokens");
  sub.add_option("--jobs", args.jobs,
                 "Classes at once, each with its own JVM helper (needs the strict sandbox or "
                 "--sandbox off)")
      ->check(CLI::Range(1, 256))
      ->default_str("1");
  sub.add_option("--llm-concurrency", args.limits.concurrency,
                 "Model requests in flight at once, over all classes (default: no limit)")
      ->check(CLI::Range(0, 1000));
  sub.add_option("--rpm", args.limits.requests_per_minute,
                 "Model requests per minute, over all classes (default: no limit)")
      ->check(CLI::Range(0, 1000000));
  sub.add_option("--tpm", args.limits.tokens_per_minute,
                 "Model tokens (prompt and answer) per minute, over all classes (default: no "
                 "limit)")
      ->check(CLI::Range(int64_t{0}, int64_t{1000000000000}));
  sub.add_option("--max-cost", args.limits.max_cost,
                 "Start no model call once the run has cost this much (needs --price-in or "
                 "--price-out); --resume continues the classes not done")
      ->check(CLI::Range(0.0, 1e12));
  sub.add_option("--max-tokens-total", args.limits.max_tokens_total,
                 "Start no model call once the run has used this many tokens; --resume "
                 "continues the classes not done")
      ->check(CLI::Range(int64_t{0}, int64_t{1000000000000}));
  sub.add_option("--order", args.order,
                 "gain: the classes whose tests miss most branches first; name: as --class "
                 "names them")
      ->check(CLI::IsMember({"gain", "name"}))
      ->default_str("gain");
  sub.add_option("--skip-above", args.skip_above,
                 "Skip a class whose tests already cover more than this percentage of its "
                 "branches (of its lines when it has none)")
      ->check(CLI::Range(0.0, 100.0));
  sub.add_option("--shard", args.shard,
                 "K/N: only the classes of shard K of N (a stable hash of the class name), for "
                 "CI machines that split a project (docs/ci.md)")
      ->check([](const std::string& v) {
        auto s = engine::parse_shard(v);
        return s ? std::string() : s.error().message;
      });
}

// generate --help's sections (the project's are add_project_options').
const HelpGroups kGenerateHelpGroups = {
    {"What to write tests for", {"--class", "--test-file"}},
    {"Model",
     {"--llm", "--llm-base-url", "--llm-timeout", "--llm-retries", "--temperature",
      "--max-answer-tokens", "--seed", "--max-prompt-tokens", "--max-answer-bytes"}},
    {"Loop",
     {"--strategy", "--max-iterations", "--max-no-increase", "--mutants", "--pit-timeout",
      "--max-path-selections", "--max-methods", "--edge-scores", "--repair-attempts",
      "--check-each-test-in-class", "--prompt-dir", "--resume", "--dry-run"}},
    {"Budgets and rates",
     {"--price-in", "--price-out", "--max-cost", "--max-tokens-total", "--llm-concurrency", "--rpm",
      "--tpm"}},
    {"Whole projects", {"--jobs", "--order", "--skip-above", "--shard"}},
    {"Output", {"--report", "--html", "--fail-under", "--no-format"}},
};

}  // namespace

Runner define_generate(CLI::App& sub) {
  auto args = std::make_shared<GenerateArgs>();
  add_project_options(sub, args->project);
  sub.add_option("--class", args->classes,
                 "What to write tests for (repeatable): a class (org.x.Foo), a package (org.x or "
                 "org.x.*, with its subpackages), a source folder or file (a path with a '/'), "
                 "or all: every class of the source folder")
      ->required();
  add_model_options(sub, *args);
  add_loop_options(sub, *args);
  add_test_file_options(sub, *args);
  add_parallel_options(sub, *args);
  sub.add_option("--report", args->report,
                 "Write a JSON report of the run here (its folder is made if missing)");
  sub.add_option("--html", args->html,
                 "Write an HTML report of the run into this folder, made if missing (index.html; "
                 "no network needed to view it)");
  sub.add_option("--pit-timeout", args->pit_timeout_s,
                 "Seconds one PIT run of a mutants round may take (the class's mutants with "
                 "its tests)")
      ->check(CLI::Range(10, 86400))
      ->capture_default_str();
  sub.add_flag("--no-format", args->no_format,
               "Leave the files Panta writes as it writes them: no run of the build's formatter "
               "(Spotless, spring-javaformat) on them");
  sub.add_option("--prompt-dir", args->prompt_dir,
                 "Prompt templates (default: those shipped with panta)");
  sub.add_option("--fail-under", args->fail_under,
                 "Exit 1 when a class's branch coverage ends below this percentage")
      ->check(CLI::Range(0.0, 100.0));
  sub.add_flag("--resume", args->resume,
               "Go on with each class's interrupted or failed run from the project's journal "
               "(.panta/journal.sqlite), with that run's strategy, limits and (by default) model; "
               "answers it already received are reused");
  sub.add_flag("--dry-run", args->dry_run, "Print the first prompt and exit");
  auto missing = set_help_groups(sub, kGenerateHelpGroups);
  assert(missing.empty());
  sub.footer(
      "Exit codes: 0 the run completed, 1 no valid test file, --fail-under not met or the budget "
      "left classes not done, 2 usage or project error, 3 the run completed but a generated test "
      "tried to tamper with its verdict (dropped; in the report), 130 interrupted by Ctrl-C, 143 "
      "by SIGTERM (--resume goes on).");
  return [args] { return run_generate(*args); };
}

}  // namespace panta::cli
