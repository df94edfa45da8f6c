#include "project/gradle_project.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "project/maven_project.h"
#include "project/test_stack.h"

namespace panta::project {
namespace fs = std::filesystem;

namespace {

// The default Vintage engine, as for Maven builds (maven_project.cc).
constexpr const char* kDefaultVintage = "6.0.3";

std::string normal(const std::string& path) {
  std::string s = fs::path(path).lexically_normal().string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

std::string project_names(const std::vector<GradleProject>& projects) {
  std::string names;
  for (const GradleProject& p : projects) {
    if (p.java) names += (names.empty() ? "" : ", ") + p.path;
  }
  return names;
}

bool named(const GradleProject& p, const std::string& module) {
  if (p.path == module || p.path == ":" + module || p.name() == module) return true;
  return !module.empty() && normal(p.dir).ends_with("/" + normal(module));
}

bool contains(const std::vector<std::string>& list, const std::string& entry) {
  return std::find(list.begin(), list.end(), entry) != list.end();
}

/// `files` without the project's own outputs (Panta compiles its sources itself).
std::vector<std::string> without_outputs(const std::vector<std::string>& files,
                                         const GradleProject& p) {
  std::vector<std::string> out;
  for (const std::string& f : files) {
    if (!contains(p.outputs, f) && !contains(p.test_outputs, f) && !contains(out, f))
      out.push_back(f);
  }
  return out;
}

/// Adds the JUnit engines and launcher `out`'s tests need and its class path lacks, fetched
/// with Maven; says in `out.note` when they cannot be.
void add_junit_engines(GradleResolution& out, MavenTool& maven) {
  std::vector<std::string> jars = out.classpath;
  jars.insert(jars.end(), out.test_classpath.begin(), out.test_classpath.end());
  std::vector<ResolvedArtifact> list = junit_artifacts(jars);
  out.needs_default_stack = std::none_of(list.begin(), list.end(), [](const ResolvedArtifact& a) {
    return a.key() == "org.junit.jupiter:junit-jupiter-api" || a.key() == "junit:junit";
  });
  if (out.needs_default_stack) return;
  std::vector<ResolvedArtifact> engines = missing_junit_artifacts(list, kDefaultVintage);
  if (engines.empty()) return;
  auto fetched = maven.fetch(engines, true);
  if (!fetched) {
    out.note += (out.note.empty() ? "" : "; ") +
                std::string(
                    "Maven could not resolve the JUnit engines and launcher the tests "
                    "need (") +
                fetched.error().message + ")";
    out.needs_default_stack = true;
    return;
  }
  for (const std::string& f : *fetched) {
    if (!contains(out.test_classpath, f)) out.test_classpath.push_back(f);
  }
}

}  // namespace

Result<GradleProject> choose_gradle_project(const std::vector<GradleProject>& projects,
                                            const std::string& dir, const std::string& module,
                                            const std::vector<std::string>& hints) {
  std::vector<const GradleProject*> fit;
  for (const GradleProject& p : projects) {
    if (!p.java) continue;
    if (module.empty() ? normal(p.dir) == normal(dir) : named(p, module)) return p;
    fit.push_back(&p);
  }
  if (!module.empty()) {
    return Error{"no project " + module +
                 " in the Gradle build (Java projects: " + project_names(projects) + ")"};
  }
  if (fit.empty()) {
    return Error{dir + ": no project of the Gradle build applies the java plugin"};
  }
  if (fit.size() > 1 && !hints.empty()) {
    std::erase_if(fit, [&](const GradleProject* p) {
      std::vector<std::string> roots = p->source_dirs;
      roots.insert(roots.end(), p->test_source_dirs.begin(), p->test_source_dirs.end());
      return std::none_of(hints.begin(), hints.end(),
                          [&](const std::string& h) { return sources_hold(roots, h); });
    });
  }
  if (fit.size() == 1) return *fit[0];
  return Error{dir + " is a Gradle build of several projects (" + project_names(projects) +
               "): name one with --module, or a class of it with --class"};
}

std::vector<ResolvedArtifact> junit_artifacts(const std::vector<std::string>& jars) {
  static const std::map<std::string, std::string> groups = {
      {"junit-jupiter-api", "org.junit.jupiter"},
      {"junit-jupiter-engine", "org.junit.jupiter"},
      {"junit-platform-commons", "org.junit.platform"},
      {"junit-platform-engine", "org.junit.platform"},
      {"junit-platform-launcher", "org.junit.platform"},
      {"junit-vintage-engine", "org.junit.vintage"},
      {"junit", "junit"},
  };
  std::vector<ResolvedArtifact> out;
  for (const auto& [artifact, version] : artifact_versions(jars)) {
    auto group = groups.find(artifact);
    if (group == groups.end()) continue;
    ResolvedArtifact a;
    a.group = group->second;
    a.artifact = artifact;
    a.version = version;
    a.scope = "test";
    out.push_back(std::move(a));
  }
  return out;
}

namespace {

// How the build's compile task of the main (or test) sources compiles; the checks among its
// arguments go to `dropped`.
CompilerSettings gradle_compiler(const GradleProject& p, bool test,
                                 std::vector<std::string>& dropped) {
  CompilerSettings out;
  out.release = gradle_release_number(test && !p.test_release.empty() ? p.test_release : p.release);
  out.options = taken_compiler_args(test ? p.test_compiler_args : p.compiler_args, dropped);
  bool set = test ? p.test_processor_path_set : p.processor_path_set;
  const std::vector<std::string>& path = test ? p.test_processor_path : p.processor_path;
  // Gradle 5 and later look for processors only there: an empty one runs none.
  if (set && path.empty()) out.options.push_back("-proc:none");
  if (set) out.processor_path = path;
  return out;
}

}  // namespace

Result<GradleResolution> resolve_gradle_project(GradleTool& gradle, MavenTool& maven,
                                                const std::string& dir, const std::string& module,
                                                const std::vector<std::string>& hints) {
  GradleResolution out;
  out.build_root = find_gradle_root(dir);
  auto report = gradle.describe(out.build_root);
  if (!report) {
    if (report.error().kind == ErrorKind::kUnresolved) return report.error();
    return Error{"Gradle could not resolve the build at " + out.build_root + ": " +
                 report.error().message};
  }
  out.from_cache = report->from_cache;
  auto projects = parse_gradle_report(report->text);
  if (!projects) return projects.error();
  auto chosen = choose_gradle_project(*projects, dir, module, hints);
  if (!chosen) return chosen.error();
  out.project = *chosen;
  out.release = gradle_release_number(out.project.release);
  std::vector<std::string> dropped;
  out.main_compiler = gradle_compiler(out.project, false, dropped);
  out.test_compiler = gradle_compiler(out.project, true, dropped);
  if (!dropped.empty()) {
    std::string args;
    for (const std::string& a : dropped) args += (args.empty() ? "" : " ") + a;
    out.note =
        "left out of the build's compiler arguments (checks, which change no class): " + args;
  }
  out.classpath = without_outputs(out.project.compile_classpath, out.project);
  for (const std::string& f : without_outputs(out.project.test_runtime_classpath, out.project)) {
    if (!contains(out.classpath, f)) out.test_classpath.push_back(f);
  }
  add_junit_engines(out, maven);
  return out;
}

}  // namespace panta::project
