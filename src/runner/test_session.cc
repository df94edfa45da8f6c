#include "runner/test_session.h"

#include <fmt/format.h>

#include <filesystem>

#include "project/fingerprint.h"

namespace panta::runner {
namespace fs = std::filesystem;

namespace {
constexpr const char* kMainStamp = "main-classes.stamp";

// Puts the folder `from` in the place of `to` (copied: they may be on different file systems),
// and removes `from`.
Status replace_folder(const std::string& from, const std::string& to) {
  std::error_code ec;
  std::string next = to + ".new";
  fs::remove_all(next, ec);
  fs::copy(from, next, fs::copy_options::recursive, ec);
  if (ec) return Error{"cannot copy the main classes to " + next + ": " + ec.message()};
  fs::remove_all(to, ec);
  fs::rename(next, to, ec);
  if (ec) return Error{"cannot move the main classes to " + to + ": " + ec.message()};
  fs::remove_all(from, ec);
  return ok_status();
}
}  // namespace

Result<TestSession> TestSession::open(const project::Project& project, JvmRunner& runner,
                                      const std::string& scratch) {
  TestSession session(project, runner);
  if (!project.compile_main) {
    session.classes_dir_ = project.classes_dir;
    return session;
  }
  session.classes_dir_ = (fs::path(project.root) / ".panta" / "classes").string();
  if (auto s = session.compile_main(scratch); !s) return s.error();
  return session;
}

Status TestSession::compile_main(const std::string& scratch) {
  auto fingerprint = project::main_sources_fingerprint(*project_);
  if (!fingerprint) return fingerprint.error();
  auto stamp = project::read_stamp(project_->root, kMainStamp);
  std::error_code ec;
  if (stamp && *stamp == *fingerprint && fs::is_directory(classes_dir_, ec)) {
    reused_ = true;
    return ok_status();
  }
  auto sources = project_->main_sources();
  if (!sources) return sources.error();
  if (sources->empty()) return Error{project_->src_dir + ": no .java files"};
  std::string staging = (fs::path(scratch) / "main-classes").string();
  fs::remove_all(staging, ec);
  CompileRequest request;
  request.output_dir = staging;
  request.classpath = project_->classpath;
  for (const std::string& s : *sources) request.sources.push_back({s, std::nullopt});
  request.options = {"-encoding", project_->encoding};
  auto result = runner_->compile(request);
  if (!result) return result.error();
  if (!result->success) {
    return Error{"the main sources do not compile:\n" + format_diagnostics(result->diagnostics)};
  }
  if (auto s = replace_folder(staging, classes_dir_); !s) return s;
  return project::write_stamp(project_->root, kMainStamp, *fingerprint);
}

std::vector<std::string> TestSession::run_classpath() const {
  std::vector<std::string> cp = {classes_dir_};
  cp.insert(cp.end(), project_->classpath.begin(), project_->classpath.end());
  cp.insert(cp.end(), project_->test_classpath.begin(), project_->test_classpath.end());
  return cp;
}

Result<CompileResult> TestSession::compile_tests(const std::vector<std::string>& files) {
  compiled_text_.erase("tests");  // the unit is replaced
  std::vector<std::string> sources = files;
  if (sources.empty()) {
    auto all = project_->test_sources();
    if (!all) return all.error();
    sources = std::move(*all);
  }
  CompileRequest request;
  request.unit = "tests";
  request.classpath = run_classpath();
  for (const std::string& s : sources) request.sources.push_back({s, std::nullopt});
  // Named test files may use helpers of the test folder: javac finds those on the source path.
  if (!files.empty()) request.options = {"-sourcepath", project_->test_dir, "-implicit:class"};
  request.options.push_back("-encoding");
  request.options.push_back(project_->encoding);
  if (sources.empty()) return CompileResult{true, {}, {}};
  return runner_->compile(request);
}

Result<CompileResult> TestSession::compile_test_text(const std::string& path,
                                                     const std::string& text,
                                                     const std::string& unit) {
  if (auto it = compiled_text_.find(unit);
      it != compiled_text_.end() && it->second.path == path && it->second.text == text) {
    return it->second.result;
  }
  compiled_text_.erase(unit);
  CompileRequest request;
  request.unit = unit;
  request.classpath = run_classpath();
  request.sources.push_back({path, text});
  request.options = {"-sourcepath", project_->test_dir, "-implicit:class", "-encoding",
                     project_->encoding};
  auto result = runner_->compile(request);
  if (result && result->success) compiled_text_[unit] = {path, text, *result};
  return result;
}

Result<RunResult> TestSession::run(const std::vector<std::string>& tests,
                                   const std::vector<std::string>& coverage_classes,
                                   std::chrono::milliseconds test_timeout,
                                   const RunOptions& options) {
  RunRequest request;
  request.tests = tests;
  request.classpath = run_classpath();
  request.units = {options.unit};
  request.coverage_classes = coverage_classes;
  request.test_timeout = test_timeout;
  request.coverage_store = options.coverage_store;
  request.coverage_store_reset = options.coverage_store_reset;
  request.coverage_store_if_passed = options.coverage_store_if_passed;
  return runner_->run(request);
}

Result<std::vector<std::string>> TestSession::discover_test_classes() const {
  auto files = project_->test_sources();
  if (!files) return files.error();
  std::vector<std::string> out;
  for (const std::string& f : *files) {
    if (!project::is_test_class_file(fs::path(f).filename().string())) continue;
    auto fqn = project::fqn_of(f, project_->test_dir);
    if (fqn) out.push_back(*fqn);
  }
  return out;
}

Result<std::vector<std::string>> TestSession::main_classes() const {
  auto files = project_->main_sources();
  if (!files) return files.error();
  std::vector<std::string> out;
  for (const std::string& f : *files) {
    std::string name = fs::path(f).filename().string();
    if (name == "package-info.java" || name == "module-info.java") continue;
    auto fqn = project::fqn_of(f, project_->src_dir);
    if (fqn) out.push_back(*fqn);
  }
  return out;
}

std::string format_diagnostics(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics) {
    if (d.kind != "error" && d.kind != "warning") continue;
    std::string where = d.file.empty() ? "<unknown>" : d.file;
    if (d.line > 0) where += fmt::format(":{}:{}", d.line, d.column);
    out += fmt::format("{}: {}: {}\n", where, d.kind, d.message);
  }
  return out;
}

}  // namespace panta::runner
