#include <fmt/format.h>

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/commands.h"
#include "cli/prepared_tests.h"
#include "cli/project_options.h"
#include "core/cancel.h"
#include "engine/generation.h"
#include "llm/client_spec.h"
#include "llm/journal.h"
#include "llm/llm_client.h"
#include "project/class_targets.h"
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
  std::string prompt_dir;
  bool resume = false;
  bool dry_run = false;
  CLI::Option* test_file_option = nullptr;
  /// The loop's options, with their key in a run's settings, for --resume's notes.
  std::vector<std::pair<CLI::Option*, std::string>> loop_options;
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

volatile sig_atomic_t g_signal = 0;  // the last stop signal, for the exit code

void say(const char* text) {
  size_t n = 0;
  while (text[n] != '\0') ++n;
  ssize_t ignored = write(2, text, n);
  (void)ignored;
}

// SIGINT or SIGTERM: the first asks the loop to stop after the current step, the second to
// give up the current model call or command now, the third ends the process at once.
extern "C" void on_stop_signal(int sig) {
  static volatile sig_atomic_t count = 0;
  g_signal = sig;
  count = count + 1;
  if (count == 1) {
    panta::request_stop();
    say("\npanta: stopping after the current step; the test file keeps the last whole "
        "iteration (again: cancel the current step now; --resume goes on later)\n");
  } else if (count == 2) {
    panta::request_abort();
    say("\npanta: cancelling the current step (again: quit at once)\n");
  } else {
    _exit(128 + sig);
  }
}

void install_stop_handlers() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

// 130 after SIGINT, 143 after SIGTERM, as shells report them.
int interrupted_exit_code() {
  return 128 + (g_signal != 0 ? static_cast<int>(g_signal) : SIGINT);
}

// What became of one class: its report, or why there is none.
struct Row {
  std::string class_name;
  std::optional<engine::GenerateReport> report;
  std::string status;  // done, interrupted, error, skipped, already done, not run
  std::string note;    // the error or the reason, when there is no report
};

std::string shortened(const std::string& text, size_t max) {
  std::string line = text.substr(0, text.find('\n'));
  return line.size() <= max ? line : line.substr(0, max - 3) + "...";
}

void print_summary(const std::vector<Row>& rows) {
  size_t width = 5;
  for (const Row& r : rows) width = std::max(width, r.class_name.size());
  std::cout << fmt::format("\n{:<{}}  {:>15}  {:>15}  {:>5}  {:>4}  {}\n", "class", width,
                           "lines %", "branches %", "tests", "iter", "result");
  int kept = 0;
  std::map<std::string, int> by_status;
  for (const Row& r : rows) {
    ++by_status[r.status];
    if (!r.report) {
      std::string result = r.note.empty() ? r.status : r.status + ": " + shortened(r.note, 70);
      std::cout << fmt::format("{:<{}}  {:>15}  {:>15}  {:>5}  {:>4}  {}\n", r.class_name, width,
                               "-", "-", "-", "-", result);
      continue;
    }
    const auto& g = *r.report;
    kept += g.tests_kept;
    std::cout << fmt::format(
        "{:<{}}  {:>15}  {:>15}  {:>5}  {:>4}  {}\n", r.class_name, width,
        fmt::format("{:.1f} -> {:.1f}", g.initial_line_coverage, g.line_coverage),
        fmt::format("{:.1f} -> {:.1f}", g.initial_branch_coverage, g.branch_coverage), g.tests_kept,
        g.iterations.size(), g.stop_reason);
  }
  std::string counts;
  for (const auto& [status, n] : by_status) {
    counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", n, status);
  }
  std::cout << fmt::format("{} classes: {}; {} tests kept\n", rows.size(), counts, kept);
}

