#include "eval/cell_runner.h"

#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/cancel.h"
#include "process/subprocess.h"

namespace panta::eval {
namespace fs = std::filesystem;
namespace {

using Clock = std::chrono::steady_clock;

std::string safe_name(const std::string& s) {
  std::string out;
  for (char c : s)
    out += std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' ? c : '_';
  return out;
}

// `p` under the subject's root, moved to the copy; other paths stay as they are.
std::string in_copy(const Subject& subject, const std::string& scratch, const std::string& p) {
  fs::path rel = fs::path(p).lexically_relative(subject.root);
  if (rel.empty() || *rel.begin() == "..") return p;
  return (fs::path(scratch) / rel).lexically_normal().string();
}

Status copy_project(const std::string& from, const std::string& to, const std::string& work_dir) {
  std::error_code ec;
  fs::remove_all(to, ec);
  fs::create_directories(to, ec);
  if (ec) return Error{to + ": cannot create the scratch folder: " + ec.message()};
  for (const fs::directory_entry& e : fs::directory_iterator(from, ec)) {
    std::string name = e.path().filename().string();
    if (name == ".panta" || name == "target" || name == ".git") continue;
    fs::path inside = fs::path(work_dir).lexically_relative(e.path());
    if (!inside.empty() && inside.native().rfind("..", 0) != 0) continue;  // the scratch copies
    fs::copy(e.path(), fs::path(to) / name,
             fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
    if (ec)
      return Error{fmt::format("cannot copy {} to {}: {}", e.path().string(), to, ec.message())};
  }
  if (ec) return Error{from + ": " + ec.message()};
  return ok_status();
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The last lines of the child's log: why a cell failed.
std::string log_tail(const std::string& log, size_t lines) {
  std::string text = read_all(log);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  size_t at = text.size();
  for (size_t n = 0; n < lines && at != std::string::npos && at > 0; ++n)
    at = text.rfind('\n', at - 1);
  return at == std::string::npos ? text : text.substr(at + 1);
}

// Runs the child to its end, draining its stdout; kills it on a second Ctrl-C (abort). Returns
// the exit code, or nullopt when it was killed.
std::optional<int> run_child(process::Child& child) {
  for (;;) {
    if (abort_requested()) {
      child.kill();
      (void)child.wait(Clock::now() + std::chrono::seconds(10));
      return std::nullopt;
    }
    auto line = child.read_line(Clock::now() + std::chrono::milliseconds(200));
    if (!line && line.error().message != "timeout") break;  // end of output
  }
  for (;;) {
    if (auto code = child.wait(Clock::now() + std::chrono::milliseconds(200))) return code;
    if (abort_requested()) {
      child.kill();
      return std::nullopt;
    }
  }
}

// Runs `argv` in `cwd` with stderr to `log`, draining stdout; nullopt when killed (abort).
std::optional<std::pair<int, std::string>> run_captured(const std::vector<std::string>& argv,
                                                        const std::string& cwd,
                                                        const std::string& log) {
  process::SpawnOptions options;
  options.argv = argv;
  options.cwd = cwd;
  options.stderr_path = log;
  options.end_descendants = true;
  auto child = process::spawn(options);
  if (!child) return std::make_pair(-1, child.error().message);
  std::string out;
  for (;;) {
    if (abort_requested()) {
      (*child)->kill();
      return std::nullopt;
    }
    auto line = (*child)->read_line(Clock::now() + std::chrono::milliseconds(200));
    if (line) out += *line + "\n";
    if (!line && line.error().message != "timeout") break;
  }
  std::optional<int> code = run_child(**child);
  if (!code) return std::nullopt;
  return std::make_pair(*code, out);
}

CellResult failed(const CellKey& key, std::string why) {
  return CellResult{key, "failed", {}, std::move(why)};
}

}  // namespace

std::vector<std::string> mutate_flags(const std::vector<std::string>& generate_args) {
  std::vector<std::string> out;
  for (size_t i = 0; i + 1 < generate_args.size(); ++i) {
    const std::string& flag = generate_args[i];
    if (flag == "--sandbox" || flag == "--heap" || flag == "--test-timeout") {
      out.push_back(flag);
      out.push_back(generate_args[i + 1]);
    }
  }
  return out;
}

MutateProcessMeasure::MutateProcessMeasure(std::string panta_binary,
                                           std::vector<std::string> extra_args)
    : panta_(std::move(panta_binary)), extra_args_(std::move(extra_args)) {}

Result<MutationFigures> MutateProcessMeasure::measure(const MutationTarget& t) {
  std::vector<std::string> argv = {panta_,   "mutate",     "--class",  t.class_name,
                                   "--test", t.test_class, "--format", "json"};
  argv.insert(argv.end(), t.project_args.begin(), t.project_args.end());
  argv.insert(argv.end(), extra_args_.begin(), extra_args_.end());
  auto ran = run_captured(argv, t.project_dir, t.log_path);
  if (!ran) return Error{"interrupted"};
  auto j = nlohmann::json::parse(ran->second, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("mutants")) {
    std::string why = ran->first < 0 ? ran->second : log_tail(t.log_path, 2);
    return Error{fmt::format("panta mutate exited with {}: {}", ran->first, why)};
  }
  MutationFigures f;
  f.score = j.value("score", 0.0);
  f.total = j["mutants"].value("total", 0);
  f.detected = j["mutants"].value("detected", 0);
  return f;
}

Result<CellMetrics> metrics_from_report(const std::string& report_path) {
  auto j = nlohmann::json::parse(read_all(report_path), nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("final")) {
    return Error{report_path + ": no report of a finished run"};
  }
  CellMetrics m;
  const nlohmann::json& f = j["final"];
  m.line_coverage = f.value("line_coverage", 0.0);
  m.branch_coverage = f.value("branch_coverage", 0.0);
  m.pass_rate = f.value("pass_rate", 0.0);
  m.tests_kept = f.value("tests_kept", 0);
  // A report of a panta before model_calls has its tokens per iteration only.
  for (const nlohmann::json& i : j.value("iterations", nlohmann::json::array())) {
    m.prompt_tokens += i.value("prompt_tokens", int64_t{0});
    m.completion_tokens += i.value("completion_tokens", int64_t{0});
    m.model_calls += i.value("model_calls", 0);
  }
  m.model_s = j.value("llm_s", 0.0);
  m.stop_reason = j.value("stop_reason", "");
  m.defects = DefectFigures{};
  for (const nlohmann::json& d : j.value("defects", nlohmann::json::array()))
    m.defects->confirmed += d.value("status", "") == "confirmed" ? 1 : 0;
  return m;
}

GenerateProcessRunner::GenerateProcessRunner(const EvalSpec& spec, std::string panta_binary,
                                             MutationMeasure* mutation,
                                             std::string no_mutation_reason)
    : spec_(&spec),
      panta_(std::move(panta_binary)),
      mutation_(mutation),
      no_mutation_reason_(std::move(no_mutation_reason)) {}

std::string GenerateProcessRunner::cell_dir(const CellKey& key) const {
  size_t model = 1;
  for (size_t i = 0; i < spec_->model.llms.size(); ++i) {
    if (spec_->model.llms[i] == key.llm) model = i + 1;
  }
  fs::path dir = fs::path(spec_->work_dir) / safe_name(key.subject) / safe_name(key.class_name) /
                 key.strategy / fmt::format("m{}", model) / fmt::format("r{}", key.repeat);
  return dir.string();
}

std::vector<std::string> GenerateProcessRunner::project_args(const Subject& subject,
                                                             const std::string& scratch) {
  std::vector<std::string> args = {"--project", scratch};
  auto add = [&](const char* flag, const std::string& value) {
    if (value.empty()) return;
    args.emplace_back(flag);
    args.push_back(in_copy(subject, scratch, value));
  };
  add("--src-dir", subject.main_src);
  add("--test-dir", subject.test_src);
  add("--classes", subject.classes_dir);
  for (const std::string& entry : subject.classpath) add("--classpath", entry);
  if (!subject.encoding.empty()) args.insert(args.end(), {"--encoding", subject.encoding});
  return args;
}

std::vector<std::string> GenerateProcessRunner::existing_test_files(const Subject& subject,
                                                                    const std::string& scratch,
                                                                    const std::string& class_name) {
  std::string test_dir = subject.test_src.empty() ? (fs::path(scratch) / "src/test/java").string()
                                                  : in_copy(subject, scratch, subject.test_src);
  size_t dot = class_name.rfind('.');
  std::string package = dot == std::string::npos ? "" : class_name.substr(0, dot);
  std::string simple = dot == std::string::npos ? class_name : class_name.substr(dot + 1);
  std::string folder = package;
  for (char& c : folder) c = c == '.' ? '/' : c;
  std::vector<std::string> out;
  for (const std::string& name :
       {simple + "Test", simple + "Tests", simple + "TestCase", "Test" + simple}) {
    fs::path p = fs::path(test_dir) / folder / (name + ".java");
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) out.push_back(p.string());
  }
  return out;
}

std::vector<std::string> GenerateProcessRunner::generate_argv(const CellKey& key,
                                                              const Subject& subject,
                                                              const std::string& scratch,
                                                              const std::string& report) const {
  std::vector<std::string> argv = {panta_,       "generate",   "--class", key.class_name,
                                   "--strategy", key.strategy, "--llm",   key.llm,
                                   "--report",   report};
  for (const std::string& a : project_args(subject, scratch)) argv.push_back(a);
  argv.insert(argv.end(), spec_->model.args.begin(), spec_->model.args.end());
  argv.insert(argv.end(), spec_->generate_args.begin(), spec_->generate_args.end());
  return argv;
}

void GenerateProcessRunner::measure_mutation(const CellKey& key, const Subject& subject,
                                             const std::string& scratch,
                                             CellMetrics& metrics) const {
  if (mutation_ == nullptr) {
    metrics.mutation_note = no_mutation_reason_;
    return;
  }
  std::vector<std::string> tests = existing_test_files(subject, scratch, key.class_name);
  if (tests.empty() || metrics.tests_kept == 0) {
    metrics.mutation_note = "not measured: no test file";
    return;
  }
  size_t dot = key.class_name.rfind('.');
  std::string package = dot == std::string::npos ? "" : key.class_name.substr(0, dot + 1);
  MutationTarget target{scratch, project_args(subject, scratch), key.class_name,
                        package + fs::path(tests.front()).stem().string(),
                        (fs::path(cell_dir(key)) / "mutate.log").string()};
  auto figures = mutation_->measure(target);
  if (!figures) {
    metrics.mutation_note = "not measured: " + figures.error().message;
    return;
  }
  metrics.mutation_score = figures->score;
  metrics.mutants_total = figures->total;
  metrics.mutants_detected = figures->detected;
}

// Puts the fixed version's files over the copy's main sources.
Status overlay_fixed(const Subject& subject, const std::string& scratch) {
  std::string main_src = subject.main_src.empty() ? (fs::path(scratch) / "src/main/java").string()
                                                  : in_copy(subject, scratch, subject.main_src);
  std::error_code ec;
  fs::copy(subject.fixed_src, main_src,
           fs::copy_options::recursive | fs::copy_options::overwrite_existing, ec);
  if (ec) return Error{"cannot put the fixed version in the copy: " + ec.message()};
  return ok_status();
}

void GenerateProcessRunner::measure_fixed(const CellKey& key, const Subject& subject,
                                          const std::string& scratch, CellMetrics& metrics) const {
  if (subject.fixed_src.empty()) {
    metrics.defects.reset();
    return;
  }
  auto not_measured = [&metrics](const std::string& why) {
    metrics.defects.reset();
    metrics.defects_note = "not measured: " + why;
  };
  if (!subject.classes_dir.empty()) return not_measured("the subject's classes are precompiled");
  if (auto s = overlay_fixed(subject, scratch); !s) return not_measured(s.error().message);
  std::string log = (fs::path(cell_dir(key)) / "fixed.log").string();
  std::vector<std::string> flags = project_args(subject, scratch);
  std::vector<std::string> extra = mutate_flags(spec_->generate_args);
  flags.insert(flags.end(), extra.begin(), extra.end());
  DefectFigures& d = *metrics.defects;
  std::vector<std::string> tests = existing_test_files(subject, scratch, key.class_name);
  size_t dot = key.class_name.rfind('.');
  std::string package = dot == std::string::npos ? "" : key.class_name.substr(0, dot + 1);
  if (!tests.empty()) {
    std::vector<std::string> argv = {panta_,     "test",
                                     "--format", "json",
                                     "--test",   package + fs::path(tests.front()).stem().string()};
    argv.insert(argv.end(), flags.begin(), flags.end());
    auto ran = run_captured(argv, scratch, log);
    auto j = ran ? nlohmann::json::parse(ran->second, nullptr, false) : nlohmann::json();
    if (!j.is_object()) return not_measured("panta test on the fixed version: " + log_tail(log, 2));
    for (const auto& t : j.value("tests", nlohmann::json::array())) {
      std::string status = t.value("status", "");
      d.pinning += status != "passed" && status != "skipped" ? 1 : 0;
    }
  }
  std::vector<std::string> argv = {panta_, "defects", "--format",
                                   "json", "--class", key.class_name};
  argv.insert(argv.end(), flags.begin(), flags.end());
  auto ran = run_captured(argv, scratch, log);
  auto j = ran ? nlohmann::json::parse(ran->second, nullptr, false) : nlohmann::json();
  if (!j.is_object())
    return not_measured("panta defects on the fixed version: " + log_tail(log, 2));
  for (const auto& r : j.value("reproducers", nlohmann::json::array()))
    (r.value("status", "") == "passes" ? d.revealing : d.false_alarms) += 1;
}

std::optional<CellResult> GenerateProcessRunner::run(const CellKey& key, const Subject& subject) {
  fs::path dir = cell_dir(key);
  std::string scratch = (dir / "project").string();
  std::string report = (dir / "report.json").string();
  std::string log = (dir / "generate.log").string();
  if (auto s = copy_project(subject.root, scratch, spec_->work_dir); !s)
    return failed(key, s.error().message);
  std::error_code ec;
  fs::remove(report, ec);
  fs::remove(log, ec);
  if (spec_->remove_existing_tests) {
    for (const std::string& f : existing_test_files(subject, scratch, key.class_name))
      fs::remove(f, ec);
  }
  Clock::time_point start = Clock::now();
  auto ran = run_captured(generate_argv(key, subject, scratch, report),
                          fs::absolute(spec_->path).parent_path().string(), log);
  double wall = std::chrono::duration<double>(Clock::now() - start).count();
  if (!ran || ran->first == 130 || ran->first == 143) return std::nullopt;
  if (ran->first < 0) return failed(key, ran->second);
  int code = ran->first;
  auto metrics = metrics_from_report(report);
  if (!metrics) {
    return failed(key, fmt::format("panta generate exited with {}: {}", code, log_tail(log, 3)));
  }
  metrics->wall_s = wall;
  metrics->outside_s = wall - metrics->model_s;
  measure_mutation(key, subject, scratch, *metrics);
  measure_fixed(key, subject, scratch, *metrics);  // last: it changes the copy's sources
  if (abort_requested()) return std::nullopt;      // a measure was cut short: not a result
  if (!spec_->keep_scratch) fs::remove_all(scratch, ec);
  return CellResult{key, "done", std::move(*metrics), ""};
}

std::optional<CellResult> GenerateProcessRunner::measure_again(const CellResult& cell,
                                                               const Subject& subject) {
  fs::path dir = cell_dir(cell.key);
  std::error_code ec;
  if (mutation_ == nullptr || cell.status != "done" || cell.metrics.mutation_score ||
      !fs::is_directory(dir / "project", ec) || fs::exists(dir / "mutate.log", ec)) {
    return std::nullopt;
  }
  CellResult again = cell;
  again.metrics.mutation_note.clear();
  measure_mutation(cell.key, subject, (dir / "project").string(), again.metrics);
  if (abort_requested()) return std::nullopt;
  return again;
}

}  // namespace panta::eval
