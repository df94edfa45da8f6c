#include "cli/pit_run.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "mutation/pit_command.h"
#include "process/subprocess.h"
#include "sandbox/helper_sandbox.h"
#include "sandbox/project_tree.h"
#include "sandbox/scratch_folder.h"

namespace panta::cli {
namespace fs = std::filesystem;

namespace {

std::string pitest_dir() {
  return (fs::path(runner::default_runner_jar()).parent_path() / "pitest").string();
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Compiles the tests into a fresh folder below the helper's scratch folder.
Result<std::string> compile_tests(runner::TestSession& session, const std::string& scratch,
                                  const PitRun& run) {
  std::string dir = fs::path(scratch) / "pit-tests";
  std::error_code ec;
  fs::remove_all(dir, ec);
  fs::create_directories(dir, ec);
  if (ec) return Error{"cannot make " + dir + ": " + ec.message()};
  auto compiled = session.compile_tests_into(dir, run.test_sources);
  if (!compiled) return compiled.error();
  if (!compiled->success)
    return Error{"the tests do not compile:\n" + runner::format_diagnostics(compiled->diagnostics)};
  return dir;
}

// What the sandboxed PIT must see, as the helper: the project, its class path, PIT, the tests.
sandbox::HelperSandboxSpec sandbox_spec(const project::Project& project, const std::string& scratch,
                                        const std::string& tests) {
  sandbox::HelperSandboxSpec spec;
  if (!project.sandbox.empty()) spec.requested = sandbox::parse_mode(project.sandbox);
  spec.test_env = project.test_env;
  spec.build_env = project.surefire.environment;
  if (!project.jdks.runner.home.empty())
    spec.build_env.emplace_back("JAVA_HOME", project.jdks.runner.home);
  spec.scratch = scratch;
  spec.workdir = project.root;
  spec.project = project.root;
  spec.visible = {project.root, project.reactor_root, project.src_dir, project.test_dir, tests};
  if (!project.compile_main) spec.visible.push_back(project.classes_dir);
  spec.visible.insert(spec.visible.end(), project.classpath.begin(), project.classpath.end());
  spec.visible.insert(spec.visible.end(), project.test_classpath.begin(),
                      project.test_classpath.end());
  return spec;
}

mutation::PitRequest pit_request(const ProjectOptions& options, runner::TestSession& session,
                                 const PitRun& run, const runner::HelperConfig& config) {
  const project::Project& project = session.project();
  mutation::PitRequest r;
  r.target_class = run.class_name;
  r.tests = run.tests;
  r.source_dirs = {project.src_dir};
  r.threads = run.threads;
  r.jvm_options.push_back("-Xmx" + options.heap);
  for (const std::string& o : config.jvm_options) {
    if (o.find(',') == std::string::npos) r.jvm_options.push_back(o);
  }
  return r;
}

std::string tail_lines(const std::string& text, size_t count) {
  size_t pos = text.size();
  for (size_t n = 0; n <= count && pos != std::string::npos && pos > 0; ++n)
    pos = text.rfind('\n', pos - 1);
  return pos == std::string::npos ? text : text.substr(pos + 1);
}

// Why PIT failed: its ERROR lines, else the end of its output.
std::string pit_failure(const process::CommandOutput& out) {
  std::istringstream lines(out.err + out.out);
  std::string why;
  for (std::string line; std::getline(lines, line);) {
    if (line.find("ERROR") != std::string::npos || line.find("Exception") != std::string::npos)
      why += line + "\n";
    if (why.size() > 2000) break;
  }
  return why.empty() ? tail_lines(out.err.empty() ? out.out : out.err, 8) : why;
}

// In fallback mode: puts the project back as it was before PIT ran; fails naming the change.
Status undo_changes(sandbox::ProjectTree& tree, const project::Project& project) {
  auto changes = tree.changes();
  if (!changes) return changes.error();
  if (changes->empty()) return ok_status();
  auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  std::string aside =
      (fs::path(project.root) / ".panta" / "undone" / fmt::format("pit-{:%Y%m%d-%H%M%S}", now))
          .string();
  std::string what = sandbox::describe_changes(*changes);
  if (auto s = tree.restore(*changes, aside); !s) return s;
  return Error{"the tests changed the project during PIT's run: " + what +
               " (put back; what was there is in " + aside + ")"};
}

Result<process::CommandOutput> run_confined(const project::Project& project,
                                            const mutation::PitRequest& request,
                                            const runner::HelperConfig& config,
                                            const std::string& scratch, const PitRun& run) {
  std::vector<std::string> argv = config.command_prefix;
  for (std::string& a : mutation::pit_command_line(request)) argv.push_back(std::move(a));
  process::SpawnOptions spawn;
  spawn.argv = std::move(argv);
  spawn.cwd = project.root;
  if (config.environment) {
    spawn.env = *config.environment;
    spawn.replace_environment = true;
  }
  spawn.end_descendants = true;
  spawn.remove_if_orphaned = scratch;
  auto out =
      process::run(spawn, std::chrono::duration_cast<std::chrono::milliseconds>(run.time_limit));
  if (!out) return out.error();
  std::error_code ec;
  fs::create_directories(fs::path(project.root) / ".panta", ec);
  std::ofstream(fs::path(project.root) / ".panta" / "pit.log") << out->out << out->err;
  return out;
}

}  // namespace

Result<mutation::MutationReport> run_pit(const project::Project& project,
                                         const ProjectOptions& options,
                                         runner::TestSession& session,
                                         const std::string& helper_scratch, const PitRun& run) {
  auto jars = mutation::read_pit_jars(pitest_dir());
  if (!jars) return jars.error();
  auto tests = compile_tests(session, helper_scratch, run);
  if (!tests) return tests.error();
  auto scratch = sandbox::ScratchFolder::create(fs::temp_directory_path().string());
  if (!scratch) return scratch.error();
  runner::HelperConfig config;
  if (!project.jdks.runner.home.empty()) config.java = project.jdks.runner.java();
  config.jar = pitest_dir();
  config.workdir = project.root;
  config.jvm_options = project_jvm_options(project);
  auto confined = sandbox::confine_helper(sandbox_spec(project, scratch->path(), *tests), config);
  if (!confined) return confined.error();
  mutation::PitRequest request = pit_request(options, session, run, config);
  request.pit_jars = *jars;
  request.report_dir = (fs::path(scratch->path()) / "report").string();
  request.classpath = {*tests};
  for (const std::string& entry : session.classpath()) request.classpath.push_back(entry);
  std::optional<sandbox::ProjectTree> tree;
  if (confined->mode == sandbox::SandboxMode::kFallback) {
    auto snapshot = sandbox::ProjectTree::snapshot(project.root);
    if (!snapshot) return snapshot.error();
    tree.emplace(std::move(*snapshot));
  }
  auto out = run_confined(project, request, config, scratch->path(), run);
  if (tree) {
    if (auto s = undo_changes(*tree, project); !s) return s.error();
  }
  if (!out) return out.error();
  if (out->timed_out)
    return Error{fmt::format("PIT did not finish within {} s", run.time_limit.count())};
  if (out->exit_code != 0) {
    return Error{fmt::format("PIT failed (exit {}; its output is in .panta/pit.log):\n{}",
                             out->exit_code, pit_failure(*out))};
  }
  std::string xml = read_file(mutation::mutations_xml_path(request.report_dir));
  if (xml.empty()) return Error{"PIT wrote no mutations.xml (its output is in .panta/pit.log)"};
  return mutation::parse_mutations_xml(xml, run.class_name);
}

Result<mutation::MutationReport> PitProbe::measure(const std::string& test_path,
                                                   const std::string& test_fqn,
                                                   const std::string& test_text) {
  PitRun run;
  run.class_name = class_name_;
  run.tests = {test_fqn};
  run.test_sources = {{test_path, test_text}};
  run.time_limit = time_limit_;
  return run_pit(project_, options_, session_, scratch_, run);
}

}  // namespace panta::cli