// --report: one object for one class, else an array with an entry for every class.
std::string report_text(const std::vector<Row>& rows, bool many) {
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (const Row& r : rows) {
    nlohmann::ordered_json j;
    if (r.report) {
      j = nlohmann::ordered_json::parse(engine::report_json(*r.report));
    } else {
      j["class"] = r.class_name;
    }
    j["status"] = r.status;
    if (!r.note.empty()) j["error"] = r.note;
    all.push_back(std::move(j));
  }
  const auto& out = many || all.size() != 1 ? all : all.front();
  return out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string one_line_result(const std::string& cls, const engine::GenerateReport& report,
                            const GenerateArgs& args) {
  int64_t in_tokens = 0;
  int64_t out_tokens = 0;
  for (const auto& it : report.iterations) {
    in_tokens += it.prompt_tokens;
    out_tokens += it.completion_tokens;
  }
  double cost = llm::cost(in_tokens, out_tokens, args.price_in, args.price_out);
  return fmt::format(
      "{}: lines {:.1f}% -> {:.1f}%, branches {:.1f}% -> {:.1f}%, {} test{} kept, pass rate "
      "{:.0f}%, {} iteration{} ({}), tokens {} in / {} out{}, test file {}\n",
      cls, report.initial_line_coverage, report.line_coverage, report.initial_branch_coverage,
      report.branch_coverage, report.tests_kept, report.tests_kept == 1 ? "" : "s",
      report.pass_rate, report.iterations.size(), report.iterations.size() == 1 ? "" : "s",
      report.stop_reason, in_tokens, out_tokens,
      args.price_in > 0 || args.price_out > 0 ? fmt::format(", cost {:.4f}", cost) : "",
      report.test_file);
}

// The classes the --class values name, in order, each once.
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

bool nothing_to_test(const std::string& message) {
  return message.starts_with("no methods under test");
}

// --resume goes on with the run's own settings: say which flags given now are not used.
void note_ignored_flags(const GenerateArgs& args, const llm::RunRecord& run) {
  auto settings = nlohmann::json::parse(run.settings, nullptr, false);
  std::string ignored;
  for (const auto& [option, key] : args.loop_options) {
    if (option->count() == 0) continue;
    std::string given = option->as<std::string>();
    std::string kept;
    if (key == "strategy") {
      kept = run.strategy;
    } else if (key == "test_file") {
      kept = run.test_file;
    } else if (settings.is_object() && settings.contains(key)) {
      kept = settings[key].dump();
    }
    if (given == kept) continue;
    ignored += fmt::format("{}{} {} (the run's: {})", ignored.empty() ? "" : ", ",
                           option->get_name(), given, kept.empty() ? "default" : kept);
  }
  if (!ignored.empty()) {
    std::cerr << "panta: " << run.class_name << ": --resume goes on with run " << run.id
              << "'s own settings; not used: " << ignored << "\n";
  }
}

int run_generate(GenerateArgs args) {
  install_stop_handlers();  // before anything slow: compiling and the first test run take time
  if (args.llm.empty()) {
    const char* env = std::getenv("PANTA_LLM");
    if (env != nullptr && *env != '\0') args.llm = env;
  }
  if (args.llm.empty() && args.dry_run) args.llm = "cmd:false";  // never asked: --dry-run
  if (args.llm.empty() && !args.resume) {
    std::cerr
        << "panta: no model given: use --llm SPEC or set PANTA_LLM (openai:MODEL, ollama:MODEL, "
           "anthropic:MODEL, cmd:COMMAND, replay:FILE)\n";
    return kUsage;
  }
  if (!prompt::is_strategy(args.engine.strategy)) {
    std::cerr << "panta: unknown strategy " << args.engine.strategy << "\n";
    return kUsage;
  }
  if (args.resume && args.dry_run) {
    std::cerr << "panta: --resume and --dry-run do not go together\n";
    return kUsage;
  }
  if (args.temperature >= 0) args.engine.prompt_options.temperature = args.temperature;
  if (args.max_tokens > 0) args.engine.prompt_options.max_tokens = args.max_tokens;
  if (args.seed >= 0) args.engine.prompt_options.seed = args.seed;
  if (args.prompt_dir.empty()) args.prompt_dir = prompt::default_prompt_dir();

  auto project = load_project(args.project);
  if (!project) {
    std::cerr << "panta: " << project.error().message << "\n";
    return kUsage;
  }
  std::vector<std::string> batch;
  auto classes = resolve_classes(*project, args.classes, batch);
  if (!classes) {
    std::cerr << "panta: " << classes.error().message << "\n";
    return kUsage;
  }
  if (args.test_file_given() && classes->size() > 1) {
    std::cerr << "panta: --test-file names one file, but --class names " << classes->size()
              << " classes\n";
    return kUsage;
  }

  // The project's journal keeps every run, its iterations and (except when replaying) every
  // exchange with the model.
  std::error_code ec;
  fs::create_directories(fs::path(project->root) / ".panta", ec);
  std::string journal_path = (fs::path(project->root) / ".panta" / "journal.sqlite").string();
  auto opened = llm::Journal::open(journal_path, llm::Journal::Mode::kWrite);
  if (!opened) {
    std::cerr << "panta: " << opened.error().message << "\n";
    return kUsage;
  }
  auto journal = std::make_shared<llm::Journal>(std::move(*opened));

  // --resume: each class goes on from its newest run unless that one completed.
  std::map<std::string, llm::RunRecord> resumable;
  std::map<std::string, std::string> finished;
  if (args.resume) {
    for (const std::string& cls : *classes) {
      auto last = journal->last_run(cls);
      if (!last) {
        std::cerr << "panta: " << last.error().message << "\n";
        return kUsage;
      }
      if (!*last) continue;  // a new run, said when it starts
      if ((*last)->status == "done") {
        finished[cls] = fmt::format("its last run ({}) completed", (*last)->id);
      } else {
        resumable[cls] = **last;
        if (args.llm.empty()) args.llm = (*last)->llm;
      }
    }
    if (args.llm.empty() && resumable.size() < classes->size() - finished.size()) {
      std::cerr << "panta: no model given for the classes without an earlier run: use --llm\n";
      return kUsage;
    }
  }

  llm::ClientOptions client_options;
  client_options.base_url = args.llm_base_url;
  client_options.timeout = std::chrono::milliseconds(static_cast<long>(args.llm_timeout_s * 1000));
  if (args.llm.rfind("replay:", 0) != 0) client_options.journal = journal;
  client_options.max_retries = args.llm_retries;
  client_options.on_retry = [journal](const std::string& notice) {
    std::cerr << "  " << notice << "\n";
    (void)journal->note(notice);
  };
  std::unique_ptr<llm::LlmClient> client;
  if (!args.llm.empty()) {
    auto made = llm::make_client(args.llm, client_options);
    if (!made) {
      std::cerr << "panta: " << made.error().message << "\n";
      return kUsage;
    }
    client = std::move(*made);
  }
  auto prepared = PreparedTests::main_classes_only(*project, args.project);
  if (!prepared) {
    std::cerr << "panta: " << prepared.error().message << "\n";
    return kUsage;
  }
  engine::Progress progress = [](const std::string& line) { std::cerr << line << "\n"; };
  int exit_code = kOk;
  std::vector<Row> rows;
  for (const std::string& cls : *classes) {
    if (engine::stop_requested()) {
      rows.push_back({cls, std::nullopt, "not run", "interrupted before it began"});
      continue;
    }
    if (auto f = finished.find(cls); f != finished.end()) {
      std::cerr << "panta: " << cls << ": " << f->second
                << "; nothing to resume (run without --resume to start a new one)\n";
      rows.push_back({cls, std::nullopt, "already done", ""});
      continue;
    }
    engine::GenerateOptions options = args.engine;
    options.class_name = cls;
    options.test_timeout = test_timeout(args.project);
    options.journal = journal;
    if (auto r = resumable.find(cls); r != resumable.end()) {
      options.resume = r->second;
      note_ignored_flags(args, r->second);
    } else if (args.resume) {
      std::cerr << "panta: " << cls << ": no earlier run in the journal; starting a new one\n";
    }
    if (args.dry_run) options.dry_run = [](const std::string& prompt) { std::cout << prompt; };
    if (classes->size() > 1) std::cerr << "panta: " << cls << "\n";
    auto report = engine::generate_tests(*project, (*prepared)->session(), *client, args.llm,
                                         args.prompt_dir, options, progress);
    if (!report) {
      bool skip = nothing_to_test(report.error().message) &&
                  std::find(batch.begin(), batch.end(), cls) != batch.end();
      std::cerr << "panta: " << cls << ": " << report.error().message << "\n";
      rows.push_back({cls, std::nullopt, skip ? "skipped" : "error", report.error().message});
      if (!skip) exit_code = kFailed;
      continue;
    }
    if (args.dry_run) {
      if (report->stop_reason == "full coverage") {
        std::cerr << "panta: " << cls << " is fully covered already: no prompt to show\n";
      }
      break;
    }
    if (args.fail_under >= 0 && report->branch_coverage < args.fail_under) {
      std::cerr << fmt::format("panta: {}: branch coverage {:.1f}% is under --fail-under {:g}\n",
                               cls, report->branch_coverage, args.fail_under);
      exit_code = kFailed;
    }
    std::cout << one_line_result(cls, *report, args);
    std::string status = report->interrupted ? "interrupted" : "done";
    rows.push_back({cls, std::move(*report), status, ""});
  }
  bool many = args.classes.size() > 1 || !batch.empty();
  if (many && !args.dry_run) print_summary(rows);
  if (!args.report.empty() && !args.dry_run) {
    std::ofstream out(args.report);
    out << report_text(rows, many);
    if (!out) {
      std::cerr << "panta: cannot write " << args.report << "\n";
      return kFailed;
    }
  }
  if (engine::stop_requested() && !args.dry_run) return interrupted_exit_code();
  return exit_code;
}

}  // namespace

