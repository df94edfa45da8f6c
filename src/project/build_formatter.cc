#include "project/build_formatter.h"

#include <pugixml.hpp>

#include <filesystem>

#include "project/maven_tool.h"

namespace panta::project {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kSpotlessGroup = "com.diffplug.spotless";
constexpr std::string_view kSpotless = "spotless-maven-plugin";
constexpr std::string_view kSpringGroup = "io.spring.javaformat";
constexpr std::string_view kSpring = "spring-javaformat-maven-plugin";

// `path` relative to `folder` when it lies inside it ("a/B.java"), else "".
std::string inside(const std::string& path, const std::string& folder) {
  fs::path relative =
      fs::path(path).lexically_normal().lexically_relative(fs::path(folder).lexically_normal());
  std::string text = relative.generic_string();
  if (text.empty() || text == "." || text.starts_with("..")) return "";
  return text;
}

// A Java regular expression that matches `text` literally (\Q...\E, an \E inside split off).
std::string quoted(const std::string& text) {
  std::string out = "\\Q";
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "\\E") == 0) {
      out += "\\E\\\\E\\Q";
      ++i;
    } else {
      out += text[i];
    }
  }
  return out + "\\E";
}

std::string plugin_goal(const BuildFormatter& formatter) {
  std::string coordinates = formatter.group + ":" + formatter.artifact;
  if (!formatter.version.empty()) coordinates += ":" + formatter.version;
  return coordinates + ":apply" + (formatter.execution.empty() ? "" : "@" + formatter.execution);
}

std::string text_of(const pugi::xml_node& node, const char* name) {
  std::string text = node.child(name).child_value();
  size_t begin = text.find_first_not_of(" \t\r\n");
  size_t end = text.find_last_not_of(" \t\r\n");
  return begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
}

}  // namespace

std::string BuildFormatter::name() const {
  return version.empty() ? artifact : artifact + " " + version;
}

std::optional<BuildFormatter> formatter_of_plugin(std::string_view group, std::string_view artifact,
                                                  std::string_view version, bool formats_java) {
  BuildFormatter f{BuildFormatter::Kind::kSpotless,
                   std::string(group),
                   std::string(artifact),
                   std::string(version),
                   "",
                   false};
  if (group == kSpotlessGroup && artifact == kSpotless && formats_java) return f;
  if (group == kSpringGroup && artifact == kSpring) {
    f.kind = BuildFormatter::Kind::kSpringJavaFormat;
    return f;
  }
  return std::nullopt;
}

std::optional<BuildFormatter> formatter_of_plugin_xml(const pugi::xml_node& plugin) {
  std::string group = text_of(plugin, "groupId");
  if (group.empty()) group = "org.apache.maven.plugins";
  pugi::xml_node config = plugin.child("configuration");
  bool java = static_cast<bool>(config.child("java"));
  std::string execution;
  for (const pugi::xml_node& e : plugin.child("executions").children("execution")) {
    if (java || !e.child("configuration").child("java")) continue;
    java = true;
    execution = text_of(e, "id");
  }
  auto f =
      formatter_of_plugin(group, text_of(plugin, "artifactId"), text_of(plugin, "version"), java);
  if (!f) return f;
  f->execution = execution;
  f->selection_fixed = static_cast<bool>(config.child("includes")) ||
                       static_cast<bool>(config.child("spotlessFiles"));
  return f;
}

Result<std::vector<std::string>> apply_arguments(const BuildFormatter& formatter,
                                                 const FormatTarget& target,
                                                 const std::vector<std::string>& files) {
  if (formatter.selection_fixed)
    return Error{"its POM fixes the files it formats, which Panta cannot narrow to its own"};
  std::vector<std::string> args;
  bool reactor_module = fs::path(target.module_root).lexically_normal() !=
                        fs::path(target.reactor_root).lexically_normal();
  if (reactor_module && !target.artifact.empty())
    args.insert(args.end(), {"-pl", ":" + target.artifact});
  args.push_back(plugin_goal(formatter));
  std::string selection;
  for (const std::string& file : files) {
    std::string part;
    if (formatter.kind == BuildFormatter::Kind::kSpotless) {
      std::string relative = inside(file, target.module_root);
      // Spotless matches each pattern against the whole absolute path of a file it formats.
      if (!relative.empty()) part = ".*" + quoted("/" + relative);
    } else {
      for (const std::string& root : target.source_roots) {
        part = inside(file, root);
        if (!part.empty()) break;
      }
    }
    if (part.empty() || part.find(',') != std::string::npos)
      return Error{file + " is not in a source folder of the module " + target.module_root};
    selection += (selection.empty() ? "" : ",") + part;
  }
  if (formatter.kind == BuildFormatter::Kind::kSpotless) {
    args.push_back("-DspotlessFiles=" + selection);
  } else {
    args.push_back("-Dspring-javaformat.includes=" + selection);
  }
  return args;
}

Status apply_formatter(MavenTool& maven, const BuildFormatter& formatter,
                       const FormatTarget& target, const std::vector<std::string>& files) {
  auto args = apply_arguments(formatter, target, files);
  if (!args) return args.error();
  auto ran = maven.run_goals(target.reactor_root, *args);
  if (!ran) return ran.error();
  return ok_status();
}

}  // namespace panta::project
