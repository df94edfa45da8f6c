#include <fmt/format.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/prepared_tests.h"
#include "cli/project_options.h"
#include "engine/generation.h"
#include "llm/client_spec.h"
#include "llm/llm_client.h"
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
  std::string report;
  std::string prompt_dir;
  bool resume = false;
  bool dry_run = false;
  double fail_under = -1;
  double price_in = 0;
  double price_out = 0;
  double temperature = -1;
  int max_tokens = 0;
  long long seed = -1;
};

extern "C" void on_interrupt(int) {
  engine::request_stop();
}

int run_generate(GenerateArgs args) {
  if (args.resume) {
    std::cerr << "panta: --resume is not implemented yet: run again without it (kept tests stay in "
                 "the test file)\n";
    return kUsage;
  }
  if (args.llm.empty()) {
    const char* env = std::getenv("PANTA_LLM");
    if (env == nullptr || *env == '\0') {
      std::cerr
          << "panta: no model given: use --llm SPEC or set PANTA_LLM (openai:MODEL, ollama:MODEL, "
             "anthropic:MODEL, cmd:COMMAND, replay:FILE)\n";
      return kUsage;
    }
    args.llm = env;
  }
  if (!prompt::is_strategy(args.engine.strategy)) {
    std::cerr << "panta: unknown strategy " << args.engine.strategy << "\n";
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
  llm::ClientOptions client_options;
  client_options.base_url = args.llm_base_url;
  client_options.timeout = std::chrono::milliseconds(static_cast<long>(args.llm_timeout_s * 1000));
  if (args.llm.rfind("replay:", 0) != 0) {
    std::error_code ec;
    fs::create_directories(fs::path(project->root) / ".panta", ec);
    client_options.journal_path = (fs::path(project->root) / ".panta" / "journal.sqlite").string();
  }
  auto client = llm::make_client(args.llm, client_options);
  if (!client) {
    std::cerr << "panta: " << client.error().message << "\n";
    return kUsage;
  }
  auto prepared = PreparedTests::prepare(*project, args.project, {});
  if (!prepared) {
    std::cerr << "panta: " << prepared.error().message << "\n";
    return kUsage;
  }
  std::signal(SIGINT, on_interrupt);
  engine::Progress progress = [](const std::string& line) { std::cerr << line << "\n"; };
  int exit_code = kOk;
  std::vector<engine::GenerateReport> reports;
  for (const std::string& cls : args.classes) {
    engine::GenerateOptions options = args.engine;
    options.class_name = cls;
    options.test_timeout = test_timeout(args.project);
    if (args.dry_run) options.dry_run = [](const std::string& prompt) { std::cout << prompt; };
    auto report = engine::generate_tests(*project, (*prepared)->session(), **client, args.llm,
                                         args.prompt_dir, options, progress);
    if (!report) {
      std::cerr << "panta: " << cls << ": " << report.error().message << "\n";
      exit_code = kFailed;
      continue;
    }
    if (args.dry_run) break;
    if (args.fail_under >= 0 && report->branch_coverage < args.fail_under) exit_code = kFailed;
    double cost = llm::cost(0, 0, args.price_in, args.price_out);
    int64_t in_tokens = 0;
    int64_t out_tokens = 0;
    for (const auto& it : report->iterations) {
      in_tokens += it.prompt_tokens;
      out_tokens += it.completion_tokens;
    }
    cost = llm::cost(in_tokens, out_tokens, args.price_in, args.price_out);
    std::cout << fmt::format(
        "{}: lines {:.1f}% -> {:.1f}%, branches {:.1f}% -> {:.1f}%, {} tests kept, pass rate "
        "{:.0f}%, "
        "{} iterations ({}), tokens {} in / {} out{}, test file {}\n",
        cls, report->initial_line_coverage, report->line_coverage, report->initial_branch_coverage,
        report->branch_coverage, report->tests_kept, report->pass_rate, report->iterations.size(),
        report->stop_reason, in_tokens, out_tokens,
        args.price_in > 0 || args.price_out > 0 ? fmt::format(", cost {:.4f}", cost) : "",
        report->test_file);
    reports.push_back(std::move(*report));
  }
  if (!args.report.empty() && !reports.empty()) {
    std::ofstream out(args.report);
    out << engine::report_json(reports.front());
    if (!out) {
      std::cerr << "panta: cannot write " << args.report << "\n";
      return kFailed;
    }
  }
  return exit_code;
}

}  // namespace

Runner define_generate(CLI::App& sub) {
  auto args = std::make_shared<GenerateArgs>();
  add_project_options(sub, args->project);
  sub.add_option("--class", args->classes, "Class to write tests for (FQN; repeatable)")
      ->required();
  sub.add_option("--strategy", args->engine.strategy, "panta, cov, basic, baseline or symprompt")
      ->check(CLI::IsMember({"panta", "cov", "basic", "baseline", "symprompt"}))
      ->default_str("panta");
  sub.add_option("--llm", args->llm,
                 "Model: openai:MODEL, ollama:MODEL, anthropic:MODEL, cmd:COMMAND, replay:FILE "
                 "(default $PANTA_LLM)");
  sub.add_option("--llm-base-url", args->llm_base_url,
                 "Base URL of an OpenAI-compatible or Anthropic server");
  sub.add_option("--llm-timeout", args->llm_timeout_s, "Time limit per model call, seconds")
      ->default_str("600");
  sub.add_option("--max-iterations", args->engine.max_iterations,
                 "Iterations (default: the class's largest CYC)");
  sub.add_option("--max-no-increase", args->engine.max_no_increase,
                 "Stop after this many rounds without gain")
      ->check(CLI::Range(1, 1000))
      ->default_str("3");
  sub.add_option("--max-path-selections", args->engine.max_path_selections,
                 "Times a path may be selected")
      ->default_str("3");
  sub.add_option("--repair-attempts", args->engine.repair_attempts, "Repairs per failing test")
      ->default_str("3");
  sub.add_option("--test-file", args->engine.test_file,
                 "Test file to write (default: the layout's FooTest.java)");
  sub.add_option("--report", args->report, "Write a JSON report of the run here");
  sub.add_option("--prompt-dir", args->prompt_dir,
                 "Prompt templates (default: those shipped with panta)");
  sub.add_option("--fail-under", args->fail_under,
                 "Exit 1 when branch coverage ends below this percentage");
  sub.add_option("--temperature", args->temperature, "Sampling temperature");
  sub.add_option("--max-tokens", args->max_tokens, "Largest answer, in tokens");
  sub.add_option("--seed", args->seed, "Sampling seed, where the backend supports it");
  sub.add_option("--price-in", args->price_in,
                 "Price per million prompt tokens, to report the cost");
  sub.add_option("--price-out", args->price_out, "Price per million completion tokens");
  sub.add_flag("--resume", args->resume, "Continue an interrupted run (not implemented yet)");
  sub.add_flag("--dry-run", args->dry_run, "Print the first prompt and exit");
  sub.footer(
      "Exit codes: 0 the run completed, 1 no valid test file or --fail-under not met, 2 usage or "
      "project error.");
  return [args] { return run_generate(*args); };
}

}  // namespace panta::cli
