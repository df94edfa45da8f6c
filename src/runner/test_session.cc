#include "runner/test_session.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>

#include "project/fingerprint.h"
#include "project/surefire_filter.h"

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
// Why the main sources (or an upstream module's) do not compile, and the way around it.
Error main_compile_error(const std::string& module, const CompileResult& result) {
  std::string whose = module.empty() ? "the main sources" : "module " + module;
  std::string diagnostics = format_diagnostics(result.diagnostics);
  return Error{whose + " do not compile with the build's settings:\n" + diagnostics +
               "(Panta compiles them as the build's compiler plugin is configured, with the "
               "sources an earlier build generated in target/generated-sources, but runs no "
               "other plugin: where the build generates sources, build it once, e.g. mvn "
               "generate-sources, or give its classes with --classes target/classes)"};
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
  for (const project::UpstreamModule& m : project_->upstream) {
    Sources upstream{m.artifact, m.src_dir, m.classes_dir, m.classpath, m.encoding, m.compiler};
    if (auto s = compile_sources(upstream, scratch); !s) return s;
  }
  Sources main{"",
               project_->src_dir,
               classes_dir_,
               project_->classpath,
               project_->encoding,
               project_->main_compiler};
  return compile_sources(main, scratch);
}

Status TestSession::compile_sources(const Sources& what, const std::string& scratch) {
  std::string stamp_name = what.module.empty() ? kMainStamp : "upstream-" + what.module + ".stamp";
  auto fingerprint = what.module.empty()
                         ? project::main_sources_fingerprint(*project_)
                         : project::sources_fingerprint(
                               what.src_dir, what.module + project::settings_key(what.compiler));
  if (!fingerprint) return fingerprint.error();
  auto stamp = project::read_stamp(project_->root, stamp_name);
  std::error_code ec;
  if (stamp && *stamp == *fingerprint && fs::is_directory(what.classes_dir, ec)) {
    reused_ = reused_ || what.module.empty();
    return ok_status();
  }
  std::vector<std::string> roots = {what.src_dir};
  roots.insert(roots.end(), what.compiler.extra_source_roots.begin(),
               what.compiler.extra_source_roots.end());
  auto sources = project::compiled_sources(roots, what.compiler);
  if (!sources) return sources.error();
  if (sources->empty() && what.module.empty()) return Error{what.src_dir + ": no .java files"};
  std::string staging = (fs::path(scratch) / ("classes-" + what.module)).string();
  fs::remove_all(staging, ec);
  fs::create_directories(staging, ec);
  if (!sources->empty()) {
    CompileRequest request;
    request.output_dir = staging;
    request.classpath = what.classpath;
    for (const std::string& s : *sources) request.sources.push_back({s, std::nullopt});
    request.options = {"-encoding", what.encoding};
    for (std::string& option : project::javac_options(what.compiler))
      request.options.push_back(std::move(option));
    request.release = what.compiler.release;
    auto result = runner_->compile(request);
    if (!result) return result.error();
    if (!result->success) return main_compile_error(what.module, *result);
  }
  fs::create_directories(fs::path(what.classes_dir).parent_path(), ec);
  if (auto s = replace_folder(staging, what.classes_dir); !s) return s;
  if (auto s = runner_->accept_changes({what.classes_dir}); !s) return s;
  return project::write_stamp(project_->root, stamp_name, *fingerprint);
}

Result<CompiledClass> TestSession::read_compiled(const std::string& binary_name) const {
  return javap_class(project_->jdks.runner.home, run_classpath(), binary_name);
}

std::vector<std::string> TestSession::run_classpath() const {
  // As Surefire orders it: test resources (test classes are the in-memory unit, ahead of all),
  // main classes and resources, then the dependencies.
  std::vector<std::string> cp = project_->test_resource_dirs;
  cp.push_back(classes_dir_);
  cp.insert(cp.end(), project_->resource_dirs.begin(), project_->resource_dirs.end());
  cp.insert(cp.end(), project_->classpath.begin(), project_->classpath.end());
  cp.insert(cp.end(), project_->test_classpath.begin(), project_->test_classpath.end());
  return cp;
}

Result<std::vector<std::string>> TestSession::all_test_sources() const {
  std::vector<std::string> roots = {project_->test_dir};
  roots.insert(roots.end(), project_->test_compiler.extra_source_roots.begin(),
               project_->test_compiler.extra_source_roots.end());
  return project::compiled_sources(roots, project_->test_compiler);
}

Result<CompileResult> TestSession::compile_tests(const std::vector<std::string>& files) {
  std::vector<std::string> sources = files;
  if (sources.empty()) {
    auto all = all_test_sources();
    if (!all) return all.error();
    sources = std::move(*all);
  }
  return compile_test_files(sources, !files.empty());
}

CompileRequest TestSession::test_request() const {
  CompileRequest request;
  request.classpath = run_classpath();
  request.options = {"-encoding", project_->encoding};
  for (std::string& option : project::javac_options(project_->test_compiler))
    request.options.push_back(std::move(option));
  request.release = project_->test_compiler.release;
  return request;
}

namespace {

// The test folders as javac's -sourcepath: test classes a named file uses are found there.
std::vector<std::string> test_source_path(const project::Project& project) {
  std::string path = project.test_dir;
  for (const std::string& root : project.test_compiler.extra_source_roots) path += ":" + root;
  return {"-sourcepath", path, "-implicit:class"};
}

}  // namespace

