#include "engine/test_validator.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <tuple>

#include "java/source_text.h"

namespace panta::engine {
namespace fs = std::filesystem;

namespace {

constexpr const char* kProbeUnit = "probe";
constexpr const char* kTestsUnit = "tests";
constexpr const char* kStore = "panta-generate";

// "failed: org.opentest4j.AssertionFailedError: expected ...\n<trace>"
std::string describe(const runner::TestResult& r) {
  return fmt::format("{}: {}{}\n{}", runner::to_string(r.status),
                     r.exception.empty() ? "" : r.exception + ": ", r.message, r.stack_trace);
}

// A run of the unit "tests" holding generated tests.
runner::TestSession::RunOptions generated_run() {
  runner::TestSession::RunOptions opts;
  opts.generated = true;
  return opts;
}

bool passed_or_skipped(const runner::TestResult& r) {
  return r.status == runner::TestStatus::kPassed || r.status == runner::TestStatus::kSkipped;
}

coverage::SourceCoverage coverage_of(const runner::RunResult& run) {
  auto sources = coverage::by_source(run.coverage);
  return sources.empty() ? coverage::SourceCoverage{} : sources.front();
}

std::vector<std::string> names_of(const std::vector<Candidate>& tests) {
  std::vector<std::string> out;
  for (const Candidate& c : tests) out.push_back(c.test.name);
  return out;
}

}  // namespace

std::string diagnostics_with_lines(const std::vector<runner::Diagnostic>& diagnostics,
                                   const std::string& text,
                                   const std::function<uint32_t(uint32_t)>& line_in_file) {
  java::SourceText src("test", text);
  std::string out;
  for (const auto& d : diagnostics) {
    if (d.kind != "error") continue;
    int64_t line =
        d.line > 0 && line_in_file ? line_in_file(static_cast<uint32_t>(d.line)) : d.line;
    // javac's message has its details on more lines ("symbol: ...", "location: ...").
    out += fmt::format("line {}: error: {}\n", line, java::collapse_whitespace(d.message, 500));
    if (d.line > 0) {
      out += fmt::format("    {}\n",
                         java::collapse_whitespace(src.line(static_cast<uint32_t>(d.line)), 300));
    }
  }
  return out;
}

std::vector<junit::TestFile::Addition> additions(const std::vector<Candidate>& tests) {
  std::vector<junit::TestFile::Addition> out;
  for (const Candidate& c : tests) out.push_back({c.test, &c.from});
  return out;
}

/// An answer's tests in one probe, with the compile errors javac pinned on each.
struct TestValidator::Batch {
  Probe probe;
  std::vector<Verdict> verdicts;
  std::vector<bool> compiled;
};

namespace {

std::vector<Verdict> verdicts_of(const std::vector<junit::TestMethod>& added) {
  std::vector<Verdict> out;
  for (const auto& t : added) {
    Verdict v;
    v.name = t.name;
    v.code = t.code;
    out.push_back(std::move(v));
  }
  return out;
}

std::vector<junit::TestFile::Addition> additions(const std::vector<junit::TestMethod>& tests,
                                                 const junit::ExtractedTests& from) {
  std::vector<junit::TestFile::Addition> out;
  for (const auto& t : tests) out.push_back({t, &from});
  return out;
}

}  // namespace

TestValidator::TestValidator(runner::TestSession& session, const ClassUnderTest& cut,
                             ValidatorOptions options)
    : session_(&session), cut_(&cut), options_(options) {}

bool TestValidator::belongs_to(const runner::TestResult& r, const std::string& name) const {
  const std::string id = cut_->test_fqn + "#" + name;
  const std::string nested = cut_->test_fqn + "$" + name;  // a @Nested class
  auto starts = [](const std::string& s, const std::string& prefix) {
    return s.rfind(prefix, 0) == 0;
  };
  return r.id == id || starts(r.id, id + "[") || r.id == cut_->test_fqn ||
         r.id.find("[method:" + name + "(") != std::string::npos || r.id == nested ||
         starts(r.id, nested + "#") || starts(r.id, nested + "$");
}

std::string TestValidator::failure_of(const runner::RunResult& run, const std::string& name,
                                      bool* skipped, const runner::TestResult** failed) const {
  bool seen = false;
  std::string skip;
  for (const auto& r : run.results) {
    if (!belongs_to(r, name)) continue;
    seen = true;
    if (r.status == runner::TestStatus::kSkipped) {
      skip = describe(r);
    } else if (r.status != runner::TestStatus::kPassed) {
      if (failed != nullptr) *failed = &r;
      return describe(r);
    }
  }
  if (skipped != nullptr) *skipped = seen && !skip.empty();
  if (!seen) return "the test did not run";
  return skip;
}

bool TestValidator::left_something(const runner::RunResult& run, const std::string& name) const {
  // Not an answer forged on the channel: which test of the run did that, only a run of each
  // alone tells.
  return std::any_of(run.results.begin(), run.results.end(), [&](const runner::TestResult& r) {
    return belongs_to(r, name) && !r.channel_forged &&
           (!r.tampering.empty() || !r.left_behind.empty());
  });
}

void TestValidator::judge(Verdict& v, const runner::RunResult& run, const Probe* probe) const {
  const runner::TestResult* failed = nullptr;
  v.error = failure_of(run, v.name, &v.skipped, &failed);
  v.failure.reset();
  if (failed != nullptr) {
    v.failure = *failed;
    v.failure->stdout_text.clear();  // what the repair prompt shows is in `error`
    v.failure->stderr_text.clear();
  }
  v.tampering = run.tampering_outside_tests;
  for (const auto& r : run.results) {
    if (belongs_to(r, v.name) && !r.tampering.empty()) v.tampering = r.tampering;
  }
  if (!v.tampering.empty() && v.error.empty()) v.error = "tampering: " + v.tampering;
  if (probe != nullptr) {
    std::string file = fs::path(cut_->test_path).filename().string();
    v.error = probe->in_file_lines(v.error, file);
    if (v.failure) v.failure->stack_trace = probe->in_file_lines(v.failure->stack_trace, file);
  }
  v.passed = v.error.empty();
  if (v.passed || v.skipped) v.failure.reset();
}

Result<ClassRun> TestValidator::run_class(const junit::TestFile& file) {
  auto compiled = session_->compile_test_text(cut_->test_path, file.text(), kTestsUnit);
  if (!compiled) return compiled.error();
  ClassRun out;
  if (!compiled->success) {
    out.compile_errors = runner::format_diagnostics(compiled->diagnostics);
    return out;
  }
  out.compiled = true;
  store_runs_ = 0;
  merged_names_.clear();
  if (file.test_names().empty()) {
    // Nothing to run: what the other tests cover, else no counters either (0 %).
    if (!base_store_.empty()) out.coverage = base_coverage_;
    return out;
  }
  runner::TestSession::RunOptions opts{kTestsUnit, kStore, true, false, base_store_, true};
  auto run = session_->run({cut_->test_fqn}, {cut_->class_name}, options_.test_timeout, opts);
  if (!run) return run.error();
  for (const auto& r : run->results) {
    if (!passed_or_skipped(r)) out.failures.push_back(r);
  }
  out.coverage = coverage_of(*run);
  store_runs_ = run->coverage_store_runs;
  store_coverage_ = out.coverage;
  return out;
}

Result<const runner::TestSession::Suite*> TestValidator::start_from_suite() {
  auto suite = session_->suite(options_.test_timeout);
  if (!suite) return suite.error();
  if ((*suite)->classes.empty()) return static_cast<const runner::TestSession::Suite*>(nullptr);
  base_store_ = (*suite)->store;
  auto it = (*suite)->coverage.find(cut_->class_name);
  base_coverage_ = it != (*suite)->coverage.end() ? it->second : coverage::SourceCoverage{};
  return *suite;
}

Result<runner::RunResult> TestValidator::run_probe(const std::vector<std::string>& names,
                                                   bool merge) {
  std::vector<std::string> specs;
  for (const std::string& n : names) specs.push_back(cut_->test_fqn + "#" + n);
  runner::TestSession::RunOptions opts;
  opts.unit = kProbeUnit;
  opts.generated = true;
  std::vector<std::string> coverage_classes;
  if (merge) {
    coverage_classes = {cut_->class_name};
    opts.coverage_store = kStore;
    opts.coverage_store_reset = store_runs_ == 0;
    opts.coverage_store_if_passed = true;
    opts.coverage_store_base = base_store_;
  }
  auto run = session_->run(specs, coverage_classes, options_.test_timeout, opts);
  if (!run || !merge) return run;
  merged_names_.clear();
  if (!run->coverage_store_merged) return run;
  if (run->coverage_store_runs != store_runs_ + 1) {
    store_runs_ = -1;  // the helper was restarted and lost the store: measure anew
    return run;
  }
  ++store_runs_;
  merged_names_ = names;
  store_coverage_ = coverage_of(*run);
  return run;
}

Result<std::optional<TestValidator::Batch>> TestValidator::compile_batch(
    const junit::TestFile& file, const std::vector<junit::TestMethod>& tests,
    const junit::ExtractedTests& from, const std::vector<Candidate>& accepted) {
  Batch b{Probe(file, additions(accepted)), {}, std::vector<bool>(tests.size(), true)};
  b.verdicts = verdicts_of(b.probe.add(additions(tests, from)));
  for (int round = 0;; ++round) {
    auto compiled = session_->compile_test_text(cut_->test_path, b.probe.file().text(), kProbeUnit);
    if (!compiled) return compiled.error();
    if (compiled->success) return std::optional<Batch>(std::move(b));
    if (round == 2) return std::optional<Batch>();
    std::map<size_t, std::vector<runner::Diagnostic>> by_test;
    for (const auto& d : compiled->diagnostics) {
      if (d.kind != "error") continue;
      if (!d.file.empty() && fs::path(d.file).filename() != fs::path(cut_->test_path).filename())
        return std::optional<Batch>();  // in another source javac compiled along
      std::optional<size_t> owner;
      for (size_t i = 0; i < tests.size() && !owner; ++i) {
        auto [first, last] = b.probe.file().test_lines(b.verdicts[i].name);
        if (b.compiled[i] && d.line >= static_cast<int>(first) && d.line <= static_cast<int>(last))
          owner = i;
      }
      if (!owner) return std::optional<Batch>();  // in a helper, an import, the user's code...
      by_test[*owner].push_back(d);
    }
    auto snapshot = std::make_shared<const Probe>(b.probe);  // the text these errors refer to
    for (auto& [i, diagnostics] : by_test) {
      b.verdicts[i].context = snapshot;
      b.verdicts[i].compile_error = true;
      b.verdicts[i].error =
          diagnostics_with_lines(diagnostics, b.probe.file().text(), b.probe.mapper());
      b.compiled[i] = false;
    }
    for (auto& [i, diagnostics] : by_test) b.probe.remove(b.verdicts[i].name);
  }
}

Result<std::vector<Verdict>> TestValidator::run_batch(Batch b) {
  std::vector<std::string> names;
  for (size_t i = 0; i < b.verdicts.size(); ++i) {
    if (b.compiled[i]) names.push_back(b.verdicts[i].name);
  }
  if (names.empty()) return b.verdicts;
  auto together = run_probe(names, true);
  if (!together) return together.error();
  auto snapshot = std::make_shared<const Probe>(b.probe);
  for (size_t i = 0; i < b.verdicts.size(); ++i) {
    if (!b.compiled[i]) continue;
    Verdict& v = b.verdicts[i];
    v.context = snapshot;
    judge(v, *together, &b.probe);
    if (v.passed || v.skipped || left_something(*together, v.name)) continue;
    // Alone, to tell a test that fails from one that others make fail (commit sorts those out);
    // not a test the sandbox failed for what it tried or left behind, which is its own doing
    // (and which a second run may not see: the files it wrote are there already).
    auto alone = run_probe({v.name}, false);
    if (!alone) return alone.error();
    judge(v, *alone, &b.probe);
  }
  return b.verdicts;
}

Result<std::vector<Verdict>> TestValidator::try_one_by_one(
    const junit::TestFile& file, const std::vector<junit::TestMethod>& tests,
    const junit::ExtractedTests& from, const std::vector<Candidate>& accepted) {
  std::vector<Verdict> out;
  for (const auto& test : tests) {
    auto probe = std::make_shared<Probe>(file, additions(accepted));
    Verdict v = verdicts_of(probe->add(additions({test}, from))).front();
    v.context = probe;
    auto compiled = session_->compile_test_text(cut_->test_path, probe->file().text(), kProbeUnit);
    if (!compiled) return compiled.error();
    if (!compiled->success) {
      v.compile_error = true;
      v.error =
          diagnostics_with_lines(compiled->diagnostics, probe->file().text(), probe->mapper());
    } else {
      auto alone = run_probe({v.name}, false);
      if (!alone) return alone.error();
      judge(v, *alone, probe.get());
    }
    out.push_back(std::move(v));
  }
  return out;
}

std::string TestValidator::breaks_the_class() {
  auto whole = session_->run({cut_->test_fqn}, {}, options_.test_timeout, generated_run());
  if (!whole) return whole.error().message;
  for (const auto& r : whole->results) {
    if (passed_or_skipped(r) || known_failures_.count(r.id) != 0) continue;
    return r.id + " " + describe(r);
  }
  return "";
}

Result<std::vector<Verdict>> TestValidator::try_naively(const junit::TestFile& file,
                                                        const std::vector<junit::TestMethod>& tests,
                                                        const junit::ExtractedTests& from,
                                                        const std::vector<Candidate>& accepted) {
  junit::TestFile working = file;
  working.add_tests(additions(accepted));
  std::vector<Verdict> out;
  for (const auto& test : tests) {
    junit::TestFile candidate = working;
    Verdict v;
    v.name = candidate.add_test(test, from);
    v.code = candidate.test_code(v.name);
    auto compiled = session_->compile_test_text(cut_->test_path, candidate.text(), kTestsUnit);
    if (!compiled) return compiled.error();
    if (!compiled->success) {
      v.compile_error = true;
      v.error = diagnostics_with_lines(compiled->diagnostics, candidate.text());
      out.push_back(std::move(v));
      continue;
    }
    auto alone =
        session_->run({cut_->test_fqn + "#" + v.name}, {}, options_.test_timeout, generated_run());
    if (!alone) return alone.error();
    judge(v, *alone, nullptr);
    if (v.passed) {
      std::string broken = breaks_the_class();
      if (!broken.empty()) v.error = "it passes alone but breaks the test class: " + broken;
    }
    v.passed = v.error.empty();
    if (v.passed || v.skipped) working = std::move(candidate);
    out.push_back(std::move(v));
  }
  return out;
}

Result<std::vector<Verdict>> TestValidator::try_tests(const junit::TestFile& file,
                                                      const std::vector<junit::TestMethod>& tests,
                                                      const junit::ExtractedTests& from,
                                                      const std::vector<Candidate>& accepted) {
  if (tests.empty()) return std::vector<Verdict>{};
  if (options_.check_each_test_in_class) return try_naively(file, tests, from, accepted);
  auto batch = compile_batch(file, tests, from, accepted);
  if (!batch) return batch.error();
  if (!*batch) return try_one_by_one(file, tests, from, accepted);
  return run_batch(std::move(**batch));
}

Result<Verdict> TestValidator::try_for_gain(const junit::TestFile& file,
                                            const junit::TestMethod& test,
                                            const junit::ExtractedTests& from,
                                            const std::vector<Candidate>& accepted, bool& gained) {
  gained = false;
  auto probe = std::make_shared<Probe>(file, additions(accepted));
  Verdict v = verdicts_of(probe->add(additions({test}, from))).front();
  v.context = probe;
  auto compiled = session_->compile_test_text(cut_->test_path, probe->file().text(), kProbeUnit);
  if (!compiled) return compiled.error();
  if (!compiled->success) {
    v.compile_error = true;
    v.error = diagnostics_with_lines(compiled->diagnostics, probe->file().text(), probe->mapper());
    return v;
  }
  auto before = store_coverage_;
  bool measured = store_runs_ > 0;
  auto run = run_probe({v.name}, true);
  if (!run) return run.error();
  judge(v, *run, probe.get());
  // A line that ran only in part and now runs whole is a gain too (a lambda, the rest of a
  // condition), though JaCoCo counted it covered before.
  auto covered = [](const coverage::SourceCoverage& c) {
    size_t whole = 0;
    for (const auto& [line, l] : c.lines) whole += l.covered() && !l.partly() ? 1 : 0;
    return std::make_tuple(c.line_counter().covered, c.branch_counter().covered, whole);
  };
  // Without a store to compare with (a restarted helper), a passing test is given the benefit.
  gained =
      v.passed && (!measured || store_runs_ <= 0 || covered(store_coverage_) != covered(before));
  return v;
}

Result<Verdict> TestValidator::run_again(const Verdict& failed) {
  Verdict v = failed;
  if (!failed.context) return Error{"no probe to run " + failed.name + " in again"};
  const Probe& probe = *failed.context;
  auto compiled = session_->compile_test_text(cut_->test_path, probe.file().text(), kProbeUnit);
  if (!compiled) return compiled.error();
  if (!compiled->success) {
    v.passed = false;
    v.failure.reset();
    v.error = "its probe no longer compiles";
    return v;
  }
  auto alone = run_probe({v.name}, false);
  if (!alone) return alone.error();
  judge(v, *alone, &probe);
  return v;
}

std::string TestValidator::repair_view(const std::vector<Verdict>& failing) const {
  std::string out;
  std::vector<std::pair<const Probe*, std::vector<const Verdict*>>> by_probe;
  for (const Verdict& v : failing) {
    auto it = std::find_if(by_probe.begin(), by_probe.end(),
                           [&v](const auto& p) { return p.first == v.context.get(); });
    if (it == by_probe.end()) {
      by_probe.push_back({v.context.get(), {&v}});
    } else {
      it->second.push_back(&v);
    }
  }
  // Members and the class's head are shown once, however many probes the tests were tried in.
  junit::TestFile::ViewShown shown;
  for (const auto& [probe, tests] : by_probe) {
    if (!out.empty()) out += "      ...\n";
    if (probe == nullptr) {  // validated the slow way: the test alone
      for (const Verdict* v : tests) out += v->code + "\n";
      continue;
    }
    std::vector<std::string> names;
    std::map<std::string, std::string> written;
    for (const Verdict* v : tests) {
      names.push_back(v->name);
      written[v->name] = v->code;
    }
    out += probe->view(names, written, &shown);
  }
  return out;
}

Result<bool> TestValidator::passes_together(const junit::TestFile& file,
                                            const std::vector<Candidate>& tests,
                                            std::string& failure) {
  Probe probe(file, additions(tests));
  auto compiled = session_->compile_test_text(cut_->test_path, probe.file().text(), kProbeUnit);
  if (!compiled) return compiled.error();
  if (!compiled->success) {
    failure = "the test class no longer compiles";
    return false;
  }
  auto run = run_probe(names_of(tests), false);
  if (!run) return run.error();
  for (const Candidate& c : tests) {
    bool skipped = false;  // a skipped test (an assumption that does not hold) breaks nothing
    std::string why = probe.in_file_lines(failure_of(*run, c.test.name, &skipped),
                                          fs::path(cut_->test_path).filename().string());
    if (!why.empty() && !skipped) {
      failure = cut_->test_fqn + "#" + c.test.name + " " + why;
      return false;
    }
  }
  return true;
}

Result<coverage::SourceCoverage> TestValidator::merge_coverage(
    const junit::TestFile& file, const std::vector<Candidate>& tests) {
  if (tests.empty() || (merged_names_ == names_of(tests) && store_runs_ > 0)) {
    return store_coverage_;
  }
  Probe probe(file, additions(tests));
  auto compiled = session_->compile_test_text(cut_->test_path, probe.file().text(), kProbeUnit);
  if (!compiled) return compiled.error();
  if (compiled->success && store_runs_ >= 0) {
    auto run = run_probe(names_of(tests), true);
    if (!run) return run.error();
    if (run->coverage_store_merged && store_runs_ > 0) return store_coverage_;
  }
  // The store is gone (a restarted helper) or the tests failed this time: measure it all.
  junit::TestFile whole = file;
  whole.add_tests(additions(tests));
  auto measured = run_class(whole);
  if (!measured) return measured.error();
  return measured->coverage;
}

Result<Commit> TestValidator::commit(const junit::TestFile& file,
                                     const std::vector<Candidate>& candidates) {
  Commit out{file, {}, {}, "", store_coverage_};
  std::vector<Candidate> kept = candidates;
  bool merged = merged_names_ == names_of(candidates) && store_runs_ > 0;
  if (!options_.check_each_test_in_class && !merged && !candidates.empty()) {
    std::string failure;
    auto together = passes_together(file, candidates, failure);
    if (!together) return together.error();
    if (!*together) {
      out.not_together = failure;
      kept.clear();
      for (const Candidate& c : candidates) {
        std::vector<Candidate> trial = kept;
        trial.push_back(c);
        std::string why;
        auto ok = passes_together(file, trial, why);
        if (!ok) return ok.error();
        if (*ok) {
          kept = std::move(trial);
          continue;
        }
        Verdict v;
        v.name = c.test.name;
        v.code = c.test.code;
        v.error = "it passes alone but breaks the test class: " + why;
        out.dropped.push_back(std::move(v));
      }
    }
  }
  out.file.add_tests(additions(kept));
  out.kept = names_of(kept);
  if (options_.check_each_test_in_class) {
    auto measured = run_class(out.file);
    if (!measured) return measured.error();
    out.coverage = measured->coverage;
    return out;
  }
  auto coverage = merge_coverage(file, kept);
  if (!coverage) return coverage.error();
  out.coverage = std::move(*coverage);
  return out;
}

}  // namespace panta::engine
