#include "engine/test_validator.h"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <optional>

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

/// The file without its tests, plus new tests: compiles and runs them at their own cost. Its
/// line numbers are told as those the lines will have in the test file, with the new tests
/// added after the file's own (where the loop adds them).
struct TestValidator::Probe {
  junit::LineMap map;
  junit::TestFile file;
  uint32_t base_class_line;
  std::vector<std::string> taken;  ///< the real file's test names, which new tests may not take

  Probe(const junit::TestFile& real, const std::vector<Candidate>& accepted)
      : file(real.without_tests(&map)),
        base_class_line(file.class_start_line()),
        taken(real.test_names()) {
    file.add_tests(additions(accepted), taken);
  }
  // The tests of one answer, each with the name and code it got.
  std::vector<Verdict> add(const std::vector<junit::TestMethod>& tests,
                           const junit::ExtractedTests& from) {
    std::vector<junit::TestFile::Addition> adds;
    for (const auto& t : tests) adds.push_back({t, &from});
    std::vector<Verdict> out;
    for (auto& t : file.add_tests(adds, taken)) out.push_back({t.name, t.code, false, false, ""});
    return out;
  }
  // Imports the new tests brought sit before the class, as they will in the file.
  uint32_t line_in_file(uint32_t line) const {
    uint32_t cls = file.class_start_line();
    if (line < cls) return line;
    uint32_t added = cls - base_class_line;
    return map.original(line - added) + added;
  }
  std::function<uint32_t(uint32_t)> mapper() const {
    return [this](uint32_t line) { return line_in_file(line); };
  }
  // `text` (a stack trace) with the probe's lines, "(FooTest.java:12)", turned into the file's.
  std::string in_file_lines(const std::string& text, const std::string& file_name) const {
    const std::string mark = "(" + file_name + ":";
    std::string out;
    size_t at = 0;
    for (size_t hit = text.find(mark); hit != std::string::npos; hit = text.find(mark, at)) {
      size_t digits = hit + mark.size();
      size_t end = text.find_first_not_of("0123456789", digits);
      if (end == std::string::npos || end == digits || text[end] != ')') {
        out.append(text, at, digits - at);
        at = digits;
        continue;
      }
      uint32_t line = static_cast<uint32_t>(std::stoul(text.substr(digits, end - digits)));
      out.append(text, at, digits - at);
      out += std::to_string(line_in_file(line));
      at = end;
    }
    return out + text.substr(at);
  }
};

/// An answer's tests in one probe, with the compile errors javac pinned on each.
struct TestValidator::Batch {
  Probe probe;
  std::vector<Verdict> verdicts;
  std::vector<bool> compiled;
};

TestValidator::TestValidator(runner::TestSession& session, const ClassUnderTest& cut,
                             ValidatorOptions options)
    : session_(&session), cut_(&cut), options_(options) {}

std::string TestValidator::failure_of(const runner::RunResult& run, const std::string& name) const {
  const std::string id = cut_->test_fqn + "#" + name;
  const std::string method = "[method:" + name + "(";
  bool seen = false;
  for (const auto& r : run.results) {
    bool mine = r.id == id || r.id.rfind(id + "[", 0) == 0 || r.id == cut_->test_fqn ||
                r.id.find(method) != std::string::npos;
    if (!mine) continue;
    seen = true;
    if (r.status != runner::TestStatus::kPassed) return describe(r);
  }
  return seen ? "" : "the test did not run";
}