Runner define_generate(CLI::App& sub) {
  auto args = std::make_shared<GenerateArgs>();
  add_project_options(sub, args->project);
  sub.add_option("--class", args->classes,
                 "What to write tests for (repeatable): a class (org.x.Foo), a package (org.x or "
                 "org.x.*, with its subpackages) or a source folder or file (a path with a '/')")
      ->required();
  args->loop_options.emplace_back(
      sub.add_option("--strategy", args->engine.strategy,
                     "panta, cov, basic, baseline or symprompt")
          ->check(CLI::IsMember({"panta", "cov", "basic", "baseline", "symprompt"}))
          ->default_str("panta"),
      "strategy");
  sub.add_option("--llm", args->llm,
                 "Model: openai:MODEL, ollama:MODEL, anthropic:MODEL, cmd:COMMAND, replay:FILE "
                 "(default $PANTA_LLM)");
  sub.add_option("--llm-base-url", args->llm_base_url,
                 "Base URL of an OpenAI-compatible or Anthropic server");
  sub.add_option("--llm-timeout", args->llm_timeout_s, "Time limit per model call, seconds")
      ->default_str("600");
  args->loop_options.emplace_back(
      sub.add_option(
             "--max-prompt-tokens", args->engine.max_prompt_tokens,
             "Shrink a prompt whose estimated size is over this many tokens before sending "
             "it (default: no limit; set it for servers that cut long prompts silently, such "
             "as Ollama at its num_ctx)")
          ->check(CLI::Range(int64_t{0}, int64_t{100000000})),
      "max_prompt_tokens");
  sub.add_option("--llm-retries", args->llm_retries,
                 "Retries of an HTTP call after a time-out, 429 or 5xx")
      ->check(CLI::Range(0, 100))
      ->default_str("5");
  args->loop_options.emplace_back(sub.add_option("--max-iterations", args->engine.max_iterations,
                                                 "Iterations (default: the class's largest CYC)"),
                                  "max_iterations");
  args->loop_options.emplace_back(sub.add_option("--max-no-increase", args->engine.max_no_increase,
                                                 "Stop after this many rounds without gain")
                                      ->check(CLI::Range(1, 1000))
                                      ->default_str("3"),
                                  "max_no_increase");
  args->loop_options.emplace_back(
      sub.add_option("--max-path-selections", args->engine.max_path_selections,
                     "Times a path may be selected")
          ->default_str("3"),
      "max_path_selections");
  args->loop_options.emplace_back(
      sub.add_option("--max-methods", args->engine.max_methods,
                     "panta strategy: methods per prompt, those missing most coverage first "
                     "(default: all, as the paper)")
          ->check(CLI::Range(0, 100000)),
      "max_methods");
  args->loop_options.emplace_back(
      sub.add_option("--repair-attempts", args->engine.repair_attempts, "Repairs per failing test")
          ->default_str("3"),
      "repair_attempts");
  args->test_file_option =
      sub.add_option("--test-file", args->engine.test_file,
                     "Test file to write, for a single class (default: the layout's FooTest.java)");
  args->loop_options.emplace_back(args->test_file_option, "test_file");
  sub.add_option("--report", args->report, "Write a JSON report of the run here");
  sub.add_option("--prompt-dir", args->prompt_dir,
                 "Prompt templates (default: those shipped with panta)");
  sub.add_option("--fail-under", args->fail_under,
                 "Exit 1 when a class's branch coverage ends below this percentage")
      ->check(CLI::Range(0.0, 100.0));
  sub.add_option("--temperature", args->temperature, "Sampling temperature");
  sub.add_option("--max-tokens", args->max_tokens, "Largest answer, in tokens");
  sub.add_option("--seed", args->seed, "Sampling seed, where the backend supports it");
  sub.add_option("--price-in", args->price_in,
                 "Price per million prompt tokens, to report the cost");
  sub.add_option("--price-out", args->price_out, "Price per million completion tokens");
  sub.add_flag("--resume", args->resume,
               "Go on with each class's interrupted or failed run from the project's journal "
               "(.panta/journal.sqlite), with that run's strategy, limits and (by default) model; "
               "answers it already received are reused");
  sub.add_flag("--dry-run", args->dry_run, "Print the first prompt and exit");
  sub.add_flag("--check-each-test-in-class", args->engine.check_each_test_in_class,
               "Run the whole test class after every test that passes alone (slower; the default "
               "runs it once per answer and goes one by one only when that fails)");
  sub.footer(
      "Exit codes: 0 the run completed, 1 no valid test file or --fail-under not met, 2 usage or "
      "project error, 130 interrupted (Ctrl-C; --resume goes on).");
  return [args] { return run_generate(*args); };
}

}  // namespace panta::cli
