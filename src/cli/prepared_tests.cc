#include "cli/prepared_tests.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>

#include "cli/commands.h"

namespace panta::cli {
namespace fs = std::filesystem;

std::string test_counts(const std::vector<runner::TestResult>& results) {
  std::map<std::string, int> counts;
  for (const auto& r : results) ++counts[runner::to_string(r.status)];
  return fmt::format("{} passed, {} failed, {} errors, {} skipped, {} timed out", counts["passed"],
                     counts["failed"], counts["error"], counts["skipped"], counts["timeout"]);
}

bool all_passed(const std::vector<runner::TestResult>& results) {
  for (const auto& r : results) {
    if (r.status != runner::TestStatus::kPassed && r.status != runner::TestStatus::kSkipped)
      return false;
  }
  return true;
}

void add_format_option_and_footer(CLI::App& sub, std::string& format) {
  sub.add_option("--format", format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_str("text");
  sub.footer(
      "Exit codes: 0 all tests passed, 1 a test failed or the tests did not compile, 2 usage or "
      "project error.");
}

std::string test_source_of(const project::Project& project, const std::string& spec) {
  std::string fqn = spec.substr(0, spec.find('#'));
  fqn = fqn.substr(0, fqn.find('$'));
  std::string path = fqn;
  for (char& c : path) {
    if (c == '.') c = '/';
  }
  return (fs::path(project.test_dir) / (path + ".java")).string();
}

Result<std::unique_ptr<PreparedTests>> PreparedTests::main_classes_only(
    const project::Project& project, const ProjectOptions& options) {
  auto lock = project::ProjectLock::acquire(project.root);
  if (!lock) return lock.error();
  std::unique_ptr<PreparedTests> p(new PreparedTests(std::move(*lock)));
  auto helper = HelperSession::start(project, options);
  if (!helper) return helper.error();
  p->helper_ = std::move(*helper);
  auto session = runner::TestSession::open(project, p->helper_->runner(), p->helper_->scratch());
  if (!session) return session.error();
  p->session_.emplace(std::move(*session));
  return p;
}

Result<std::unique_ptr<PreparedTests>> PreparedTests::prepare(
    const project::Project& project, const ProjectOptions& options,
    const std::vector<std::string>& tests) {
  std::vector<std::string> files;
  for (const std::string& t : tests) {
    std::string file = test_source_of(project, t);
    std::error_code ec;
    if (!fs::exists(file, ec)) return Error{"test " + t + ": no source file " + file};
    if (std::find(files.begin(), files.end(), file) == files.end()) files.push_back(file);
  }
  auto ready = main_classes_only(project, options);
  if (!ready) return ready.error();
  std::unique_ptr<PreparedTests> p = std::move(*ready);
  auto compiled = p->session_->compile_tests_leaving_out(files, p->left_out_);
  if (!compiled) return compiled.error();
  if (!compiled->success) {
    p->compile_errors_ = runner::format_diagnostics(compiled->diagnostics);
    return p;
  }
  std::vector<std::string> candidates = tests;
  if (candidates.empty()) {
    auto discovered = p->session_->discover_test_classes();
    if (!discovered) return discovered.error();
    candidates = std::move(*discovered);
  }
  for (const std::string& t : candidates) {
    std::string file = test_source_of(project, t);
    bool left_out =
        std::any_of(p->left_out_.begin(), p->left_out_.end(),
                    [&](const runner::TestSession::LeftOut& l) { return l.file == file; });
    if (!left_out) p->tests_.push_back(t);
  }
  if (p->tests_.empty() && !p->left_out_.empty()) {
    for (const auto& l : p->left_out_) p->compile_errors_ += l.error + "\n";
  }
  return p;
}

ReadyTests ready_tests(const ProjectOptions& options, const std::vector<std::string>& tests,
                       const std::vector<std::string>& hints) {
  ReadyTests ready;
  if (auto s = check_classes_exist(options, hints); !s) {  // before the build is asked
    std::cerr << "panta: " << s.error().message << "\n";
    ready.exit_code = kUsage;
    return ready;
  }
  std::vector<std::string> all_hints = hints;
  all_hints.insert(all_hints.end(), tests.begin(), tests.end());
  auto project = load_project(options, all_hints);
  if (!project) {
    std::cerr << "panta: " << project.error().message << "\n";
    ready.exit_code = kUsage;
    return ready;
  }
  ready.project = std::make_unique<project::Project>(std::move(*project));
  auto prepared = PreparedTests::prepare(*ready.project, options, tests);
  if (!prepared) {
    std::cerr << "panta: " << prepared.error().message << "\n";
    ready.exit_code = kUsage;
    return ready;
  }
  ready.tests = std::move(*prepared);
  if (!ready.tests->compile_errors().empty()) {
    std::cerr << "panta: the tests do not compile:\n" << ready.tests->compile_errors();
    ready.exit_code = kFailed;
    return ready;
  }
  for (const auto& l : ready.tests->left_out()) {
    std::cerr << "panta: left out, does not compile: " << l.error << "\n";
  }
  return ready;
}

void note_classes_without_tests(const runner::RunResult& run) {
  if (run.classes_without_tests.empty()) return;
  std::string names;
  for (const std::string& c : run.classes_without_tests) names += (names.empty() ? "" : ", ") + c;
  std::cerr << "panta: note: no test in " << names
            << " (test data or helpers that Surefire's patterns take; it runs nothing of them "
               "either)\n";
}

}  // namespace panta::cli
