#include "project/project.h"

#include "project/junit_generation.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "java/source_text.h"
#include "project/gradle.h"
#include "project/gradle_project.h"
#include "project/project_config.h"
#include "project/surefire_filter.h"

namespace panta::project {
namespace {

namespace fs = std::filesystem;

/// The build tools load_project may call; `gradle` is null when Gradle is not to be asked.
struct BuildTools {
  MavenTool& maven;
  GradleTool* gradle;
};

/// `path` made absolute against `base`, normalised, without a trailing separator.
std::string absolute_path(const std::string& base, const std::string& path) {
  fs::path p(path);
  if (p.is_relative()) p = fs::path(base) / p;
  p = p.lexically_normal();
  if (!p.has_filename() && p.has_relative_path()) p = p.parent_path();
  return p.string();
}

bool is_directory(const std::string& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

bool is_file(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

BuildSystem detect_build_system(const std::string& root) {
  if (is_file(root + "/pom.xml")) return BuildSystem::kMaven;
  if (is_file(root + "/build.gradle") || is_file(root + "/build.gradle.kts")) {
    return BuildSystem::kGradle;
  }
  return BuildSystem::kPlain;
}

struct Layout {
  std::string src_dir;
  std::string test_dir;
  std::string classes_dir;
};

Layout default_layout(BuildSystem build_system) {
  switch (build_system) {
    case BuildSystem::kMaven:
      return {"src/main/java", "src/test/java", "target/classes"};
    case BuildSystem::kGradle:
      return {"src/main/java", "src/test/java", "build/classes/java/main"};
    case BuildSystem::kPlain:
      break;
  }
  return {"", "", ".panta/classes"};
}

// Whether `dir` or a folder below it holds a .class file.
bool holds_class_file(const std::string& dir) {
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".class") return true;
  }
  return false;
}

Status place_folders(Project& project, const ProjectSettings& settings, const Layout& layout) {
  if (project.build_system == BuildSystem::kPlain && (!settings.src_dir || !settings.test_dir)) {
    return Error{project.root +
                 ": no pom.xml, build.gradle or build.gradle.kts; give the source folders with "
                 "--src-dir and --test-dir (or src_dir and test_dir in panta.toml)"};
  }
  project.src_dir = absolute_path(project.root, settings.src_dir.value_or(layout.src_dir));
  project.test_dir = absolute_path(project.root, settings.test_dir.value_or(layout.test_dir));
  if (!is_directory(project.src_dir)) {
    return Error{project.src_dir + ": source folder does not exist (set it with --src-dir)"};
  }
  project.compile_main = !settings.classes_dir;
  project.classes_dir =
      absolute_path(project.root, settings.classes_dir.value_or(layout.classes_dir));
  if (!project.compile_main && !is_directory(project.classes_dir)) {
    return Error{project.classes_dir +
                 ": classes folder (--classes, or classes_dir in panta.toml) does not exist (a "
                 "relative path is taken from the module's folder, " +
                 project.root + ")"};
  }
  if (!project.compile_main && !holds_class_file(project.classes_dir)) {
    return Error{project.classes_dir +
                 ": classes folder (--classes, or classes_dir in panta.toml) holds no .class "
                 "file: compile the main sources first, or leave the option out to let Panta "
                 "compile them"};
  }
  return ok_status();
}

void set_classpath(Project& project, const std::vector<std::string>& entries) {
  project.classpath.clear();
  for (const std::string& e : entries) project.classpath.push_back(absolute_path(project.root, e));
}

/// The folders below `generated` (a build's target/generated-sources) but javac's own output
/// (`skipped`: annotations, test-annotations), which Panta's compilation makes anew: sources an
/// earlier build generated with plugins Panta does not run (templates, parsers, protobuf).
void add_generated_sources(const std::string& generated, const std::string& skipped,
                           std::vector<std::string>& roots) {
  std::error_code ec;
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(generated, ec)) {
    if (!entry.is_directory(ec) || entry.path().filename() == skipped) continue;
    found.push_back(entry.path().string());
  }
  std::sort(found.begin(), found.end());
  for (const std::string& dir : found) {
    if (std::find(roots.begin(), roots.end(), dir) == roots.end()) roots.push_back(dir);
  }
}

/// The module Maven resolved, as the project: its folder, layout, class paths and settings.
Layout take_maven_module(Project& project, MavenResolution& resolved) {
  const MavenModule& m = resolved.module;
  project.root = m.basedir;
  project.reactor_root = resolved.reactor_root;
  project.module = m.artifact;
  if (!m.encoding.empty()) project.encoding = m.encoding;
  project.main_compiler = m.main_compiler;
  project.test_compiler = m.test_compiler;
  add_generated_sources(m.build_dir + "/generated-sources", "annotations",
                        project.main_compiler.extra_source_roots);
  add_generated_sources(m.build_dir + "/generated-test-sources", "test-annotations",
                        project.test_compiler.extra_source_roots);
  if (m.test_compiler.release) project.java_release = std::to_string(*m.test_compiler.release);
  project.coordinates = m.group + ":" + m.artifact + ":" + m.version;
  project.resource_dirs = m.resource_dirs;
  project.test_resource_dirs = m.test_resource_dirs;
  project.surefire = m.surefire;
  project.formatters = m.formatters;
  project.test_dependencies = resolved.test_dependencies;
  project.classpath = resolved.classpath;
  project.test_classpath = resolved.test_classpath;
  project.stack_origin = StackOrigin::kProject;
  if (resolved.needs_default_stack) project.test_classpath.clear();
  project.upstream = resolved.upstream;
  project.resolution_note = resolved.note;
  if (!m.dropped_compiler_args.empty()) {
    std::string args;
    for (const std::string& a : m.dropped_compiler_args) args += (args.empty() ? "" : " ") + a;
    project.resolution_note += (project.resolution_note.empty() ? "" : "; ") +
                               std::string(
                                   "left out of the build's compiler arguments (checks, "
                                   "which change no class): ") +
                               args;
  }
  return {m.source_dir, m.test_source_dir, m.basedir + "/target/classes"};
}

/// When Maven cannot resolve the build: the pom's own test dependencies (properties and
/// dependencyManagement of this pom only), and an error only when the main code needs jars
/// nobody gave.
Status take_pom_only(Project& project, const ProjectSettings& settings, const Error& why) {
  auto pom = read_pom(project.root + "/pom.xml");
  if (!pom) return pom.error();
  if (!pom->source_encoding.empty()) project.encoding = pom->source_encoding;
  project.java_release = pom->java_release;
  project.coordinates = pom->coordinates;
  project.test_dependencies = pom->test_dependencies();
  if (!settings.classpath && pom->has_non_test_dependencies()) {
    return Error{why.message +
                 "; give the class path with --classpath, or `classpath` in panta.toml"};
  }
  project.resolution_note = why.message + "; the tests run with the test stack below";
  return ok_status();
}

Result<Layout> read_maven_build(Project& project, const ProjectSettings& settings, MavenTool& maven,
                                const std::vector<std::string>& hints) {
  auto resolved = resolve_maven_module(maven, project.root, settings.module.value_or(""), hints);
  if (resolved) return take_maven_module(project, *resolved);
  if (resolved.error().kind != ErrorKind::kUnresolved) return resolved.error();
  if (auto s = take_pom_only(project, settings, resolved.error()); !s) return s.error();
  return default_layout(BuildSystem::kMaven);
}

/// The test dependencies and release of the project's build script, when it has one.
Status scan_gradle_script(Project& project) {
  std::string script = project.root + "/build.gradle";
  if (!is_file(script)) script += ".kts";
  if (!is_file(script)) return ok_status();  // a project configured by the root's script
  auto text = java::read_file(script);
  if (!text) return text.error();
  project.test_dependencies = scan_gradle_test_dependencies(*text);
  if (project.java_release.empty()) project.java_release = scan_gradle_java_release(*text);
  return ok_status();
}

/// The project Gradle resolved, as the project: its folder, layout, class paths and settings.
Layout take_gradle_project(Project& project, GradleResolution& resolved) {
  const GradleProject& p = resolved.project;
  project.root = absolute_path("/", p.dir);
  project.reactor_root = resolved.build_root;
  project.module = p.path == ":" ? "" : p.path;
  if (!p.encoding.empty()) project.encoding = p.encoding;
  project.main_compiler = resolved.main_compiler;
  project.test_compiler = resolved.test_compiler;
  if (resolved.test_compiler.release)
    project.java_release = std::to_string(*resolved.test_compiler.release);
  for (const std::string& dir : p.resource_dirs) {
    if (is_directory(dir)) project.resource_dirs.push_back(dir);
  }
  for (const std::string& dir : p.test_resource_dirs) {
    if (is_directory(dir)) project.test_resource_dirs.push_back(dir);
  }
  project.classpath = resolved.classpath;
  project.test_classpath = resolved.test_classpath;
  project.stack_origin = StackOrigin::kProject;
  if (resolved.needs_default_stack) project.test_classpath.clear();
  project.resolution_note = resolved.note;
  Layout layout = default_layout(BuildSystem::kGradle);
  if (!p.source_dirs.empty()) layout.src_dir = p.source_dirs[0];
  if (!p.test_source_dirs.empty()) layout.test_dir = p.test_source_dirs[0];
  if (!p.outputs.empty()) layout.classes_dir = p.outputs[0];
  return layout;
}

/// Asks Gradle for the class paths unless they are given; when no Gradle is found, says so in
/// `resolution_note` and goes on as with a --classpath that is empty.
Result<Layout> read_gradle_build(Project& project, const ProjectSettings& settings,
                                 const BuildTools& tools, const std::vector<std::string>& hints) {
  Layout layout = default_layout(BuildSystem::kGradle);
  if (!settings.classpath && tools.gradle != nullptr) {
    auto resolved = resolve_gradle_project(*tools.gradle, tools.maven, project.root,
                                           settings.module.value_or(""), hints);
    if (resolved) {
      layout = take_gradle_project(project, *resolved);
    } else if (resolved.error().kind == ErrorKind::kUnresolved) {
      project.resolution_note = resolved.error().message +
                                "; give the class path with --classpath, or `classpath` in "
                                "panta.toml";
    } else {
      return resolved.error();
    }
  }
  if (auto s = scan_gradle_script(project); !s) return s.error();
  return layout;
}

/// Reads the build and returns the layout its folders follow.
Result<Layout> read_build(Project& project, const ProjectSettings& settings,
                          const BuildTools& tools, const std::vector<std::string>& hints) {
  switch (project.build_system) {
    case BuildSystem::kMaven:
      return read_maven_build(project, settings, tools.maven, hints);
    case BuildSystem::kGradle:
      return read_gradle_build(project, settings, tools, hints);
    case BuildSystem::kPlain:
      break;
  }
  return default_layout(project.build_system);
}

struct TopLevelClass {
  std::string package;  ///< Dotted; empty for the default package.
  std::string name;
};

/// Splits "a.b.Outer.Inner" or "a.b.Outer$Inner" into {"a.b", "Outer"}: the first segment that
/// starts with an upper-case letter is taken as the class (Java naming conventions).
TopLevelClass top_level_class(std::string_view fqn) {
  fqn = fqn.substr(0, fqn.find('$'));
  std::vector<std::string_view> segments;
  for (size_t dot; (dot = fqn.find('.')) != std::string_view::npos; fqn.remove_prefix(dot + 1)) {
    segments.push_back(fqn.substr(0, dot));
  }
  segments.push_back(fqn);
  size_t top = segments.size() - 1;
  for (size_t i = 0; i < segments.size(); ++i) {
    if (!segments[i].empty() && std::isupper(static_cast<unsigned char>(segments[i][0]))) {
      top = i;
      break;
    }
  }
  TopLevelClass c{"", std::string(segments[top])};
  for (size_t i = 0; i < top; ++i) {
    if (i > 0) c.package += '.';
    c.package += segments[i];
  }
  return c;
}

std::string file_in(const std::string& dir, const TopLevelClass& c, std::string_view suffix) {
  std::string relative = c.package;
  std::replace(relative.begin(), relative.end(), '.', '/');
  fs::path path = fs::path(dir) / relative / (c.name + std::string(suffix) + ".java");
  return path.lexically_normal().string();
}

}  // namespace

