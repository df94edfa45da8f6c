#include <fmt/format.h>

#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "cli/commands.h"
#include "cli/html_output.h"
#include "cli/prepared_tests.h"
#include "cli/project_options.h"
#include "coverage/coverage.h"
#include "project/class_targets.h"
#include "report/class_detail.h"
#include "runner/failure_summary.h"
#include "runner/test_session.h"

namespace panta::cli {
namespace {

using nlohmann::ordered_json;

struct CoverageArgs {
  ProjectOptions project;
  std::vector<std::string> classes;
  std::vector<std::string> tests;
  std::string format = "text";
  std::string html;
};

std::string package_of(const std::string& class_name) {
  size_t dot = class_name.rfind('.');
  return dot == std::string::npos ? "(default package)" : class_name.substr(0, dot);
}

struct Totals {
  coverage::Counter lines;
  coverage::Counter branches;
  void add(const coverage::SourceCoverage& s) {
    auto l = s.line_counter();
    auto b = s.branch_counter();
    lines.covered += l.covered;
    lines.missed += l.missed;
    branches.covered += b.covered;
    branches.missed += b.missed;
  }
};

// Per package and for the whole project, in package order; the project under "".
std::map<std::string, Totals> totals_of(const std::vector<coverage::SourceCoverage>& sources) {
  std::map<std::string, Totals> out;
  for (const auto& s : sources) {
    out[package_of(s.class_name)].add(s);
    out[""].add(s);
  }
  return out;
}

// "87.5% (7 of 8)" as `counts` spells the two numbers; "none" when there is nothing to count
// (a class without branches is not "100% (0 of 0)" covered).
std::string share_of(const coverage::Counter& c, std::string_view counts) {
  if (c.total() == 0) return "none";
  return fmt::format("{:5.1f}% ", c.percent()) +
         fmt::format(fmt::runtime(counts), c.covered, c.total());
}

void print_totals(const std::vector<coverage::SourceCoverage>& sources) {
  auto totals = totals_of(sources);
  auto line = [](const std::string& what, const std::string& name, const Totals& t) {
    std::cout << fmt::format("{:<9} {}  lines {}, branches {}\n", what, name,
                             share_of(t.lines, "({} of {})"), share_of(t.branches, "({} of {})"));
  };
  for (const auto& [package, t] : totals) {
    if (!package.empty()) line("package", package, t);
  }
  if (totals.count("") != 0) line("project", "(all classes)", totals[""]);
}

void print_text(const project::Project& project,
                const std::vector<coverage::SourceCoverage>& sources, const runner::RunResult& run,
                const std::vector<runner::TestSession::LeftOut>& left_out) {
  for (const auto& s : sources) {
    auto lines = s.line_counter();
    auto branches = s.branch_counter();
    std::cout << fmt::format("{}  ({})\n", s.class_name, project.source_file_for(s.class_name));
    std::cout << "  lines     " << share_of(lines, " {} of {}") << "\n";
    std::cout << "  branches  " << share_of(branches, " {} of {}") << "\n";
    std::cout << "  missed lines: " << coverage::line_ranges(s.missed_lines()) << "\n";
    std::cout << "  partly covered lines: " << coverage::line_ranges(s.partly_lines()) << "\n";
  }
  for (const auto& r : run.results) {
    if (r.status == runner::TestStatus::kPassed) continue;
    std::cout << fmt::format("{} {}: {}\n", runner::to_string(r.status), r.id,
                             runner::failure_summary(r));
  }
  for (const auto& l : left_out) std::cout << "left out, does not compile: " << l.error << "\n";
  std::cout << "tests: " << test_counts(run.results)
            << (left_out.empty() ? "" : fmt::format(" ({} test files left out)", left_out.size()))
            << "\n";
  print_totals(sources);
}

ordered_json totals_json(const std::vector<coverage::SourceCoverage>& sources) {
  ordered_json packages = ordered_json::array();
  ordered_json project;
  for (const auto& [package, t] : totals_of(sources)) {
    ordered_json entry = {
        {"lines", {{"covered", t.lines.covered}, {"missed", t.lines.missed}}},
        {"branches", {{"covered", t.branches.covered}, {"missed", t.branches.missed}}}};
    if (package.empty()) {
      project = std::move(entry);
    } else {
      entry["name"] = package;
      packages.push_back(std::move(entry));
    }
  }
  return {{"packages", std::move(packages)}, {"project", std::move(project)}};
}

ordered_json to_json(const project::Project& project,
                     const std::vector<coverage::SourceCoverage>& sources,
                     const runner::RunResult& run,
                     const std::vector<runner::TestSession::LeftOut>& left_out) {
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
  ordered_json left = ordered_json::array();
  for (const auto& l : left_out) left.push_back({{"file", l.file}, {"error", l.error}});
  ordered_json totals = totals_json(sources);
  ordered_json out = {{"classes", std::move(classes)},
                      {"tests", std::move(tests)},
                      {"left_out", std::move(left)},
                      {"packages", std::move(totals["packages"])},
                      {"project", std::move(totals["project"])}};
  if (!run.restart_note.empty()) out["note"] = run.restart_note;
  return out;
}

// --html: a page per class with its source and CFGs coloured by this run's coverage.
Status write_coverage_html(const project::Project& project,
                           const std::vector<coverage::SourceCoverage>& sources,
                           const std::string& dir) {
  std::vector<ordered_json> entries;
  for (const auto& s : sources) {
    ordered_json e = {{"class", s.class_name},
                      {"status", "measured"},
                      {"final",
                       {{"line_coverage", s.line_counter().percent()},
                        {"branch_coverage", s.branch_counter().percent()}}}};
    auto detail =
        report::class_detail_of_file(project.source_file_for(s.class_name), project.encoding, s);
    if (detail) {
      e["detail"] = std::move(*detail);
    } else {
      e["error"] = detail.error().message;
    }
    entries.push_back(std::move(e));
  }
  return write_html_report(dir, entries, report::HtmlOptions{0, 0, "Panta coverage"});
}

// The classes --class names (classes, packages, folders, as `generate` takes them), or all.
Result<std::vector<std::string>> classes_under_test(const project::Project& project,
                                                    runner::TestSession& session,
                                                    const std::vector<std::string>& targets) {
  if (targets.empty()) return session.main_classes();
  std::set<std::string> classes;
  for (const std::string& target : targets) {
    auto resolved = project::resolve_class_target(project, target);
    if (!resolved) return resolved.error();
    if (resolved->empty()) return Error{"--class " + target + ": no class matches it"};
    classes.insert(resolved->begin(), resolved->end());
  }
  return std::vector<std::string>(classes.begin(), classes.end());
}

int run_coverage(const CoverageArgs& args) {
  ReadyTests ready = ready_tests(args.project, args.tests, args.classes);
  if (ready.exit_code != 0) return ready.exit_code;
  const project::Project* project = ready.project.get();
  PreparedTests* prepared = ready.tests.get();
  if (prepared->tests().empty()) {
    std::cerr << "panta: no test classes in " << project->test_dir << " (give them with --test)\n";
    return kFailed;
  }
  auto classes = classes_under_test(*project, prepared->session(), args.classes);
  if (!classes) {
    std::cerr << "panta: " << classes.error().message << "\n";
    return kUsage;
  }
  auto run = prepared->session().run(prepared->tests(), *classes, test_timeout(args.project));
  if (!run) {
    std::cerr << "panta: " << run.error().message << "\n";
    return kFailed;
  }
  if (!run->restart_note.empty()) std::cerr << "panta: note: " << run->restart_note << "\n";
  note_classes_without_tests(*run);
  auto sources = coverage::by_source(run->coverage);
  if (args.format == "json") {
    std::cout << to_json(*project, sources, *run, prepared->left_out())
                     .dump(2, ' ', false, ordered_json::error_handler_t::replace)
              << "\n";
  } else {
    print_text(*project, sources, *run, prepared->left_out());
  }
  if (!args.html.empty()) {
    if (auto s = write_coverage_html(*project, sources, args.html); !s) {
      std::cerr << "panta: " << s.error().message << "\n";
      return kFailed;
    }
  }
  return all_passed(run->results) && prepared->left_out().empty() ? kOk : kFailed;
}

}  // namespace

Runner define_coverage(CLI::App& sub) {
  auto args = std::make_shared<CoverageArgs>();
  add_project_options(sub, args->project);
  sub.add_option("--class", args->classes,
                 "Class under test: a class, a package (org.x or org.x.*) or a folder or file "
                 "under the source folder (repeatable; default: all main classes)");
  sub.add_option(
      "--test", args->tests,
      "Test class or method to run (FQN[#method]; repeatable; default: all test classes)");
  sub.add_option("--html", args->html,
                 "Also write an HTML report into this folder: per class its source and its "
                 "methods' CFGs coloured by coverage");
  add_format_option_and_footer(sub, args->format);
  return [args] { return run_coverage(*args); };
}

}  // namespace panta::cli