std::string TestValidator::probe_failure(const Probe& probe, const runner::RunResult& run,
                                         const std::string& name) const {
  return probe.in_file_lines(failure_of(run, name), fs::path(cut_->test_path).filename().string());
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
  if (file.test_names().empty()) return out;  // nothing to run: no counters either (0 %)
  runner::TestSession::RunOptions opts{kTestsUnit, kStore, true, false};
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

Result<runner::RunResult> TestValidator::run_probe(const std::vector<std::string>& names,
                                                   bool merge) {
  std::vector<std::string> specs;
  for (const std::string& n : names) specs.push_back(cut_->test_fqn + "#" + n);
  runner::TestSession::RunOptions opts;
  opts.unit = kProbeUnit;
  std::vector<std::string> coverage_classes;
  if (merge) {
    coverage_classes = {cut_->class_name};
    opts.coverage_store = kStore;
    opts.coverage_store_reset = store_runs_ == 0;
    opts.coverage_store_if_passed = true;
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
  Batch b{Probe(file, accepted), {}, std::vector<bool>(tests.size(), true)};
  b.verdicts = b.probe.add(tests, from);
  for (int round = 0;; ++round) {
    auto compiled = session_->compile_test_text(cut_->test_path, b.probe.file.text(), kProbeUnit);
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
        auto [first, last] = b.probe.file.test_lines(b.verdicts[i].name);
        if (b.compiled[i] && d.line >= static_cast<int>(first) && d.line <= static_cast<int>(last))
          owner = i;
      }
      if (!owner) return std::optional<Batch>();  // in a helper, an import, the user's code...
      by_test[*owner].push_back(d);
    }
    for (auto& [i, diagnostics] : by_test) {
      b.verdicts[i].compile_error = true;
      b.verdicts[i].error =
          diagnostics_with_lines(diagnostics, b.probe.file.text(), b.probe.mapper());
      b.compiled[i] = false;
    }
    for (auto& [i, diagnostics] : by_test) b.probe.file.remove_test(b.verdicts[i].name);
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
  for (size_t i = 0; i < b.verdicts.size(); ++i) {
    if (!b.compiled[i]) continue;
    Verdict& v = b.verdicts[i];
    v.error = probe_failure(b.probe, *together, v.name);
    if (v.error.empty()) {
      v.passed = true;
      continue;
    }
    // Alone, to tell a test that fails from one that others make fail (commit sorts those out).
    auto alone = run_probe({v.name}, false);
    if (!alone) return alone.error();
    v.error = probe_failure(b.probe, *alone, v.name);
    v.passed = v.error.empty();
  }
  return b.verdicts;
}

Result<std::vector<Verdict>> TestValidator::try_one_by_one(
    const junit::TestFile& file, const std::vector<junit::TestMethod>& tests,
    const junit::ExtractedTests& from, const std::vector<Candidate>& accepted) {
  std::vector<Verdict> out;
  for (const auto& test : tests) {
    Probe probe(file, accepted);
    Verdict v = probe.add({test}, from).front();
    auto compiled = session_->compile_test_text(cut_->test_path, probe.file.text(), kProbeUnit);
    if (!compiled) return compiled.error();
    if (!compiled->success) {
      v.compile_error = true;
      v.error = diagnostics_with_lines(compiled->diagnostics, probe.file.text(), probe.mapper());
    } else {
      auto alone = run_probe({v.name}, false);
      if (!alone) return alone.error();
      v.error = probe_failure(probe, *alone, v.name);
      v.passed = v.error.empty();
    }
    out.push_back(std::move(v));
  }
  return out;
}

std::string TestValidator::breaks_the_class() {
  auto whole = session_->run({cut_->test_fqn}, {}, options_.test_timeout);
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
    auto alone = session_->run({cut_->test_fqn + "#" + v.name}, {}, options_.test_timeout);
    if (!alone) return alone.error();
    v.error = failure_of(*alone, v.name);
    if (v.error.empty()) {
      std::string broken = breaks_the_class();
      if (!broken.empty()) v.error = "it passes alone but breaks the test class: " + broken;
    }
    v.passed = v.error.empty();
    if (v.passed) working = std::move(candidate);
    out.push_back(std::move(v));
  }
  return out;
}

Result<std::vector<Verdict>> TestValidator::try_tests(const junit::TestFile& file,
                                                      const std::vector<junit::TestMethod>& tests,
                                                      const junit::ExtractedTests& from,
                                                      const std::vector<Candidate>& accepted) {
  if (options_.check_each_test_in_class) return try_naively(file, tests, from, accepted);
  auto batch = compile_batch(file, tests, from, accepted);
  if (!batch) return batch.error();
  if (!*batch) return try_one_by_one(file, tests, from, accepted);
  return run_batch(std::move(**batch));
}

Result<bool> TestValidator::passes_together(const junit::TestFile& file,
                                            const std::vector<Candidate>& tests,
                                            std::string& failure) {
  Probe probe(file, tests);
  auto compiled = session_->compile_test_text(cut_->test_path, probe.file.text(), kProbeUnit);
  if (!compiled) return compiled.error();
  if (!compiled->success) {
    failure = "the test class no longer compiles";
    return false;
  }
  auto run = run_probe(names_of(tests), false);
  if (!run) return run.error();
  for (const Candidate& c : tests) {
    std::string why = probe_failure(probe, *run, c.test.name);
    if (!why.empty()) {
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
  Probe probe(file, tests);
  auto compiled = session_->compile_test_text(cut_->test_path, probe.file.text(), kProbeUnit);
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
        out.dropped.push_back({c.test.name, c.test.code, false, false,
                               "it passes alone but breaks the test class: " + why});
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