std::string_view build_system_name(BuildSystem build_system) {
  switch (build_system) {
    case BuildSystem::kMaven:
      return "maven";
    case BuildSystem::kGradle:
      return "gradle";
    case BuildSystem::kPlain:
      break;
  }
  return "plain";
}

std::string Project::source_file_for(std::string_view fqn) const {
  return file_in(src_dir, top_level_class(fqn), "");
}

std::string Project::test_file_for(std::string_view fqn) const {
  TopLevelClass c = top_level_class(fqn);
  // Surefire's default names, in the order a file is looked for.
  std::vector<TopLevelClass> names = {{c.package, c.name + "Test"},
                                      {c.package, c.name + "Tests"},
                                      {c.package, "Test" + c.name},
                                      {c.package, c.name + "TestCase"}};
  SurefireFilter filter(*this);
  auto runs = [&](const std::string& file) {
    return filter.runs(fs::path(file).lexically_relative(test_dir).generic_string());
  };
  std::error_code ec;
  for (const TopLevelClass& name : names) {
    std::string file = file_in(test_dir, name, "");
    if (fs::is_regular_file(file, ec) && runs(file)) return file;
  }
  // A new one is named as most of the project's test classes are, where the build runs that.
  if (new_test_suffix == "Tests") std::swap(names[0], names[1]);
  for (const TopLevelClass& name : names) {
    std::string file = file_in(test_dir, name, "");
    if (runs(file)) return file;
  }
  return file_in(test_dir, c, "Test");
}

