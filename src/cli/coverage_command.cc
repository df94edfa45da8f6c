#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "cli/commands.h"
#include "cli/prepared_tests.h"
#include "cli/project_options.h"
#include "coverage/coverage.h"
#include "runner/test_session.h"

namespace panta::cli {
namespace {

using nlohmann::ordered_json;

struct CoverageArgs {
  ProjectOptions project;
  std::vector<std::string> classes;
  std::vector<std::string> tests;
  std::string format = "text";
};

void print_text(const project::Project& project,
                const std::vector<coverage::SourceCoverage>& sources,
                const runner::RunResult& run) {
  for (const auto& s : sources) {
    auto lines = s.line_counter();
    auto branches = s.branch_counter();
    std::cout << fmt::format("{}  ({})\n", s.class_name, project.source_file_for(s.class_name));
    std::cout << fmt::format("  lines     {:5.1f}%  {} of {}\n", lines.percent(), lines.covered,
                             lines.total());
    std::cout << fmt::format("  branches  {:5.1f}%  {} of {}\n", branches.percent(),
                             branches.covered, branches.total());
    std::cout << "  missed lines: " << coverage::line_ranges(s.missed_lines()) << "\n";
    std::cout << "  partly covered lines: " << coverage::line_ranges(s.partly_lines()) << "\n";
  }
  for (const auto& r : run.results) {
    if (r.status == runner::TestStatus::kPassed) continue;
    std::cout << fmt::format("{} {}: {}\n", runner::to_string(r.status), r.id, r.message);
  }
  std::cout << "tests: " << test_counts(run.results) << "\n";
}

ordered_json to_json(const project::Project& project,
                     const std::vector<coverage::SourceCoverage>& sources,
                     const runner::RunResult& run) {
  ordered_json classes = ordered_json::array();
  for (const auto& s : sources) {
    auto lines = s.line_counter();
    auto branches = s.branch_counter();
    ordered_json detail = ordered_json::array();
    for (const auto& [n, l] : s.lines) {
      detail.push_back({{"line", n}, {"mi", l.mi}, {"ci", l.ci}, {"mb", l.mb}, {"cb", l.cb}});
    }
    classes.push_back({{"name", s.class_name},
                       {"source", project.source_file_for(s.class_name)},
                       {"lines", {{"covered", lines.covered}, {"missed", lines.missed}}},
                       {"branches", {{"covered", branches.covered}, {"missed", branches.missed}}},
                       {"missed_lines", s.missed_lines()},
                       {"partly_lines", s.partly_lines()},
                       {"line_detail", std::move(detail)}});
  }
  ordered_json tests = ordered_json::array();
  for (const auto& r : run.results) {
    tests.push_back({{"id", r.id},
                     {"status", runner::to_string(r.status)},
                     {"message", r.message},
                     {"duration_ms", r.duration_ms}});
  }
  ordered_json out = {{"classes", std::move(classes)}, {"tests", std::move(tests)}};
  if (!run.restart_note.empty()) out["note"] = run.restart_note;
  return out;
}

int run_coverage(const CoverageArgs& args) {
  ReadyTests ready = ready_tests(args.project, args.tests);
  if (ready.exit_code != 0) return ready.exit_code;
  const project::Project* project = ready.project.get();
  PreparedTests* prepared = ready.tests.get();
  if (prepared->tests().empty()) {
    std::cerr << "panta: no test classes in " << project->test_dir << " (give them with --test)\n";
    return kFailed;
  }
  std::vector<std::string> classes = args.classes;
  if (classes.empty()) {
    auto all = prepared->session().main_classes();
    if (!all) {
      std::cerr << "panta: " << all.error().message << "\n";
      return kUsage;
    }
    classes = *all;
  }
  auto run = prepared->session().run(prepared->tests(), classes, test_timeout(args.project));
  if (!run) {
    std::cerr << "panta: " << run.error().message << "\n";
    return kFailed;
  }
  if (!run->restart_note.empty()) std::cerr << "panta: note: " << run->restart_note << "\n";
  auto sources = coverage::by_source(run->coverage);
  if (args.format == "json") {
    std::cout << to_json(*project, sources, *run)
                     .dump(2, ' ', false, ordered_json::error_handler_t::replace)
              << "\n";
  } else {
    print_text(*project, sources, *run);
  }
  return all_passed(run->results) ? kOk : kFailed;
}

}  // namespace

Runner define_coverage(CLI::App& sub) {
  auto args = std::make_shared<CoverageArgs>();
  add_project_options(sub, args->project);
  sub.add_option("--class", args->classes,
                 "Class under test (FQN; repeatable; default: all main classes)");
  sub.add_option(
      "--test", args->tests,
      "Test class or method to run (FQN[#method]; repeatable; default: all test classes)");
  add_format_option_and_footer(sub, args->format);
  return [args] { return run_coverage(*args); };
}

}  // namespace panta::cli
