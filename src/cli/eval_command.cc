#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <regex>

#include "cli/commands.h"
#include "cli/stop_signals.h"
#include "core/cancel.h"
#include "core/durable_file.h"
#include "engine/strategy.h"
#include "eval/cell_runner.h"
#include "eval/eval_tables.h"
#include "eval/evaluation.h"
#include "eval/results_store.h"
#include "process/subprocess.h"

namespace panta::cli {
namespace fs = std::filesystem;
namespace {

struct EvalArgs {
  std::string spec;
  int jobs = 0;
  bool retry_failed = false;
  bool report_only = false;
  std::string panta;
};

// Why the mutation column is empty until `panta mutate` (PIT) is part of Panta.
constexpr const char* kNoMutation =
    "not measured: the panta the cells run has no panta mutate (PIT, issue 13)";
constexpr const char* kMutationOff = "not measured: the spec's run.mutation is false";

// Whether the panta the cells run has `panta mutate` (PIT): its help lists the subcommand.
// (`panta mutate --help` is no test: a panta without it prints its own help and exits 0.)
bool has_mutate_command(const std::string& panta) {
  process::SpawnOptions options;
  options.argv = {panta, "--help"};
  auto r = process::run(options, std::chrono::seconds(30));
  static const std::regex listed(R"((^|\n)\s+mutate\s)");
  return r && !r->timed_out && r->exit_code == 0 && std::regex_search(r->out, listed);
}

std::string own_binary() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("panta") : self.string();
}

// tables.md, classes.csv, classes.json and cells.csv in the spec's results folder.
Result<std::string> write_outputs(const eval::EvalSpec& spec,
                                  const std::vector<eval::ChosenClasses>& chosen,
                                  const eval::ResultsStore& store) {
  auto cells = store.all();
  if (!cells) return cells.error();
  std::vector<eval::ClassResult> rows = eval::class_results(spec, chosen, *cells);
  std::string dir = spec.output_dir();
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{dir + ": cannot create the results folder: " + ec.message()};
  std::string tables = (fs::path(dir) / "tables.md").string();
  const std::pair<std::string, std::string> files[] = {
      {tables, eval::tables_markdown(spec, PANTA_VERSION, chosen, rows)},
      {(fs::path(dir) / "classes.csv").string(), eval::class_results_csv(rows)},
      {(fs::path(dir) / "classes.json").string(), eval::class_results_json(rows).dump(2) + "\n"},
      {(fs::path(dir) / "cells.csv").string(), eval::cells_csv(*cells)},
  };
  for (const auto& [path, text] : files) {
    if (auto s = write_durably(path, text); !s) return s.error();
  }
  return tables;
}

int finish(const eval::RunTally& tally, const std::string& tables, bool report_only) {
  if (report_only) {
    std::cout << fmt::format("{} cells finished ({} failed), {} not run; tables in {}\n",
                             tally.already_done, tally.failed, tally.not_run, tables);
    return tally.failed > 0 || tally.not_run > 0 ? kFailed : kOk;
  }
  std::cout << fmt::format(
      "{} cells run now ({} failed), {} finished earlier, {} not run; tables in {}\n",
      tally.done + tally.failed, tally.failed, tally.already_done, tally.not_run, tables);
  if (stop_requested()) return interrupted_exit_code();
  return tally.failed > 0 || tally.not_run > 0 ? kFailed : kOk;
}

// Runs the cells the store does not hold yet, then measures the mutation scores it lacks.
Result<eval::RunTally> run_now(const EvalArgs& args, const eval::EvalSpec& spec,
                               const std::vector<eval::ChosenClasses>& chosen,
                               eval::ResultsStore& store, const std::vector<eval::CellKey>& cells) {
  std::cerr << fmt::format("panta: {} cells, {} at a time; results in {}\n", cells.size(),
                           spec.concurrency, spec.results_path());
  std::string panta = args.panta.empty() ? own_binary() : args.panta;
  eval::MutateProcessMeasure pit(panta, eval::mutate_flags(spec.generate_args));
  bool measure = spec.mutation && has_mutate_command(panta);
  eval::GenerateProcessRunner runner(spec, panta, measure ? &pit : nullptr,
                                     spec.mutation ? kNoMutation : kMutationOff);
  auto say = [](const std::string& line) { std::cerr << "panta: " << line << "\n"; };
  auto ran = eval::run_cells(cells, chosen, store, runner, spec.concurrency, say);
  if (!ran) return ran.error();
  if (measure && !stop_requested()) {
    auto again = eval::measure_missing_mutation(chosen, store, runner, say);
    if (!again) std::cerr << "panta: " << again.error().message << "\n";
  }
  return *ran;
}

int run_eval(const EvalArgs& args) {
  install_stop_handlers();
  auto spec = eval::load_eval_spec(args.spec, engine::strategy_names());
  if (!spec) {
    std::cerr << "panta: " << spec.error().message << "\n";
    return kUsage;
  }
  if (args.jobs > 0) spec->concurrency = args.jobs;
  auto chosen = eval::choose_classes(*spec);
  if (!chosen) {
    std::cerr << "panta: " << chosen.error().message << "\n";
    return kUsage;
  }
  for (const eval::ChosenClasses& c : *chosen) {
    for (const std::string& w : c.warnings)
      std::cerr << "panta: " << c.subject.id << ": " << w << " (skipped)\n";
    std::cerr << fmt::format("panta: {}: {} classes chosen of {}\n", c.subject.id, c.classes.size(),
                             c.surveyed);
  }
  auto store = eval::ResultsStore::open(spec->results_path());
  if (!store) {
    std::cerr << "panta: " << store.error().message << "\n";
    return kUsage;
  }
  if (args.retry_failed) {
    if (auto n = store->forget_failed(); n && *n > 0)
      std::cerr << "panta: running " << *n << " failed cells again\n";
  }
  std::vector<eval::CellKey> cells = eval::plan_cells(*spec, *chosen);
  auto tally = args.report_only ? eval::stored_tally(cells, *store)
                                : run_now(args, *spec, *chosen, *store, cells);
  if (!tally) {
    std::cerr << "panta: " << tally.error().message << "\n";
    return kFailed;
  }
  auto tables = write_outputs(*spec, *chosen, *store);
  if (!tables) {
    std::cerr << "panta: " << tables.error().message << "\n";
    return kFailed;
  }
  return finish(*tally, *tables, args.report_only);
}

}  // namespace

Runner define_eval(CLI::App& sub) {
  auto args = std::make_shared<EvalArgs>();
  sub.add_option("SPEC", args->spec, "The evaluation's spec (TOML; docs/cli/eval.md)")->required();
  sub.add_option("--jobs", args->jobs, "Cells at a time (default: the spec's run.concurrency)")
      ->check(CLI::Range(1, 256));
  sub.add_flag("--retry-failed", args->retry_failed, "Run the cells that failed before again");
  sub.add_flag("--report-only", args->report_only,
               "Run nothing: write the tables from the results recorded so far");
  sub.add_option("--panta", args->panta, "The panta binary the cells run (default: this one)");
  sub.footer(
      "Results go to SPEC's stem + .sqlite beside it (a finished cell is not run again), the "
      "tables and CSV/JSON to SPEC's stem + -results/. Exit codes: 0 every cell done, 1 some "
      "failed or were not run, 2 spec or usage error, 130 interrupted by Ctrl-C, 143 by SIGTERM "
      "(run "
      "again to go on).");
  return [args] { return run_eval(*args); };
}

}  // namespace panta::cli
