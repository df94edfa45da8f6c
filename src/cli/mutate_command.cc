#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.h"
#include "cli/pit_run.h"
#include "cli/prepared_tests.h"
#include "cli/project_options.h"
#include "mutation/mutation_report.h"

namespace panta::cli {
namespace {
namespace fs = std::filesystem;

struct MutateArgs {
  ProjectOptions project;
  std::string class_name;
  std::vector<std::string> tests;
  std::string format = "text";
  int threads = 1;
  double time_limit_s = 1800;
};

// The test sources of `tests`, or a usage error naming the first that has none.
Result<std::vector<runner::Source>> test_sources(const project::Project& project,
                                                 const std::vector<std::string>& tests) {
  std::vector<runner::Source> out;
  for (const std::string& t : tests) {
    std::string file = test_source_of(project, t);
    std::error_code ec;
    if (!fs::exists(file, ec)) return Error{"--test " + t + ": no source file " + file};
    out.push_back({file, std::nullopt});
  }
  return out;
}

int run_mutate(const MutateArgs& args) {
  std::vector<std::string> tests = args.tests;
  if (tests.empty()) tests.push_back(project::test_class_for(args.class_name));
  std::vector<std::string> hints = tests;
  hints.push_back(args.class_name);
  if (auto s = check_classes_exist(args.project, {args.class_name}); !s) {
    std::cerr << "panta: " << s.error().message << "\n";
    return kUsage;
  }
  auto project = load_project(args.project, hints);
  if (!project) {
    std::cerr << "panta: " << project.error().message << "\n";
    return kUsage;
  }
  if (args.tests.empty()) {
    // The class's test class as Surefire names it (FooTests, TestFoo, ...), once the project
    // is known.
    auto fqn = project::fqn_of(project->test_file_for(args.class_name), project->test_dir);
    if (fqn) tests = {*fqn};
  }
  std::string source = project->source_file_for(args.class_name);
  std::error_code ec;
  if (!fs::exists(source, ec)) {
    std::cerr << "panta: --class " << args.class_name << ": no source file " << source << "\n";
    return kUsage;
  }
  auto sources = test_sources(*project, tests);
  if (!sources) {
    std::cerr << "panta: " << sources.error().message << "\n";
    return kUsage;
  }
  auto prepared = PreparedTests::main_classes_only(*project, args.project);
  if (!prepared) {
    std::cerr << "panta: " << prepared.error().message << "\n";
    return kUsage;
  }
  PitRun run{project::binary_name(args.class_name), tests, std::move(*sources), args.threads,
             std::chrono::seconds(static_cast<long>(args.time_limit_s))};
  auto report =
      run_pit(*project, args.project, (*prepared)->session(), (*prepared)->scratch(), run);
  if (!report) {
    std::cerr << "panta: " << report.error().message << "\n";
    return kFailed;
  }
  if (args.format == "json") {
    std::cout << mutation::report_json(*report).dump(2) << "\n";
  } else {
    std::cout << mutation::report_text(*report);
  }
  return kOk;
}

}  // namespace

Runner define_mutate(CLI::App& sub) {
  auto args = std::make_shared<MutateArgs>();
  add_project_options(sub, args->project);
  sub.add_option("--class", args->class_name, "Class to mutate (FQN)")->required();
  sub.add_option("--test", args->tests,
                 "Test class whose tests must detect the mutants (FQN; repeatable; default: the "
                 "class's test class the build runs, FooTest, FooTests, TestFoo or FooTestCase)");
  sub.add_option("--threads", args->threads, "PIT's threads (JVMs running mutants at once)")
      ->check(CLI::Range(1, 64))
      ->default_str("1");
  sub.add_option("--time-limit", args->time_limit_s,
                 "Time limit of the whole PIT run, in seconds (each mutant's own limit is "
                 "PIT's: its normal time x 1.25 + 4 s)")
      ->check(CLI::Range(1.0, 86400.0))
      ->default_str("1800");
  sub.add_option("--format", args->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_str("text");
  sub.footer(
      "Exit codes: 0 PIT ran, 1 PIT failed (e.g. a test fails without mutation, the tests do "
      "not compile, time limit), 2 usage or project error (no such class or test class).");
  return [args] { return run_mutate(*args); };
}

}  // namespace panta::cli
