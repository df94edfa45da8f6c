#include <fmt/format.h>

#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/prepared_tests.h"
#include "cli/project_options.h"

namespace panta::cli {
namespace {

using nlohmann::ordered_json;

struct TestArgs {
  ProjectOptions project;
  std::vector<std::string> tests;
  std::string format = "text";
};

void print_text(const runner::RunResult& run) {
  for (const auto& r : run.results) {
    std::cout << fmt::format("{:<8} {}  ({} ms)\n", runner::to_string(r.status), r.id,
                             r.duration_ms);
    if (r.status == runner::TestStatus::kPassed || r.status == runner::TestStatus::kSkipped)
      continue;
    if (!r.message.empty()) std::cout << "         " << r.message << "\n";
    if (!r.stack_trace.empty()) {
      std::string trace = r.stack_trace;
      size_t at = 0;
      while (at < trace.size()) {
        size_t nl = trace.find('\n', at);
        std::cout << "         " << trace.substr(at, nl - at) << "\n";
        if (nl == std::string::npos) break;
        at = nl + 1;
      }
    }
  }
  std::cout << test_counts(run.results) << "\n";
}

ordered_json to_json(const runner::RunResult& run) {
  ordered_json tests = ordered_json::array();
  for (const auto& r : run.results) {
    tests.push_back({{"id", r.id},
                     {"status", runner::to_string(r.status)},
                     {"exception", r.exception},
                     {"message", r.message},
                     {"stack_trace", r.stack_trace},
                     {"duration_ms", r.duration_ms},
                     {"stdout", r.stdout_text},
                     {"stderr", r.stderr_text},
                     {"output_truncated", r.output_truncated}});
  }
  ordered_json out = {{"tests", std::move(tests)}};
  if (!run.restart_note.empty()) out["note"] = run.restart_note;
  return out;
}

int run_tests(const TestArgs& args) {
  ReadyTests ready = ready_tests(args.project, args.tests);
  if (ready.exit_code != 0) return ready.exit_code;
  PreparedTests* prepared = ready.tests.get();
  auto run = prepared->session().run(prepared->tests(), {}, test_timeout(args.project));
  if (!run) {
    std::cerr << "panta: " << run.error().message << "\n";
    return kFailed;
  }
  if (!run->restart_note.empty()) std::cerr << "panta: note: " << run->restart_note << "\n";
  note_classes_without_tests(*run);
  if (args.format == "json") {
    std::cout << to_json(*run).dump(2, ' ', false, ordered_json::error_handler_t::replace) << "\n";
  } else {
    print_text(*run);
  }
  return !run->results.empty() && all_passed(run->results) && prepared->left_out().empty()
             ? kOk
             : kFailed;
}

}  // namespace

Runner define_test(CLI::App& sub) {
  auto args = std::make_shared<TestArgs>();
  add_project_options(sub, args->project);
  sub.add_option("--test", args->tests, "Test class or method to run (FQN[#method]; repeatable)")
      ->required();
  add_format_option_and_footer(sub, args->format);
  return [args] { return run_tests(*args); };
}

}  // namespace panta::cli
