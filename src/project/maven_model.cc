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

std::optional<int> number(const std::string& text) {
  std::string digits = text.rfind("1.", 0) == 0 ? text.substr(2) : text;  // "1.8" is 8
  if (digits.empty() || !std::isdigit(static_cast<unsigned char>(digits[0]))) return std::nullopt;
  return std::atoi(digits.c_str());
}

/// The release the compiler targets: its configured release, target or source, else the
/// maven.compiler.* properties (which the effective model leaves as properties).
std::optional<int> compiler_release(const pugi::xml_node& project) {
  pugi::xml_node config = plugin(project, "maven-compiler-plugin").child("configuration");
  pugi::xml_node properties = project.child("properties");
  for (const std::string& value :
       {text_of(config, "release"), text_of(properties, "maven.compiler.release"),
        text_of(config, "target"), text_of(properties, "maven.compiler.target"),
        text_of(config, "source"), text_of(properties, "maven.compiler.source")}) {
    if (auto n = number(value)) return n;
  }
  return std::nullopt;
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
  m.source_dir = text_of(build, "sourceDirectory");
  m.test_source_dir = text_of(build, "testSourceDirectory");
  m.resource_dirs = texts_of(build.child("resources"), "resource", "directory");
  m.test_resource_dirs = texts_of(build.child("testResources"), "testResource", "directory");
  m.encoding = text_of(project.child("properties"), "project.build.sourceEncoding");
  if (m.encoding.empty()) {
    m.encoding =
        text_of(plugin(project, "maven-compiler-plugin").child("configuration"), "encoding");
  }
  m.release = compiler_release(project);
  for (const pugi::xml_node& d : project.child("dependencies").children("dependency")) {
    std::string scope = text_of(d, "scope");
    m.dependencies.push_back(Dependency{text_of(d, "groupId"), text_of(d, "artifactId"),
                                        text_of(d, "version"), scope.empty() ? "compile" : scope});
  }
  m.surefire = surefire_config(project);
  return m;
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
