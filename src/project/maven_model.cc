#include "project/maven_model.h"

#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>

namespace panta::project {
namespace {

std::string trimmed(std::string_view text) {
  size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  size_t end = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(begin, end - begin + 1));
}

std::string text_of(const pugi::xml_node& node, const char* name) {
  return trimmed(node.child(name).child_value());
}

std::vector<std::string> texts_of(const pugi::xml_node& list, const char* item,
                                  const char* field = nullptr) {
  std::vector<std::string> out;
  for (const pugi::xml_node& n : list.children(item)) {
    std::string value = field == nullptr ? trimmed(n.child_value()) : text_of(n, field);
    if (!value.empty()) out.push_back(value);
  }
  return out;
}

Error malformed(const std::string& path, std::string_view text, ptrdiff_t offset,
                const std::string& message) {
  size_t at = std::min(static_cast<size_t>(std::max<ptrdiff_t>(offset, 0)), text.size());
  size_t line = 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + at, '\n'));
  size_t newline = text.rfind('\n', at == 0 ? 0 : at - 1);
  size_t column = newline == std::string_view::npos ? at + 1 : at - newline;
  return Error{path + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message};
}

pugi::xml_node plugin(const pugi::xml_node& project, std::string_view artifact) {
  for (const pugi::xml_node& p : project.child("build").child("plugins").children("plugin")) {
    if (text_of(p, "artifactId") == artifact) return p;
  }
  return {};
}

/// A goal's configuration as maven-compiler-plugin sees it: the configuration of the plugin's
/// execution of that goal (which the effective model gives with the plugin-wide one merged in),
/// else the plugin-wide one; then the maven.compiler.* properties.
struct CompilerConfig {
  pugi::xml_node execution;
  pugi::xml_node plugin;
  pugi::xml_node properties;

  pugi::xml_node child(const char* name) const {
    pugi::xml_node in_execution = execution.child(name);
    return in_execution ? in_execution : plugin.child(name);
  }
  /// The setting `name`, else the property `property` ("" for none).
  std::string value(const char* name, const std::string& property = "") const {
    std::string v = trimmed(child(name).child_value());
    if (v.empty() && !property.empty()) v = text_of(properties, property.c_str());
    return v;
  }
};

/// The execution of `plugin` that runs `goal` (default-<goal> first), or an empty node.
pugi::xml_node execution_of(const pugi::xml_node& plugin, const std::string& goal) {
  pugi::xml_node found;
  for (const pugi::xml_node& e : plugin.child("executions").children("execution")) {
    for (const pugi::xml_node& g : e.child("goals").children("goal")) {
      if (trimmed(g.child_value()) != goal) continue;
      if (text_of(e, "id") == "default-" + goal) return e;
      if (!found) found = e;
    }
  }
  return found;
}

CompilerConfig compiler_config(const pugi::xml_node& project, const std::string& goal) {
  pugi::xml_node p = plugin(project, "maven-compiler-plugin");
  return {execution_of(p, goal).child("configuration"), p.child("configuration"),
          project.child("properties")};
}

/// The release the compiler targets: its release, else its target, else its source (for the
/// tests: testRelease before release, testTarget before target, testSource before source).
std::optional<int> compiler_release(const CompilerConfig& c, bool test) {
  for (const char* kind : {"release", "target", "source"}) {
    std::string name = kind;
    std::string test_name = std::string("test") + char(std::toupper(kind[0])) + (kind + 1);
    std::string v = test ? c.value(test_name.c_str(), "maven.compiler." + test_name) : "";
    if (v.empty()) v = c.value(kind, "maven.compiler." + name);
    if (auto n = release_number(v)) return n;
  }
  return std::nullopt;
}

/// The text of every element child of `list` ("<compilerArgs><arg>..</arg></compilerArgs>").
std::vector<std::string> child_texts(const pugi::xml_node& list) {
  std::vector<std::string> out;
  for (const pugi::xml_node& n : list.children()) {
    if (n.type() != pugi::node_element) continue;
    if (std::string v = trimmed(n.child_value()); !v.empty()) out.push_back(v);
  }
  return out;
}

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  for (char c : text + " ") {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!word.empty()) out.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  return out;
}

/// The version dependencyManagement (else the dependencies) give `group:artifact`, or "".
std::string managed_version(const pugi::xml_node& project, const std::string& group,
                            const std::string& artifact) {
  for (const pugi::xml_node& list : {project.child("dependencyManagement").child("dependencies"),
                                     project.child("dependencies")}) {
    for (const pugi::xml_node& d : list.children("dependency")) {
      if (text_of(d, "groupId") == group && text_of(d, "artifactId") == artifact)
        return text_of(d, "version");
    }
  }
  return "";
}

