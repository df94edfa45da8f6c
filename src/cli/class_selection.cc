// Which classes a `panta generate` of several runs, and in which order: --shard, --skip-above
// and --order gain, from one run of the classes' current tests with coverage.
#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "analyze/analysis.h"
#include "cli/generate_run.h"
#include "coverage/coverage.h"
#include "engine/class_order.h"

namespace panta::cli {
namespace fs = std::filesystem;
namespace {

// "pkg.FooTest" for test_dir/pkg/FooTest.java.
std::string test_class_of(const project::Project& project, const std::string& file) {
  std::string rel =
      fs::path(file).lexically_relative(project.test_dir).replace_extension().string();
  for (char& c : rel) {
    if (c == '/') c = '.';
  }
  return rel;
}

}  // namespace

// A class without a test file: two branches per decision of its methods under test, all missed.
engine::ClassGap untested_gap(const project::Project& project, const std::string& cls) {
  analyze::AnalyzeOptions options;
  options.paths = {1, 1};  // only the graphs are needed, not the paths
  options.jobs = 1;
  analyze::FileAnalysis file = analyze::analyze_file(project.source_file_for(cls), options);
  int64_t branches = 0;
  for (const analyze::ClassAnalysis& c : file.classes) {
    for (const analyze::MethodAnalysis& m : c.methods) {
      if (m.graph) branches += 2 * m.graph->decisions();
    }
  }
  return {cls, branches, branches, 0, 0, true};
}

// What the current tests of `classes` cover: the test files that exist (and compile) run once
// together in `session`, with coverage of their classes; the others count as untested.
Result<std::vector<engine::ClassGap>> measure_gaps(const project::Project& project,
                                                   runner::TestSession& session,
                                                   const std::vector<std::string>& classes,
                                                   std::chrono::milliseconds test_timeout) {
  std::vector<engine::ClassGap> gaps;
  std::vector<std::string> files, tested;
  for (const std::string& c : classes) {
    std::string file = project.test_file_for(c);
    std::error_code ec;
    if (!fs::exists(file, ec)) {
      gaps.push_back(untested_gap(project, c));
      continue;
    }
    files.push_back(file);
    tested.push_back(c);
  }
  if (files.empty()) return gaps;
  std::vector<runner::TestSession::LeftOut> left_out;
  auto compiled = session.compile_tests_leaving_out(files, left_out);
  if (!compiled) return compiled.error();
  std::vector<std::string> tests;
  for (const std::string& f : files) {
    bool out = std::any_of(left_out.begin(), left_out.end(),
                           [&](const runner::TestSession::LeftOut& l) { return l.file == f; });
    if (!out && compiled->success) tests.push_back(test_class_of(project, f));
  }
  if (tests.empty()) return gaps;  // none compiles: the tested classes keep their order
  auto run = session.run(tests, tested, test_timeout);
  if (!run) return run.error();
  for (const coverage::SourceCoverage& s : coverage::by_source(run->coverage)) {
    auto lines = s.line_counter();
    auto branches = s.branch_counter();
    gaps.push_back(
        {s.class_name, branches.missed, branches.total(), lines.missed, lines.total(), false});
  }
  return gaps;
}

std::vector<std::string> shard_classes(const GenerateArgs& args, std::vector<std::string> classes) {
  if (args.shard.empty()) return classes;
  auto shard = engine::parse_shard(args.shard);  // checked when parsed
  if (!shard) return classes;
  size_t all = classes.size();
  classes = engine::classes_of_shard(classes, *shard);
  std::cerr << fmt::format("panta: shard {}/{}: {} of {} classes\n", shard->k, shard->n,
                           classes.size(), all);
  return classes;
}

std::vector<std::string> order_classes(GenerateRun& run, std::vector<std::string> classes) {
  const GenerateArgs& args = run.args;
  bool by_gain = args.order == "gain" && classes.size() > 1;
  if (!by_gain && args.skip_above < 0) return classes;
  if (classes.empty() || args.dry_run) return classes;
  auto gaps =
      measure_gaps(run.project, run.prepared->session(), classes, test_timeout(args.project));
  if (!gaps) {
    std::cerr << "panta: note: the classes' current coverage cannot be measured, so they run in "
                 "name order and none is skipped: "
              << gaps.error().message << "\n";
    return classes;
  }
  if (args.skip_above >= 0) {
    for (const std::string& c : classes) {
      auto gap = engine::gap_of(*gaps, c);
      if (!gap || gap->percent() <= args.skip_above) continue;
      run.skipped[c] = fmt::format("its tests cover {:.1f}% already (--skip-above {:g})",
                                   gap->percent(), args.skip_above);
    }
  }
  return by_gain ? engine::order_by_gain(classes, *gaps) : classes;
}

}  // namespace panta::cli
