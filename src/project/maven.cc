#include "project/maven.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <map>
#include <random>

#include <pugixml.hpp>

#include "java/source_text.h"
#include "process/subprocess.h"

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

std::string strip_ansi(std::string_view line) {
  std::string plain;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '\x1b') {
      plain += line[i];
      continue;
    }
    while (i < line.size() && !std::isalpha(static_cast<unsigned char>(line[i]))) ++i;
  }
  return plain;
}

/// The non-blank lines of `text`, ANSI colours and "[ERROR]" prefixes removed.
std::vector<std::string> message_lines(std::string_view text) {
  std::vector<std::string> lines;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = std::min(text.find('\n', begin), text.size());
    std::string line = trimmed(strip_ansi(text.substr(begin, end - begin)));
    begin = end + 1;
    while (line.starts_with("[ERROR]")) line = trimmed(line.substr(7));
    if (!line.empty()) lines.push_back(std::move(line));
  }
  return lines;
}

/// The first line of Maven's error output (it prints errors on stdout), with the next line
/// when the first only introduces it ("Some problems were encountered ...:").
std::string first_error_line(const process::CommandOutput& output) {
  for (const std::string* stream : {&output.out, &output.err}) {
    std::vector<std::string> lines = message_lines(*stream);
    if (lines.empty()) continue;
    if (lines[0].ends_with(':') && lines.size() > 1) return lines[0] + " " + lines[1];
    return lines[0];
  }
  return "exit code " + std::to_string(output.exit_code);
}

std::string temp_output_path() {
  std::random_device random;
  std::uniform_int_distribution<uint64_t> digits;
  char name[40];
  std::snprintf(name, sizeof name, "panta-mvn-%016llx.txt",
                static_cast<unsigned long long>(digits(random)));
  return (std::filesystem::temp_directory_path() / name).string();
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

std::vector<Dependency> parse_dependency_list(std::string_view text) {
  std::vector<Dependency> dependencies;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    std::string line = trimmed(text.substr(begin, end - begin));
    begin = end + 1;
    line = line.substr(0, line.find(' '));  // drops " -- module ..." and "(optional)"
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t colon; (colon = line.find(':', start)) != std::string::npos; start = colon + 1) {
      parts.push_back(line.substr(start, colon - start));
    }
    parts.push_back(line.substr(start));
    if (parts.size() != 5 && parts.size() != 6) continue;
    dependencies.push_back(Dependency{parts[0], parts[1], parts[parts.size() - 2], parts.back()});
  }
  return dependencies;
}

RealMavenTool::RealMavenTool(std::string program, std::chrono::milliseconds timeout)
    : program_(std::move(program)), timeout_(timeout) {}

Result<std::string> RealMavenTool::run_to_file(const std::string& root,
                                               std::vector<std::string> goal_args,
                                               const std::string& output_option) {
  std::string output_path = temp_output_path();
  process::SpawnOptions options;
  options.argv = {program_, "-B", "-q", "-o"};
  options.argv.insert(options.argv.end(), goal_args.begin(), goal_args.end());
  options.argv.push_back("-D" + output_option + "=" + output_path);
  options.cwd = root;
  auto run = process::run(options, timeout_);
  auto contents = java::read_file(output_path);
  std::error_code ec;
  std::filesystem::remove(output_path, ec);
  if (!run) return run.error();
  if (run->timed_out) {
    return Error{
        "mvn timed out after " +
        std::to_string(std::chrono::duration_cast<std::chrono::seconds>(timeout_).count()) + " s"};
  }
  if (run->exit_code != 0) return Error{first_error_line(*run)};
  if (!contents) return Error{"mvn wrote no output file"};
  return trimmed(*contents);
}

Result<std::string> RealMavenTool::build_classpath(const std::string& root) {
  return run_to_file(root, {"dependency:build-classpath"}, "mdep.outputFile");
}

Result<std::vector<Dependency>> RealMavenTool::list_test_dependencies(const std::string& root) {
  auto listed = run_to_file(root, {"dependency:list", "-DincludeScope=test"}, "outputFile");
  if (!listed) return listed.error();
  std::vector<Dependency> tests;
  for (Dependency& d : parse_dependency_list(*listed)) {
    if (d.scope == "test") tests.push_back(std::move(d));
  }
  return tests;
}

}  // namespace panta::project
