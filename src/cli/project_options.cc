#include "cli/project_options.h"

#include <filesystem>

namespace panta::cli {
namespace fs = std::filesystem;

void add_project_options(CLI::App& sub, ProjectOptions& o) {
  sub.add_option("--project", o.project, "Project root (Maven, Gradle or plain layout)")
      ->default_str(".");
  sub.add_option("--src-dir", o.src_dir,
                 "Main sources (default: the layout's, e.g. src/main/java)");
  sub.add_option("--test-dir", o.test_dir,
                 "Test sources (default: the layout's, e.g. src/test/java)");
  sub.add_option("--classpath", o.classpath,
                 "Jars and class folders the code needs (repeatable, or ':'-separated)");
  sub.add_option("--classes", o.classes,
                 "Already compiled main classes (then Panta does not compile the main sources)");
  sub.add_option("--encoding", o.encoding, "Source encoding (default: the pom's, else UTF-8)");
  sub.add_option("--test-timeout", o.test_timeout_s, "Time limit per test, in seconds")
      ->check(CLI::Range(0.1, 3600.0))
      ->default_str("10");
  sub.add_option("--heap", o.heap, "Heap of the JVM that runs the tests (java -Xmx)")
      ->default_str("768m");
}

Result<project::Project> load_project(const ProjectOptions& o) {
  std::error_code ec;
  if (!fs::is_directory(o.project, ec))
    return Error{o.project + ": no such project folder (--project)"};
  project::ProjectSettings flags;
  if (!o.src_dir.empty()) flags.src_dir = o.src_dir;
  if (!o.test_dir.empty()) flags.test_dir = o.test_dir;
  if (!o.classes.empty()) flags.classes_dir = o.classes;
  if (!o.encoding.empty()) flags.encoding = o.encoding;
  if (!o.classpath.empty()) {
    std::vector<std::string> cp;
    for (const std::string& entry : o.classpath) {
      for (std::string& part : project::split_classpath(entry)) cp.push_back(std::move(part));
    }
    flags.classpath = std::move(cp);
  }
  project::RealMavenTool maven;
  return project::load_project(o.project, flags, maven);
}

Result<std::unique_ptr<HelperSession>> HelperSession::start(const project::Project& project,
                                                            const ProjectOptions& o) {
  std::unique_ptr<HelperSession> session(new HelperSession());
  std::string templ = (fs::temp_directory_path() / "panta-run-XXXXXX").string();
  if (mkdtemp(templ.data()) == nullptr)
    return Error{"cannot create a scratch folder in " + fs::temp_directory_path().string()};
  session->scratch_ = templ;
  runner::HelperConfig config;
  config.workdir = session->scratch_;
  config.heap = o.heap;
  std::error_code ec;
  fs::create_directories(fs::path(project.root) / ".panta", ec);
  config.log_path = (fs::path(project.root) / ".panta" / "runner.log").string();
  auto helper = runner::start_helper(config);
  if (!helper) return helper.error();
  session->runner_ = std::move(*helper);
  return session;
}

HelperSession::~HelperSession() {
  runner_.reset();  // the helper ends before its working folder goes
  std::error_code ec;
  if (!scratch_.empty()) fs::remove_all(scratch_, ec);
}

std::chrono::milliseconds test_timeout(const ProjectOptions& o) {
  return std::chrono::milliseconds(static_cast<long>(o.test_timeout_s * 1000));
}

}  // namespace panta::cli
