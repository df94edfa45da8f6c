#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include "cli/commands.h"
#include "cli/generate_summary.h"
#include "cli/html_output.h"
#include "cli/prepared_tests.h"
#include "cli/project_options.h"
#include "cli/stop_signals.h"
#include "core/cancel.h"
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
  bool resume = false;
  bool dry_run = false;
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
};

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

// --resume goes on with the run's own settings: say which flags given now are not used.
void note_ignored_flags(const GenerateArgs& args, const llm::RunRecord& run) {
  auto settings = engine::RunJournal::settings_of(run);
  std::string ignored;
  for (const auto& [option, value_of] : args.loop_options) {
    if (option->count() == 0) continue;
    std::string given = option->as<std::string>();
    std::string kept = settings ? value_of(*settings, run) : "";
    if (given == kept) continue;
    ignored += fmt::format("{}{} {} (the run's: {})", ignored.empty() ? "" : ", ",
                           option->get_name(), given, kept.empty() ? "default" : kept);
  }
  if (!ignored.empty()) {
    std::cerr << "panta: " << run.class_name << ": --resume goes on with run " << run.id
              << "'s own settings; not used: " << ignored << "\n";
  }
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
  if (engine::find_strategy(args.engine.strategy) == nullptr) {
    return "unknown strategy " + args.engine.strategy;
  }
  if (args.engine.edge_scores && !engine::find_strategy(args.engine.strategy)->selects_paths) {
    return "--edge-scores scores the paths the panta strategy selects; the " +
           args.engine.strategy + " strategy selects none";
  }
  if (args.resume && args.dry_run) return "--resume and --dry-run do not go together";
  if (args.temperature >= 0) args.engine.prompt_options.temperature = args.temperature;
  if (args.max_tokens > 0) args.engine.prompt_options.max_tokens = args.max_tokens;
  if (args.seed >= 0) args.engine.prompt_options.seed = args.seed;
  if (args.prompt_dir.empty()) args.prompt_dir = prompt::default_prompt_dir();
  return "";
}

// What --resume does with each class: go on with its newest unfinished run, or skip it.
struct ResumePlan {
  std::map<std::string, llm::RunRecord> resumable;
  std::map<std::string, std::string> finished;  // class -> why it is done
};

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

Result<std::unique_ptr<llm::LlmClient>> model_client(const GenerateArgs& args,
                                                     const std::shared_ptr<llm::Journal>& journal) {
  llm::ClientOptions options;
  options.base_url = args.llm_base_url;
  options.timeout = std::chrono::milliseconds(static_cast<long>(args.llm_timeout_s * 1000));
  if (args.llm.rfind("replay:", 0) != 0) options.journal = journal;
  options.max_retries = args.llm_retries;
  options.on_retry = [journal](const std::string& notice) {
    std::cerr << "  " << notice << "\n";
    (void)journal->note(notice);
  };
  return llm::make_client(args.llm, options);
}

// Everything the classes of one `panta generate` share.
struct GenerateRun {
  GenerateArgs& args;
  const project::Project& project;
  std::vector<std::string> batch;
  std::shared_ptr<llm::Journal> journal;
  ResumePlan plan;
  std::unique_ptr<llm::LlmClient> client;
  std::unique_ptr<PreparedTests> prepared;
  int exit_code = kOk;
};

