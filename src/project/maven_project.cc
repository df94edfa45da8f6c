#include "project/maven_project.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "java/source_text.h"
#include "project/maven.h"

namespace panta::project {
namespace fs = std::filesystem;

namespace {

bool main_scope(const std::string& scope) {
  return scope == "compile" || scope == "provided" || scope == "system";
}

std::string normal(const std::string& path) {
  fs::path p = fs::path(path).lexically_normal();
  std::string s = p.string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

bool lists_module(const std::string& parent, const std::string& child) {
  auto text = java::read_file(parent + "/pom.xml");
  if (!text) return false;
  for (std::string m : pom_modules(*text)) {
    if (m.ends_with(".xml")) m = fs::path(m).parent_path().string();
    if (normal(parent + "/" + m) == child) return true;
  }
  return false;
}

/// Whether the module's main or test sources hold the class or package `hint`.
bool holds(const MavenModule& m, const std::string& hint) {
  return sources_hold({m.source_dir, m.test_source_dir}, hint);
}

std::string module_names(const std::vector<MavenModule>& modules) {
  std::string names;
  for (const MavenModule& m : modules) {
    if (m.packaging == "pom") continue;
    names += (names.empty() ? "" : ", ") + m.artifact;
  }
  return names;
}

const ResolvedArtifact* find(const std::vector<ResolvedArtifact>& list, const std::string& key) {
  for (const ResolvedArtifact& a : list) {
    if (a.key() == key) return &a;
  }
  return nullptr;
}

/// "1.14.1" for Jupiter "5.14.1", "6.0.3" for "6.0.3": the Platform of a Jupiter version.
std::string platform_of_jupiter(const std::string& jupiter) {
  return jupiter.rfind("5.", 0) == 0 ? "1." + jupiter.substr(2) : jupiter;
}

std::string jupiter_of_platform(const std::string& platform) {
  return platform.rfind("1.", 0) == 0 ? "5." + platform.substr(2) : platform;
}

ResolvedArtifact artifact(const std::string& group, const std::string& name,
                          const std::string& version) {
  ResolvedArtifact a;
  a.group = group;
  a.artifact = name;
  a.version = version;
  a.scope = "test";
  return a;
}

/// Splits a module's resolved list into jar files of the local repository and sibling modules.
struct Placement {
  std::vector<std::string> classpath;
  std::vector<std::string> test_classpath;
  std::vector<const MavenModule*> siblings;  ///< Reactor modules the list names.
  std::vector<ResolvedArtifact> missing;     ///< Not in the local repository.
};

std::string upstream_classes(const std::string& module_root, const std::string& artifact) {
  return module_root + "/.panta/upstream/" + artifact + "/classes";
}

Placement place(const std::vector<ResolvedArtifact>& list, const std::vector<MavenModule>& modules,
                const std::string& repository, const std::string& module_root) {
  Placement out;
  std::error_code ec;
  for (const ResolvedArtifact& a : list) {
    if (a.type == "pom") continue;
    auto sibling = std::find_if(modules.begin(), modules.end(),
                                [&](const MavenModule& m) { return m.key() == a.key(); });
    auto& target = main_scope(a.scope) ? out.classpath : out.test_classpath;
    if (sibling != modules.end()) {
      out.siblings.push_back(&*sibling);
      target.push_back(upstream_classes(module_root, sibling->artifact));
      target.insert(target.end(), sibling->resource_dirs.begin(), sibling->resource_dirs.end());
      continue;
    }
    std::string file = repository_path(repository, a);
    if (!fs::exists(file, ec)) out.missing.push_back(a);
    target.push_back(file);
  }
  return out;
}

std::vector<ResolvedArtifact> listed(const MavenReport& report, const MavenModule& m) {
  auto it = report.collected.find(m.artifact);
  return it == report.collected.end() ? std::vector<ResolvedArtifact>{}
                                      : parse_artifact_list(it->second);
}

/// The jars of the annotation processors `processors` names (with their own dependencies), for
/// the module `artifact`. Fails naming them when Maven cannot fetch them.
Result<std::vector<std::string>> processor_path(MavenTool& maven,
                                                const std::vector<ResolvedArtifact>& processors,
                                                const std::string& artifact) {
  if (processors.empty()) return std::vector<std::string>{};
  auto fetched = maven.fetch(processors, true);
  if (fetched) return *fetched;
  std::string names;
  for (const ResolvedArtifact& a : processors)
    names += (names.empty() ? "" : ", ") + a.group + ":" + a.artifact + ":" + a.version;
  return Error{"Maven could not resolve the annotation processors " + names + " of module " +
                   artifact + " (" + fetched.error().message + ")",
               ErrorKind::kUnresolved};
}

/// The module's annotationProcessorPaths as jars, in its compiler settings.
Status resolve_processors(MavenTool& maven, MavenModule& module) {
  auto main = processor_path(maven, module.main_processors, module.artifact);
  if (!main) return main.error();
  module.main_compiler.processor_path = *main;
  auto test = processor_path(maven, module.test_processors, module.artifact);
  if (!test) return test.error();
  module.test_compiler.processor_path = *test;
  return ok_status();
}

/// The sibling modules the module under test needs, each with what it compiles against, in
/// the reactor's build order.
Result<std::vector<UpstreamModule>> upstream_modules(MavenTool& maven, const Placement& placed,
                                                     const std::vector<MavenModule>& modules,
                                                     const MavenReport& report,
                                                     const std::string& repository,
                                                     const std::string& module_root) {
  std::vector<UpstreamModule> out;
  for (const MavenModule& m : modules) {
    if (std::find(placed.siblings.begin(), placed.siblings.end(), &m) == placed.siblings.end())
      continue;
    Placement own = place(listed(report, m), modules, repository, module_root);
    UpstreamModule upstream{
        m.artifact,    m.source_dir, m.resource_dirs, upstream_classes(module_root, m.artifact),
        own.classpath, m.encoding,   m.main_compiler};
    auto processors = processor_path(maven, m.main_processors, m.artifact);
    if (!processors) return processors.error();
    upstream.compiler.processor_path = *processors;
    out.push_back(std::move(upstream));
  }
  return out;
}

/// Fetches what the local repository lacks; names in `note` what cannot be had. Fails when a
/// jar the main code needs cannot be fetched.
Status fetch_missing(MavenTool& maven, const Placement& placed, std::string& note,
                     std::vector<std::string>& test_classpath) {
  if (placed.missing.empty()) return ok_status();
  auto fetched = maven.fetch(placed.missing, false);
  if (fetched) return ok_status();
  std::string names;
  bool main = false;
  for (const ResolvedArtifact& a : placed.missing) {
    names += (names.empty() ? "" : ", ") + a.group + ":" + a.artifact + ":" + a.version;
    main = main || main_scope(a.scope);
  }
  if (main) {
    return Error{"Maven could not resolve " + names + " (" + fetched.error().message + ")",
                 ErrorKind::kUnresolved};
  }
  note = "Maven could not resolve the test dependencies " + names + " (" + fetched.error().message +
         "); they are left out";
  std::error_code ec;
  std::erase_if(test_classpath, [&](const std::string& f) { return !fs::exists(f, ec); });
  return ok_status();
}

std::vector<Dependency> direct_test_dependencies(const MavenModule& m,
                                                 const std::vector<ResolvedArtifact>& list) {
  std::vector<Dependency> out;
  for (Dependency d : m.dependencies) {
    if (d.scope != "test") continue;
    if (const ResolvedArtifact* a = find(list, d.group + ":" + d.artifact)) d.version = a->version;
    out.push_back(std::move(d));
  }
  return out;
}

bool has_junit(const std::vector<ResolvedArtifact>& list) {
  return find(list, "org.junit.jupiter:junit-jupiter-api") != nullptr ||
         find(list, "junit:junit") != nullptr;
}

}  // namespace

bool sources_hold(const std::vector<std::string>& roots, const std::string& hint) {
  std::string name = hint.substr(0, hint.find('#'));
  if (name.ends_with(".*")) name.resize(name.size() - 2);
  std::string path = name;
  std::replace(path.begin(), path.end(), '.', '/');
  std::error_code ec;
  for (const std::string& root : roots) {
    if (root.empty()) continue;
    if (fs::is_directory(root + "/" + path, ec)) return true;
    // "pkg.Outer.Inner" and "pkg.Outer$Inner" live in pkg/Outer.java
    std::string file = path.substr(0, path.find('$'));
    for (size_t cut = file.size(); cut != std::string::npos; cut = file.rfind('/', cut - 1)) {
      if (fs::is_regular_file(root + "/" + file.substr(0, cut) + ".java", ec)) return true;
      if (cut == 0) break;
    }
  }
  return false;
}

std::string find_reactor_root(const std::string& dir) {
  std::string root = normal(dir);
  for (int level = 0; level < 8; ++level) {
    std::string parent = fs::path(root).parent_path().string();
    if (parent == root || !lists_module(parent, root)) break;
    root = parent;
  }
  return root;
}

Result<MavenModule> choose_module(const std::vector<MavenModule>& modules, const std::string& dir,
                                  const std::string& module,
                                  const std::vector<std::string>& hints) {
  std::vector<const MavenModule*> fit;
  for (const MavenModule& m : modules) {
    if (m.packaging == "pom") continue;
    bool named =
        !module.empty() && (m.artifact == module || normal(m.basedir).ends_with("/" + module));
    if (module.empty() ? normal(m.basedir) == normal(dir) : named) return m;
  }
  if (!module.empty()) {
    return Error{"no module " + module + " in the Maven build (modules: " + module_names(modules) +
                 ")"};
  }
  for (const MavenModule& m : modules) {
    if (m.packaging != "pom") fit.push_back(&m);
  }
  if (fit.size() > 1 && !hints.empty()) {
    std::erase_if(fit, [&](const MavenModule* m) {
      return std::none_of(hints.begin(), hints.end(),
                          [&](const std::string& h) { return holds(*m, h); });
    });
  }
  if (fit.size() == 1) return *fit[0];
  return Error{dir + " is a Maven build of several modules (" + module_names(modules) +
               "): name one with --module, or a class of it with --class"};
}

// The JUnit 4 that runs a build's JUnit 4 tests when the build's own is older than 4.12.
constexpr const char* kVintageJUnit4 = "4.13.2";

std::vector<ResolvedArtifact> missing_junit_artifacts(const std::vector<ResolvedArtifact>& list,
                                                      const std::string& default_vintage) {
  std::vector<ResolvedArtifact> out;
  const ResolvedArtifact* api = find(list, "org.junit.jupiter:junit-jupiter-api");
  const ResolvedArtifact* platform = find(list, "org.junit.platform:junit-platform-engine");
  if (platform == nullptr) platform = find(list, "org.junit.platform:junit-platform-commons");
  std::string platform_version = platform != nullptr ? platform->version
                                 : api != nullptr    ? platform_of_jupiter(api->version)
                                                     : "";
  if (api != nullptr && find(list, "org.junit.jupiter:junit-jupiter-engine") == nullptr) {
    out.push_back(artifact("org.junit.jupiter", "junit-jupiter-engine", api->version));
  }
  const ResolvedArtifact* junit4 = find(list, "junit:junit");
  if (junit4 != nullptr && !version_at_least(junit4->version, "4.12")) {
    out.push_back(artifact("junit", "junit", kVintageJUnit4));  // Vintage needs 4.12 or later
  }
  if (junit4 != nullptr && find(list, "org.junit.vintage:junit-vintage-engine") == nullptr) {
    std::string vintage =
        platform_version.empty() ? default_vintage : jupiter_of_platform(platform_version);
    out.push_back(artifact("org.junit.vintage", "junit-vintage-engine", vintage));
    if (platform_version.empty()) platform_version = platform_of_jupiter(vintage);
  }
  if (!platform_version.empty() &&
      find(list, "org.junit.platform:junit-platform-launcher") == nullptr) {
    out.push_back(artifact("org.junit.platform", "junit-platform-launcher", platform_version));
  }
  return out;
}

// The JUnit engines and launcher the module's tests need beyond `list`, on its test class path
// (a JUnit 4 older than the Vintage engine takes runs as 4.13.2); named in its note when Maven
// cannot fetch them (then the default stack runs the tests).
void add_junit_engines(MavenTool& maven, const std::vector<ResolvedArtifact>& list,
                       const std::string& repository, MavenResolution& out) {
  std::vector<ResolvedArtifact> engines = missing_junit_artifacts(list, "6.0.3");
  if (engines.empty() || out.needs_default_stack) return;
  auto fetched = maven.fetch(engines, true);
  if (!fetched) {
    out.note +=
        (out.note.empty() ? "" : "; ") +
        std::string("Maven could not resolve the JUnit engines and launcher the tests need (") +
        fetched.error().message + ")";
    out.needs_default_stack = true;
    return;
  }
  const ResolvedArtifact* junit4 = find(list, "junit:junit");
  if (std::any_of(engines.begin(), engines.end(),
                  [](const ResolvedArtifact& a) { return a.key() == "junit:junit"; })) {
    // The build's JUnit 4 is older than the Vintage engine takes: 4.13.2 runs instead.
    std::string old = repository_path(repository, *junit4);
    std::erase(out.test_classpath, old);
    std::erase(out.classpath, old);
    out.note += (out.note.empty() ? "" : "; ") + std::string("JUnit ") + junit4->version +
                " of the build runs as " + kVintageJUnit4 +
                " (the JUnit Platform's Vintage engine, which Panta runs JUnit 4 tests with, needs "
                "4.12 or later)";
  }
  for (const std::string& f : *fetched) {
    if (std::find(out.test_classpath.begin(), out.test_classpath.end(), f) ==
        out.test_classpath.end())
      out.test_classpath.push_back(f);
  }
}

Result<MavenResolution> resolve_maven_module(MavenTool& maven, const std::string& dir,
                                             const std::string& module,
                                             const std::vector<std::string>& hints) {
  MavenResolution out;
  out.reactor_root = find_reactor_root(dir);
  auto report = maven.describe(out.reactor_root);
  if (!report) {
    return Error{"Maven could not resolve the build at " + out.reactor_root + " (" +
                     report.error().message + ")",
                 ErrorKind::kUnresolved};
  }
  auto modules = parse_effective_pom(report->effective_pom, out.reactor_root + "/pom.xml");
  if (!modules) return modules.error();
  auto chosen = choose_module(*modules, dir, module, hints);
  if (!chosen) return chosen.error();
  out.module = *chosen;
  auto repository = maven.local_repository();
  if (!repository) {
    return Error{"Maven named no local repository (" + repository.error().message + ")",
                 ErrorKind::kUnresolved};
  }
  std::vector<ResolvedArtifact> list = listed(*report, out.module);
  Placement placed = place(list, *modules, *repository, out.module.basedir);
  out.classpath = placed.classpath;
  out.test_classpath = placed.test_classpath;
  if (auto s = fetch_missing(maven, placed, out.note, out.test_classpath); !s) return s.error();
  auto upstream =
      upstream_modules(maven, placed, *modules, *report, *repository, out.module.basedir);
  if (!upstream) return upstream.error();
  out.upstream = std::move(*upstream);
  if (auto s = resolve_processors(maven, out.module); !s) return s.error();
  out.test_dependencies = direct_test_dependencies(out.module, list);
  out.needs_default_stack = !has_junit(list);
  add_junit_engines(maven, list, *repository, out);
  return out;
}

}  // namespace panta::project
