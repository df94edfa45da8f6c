#include "cli/project_options.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <regex>

#include "cli/help_groups.h"
#include "java/source_text.h"
#include "process/subprocess.h"
#include "project/class_targets.h"
#include "project/gradle_project.h"
#include "project/maven_project.h"
#include "project/surefire_filter.h"
#include "sandbox/fallback_runner.h"
#include "sandbox/guard_store.h"
#include "sandbox/helper_sandbox.h"
#include "sandbox/overlay_runner.h"
#include "sandbox/project_tree.h"
#include "sandbox/test_environment.h"

namespace panta::cli {
namespace fs = std::filesystem;

namespace {

// Bytes of "768m", "2g", "100k", "4096"; nullopt for anything else.
std::optional<long long> size_bytes(const std::string& v) {
  static const std::regex size(R"(^([0-9]{1,9})([kKmMgG]?)$)");
  std::smatch m;
  if (!std::regex_match(v, m, size)) return std::nullopt;
  long long n = std::stoll(m[1].str());
  char unit = m[2].length() > 0 ? static_cast<char>(std::tolower(m[2].str()[0])) : 'b';
  int shift = unit == 'g' ? 30 : unit == 'm' ? 20 : unit == 'k' ? 10 : 0;
  return n << shift;
}

}  // namespace

void add_project_options(CLI::App& sub, ProjectOptions& o) {
  sub.add_option("--project", o.project, "Project root (Maven, Gradle or plain layout)")
      ->default_str(".");
  sub.add_option("--module", o.module,
                 "The module under test of a Maven build of several (artifactId or folder; "
                 "default: the module of --project, or of the classes named)");
  sub.add_option("--src-dir", o.src_dir,
                 "Main sources (default: the layout's, e.g. src/main/java)");
  sub.add_option("--test-dir", o.test_dir,
                 "Test sources (default: the layout's, e.g. src/test/java)");
  sub.add_option("--classpath", o.classpath,
                 "Jars and class folders the code needs (repeatable, or ':'-separated)");
  sub.add_option("--classes", o.classes,
                 "Already compiled main classes (then Panta does not compile the main sources)");
  sub.add_option("--encoding", o.encoding, "Source encoding (default: the pom's, else UTF-8)");
  sub.add_option("--java-home", o.java_home,
                 "The project's JDK, for Maven, javac and the tests (default: $JAVA_HOME, else "
                 "the java on PATH; one older than 17 runs Maven only)");
  sub.add_option("--maven-profiles", o.maven_profiles,
                 "Maven profiles to activate, as `mvn -P` takes them (a,b,!c; default: those the "
                 "build activates itself, .mvn/maven.config included)");
  sub.add_option("--test-timeout", o.test_timeout_s, "Time limit per test, in seconds")
      ->check(CLI::Range(0.1, 3600.0))
      ->default_str("10");
  sub.add_option("--heap", o.heap, "Heap of the JVM that runs the tests (java -Xmx: 768m, 2g)")
      ->check(CLI::Validator(
          [](const std::string& v) -> std::string {
            auto bytes = size_bytes(v);
            if (!bytes) return "a size such as 768m or 2g";
            return *bytes < (64LL << 20) ? "at least 64m (the JVM does not start with less)" : "";
          },
          "SIZE"))
      ->default_str("768m");
  sub.add_option("--test-disk", o.test_disk,
                 "The most a generated test may leave in the sandbox's scratch folder (768m, 2g); "
                 "a test after which it holds more is dropped")
      ->check(CLI::Validator(
          [](const std::string& v) -> std::string {
            return size_bytes(v) ? "" : "a size such as 512m or 2g";
          },
          "SIZE"))
      ->default_str("512m");
  sub.add_option("--sandbox", o.sandbox,
                 "How the tests are confined: strict (bubblewrap; the default where it can "
                 "start), fallback (checks and puts back the project after each run), off")
      ->check(CLI::IsMember({"strict", "fallback", "off"}));
  sub.add_option("--test-env", o.test_env,
                 "An environment variable the tests get besides PATH, LANG, LC_ALL, TZ, "
                 "JAVA_HOME (repeatable; never one whose name says it is a secret)");
  set_help_groups(sub, {{"Project",
                         {"--project", "--module", "--src-dir", "--test-dir", "--classpath",
                          "--classes", "--encoding", "--java-home", "--maven-profiles",
                          "--test-timeout", "--heap", "--test-disk", "--sandbox", "--test-env"}}});
}

namespace {

// "JUnit 6.0.3, Mockito 5.20.0, ...": the versions of a stack's main jars.
std::string stack_versions(const std::vector<std::string>& jars) {
  auto versions = project::artifact_versions(jars);
  std::string out;
  for (auto [artifact, name] : {std::pair{"junit-jupiter-api", "JUnit Jupiter"},
                                {"junit", "JUnit 4"},
                                {"mockito-core", "Mockito"},
                                {"assertj-core", "AssertJ"},
                                {"hamcrest", "Hamcrest"}}) {
    auto it = versions.find(artifact);
    if (it != versions.end())
      out += (out.empty() ? "" : ", ") + std::string(name) + " " + it->second;
  }
  return out;
}

// Panta's default stack, for a project whose build gives no JUnit.
Status add_default_stack(project::Project& project) {
  auto stack = project::read_test_stack(runner::default_test_stack_dir());
  if (!stack) return Error{stack.error().message + " (build it with `make build`)"};
  project.test_classpath.insert(project.test_classpath.end(), stack->jars.begin(),
                                stack->jars.end());
  project.stack_origin = stack->origin;
  if (!project.resolution_note.empty()) {
    std::cerr << "panta: note: " << project.resolution_note << " ("
              << project::origin_text(stack->origin) << ": " << stack_versions(stack->jars)
              << ")\n";
  }
  return ok_status();
}

bool has_junit(const std::vector<std::string>& jars) {
  auto versions = project::artifact_versions(jars);
  return versions.count("junit-jupiter-api") != 0 || versions.count("junit") != 0;
}

// The JDKs as the project's: the build's release must be one the runner's JDK compiles for;
// an older project JDK is compiled for with --release.
Status take_jdks(project::Project& project, const project::JdkChoice& jdks) {
  std::optional<int> newest = project.main_compiler.release;
  if (project.test_compiler.release && (!newest || *project.test_compiler.release > *newest))
    newest = project.test_compiler.release;
  if (auto s = project::check_release(jdks, newest); !s) return s;
  project.jdks = jdks;
  if (jdks.project.feature < jdks.runner.feature) {
    int release = std::max(jdks.project.feature, 8);
    if (!project.main_compiler.release) project.main_compiler.release = release;
    if (!project.test_compiler.release) project.test_compiler.release = release;
  }
  if (!jdks.note.empty()) std::cerr << "panta: note: " << jdks.note << "\n";
  return ok_status();
}

// A project whose JUnit jars were given (--classpath, a plain layout) but lack what runs them:
// the engines and launcher of its JUnit's versions (as Maven projects get them), else, for JUnit
// 4, the launcher and Vintage engine of Panta's default stack.
Status complete_junit(project::Project& project, project::MavenTool& maven) {
  std::vector<std::string> jars = project.classpath;
  jars.insert(jars.end(), project.test_classpath.begin(), project.test_classpath.end());
  std::vector<project::ResolvedArtifact> have = project::junit_artifacts(jars);
  auto missing = project::missing_junit_artifacts(have, "6.0.3");
  if (missing.empty()) return ok_status();
  if (auto fetched = maven.fetch(missing, true)) {
    for (const std::string& f : *fetched) {
      if (std::find(jars.begin(), jars.end(), f) == jars.end()) project.test_classpath.push_back(f);
    }
    return ok_status();
  }
  bool jupiter = std::any_of(have.begin(), have.end(),
                             [](const auto& a) { return a.artifact == "junit-jupiter-api"; });
  if (jupiter) {
    return Error{
        "the class path's JUnit Jupiter has no engine and Platform launcher beside it, "
        "and Maven cannot fetch them: add junit-jupiter-engine and "
        "junit-platform-launcher of its version to --classpath"};
  }
  auto stack = project::read_test_stack(runner::default_test_stack_dir());
  if (!stack) return Error{stack.error().message + " (build it with `make build`)"};
  for (const std::string& jar : stack->jars) {
    std::string name = fs::path(jar).filename().string();
    for (const char* part :
         {"junit-platform-", "junit-vintage-engine", "opentest4j", "apiguardian", "jspecify"}) {
      if (name.rfind(part, 0) == 0) project.test_classpath.push_back(jar);
    }
  }
  project.resolution_note += (project.resolution_note.empty() ? "" : "; ") +
                             std::string(
                                 "the JUnit 4 tests run with the JUnit Platform launcher "
                                 "and Vintage engine of Panta's default test stack");
  return ok_status();
}

}  // namespace

namespace {

// Whether the build file at `dir` may put sources outside `dir` (Maven's <sourceDirectory>,
// build-helper's <sources>, a module "../x", Gradle's srcDir / sourceSets / includeBuild). A
// cheap look at the text, not a reading of the build: a false "yes" only means the class is
// then checked after the build is asked, as before.
bool build_may_move_sources(const fs::path& dir) {
  for (const char* name :
       {"pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"}) {
    auto text = java::read_file((dir / name).string());
    if (!text) continue;
    for (const char* word : {"<sourceDirectory>", "<testSourceDirectory>", "<sources>",
                             "<module>..", "srcDir", "sourceSets", "includeBuild", "projectDir"}) {
      if (text->find(word) != std::string::npos) return true;
    }
  }
  return false;
}

}  // namespace

Status check_classes_exist(const ProjectOptions& options, const std::vector<std::string>& classes) {
  std::error_code ec;
  fs::path dir(options.project);
  if (!options.src_dir.empty() || !options.test_dir.empty() || fs::exists(dir / "panta.toml", ec) ||
      build_may_move_sources(dir))
    return ok_status();
  return project::check_class_targets_exist(options.project, classes);
}

Result<project::Project> load_project(const ProjectOptions& o,
                                      const std::vector<std::string>& hints) {
  std::error_code ec;
  if (!fs::is_directory(o.project, ec))
    return Error{o.project + ": no such project folder (--project)"};
  project::ProjectSettings flags;
  if (!o.src_dir.empty()) flags.src_dir = o.src_dir;
  if (!o.test_dir.empty()) flags.test_dir = o.test_dir;
  if (!o.classes.empty()) flags.classes_dir = o.classes;
  if (!o.encoding.empty()) flags.encoding = o.encoding;
  if (!o.sandbox.empty()) flags.sandbox = o.sandbox;
  if (!o.test_env.empty()) flags.test_env = o.test_env;
  if (!o.module.empty()) flags.module = o.module;
  if (!o.classpath.empty()) {
    std::vector<std::string> cp;
    for (const std::string& entry : o.classpath) {
      for (std::string& part : project::split_classpath(entry)) cp.push_back(std::move(part));
    }
    flags.classpath = std::move(cp);
  }
  const char* java_home_env = std::getenv("JAVA_HOME");
  auto jdks = project::choose_jdks(o.java_home, java_home_env != nullptr ? java_home_env : "");
  if (!jdks) return jdks.error();
  project::RealMavenTool maven("mvn", std::chrono::seconds(600), jdks->project.home,
                               o.maven_profiles);
  project::RealGradleTool gradle;
  auto project = project::load_project(o.project, flags, maven, hints, &gradle);
  if (!project) return project.error();
  if (auto s = take_jdks(*project, *jdks); !s) return s.error();
  project->test_disk_bytes = size_bytes(o.test_disk).value_or(project->test_disk_bytes);
  std::vector<std::string> jars = project->classpath;
  jars.insert(jars.end(), project->test_classpath.begin(), project->test_classpath.end());
  if (!has_junit(jars)) {
    if (auto s = add_default_stack(*project); !s) return s.error();
  } else {
    project->stack_origin = project::StackOrigin::kProject;
    if (auto s = complete_junit(*project, maven); !s) return s.error();
    if (!project->resolution_note.empty())
      std::cerr << "panta: note: " << project->resolution_note << "\n";
  }
  return project;
}

namespace {

// What the sandboxed helper must see: the project, its sources, classes and class path, the jar.
std::vector<std::string> helper_reads(const project::Project& project, const std::string& jar) {
  std::vector<std::string> out = {project.root, project.reactor_root, project.src_dir,
                                  project.test_dir};
  if (!project.compile_main) out.push_back(project.classes_dir);
  out.insert(out.end(), project.classpath.begin(), project.classpath.end());
  out.insert(out.end(), project.test_classpath.begin(), project.test_classpath.end());
  out.push_back(jar);
  out.push_back(runner::junit_bridge_jar(jar));
  if (std::string archive = runner::sharing_archive(jar); !archive.empty()) out.push_back(archive);
  return out;
}

// The folder where a fallback run's changes to the project are kept once undone.
std::string undone_folder(const project::Project& project) {
  auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  return (fs::path(project.root) / ".panta" / "undone" / fmt::format("{:%Y%m%d-%H%M%S}", now))
      .string();
}

// A panta that died while its tests ran in fallback mode may have left the project changed.
Status recover_interrupted_run(const project::Project& project) {
  std::string aside = undone_folder(project) + "/recovered";
  auto undone = sandbox::recover_interrupted_run(project.root, aside);
  if (!undone) {
    return Error{
        "a panta was killed while its tests ran in fallback mode, and the project "
        "cannot be put back as it was: " +
        undone.error().message};
  }
  if (!undone->empty()) {
    std::cerr << "panta: a panta was killed while its tests ran in fallback mode; the project is "
                 "put back as it was before that run: "
              << *undone << " (what was there is in " << aside << ")\n";
  }
  return ok_status();
}

}  // namespace

std::vector<std::string> project_jvm_options(const project::Project& project) {
  std::vector<std::string> out;
  // Mockito's inline mock maker (final classes, mockStatic) attaches its agent through
  // byte-buddy-agent; given at start it needs no self-attach (which the sandbox would stop).
  if (std::string agent = project::mock_agent_jar(project.test_classpath); !agent.empty())
    out.push_back("-javaagent:" + agent);
  // Classes compiled with --enable-preview load only in a JVM started with it.
  for (const auto* settings : {&project.main_compiler, &project.test_compiler}) {
    const auto& o = settings->options;
    if (std::find(o.begin(), o.end(), "--enable-preview") != o.end() &&
        std::find(out.begin(), out.end(), "--enable-preview") == out.end())
      out.push_back("--enable-preview");
  }
  // Surefire's argLine, what of it a test JVM of Panta's may take.
  std::vector<std::string> dropped;
  for (std::string& option : project::arg_line_options(project.surefire.arg_line, dropped))
    out.push_back(std::move(option));
  if (!dropped.empty()) {
    std::string list;
    for (const std::string& d : dropped) list += (list.empty() ? "" : " ") + d;
    std::cerr << "panta: note: left out of Surefire's argLine: " << list << "\n";
  }
  return out;
}

Result<std::unique_ptr<HelperSession>> HelperSession::start(const project::Project& project,
                                                            const ProjectOptions& o) {
  if (auto s = recover_interrupted_run(project); !s) return s.error();
  std::unique_ptr<HelperSession> session(new HelperSession());
  auto scratch = sandbox::ScratchFolder::create(fs::temp_directory_path().string());
  if (!scratch) return scratch.error();
  session->scratch_.emplace(std::move(*scratch));
  runner::HelperConfig config;
  if (!project.jdks.runner.home.empty()) config.java = project.jdks.runner.java();
  // As Surefire: tests run in the module's folder (a test reading src/test/resources/... by a
  // relative path finds it); what they may write is the scratch folder (docs/sandbox.md).
  config.workdir = project.root;
  config.heap = o.heap;
  config.jar = runner::default_runner_jar();
  std::error_code ec;
  fs::create_directories(fs::path(project.root) / ".panta", ec);
  config.log_path = (fs::path(project.root) / ".panta" / "runner.log").string();
  for (std::string& option : project_jvm_options(project))
    config.jvm_options.push_back(std::move(option));
  // Compiled test classes are mirrored there, a class folder as a build's test-classes is.
  config.jvm_options.push_back("-Dpanta.runner.unitsDir=" + session->scratch() + "/units");
  config.jvm_options.push_back("-Dpanta.runner.scratch=" + session->scratch());
  sandbox::HelperSandboxSpec spec;
  if (!project.sandbox.empty()) spec.requested = sandbox::parse_mode(project.sandbox);
  spec.test_env = project.test_env;
  spec.build_env = project.surefire.environment;
  if (!project.jdks.runner.home.empty())
    spec.build_env.emplace_back("JAVA_HOME", project.jdks.runner.home);
  spec.scratch = session->scratch();
  spec.workdir = project.root;
  spec.visible = helper_reads(project, config.jar);
  spec.project = project.root;
  auto confined = sandbox::confine_helper(spec, config);
  if (!confined) return confined.error();
  session->mode_ = confined->mode;
  if (!confined->notice.empty()) std::cerr << "panta: " << confined->notice << "\n";
  auto helper = runner::start_helper(config);
  if (!helper) return helper.error();
  session->runner_ = std::move(*helper);
  if (!confined->overlay.empty()) {
    session->runner_ = std::make_unique<sandbox::OverlayRunner>(
        std::move(session->runner_), fs::weakly_canonical(project.root, ec).string(),
        confined->overlay);
  }
  if (session->mode_ != sandbox::SandboxMode::kFallback) return session;
  auto tree = sandbox::ProjectTree::snapshot(project.root);
  if (!tree)
    return Error{"cannot check the project for the fallback sandbox: " + tree.error().message};
  auto store = sandbox::GuardStore::open(project.root);
  if (!store) return store.error();
  sandbox::FallbackGuardOptions guard{
      undone_folder(project), sandbox::secret_values(process::current_environment()),
      [](const std::string& notice) { std::cerr << "panta: " << notice << "\n"; },
      std::move(*store)};
  session->runner_ = std::make_unique<sandbox::FallbackRunner>(std::move(session->runner_),
                                                               std::move(*tree), std::move(guard));
  return session;
}

HelperSession::~HelperSession() {
  runner_.reset();  // the helper ends before its working folder goes
}

std::chrono::milliseconds test_timeout(const ProjectOptions& o) {
  return std::chrono::milliseconds(static_cast<long>(o.test_timeout_s * 1000));
}

}  // namespace panta::cli