std::vector<ResolvedArtifact> processor_artifacts(const pugi::xml_node& project,
                                                  const CompilerConfig& c) {
  std::vector<ResolvedArtifact> out;
  for (const pugi::xml_node& path : c.child("annotationProcessorPaths").children()) {
    if (path.type() != pugi::node_element) continue;
    ResolvedArtifact a;
    a.group = text_of(path, "groupId");
    a.artifact = text_of(path, "artifactId");
    a.version = text_of(path, "version");
    if (a.version.empty()) a.version = managed_version(project, a.group, a.artifact);
    a.classifier = text_of(path, "classifier");
    if (std::string type = text_of(path, "type"); !type.empty()) a.type = type;
    a.scope = "compile";
    if (!a.group.empty() && !a.artifact.empty() && !a.version.empty()) out.push_back(a);
  }
  return out;
}

/// The folders build-helper-maven-plugin's `goal` (add-source, add-test-source) adds.
std::vector<std::string> added_sources(const pugi::xml_node& project, const std::string& goal) {
  std::vector<std::string> out;
  pugi::xml_node helper = plugin(project, "build-helper-maven-plugin");
  for (const pugi::xml_node& e : helper.child("executions").children("execution")) {
    for (const pugi::xml_node& g : e.child("goals").children("goal")) {
      if (trimmed(g.child_value()) != goal) continue;
      for (const std::string& dir : child_texts(e.child("configuration").child("sources")))
        out.push_back(dir);
    }
  }
  return out;
}

CompilerSettings compiler_settings(const pugi::xml_node& project, bool test,
                                   std::vector<std::string>& dropped) {
  CompilerConfig c = compiler_config(project, test ? "testCompile" : "compile");
  CompilerSettings out;
  out.release = compiler_release(c, test);
  out.includes = child_texts(c.child(test ? "testIncludes" : "includes"));
  out.excludes = child_texts(c.child(test ? "testExcludes" : "excludes"));
  std::vector<std::string> args = child_texts(c.child("compilerArgs"));
  for (std::string& word : split_words(c.value("compilerArgument"))) args.push_back(word);
  out.options = taken_compiler_args(args, dropped);
  if (c.value("parameters", "maven.compiler.parameters") == "true")
    out.options.push_back("-parameters");
  if (c.value("enablePreview", "maven.compiler.enablePreview") == "true")
    out.options.push_back("--enable-preview");
  if (std::string proc = c.value("proc", "maven.compiler.proc"); !proc.empty())
    out.options.push_back("-proc:" + proc);
  std::string processors;
  for (const std::string& p : child_texts(c.child("annotationProcessors")))
    processors += (processors.empty() ? "" : ",") + p;
  if (!processors.empty()) out.options.insert(out.options.end(), {"-processor", processors});
  out.extra_source_roots = added_sources(project, test ? "add-test-source" : "add-source");
  return out;
}

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t at; (at = text.find(separator, start)) != std::string_view::npos; start = at + 1) {
    parts.emplace_back(text.substr(start, at - start));
  }
  parts.emplace_back(text.substr(start));
  return parts;
}

/// The formatters among the module's build plugins.
std::vector<BuildFormatter> formatters(const pugi::xml_node& project) {
  std::vector<BuildFormatter> out;
  for (const pugi::xml_node& p : project.child("build").child("plugins").children("plugin")) {
    if (auto f = formatter_of_plugin_xml(p)) out.push_back(*f);
  }
  return out;
}

SurefireConfig surefire_config(const pugi::xml_node& project) {
  pugi::xml_node config = plugin(project, "maven-surefire-plugin").child("configuration");
  SurefireConfig out;
  out.includes = texts_of(config.child("includes"), "include");
  out.excludes = texts_of(config.child("excludes"), "exclude");
  for (const pugi::xml_node& p : config.child("systemPropertyVariables").children()) {
    if (p.type() == pugi::node_element)
      out.system_properties.emplace_back(p.name(), trimmed(p.child_value()));
  }
  out.arg_line = text_of(config, "argLine");
  for (auto [name, list] :
       {std::pair{"groups", &out.groups}, {"excludedGroups", &out.excluded_groups}}) {
    std::string text = text_of(config, name);
    if (text.empty()) text = text_of(project.child("properties"), name);
    for (std::string part : split(text, ',')) {
      if (part = trimmed(part); !part.empty()) list->push_back(part);
    }
  }
  for (const pugi::xml_node& v : config.child("environmentVariables").children()) {
    if (v.type() == pugi::node_element)
      out.environment.emplace_back(v.name(), trimmed(v.child_value()));
  }
  return out;
}

/// The module's folder: where its pom lies, told by the build folder (basedir/target) or the
/// source folder (basedir/src/main/java) of the effective model.
std::string basedir_of(const pugi::xml_node& build) {
  namespace fs = std::filesystem;
  for (auto [value, suffix] : {std::pair{text_of(build, "directory"), std::string("/target")},
                               {text_of(build, "sourceDirectory"), "/src/main/java"}}) {
    if (value.ends_with(suffix)) {
      std::string dir = value.substr(0, value.size() - suffix.size());
      std::error_code ec;
      if (fs::exists(dir + "/pom.xml", ec)) return dir;
    }
  }
  return fs::path(text_of(build, "directory")).parent_path().string();
}

