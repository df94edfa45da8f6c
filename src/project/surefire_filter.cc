#include "project/surefire_filter.h"

#include <algorithm>
#include <regex>

namespace panta::project {
std::string ant_glob_regex(std::string_view glob) {
  std::string out;
  for (size_t i = 0; i < glob.size(); ++i) {
    char c = glob[i];
    if (glob.substr(i, 3) == "**/") {
      out += "(.*/)?";
      i += 2;
    } else if (glob.substr(i, 2) == "**") {
      out += ".*";
      ++i;
    } else if (c == '*') {
      out += "[^/]*";
    } else if (c == '?') {
      out += "[^/]";
    } else {
      if (std::string_view("\\^$.|+()[]{}").find(c) != std::string_view::npos) out += '\\';
      out += c;
    }
  }
  return out;
}

bool matches_any(const std::vector<std::string>& regexes, const std::string& path) {
  return std::any_of(regexes.begin(), regexes.end(), [&](const std::string& p) {
    try {
      return std::regex_match(path, std::regex(p));
    } catch (const std::regex_error&) {
      return false;  // a pattern std::regex cannot read matches nothing
    }
  });
}

namespace {}  // namespace

std::string surefire_pattern_regex(std::string_view pattern) {
  if (pattern.starts_with("%regex[") && pattern.ends_with("]")) {
    std::string regex(pattern.substr(7, pattern.size() - 8));
    // Surefire matches these on "org/x/FooTest.class"; ours have no extension.
    for (std::string_view ext : {"\\.class", ".class", "\\.java", ".java"}) {
      if (regex.ends_with(ext)) regex.resize(regex.size() - ext.size());
    }
    return regex;
  }
  std::string glob(pattern);
  for (std::string_view ext : {".java", ".class"}) {
    if (glob.ends_with(ext)) glob.resize(glob.size() - ext.size());
  }
  bool class_name =
      glob.find('/') == std::string::npos && std::count(glob.begin(), glob.end(), '.') > 0;
  if (class_name) std::replace(glob.begin(), glob.end(), '.', '/');
  if (glob.find('/') == std::string::npos) glob = "**/" + glob;
  return ant_glob_regex(glob);
}

SurefireFilter::SurefireFilter(const Project& project) {
  std::vector<std::string> includes = project.surefire.includes;
  if (includes.empty()) includes = {"**/Test*", "**/*Test", "**/*Tests", "**/*TestCase"};
  std::vector<std::string> excludes = project.surefire.excludes;
  if (excludes.empty()) excludes = {"**/*$*"};
  excludes.insert(excludes.end(), project.exclude_tests.begin(), project.exclude_tests.end());
  for (const std::string& p : includes) includes_.push_back(surefire_pattern_regex(p));
  for (const std::string& p : excludes) excludes_.push_back(surefire_pattern_regex(p));
}

bool SurefireFilter::runs(std::string_view relative) const {
  std::string path(relative);
  if (path.ends_with(".java")) path.resize(path.size() - 5);
  return matches_any(includes_, path) && !matches_any(excludes_, path);
}

Result<std::vector<std::string>> surefire_test_classes(const Project& project) {
  auto files = project.test_sources();
  if (!files) return files.error();
  SurefireFilter filter(project);
  std::vector<std::string> out;
  for (const std::string& f : *files) {
    auto fqn = fqn_of(f, project.test_dir);
    if (!fqn) continue;
    std::string relative = *fqn;
    std::replace(relative.begin(), relative.end(), '.', '/');
    // Surefire runs what the build compiled: its test excludes leave a class out.
    if (filter.runs(relative) && compiles(project.test_compiler, relative + ".java"))
      out.push_back(*fqn);
  }
  return out;
}

}  // namespace panta::project

namespace panta::project {

std::vector<std::string> arg_line_options(std::string_view arg_line,
                                          std::vector<std::string>& dropped) {
  std::vector<std::string> tokens;
  std::string token;
  char quote = 0;
  for (char c : arg_line) {
    if (quote != 0) {
      if (c == quote)
        quote = 0;
      else
        token += c;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (!token.empty()) tokens.push_back(std::move(token));
      token.clear();
    } else {
      token += c;
    }
  }
  if (!token.empty()) tokens.push_back(std::move(token));
  std::vector<std::string> out;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const std::string& t = tokens[i];
    bool module_option =
        t == "--add-opens" || t == "--add-exports" || t == "--add-modules" || t == "--add-reads";
    bool unresolved = t.find("@{") != std::string::npos || t.find("${") != std::string::npos;
    bool heap = t.starts_with("-Xmx") || t.starts_with("-Xms");
    bool taken = !unresolved && !heap &&
                 (t.starts_with("-D") || t.starts_with("-X") || t.starts_with("--add-") ||
                  t == "-ea" || t == "-da" || t.starts_with("-ea:") || t.starts_with("-da:") ||
                  t == "-enableassertions" || t == "-disableassertions");
    if (!taken) {
      dropped.push_back(t);
      continue;
    }
    out.push_back(t);
    if (module_option && i + 1 < tokens.size()) out.push_back(tokens[++i]);
  }
  return out;
}

}  // namespace panta::project
