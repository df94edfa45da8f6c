#include "project/maven.h"

#include <algorithm>
#include <cctype>
#include <map>

#include <pugixml.hpp>

#include "java/source_text.h"

namespace panta::project {
namespace {

using Properties = std::map<std::string, std::string>;

std::string trimmed(std::string_view text) {
  size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  size_t end = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(begin, end - begin + 1));
}

std::string child_text(const pugi::xml_node& node, const char* name) {
  return trimmed(node.child(name).child_value());
}

Properties read_properties(const pugi::xml_node& project) {
  Properties properties;
  for (const pugi::xml_node& p : project.child("properties").children()) {
    if (p.type() == pugi::node_element) properties[p.name()] = trimmed(p.child_value());
  }
  pugi::xml_node parent = project.child("parent");
  std::string version = child_text(project, "version");
  if (version.empty()) version = child_text(parent, "version");
  std::string group = child_text(project, "groupId");
  if (group.empty()) group = child_text(parent, "groupId");
  properties["project.version"] = properties["pom.version"] = version;
  properties["project.groupId"] = group;
  properties["project.artifactId"] = child_text(project, "artifactId");
  properties["project.parent.version"] = child_text(parent, "version");
  properties["project.parent.groupId"] = child_text(parent, "groupId");
  return properties;
}

/// `text` with known ${name} references expanded (properties may refer to properties); empty
/// when a reference stays unresolved.
std::string expand(std::string text, const Properties& properties) {
  for (int pass = 0; pass < 10 && text.find("${") != std::string::npos; ++pass) {
    size_t begin = text.find("${");
    size_t end = text.find('}', begin);
    if (end == std::string::npos) return {};
    auto it = properties.find(text.substr(begin + 2, end - begin - 2));
    if (it == properties.end()) return {};
    text.replace(begin, end - begin + 1, it->second);
  }
  return text.find("${") == std::string::npos ? text : std::string();
}

Dependency read_dependency(const pugi::xml_node& node, const Properties& properties) {
  return Dependency{expand(child_text(node, "groupId"), properties),
                    expand(child_text(node, "artifactId"), properties),
                    expand(child_text(node, "version"), properties),
                    expand(child_text(node, "scope"), properties)};
}

std::string management_key(const Dependency& d) {
  return d.group + ":" + d.artifact;
}

Error malformed(const std::string& path, std::string_view text, ptrdiff_t offset,
                const std::string& message) {
  size_t at = std::min(static_cast<size_t>(std::max<ptrdiff_t>(offset, 0)), text.size());
  size_t line = 1;
  size_t column = 1;
  for (size_t i = 0; i < at; ++i) {
    column = text[i] == '\n' ? 1 : column + 1;
    if (text[i] == '\n') ++line;
  }
  return Error{path + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message};
}

}  // namespace

std::vector<Dependency> Pom::test_dependencies() const {
  std::vector<Dependency> tests;
  for (const Dependency& d : dependencies) {
    if (d.scope == "test") tests.push_back(d);
  }
  return tests;
}

bool Pom::has_non_test_dependencies() const {
  for (const Dependency& d : dependencies) {
    if (d.scope != "test") return true;
  }
  return false;
}

// The maven-compiler-plugin's <configuration> in <build><plugins>, or a null node.
pugi::xml_node compiler_configuration(const pugi::xml_node& project) {
  for (const pugi::xml_node& plugin : project.child("build").child("plugins").children("plugin")) {
    if (child_text(plugin, "artifactId") == "maven-compiler-plugin")
      return plugin.child("configuration");
  }
  return {};
}

std::string java_release(const pugi::xml_node& project, const Properties& properties) {
  pugi::xml_node plugin = compiler_configuration(project);
  for (const std::string& v :
       {properties.count("maven.compiler.release") ? properties.at("maven.compiler.release")
                                                   : std::string(),
        child_text(plugin, "release"),
        properties.count("maven.compiler.source") ? properties.at("maven.compiler.source")
                                                  : std::string(),
        child_text(plugin, "source")}) {
    std::string expanded = expand(v, properties);
    if (!expanded.empty()) return expanded;
  }
  return "";
}

Result<Pom> parse_pom(std::string_view text, const std::string& path) {
  pugi::xml_document doc;
  pugi::xml_parse_result parsed = doc.load_buffer(text.data(), text.size());
  if (!parsed) return malformed(path, text, parsed.offset, parsed.description());
  pugi::xml_node project = doc.child("project");
  if (!project) return Error{path + ": not a Maven pom (no <project> element)"};

  Properties properties = read_properties(project);
  std::map<std::string, Dependency> managed;
  for (const pugi::xml_node& node :
       project.child("dependencyManagement").child("dependencies").children("dependency")) {
    Dependency d = read_dependency(node, properties);
    managed[management_key(d)] = d;
  }
  Pom pom;
  pom.source_encoding = expand(properties["project.build.sourceEncoding"], properties);
  pom.java_release = java_release(project, properties);
  pom.coordinates = properties["project.groupId"] + ":" + properties["project.artifactId"] + ":" +
                    properties["project.version"];
  for (const pugi::xml_node& node : project.child("dependencies").children("dependency")) {
    Dependency d = read_dependency(node, properties);
    auto it = managed.find(management_key(d));
    if (it != managed.end()) {
      if (d.version.empty()) d.version = it->second.version;
      if (d.scope.empty()) d.scope = it->second.scope;
    }
    if (d.scope.empty()) d.scope = "compile";
    pom.dependencies.push_back(std::move(d));
  }
  return pom;
}

Result<Pom> read_pom(const std::string& path) {
  auto text = java::read_file(path);
  if (!text) return text.error();
  return parse_pom(*text, path);
}

std::vector<std::string> pom_modules(std::string_view text) {
  pugi::xml_document doc;
  std::vector<std::string> out;
  if (!doc.load_buffer(text.data(), text.size())) return out;
  for (const pugi::xml_node& m : doc.child("project").child("modules").children("module")) {
    std::string module = trimmed(m.child_value());
    if (!module.empty()) out.push_back(module);
  }
  return out;
}

}  // namespace panta::project