ClassOutcome generate_one(GenerateRun& run, const std::string& cls, size_t classes) {
  if (panta::stop_requested()) return {cls, std::nullopt, "not run", "interrupted before it began"};
  if (auto f = run.plan.finished.find(cls); f != run.plan.finished.end()) {
    std::cerr << "panta: " << cls << ": " << f->second
              << "; nothing to resume (run without --resume to start a new one)\n";
    return {cls, std::nullopt, "already done", ""};
  }
  engine::GenerateOptions options = run.args.engine;
  options.class_name = cls;
  options.test_timeout = test_timeout(run.args.project);
  options.journal = run.journal;
  if (auto r = run.plan.resumable.find(cls); r != run.plan.resumable.end()) {
    options.resume = r->second;
    note_ignored_flags(run.args, r->second);
  } else if (run.args.resume) {
    std::cerr << "panta: " << cls << ": no earlier run in the journal; starting a new one\n";
  }
  if (run.args.dry_run) options.dry_run = [](const std::string& prompt) { std::cout << prompt; };
  if (classes > 1) std::cerr << "panta: " << cls << "\n";
  engine::EventSink events = [](const engine::Event& e) { std::cerr << engine::render(e) << "\n"; };
  auto report = engine::generate_tests(run.project, run.prepared->session(), *run.client,
                                       run.args.llm, run.args.prompt_dir, options, events);
  if (!report) {
    bool skip = report.error().kind == ErrorKind::kNothingToTest &&
                std::find(run.batch.begin(), run.batch.end(), cls) != run.batch.end();
    std::cerr << "panta: " << cls << ": " << report.error().message << "\n";
    if (!skip) run.exit_code = kFailed;
    return {cls, std::nullopt, skip ? "skipped" : "error", report.error().message};
  }
  return {cls, std::move(*report), report->interrupted ? "interrupted" : "done", ""};
}

// The class's result on stdout and the --fail-under check.
void conclude(GenerateRun& run, const ClassOutcome& o) {
  if (!o.report) return;
  if (run.args.fail_under >= 0 && o.report->branch_coverage < run.args.fail_under) {
    std::cerr << fmt::format("panta: {}: branch coverage {:.1f}% is under --fail-under {:g}\n",
                             o.class_name, o.report->branch_coverage, run.args.fail_under);
    run.exit_code = kFailed;
  }
  std::cout << one_line_result(*o.report, run.args.price_in, run.args.price_out);
}