Result<CompileResult> TestSession::compile_test_files(const std::vector<std::string>& sources,
                                                      bool source_path, const std::string& unit) {
  compiled_text_.erase(unit);  // the unit is replaced
  CompileRequest request = test_request();
  request.unit = unit;
  for (const std::string& s : sources) request.sources.push_back({s, std::nullopt});
  // Named test files may use helpers of the test folder: javac finds those on the source path.
  if (source_path) {
    for (std::string& option : test_source_path(*project_))
      request.options.push_back(std::move(option));
  }
  if (sources.empty()) return CompileResult{true, {}, {}};
  return runner_->compile(request);
}

namespace {

// "FooTest.java:12: package org.easymock does not exist", javac's message on one line.
std::string first_error_text(const Diagnostic& d) {
  std::string message = d.message;
  std::replace(message.begin(), message.end(), '\n', ' ');
  while (message.find("  ") != std::string::npos) message.replace(message.find("  "), 2, " ");
  return fs::path(d.file).filename().string() + ":" + std::to_string(d.line) + ": " + message;
}

}  // namespace

Result<CompileResult> TestSession::compile_tests_leaving_out(const std::vector<std::string>& files,
                                                             std::vector<LeftOut>& left_out,
                                                             const std::string& unit) {
  std::vector<std::string> sources = files;
  if (sources.empty()) {
    auto all = all_test_sources();
    if (!all) return all.error();
    sources = std::move(*all);
  }
  for (int round = 0;; ++round) {
    auto result = compile_test_files(sources, !files.empty(), unit);
    if (!result || result->success || round == 10 || sources.empty()) return result;
    std::map<std::string, std::string> failing;  // file -> its first error
    for (const Diagnostic& d : result->diagnostics) {
      if (d.kind == "error" && !d.file.empty() && failing.count(d.file) == 0)
        failing[d.file] = first_error_text(d);
    }
    std::vector<std::string> kept;
    for (const std::string& f : sources) {
      auto it = failing.find(f);
      if (it == failing.end()) {
        kept.push_back(f);
      } else {
        left_out.push_back({f, it->second});
      }
    }
    if (kept.size() == sources.size()) return result;  // errors javac pins on no file of ours
    sources = std::move(kept);
    if (sources.empty()) return CompileResult{true, {}, {}};
  }
}

Result<CompileResult> TestSession::compile_test_text(const std::string& path,
                                                     const std::string& text,
                                                     const std::string& unit) {
  if (auto it = compiled_text_.find(unit);
      it != compiled_text_.end() && it->second.path == path && it->second.text == text) {
    return it->second.result;
  }
  compiled_text_.erase(unit);
  CompileRequest request = test_request();
  request.unit = unit;
  request.sources.push_back({path, text});
  for (std::string& option : test_source_path(*project_))
    request.options.push_back(std::move(option));
  auto result = runner_->compile(request);
  if (result && result->success) compiled_text_[unit] = {path, text, *result};
  return result;
}

Result<CompileResult> TestSession::compile_tests_into(const std::string& output_dir,
                                                      const std::vector<Source>& sources) {
  CompileRequest request = test_request();
  request.output_dir = output_dir;
  request.sources = sources;
  for (std::string& option : test_source_path(*project_))
    request.options.push_back(std::move(option));
  return runner_->compile(request);
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
  request.coverage_store_base = options.coverage_store_base;
  request.guard_tests = options.generated;
  request.reject_leftovers = options.generated;
  request.scratch_limit_bytes = options.generated ? project_->test_disk_bytes : 0;
  request.system_properties = project_->surefire.system_properties;
  if (!options.generated) {  // the build's groups choose among its own tests, not new ones
    request.include_tags = project_->surefire.groups;
    request.exclude_tags = project_->surefire.excluded_groups;
  }
  return runner_->run(request);
}

Result<const TestSession::Suite*> TestSession::suite(std::chrono::milliseconds test_timeout) {
  if (suite_) return &*suite_;
  Suite out;
  out.store = "panta-suite";
  auto classes = discover_test_classes();
  if (!classes) return classes.error();
  auto main = main_classes();
  if (!main) return main.error();
  std::vector<std::string> files;
  for (const std::string& c : *classes) {
    std::string path = c;
    std::replace(path.begin(), path.end(), '.', '/');
    files.push_back((fs::path(project_->test_dir) / (path + ".java")).string());
  }
  std::vector<LeftOut> left_out;
  auto compiled = files.empty() ? Result<CompileResult>(CompileResult{true, {}, {}})
                                : compile_tests_leaving_out(files, left_out, "suite");
  if (!compiled) return compiled.error();
  for (size_t i = 0; i < files.size(); ++i) {
    bool out_of_it = std::any_of(left_out.begin(), left_out.end(),
                                 [&](const LeftOut& l) { return l.file == files[i]; });
    if (!out_of_it && compiled->success) out.classes.push_back((*classes)[i]);
  }
  if (!out.classes.empty() && !main->empty()) {
    RunOptions options{"suite", out.store, true, false, "", false};
    auto run = this->run(out.classes, *main, test_timeout, options);
    if (!run) return run.error();
    for (coverage::SourceCoverage& c : coverage::by_source(run->coverage))
      out.coverage.emplace(c.class_name, std::move(c));
    std::erase_if(out.classes, [&](const std::string& c) {
      return std::find(run->classes_without_tests.begin(), run->classes_without_tests.end(), c) !=
             run->classes_without_tests.end();
    });
  }
  suite_ = std::move(out);
  return &*suite_;
}

Result<std::vector<std::string>> TestSession::discover_test_classes() const {
  return project::surefire_test_classes(*project_);
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
  // javac can fail without a word (out of memory or stack): a failure never reads as nothing.
  if (out.empty()) out = "javac failed without a diagnostic (out of memory or stack?)\n";
  return out;
}

}  // namespace panta::runner