MavenModule read_module(const pugi::xml_node& project) {
  MavenModule m;
  m.group = text_of(project, "groupId");
  m.artifact = text_of(project, "artifactId");
  m.version = text_of(project, "version");
  if (std::string packaging = text_of(project, "packaging"); !packaging.empty())
    m.packaging = packaging;
  pugi::xml_node build = project.child("build");
  m.basedir = basedir_of(build);
  m.build_dir = text_of(build, "directory");
  m.source_dir = text_of(build, "sourceDirectory");
  m.test_source_dir = text_of(build, "testSourceDirectory");
  m.resource_dirs = texts_of(build.child("resources"), "resource", "directory");
  m.test_resource_dirs = texts_of(build.child("testResources"), "testResource", "directory");
  m.encoding = text_of(project.child("properties"), "project.build.sourceEncoding");
  if (m.encoding.empty()) m.encoding = compiler_config(project, "compile").value("encoding");
  m.main_compiler = compiler_settings(project, false, m.dropped_compiler_args);
  std::vector<std::string> dropped_in_tests;  // the same arguments, as a rule
  m.test_compiler = compiler_settings(project, true, dropped_in_tests);
  for (const std::string& d : dropped_in_tests) {
    if (std::find(m.dropped_compiler_args.begin(), m.dropped_compiler_args.end(), d) ==
        m.dropped_compiler_args.end())
      m.dropped_compiler_args.push_back(d);
  }
  m.release = m.main_compiler.release;
  m.main_processors = processor_artifacts(project, compiler_config(project, "compile"));
  m.test_processors = processor_artifacts(project, compiler_config(project, "testCompile"));
  for (const pugi::xml_node& d : project.child("dependencies").children("dependency")) {
    std::string scope = text_of(d, "scope");
    m.dependencies.push_back(Dependency{text_of(d, "groupId"), text_of(d, "artifactId"),
                                        text_of(d, "version"), scope.empty() ? "compile" : scope});
  }
  m.surefire = surefire_config(project);
  m.formatters = formatters(project);
  return m;
}

}  // namespace

Result<std::vector<MavenModule>> parse_effective_pom(std::string_view xml,
                                                     const std::string& path) {
  pugi::xml_document doc;
  pugi::xml_parse_result parsed = doc.load_buffer(xml.data(), xml.size());
  if (!parsed) return malformed(path, xml, parsed.offset, parsed.description());
  std::vector<MavenModule> modules;
  if (pugi::xml_node single = doc.child("project")) {
    modules.push_back(read_module(single));
  }
  for (const pugi::xml_node& p : doc.child("projects").children("project")) {
    modules.push_back(read_module(p));
  }
  if (modules.empty()) return Error{path + ": no <project> in Maven's effective model"};
  return modules;
}

std::vector<ResolvedArtifact> parse_artifact_list(std::string_view text) {
  std::vector<ResolvedArtifact> out;
  for (const std::string& raw : split(text, '\n')) {
    std::string line = trimmed(raw);
    line = line.substr(0, line.find(' '));  // drops " -- module ..." and " (optional)"
    std::vector<std::string> parts = split(line, ':');
    if (parts.size() != 5 && parts.size() != 6) continue;
    if (std::any_of(parts.begin(), parts.end(), [](const std::string& p) { return p.empty(); }))
      continue;
    ResolvedArtifact a;
    a.group = parts[0];
    a.artifact = parts[1];
    a.type = parts[2];
    if (parts.size() == 6) a.classifier = parts[3];
    a.version = parts[parts.size() - 2];
    a.scope = parts.back();
    out.push_back(std::move(a));
  }
  return out;
}

std::string repository_path(const std::string& repository, const ResolvedArtifact& a) {
  std::string group = a.group;
  std::replace(group.begin(), group.end(), '.', '/');
  std::string extension = a.type == "test-jar" || a.type == "bundle" || a.type == "maven-plugin"
                              ? std::string("jar")
                              : a.type;
  std::string classifier = a.classifier.empty() && a.type == "test-jar" ? "tests" : a.classifier;
  std::string file =
      a.artifact + "-" + a.version + (classifier.empty() ? "" : "-" + classifier) + "." + extension;
  return repository + "/" + group + "/" + a.artifact + "/" + a.version + "/" + file;
}

bool version_at_least(std::string_view version, std::string_view minimum) {
  std::vector<std::string> have = split(version, '.');
  std::vector<std::string> want = split(minimum, '.');
  for (size_t i = 0; i < want.size(); ++i) {
    int h = i < have.size() ? std::atoi(have[i].c_str()) : 0;
    int w = std::atoi(want[i].c_str());
    if (h != w) return h > w;
  }
  return true;
}

}  // namespace panta::project