int generate_all(GenerateRun& run, const std::vector<std::string>& classes) {
  std::vector<ClassOutcome> outcomes;
  for (const std::string& cls : classes) {
    ClassOutcome o = generate_one(run, cls, classes.size());
    if (run.args.dry_run && o.report) {
      if (o.report->stop_reason == "full coverage") {
        std::cerr << "panta: " << cls << " is fully covered already: no prompt to show\n";
      }
      break;
    }
    conclude(run, o);
    outcomes.push_back(std::move(o));
  }
  if (run.args.dry_run) return run.exit_code;
  bool many = run.args.classes.size() > 1 || !run.batch.empty();
  if (many) std::cout << summary_table(outcomes);
  if (!run.args.report.empty()) {
    std::ofstream out(run.args.report);
    out << report_text(outcomes, many);
    if (!out) {
      std::cerr << "panta: cannot write " << run.args.report << "\n";
      return kFailed;
    }
  }
  if (!run.args.html.empty()) {
    report::HtmlOptions html{run.args.price_in, run.args.price_out, "Panta report"};
    if (auto s = write_html_report(run.args.html, report_entries(outcomes), html); !s) {
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
  if (!run.args.llm.empty()) {
    auto client = model_client(run.args, run.journal);
    if (!client) return client.error();
    run.client = std::move(*client);
  }
  auto prepared = PreparedTests::main_classes_only(run.project, run.args.project);
  if (!prepared) return prepared.error();
  run.prepared = std::move(*prepared);
  return ok_status();
}

int run_generate(GenerateArgs args) {
  install_stop_handlers();  // before anything slow: compiling and the first test run take time
  if (std::string why = settle_model_flags(args); !why.empty()) {
    std::cerr << "panta: " << why << "\n";
    return kUsage;
  }
  auto project = load_project(args.project, args.classes);
  if (!project) {
    std::cerr << "panta: " << project.error().message << "\n";
    return kUsage;
  }
  GenerateRun run{args, *project, {}, nullptr, {}, nullptr, nullptr};
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
  if (auto s = prepare(run, *classes); !s) {
    std::cerr << "panta: " << s.error().message << "\n";
    return kUsage;
  }
  return generate_all(run, *classes);
}

std::vector<std::string> strategy_list() {
  std::vector<std::string> out;
  for (const engine::Strategy& s : engine::strategies()) out.emplace_back(s.name);
  return out;
}

// --llm and what goes with it: where the model is, how long to wait, how to sample, prices.
void add_model_options(CLI::App& sub, GenerateArgs& args) {
  sub.add_option("--llm", args.llm,
                 "Model: openai:MODEL, ollama:MODEL, anthropic:MODEL, cmd:COMMAND, replay:FILE "
                 "(default $PANTA_LLM)");
  sub.add_option("--llm-base-url", args.llm_base_url,
                 "Base URL of an OpenAI-compatible or Anthropic server");
  sub.add_option("--llm-timeout", args.llm_timeout_s, "Time limit per model call, seconds")
      ->default_str("600");
  sub.add_option("--llm-retries", args.llm_retries,
                 "Retries of an HTTP call after a time-out, 429 or 5xx")
      ->check(CLI::Range(0, 100))
      ->default_str("5");
  sub.add_option("--max-answer-bytes", args.engine.max_answer_bytes,
                 "Answers longer than this are not used (0: no limit)")
      ->default_str("262144");
  sub.add_option("--temperature", args.temperature, "Sampling temperature");
  sub.add_option("--max-tokens", args.max_tokens, "Largest answer, in tokens");
  sub.add_option("--seed", args.seed, "Sampling seed, where the backend supports it");
  sub.add_option("--price-in", args.price_in,
                 "Price per million prompt tokens, to report the cost");
  sub.add_option("--price-out", args.price_out, "Price per million completion tokens");
}

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
  loop(sub.add_option("--strategy", args.engine.strategy, std::string(engine::strategy_names()))
           ->check(CLI::IsMember(strategy_list()))
           ->default_str("panta"),
       [](const RunSettings&, const RunRecord& r) { return r.strategy; });
  loop(sub.add_option("--max-prompt-tokens", args.engine.max_prompt_tokens,
                      "Shrink a prompt whose estimated size is over this many tokens before "
                      "sending it (default: no limit; set it for servers that cut long prompts "
                      "silently, such as Ollama at its num_ctx)")
           ->check(CLI::Range(int64_t{0}, int64_t{100000000})),
       number(&RunSettings::max_prompt_tokens));
  loop(sub.add_option("--max-iterations", args.engine.max_iterations,
                      "Iterations (default: the class's largest CYC)"),
       number(&RunSettings::max_iterations));
  loop(sub.add_option("--max-no-increase", args.engine.max_no_increase,
                      "Stop after this many rounds without gain")
           ->check(CLI::Range(1, 1000))
           ->default_str("3"),
       number(&RunSettings::max_no_increase));
  loop(sub.add_option("--max-path-selections", args.engine.max_path_selections,
                      "Times a path may be selected")
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
           ->default_str("3"),
       number(&RunSettings::repair_attempts));
  args.test_file_option = loop(
      sub.add_option("--test-file", args.engine.test_file,
                     "Test file to write, for a single class (default: the layout's FooTest.java)"),
      [](const RunSettings&, const RunRecord& r) { return r.test_file; });
  sub.add_flag("--check-each-test-in-class", args.engine.check_each_test_in_class,
               "Validate the slow way: each new test compiled into the whole test file and run "
               "alone, then the whole class (the default compiles and runs only the new tests, "
               "and the whole class once at the end)");
}

}  // namespace

Runner define_generate(CLI::App& sub) {
  auto args = std::make_shared<GenerateArgs>();
  add_project_options(sub, args->project);
  sub.add_option("--class", args->classes,
                 "What to write tests for (repeatable): a class (org.x.Foo), a package (org.x or "
                 "org.x.*, with its subpackages) or a source folder or file (a path with a '/')")
      ->required();
  add_model_options(sub, *args);
  add_loop_options(sub, *args);
  sub.add_option("--report", args->report, "Write a JSON report of the run here");
  sub.add_option("--html", args->html,
                 "Write an HTML report of the run into this folder (index.html; no network "
                 "needed to view it)");
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
  sub.footer(
      "Exit codes: 0 the run completed, 1 no valid test file or --fail-under not met, 2 usage or "
      "project error, 130 interrupted (Ctrl-C; --resume goes on).");
  return [args] { return run_generate(*args); };
}

}  // namespace panta::cli