namespace {

// "Tests" when more of the test sources are named *Tests than *Test, else "Test".
std::string common_test_suffix(const Project& project) {
  auto files = project.test_sources();
  if (!files) return "Test";
  int tests = 0;
  int test = 0;
  for (const std::string& f : *files) {
    std::string stem = fs::path(f).stem().string();
    tests += stem.ends_with("Tests") ? 1 : 0;
    test += stem.ends_with("Test") ? 1 : 0;
  }
  return tests > test ? "Tests" : "Test";
}

}  // namespace

Result<std::vector<std::string>> Project::main_sources() const {
  return list_java_files(src_dir);
}

Result<std::vector<std::string>> Project::test_sources() const {
  return list_java_files(test_dir);
}

Result<Project> load_project(const std::string& root, const ProjectSettings& flags,
                             MavenTool& maven, const std::vector<std::string>& hints,
                             GradleTool* gradle) {
  std::error_code ec;
  Project project;
  project.root = absolute_path(fs::current_path(ec).string(), root);
  if (!is_directory(project.root)) return Error{project.root + ": project folder does not exist"};
  auto config = load_project_config(project.root);
  if (!config) return config.error();
  ProjectSettings settings = overlay(flags, config->settings);
  project.reactor_root = project.root;
  project.build_system = detect_build_system(project.root);
  auto layout = read_build(project, settings, BuildTools{maven, gradle}, hints);
  if (!layout) return layout.error();
  Status placed = place_folders(project, settings, *layout);
  if (!placed) return placed.error();
  if (settings.classpath) set_classpath(project, *settings.classpath);
  if (settings.encoding) project.encoding = *settings.encoding;
  project.sandbox = settings.sandbox.value_or("");
  project.test_env = settings.test_env.value_or(std::vector<std::string>{});
  project.exclude_tests = settings.exclude_tests.value_or(std::vector<std::string>{});
  project.junit = choose_junit(project).flavour;
  project.new_test_suffix = common_test_suffix(project);
  return project;
}

std::string test_class_for(std::string_view fqn) {
  TopLevelClass c = top_level_class(fqn);
  return (c.package.empty() ? "" : c.package + ".") + c.name + "Test";
}

std::string binary_name(std::string_view fqn) {
  TopLevelClass c = top_level_class(fqn);
  std::string top = (c.package.empty() ? "" : c.package + ".") + c.name;
  std::string rest(fqn.substr(std::min(top.size(), fqn.size())));
  std::replace(rest.begin(), rest.end(), '.', '$');
  return top + rest;
}

Result<std::string> fqn_of(const std::string& path, const std::string& source_root) {
  std::error_code ec;
  std::string cwd = fs::current_path(ec).string();
  fs::path file(absolute_path(cwd, path));
  fs::path relative = file.lexically_relative(absolute_path(cwd, source_root));
  if (relative.empty() || *relative.begin() == "..") {
    return Error{path + ": not under the source folder " + source_root};
  }
  if (relative.extension() != ".java") return Error{path + ": not a .java file"};
  std::string name = relative.replace_extension().generic_string();
  std::replace(name.begin(), name.end(), '/', '.');
  return name;
}

Result<std::vector<std::string>> list_java_files(const std::string& dir) {
  std::vector<std::string> files;
  if (!is_directory(dir)) return files;
  std::error_code ec;
  auto options = fs::directory_options::skip_permission_denied;
  for (fs::recursive_directory_iterator it(dir, options, ec), end; !ec && it != end;
       it.increment(ec)) {
    std::error_code type_ec;
    if (it->path().extension() == ".java" && it->is_regular_file(type_ec)) {
      files.push_back(it->path().string());
    }
  }
  if (ec) return Error{dir + ": cannot list files: " + ec.message()};
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace panta::project
