#include "project/compiler_settings.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <regex>

#include "project/surefire_filter.h"

namespace panta::project {
namespace fs = std::filesystem;

namespace {

bool starts_with_any(const std::string& arg, std::initializer_list<const char*> prefixes) {
  return std::any_of(prefixes.begin(), prefixes.end(),
                     [&](const char* p) { return arg.rfind(p, 0) == 0; });
}

// A pattern as Maven's DirectoryScanner reads it: one ending in '/' takes everything below.
std::string scanner_regex(std::string pattern) {
  std::replace(pattern.begin(), pattern.end(), '\\', '/');
  if (pattern.ends_with("/")) pattern += "**";
  return ant_glob_regex(pattern);
}

bool matches_any_pattern(const std::vector<std::string>& patterns, const std::string& path) {
  std::vector<std::string> regexes;
  for (const std::string& p : patterns) regexes.push_back(scanner_regex(p));
  return matches_any(regexes, path);
}

}  // namespace

std::vector<std::string> javac_options(const CompilerSettings& settings) {
  std::vector<std::string> out = settings.options;
  if (!settings.processor_path.empty()) {
    std::string path;
    for (const std::string& p : settings.processor_path) path += (path.empty() ? "" : ":") + p;
    out.insert(out.end(), {"--processor-path", path});
  }
  return out;
}

std::string settings_key(const CompilerSettings& s) {
  std::string key = "release " + (s.release ? std::to_string(*s.release) : std::string("-"));
  for (const auto* list :
       {&s.includes, &s.excludes, &s.options, &s.processor_path, &s.extra_source_roots}) {
    key += "\n[";
    for (const std::string& item : *list) key += item + "\x1f";
    key += "]";
  }
  return key;
}

bool compiles(const CompilerSettings& settings, const std::string& relative) {
  if (!relative.ends_with(".java")) return false;
  bool included = settings.includes.empty() || matches_any_pattern(settings.includes, relative);
  return included && !matches_any_pattern(settings.excludes, relative);
}

Result<std::vector<std::string>> compiled_sources(const std::vector<std::string>& roots,
                                                  const CompilerSettings& settings) {
  std::vector<std::string> out;
  for (const std::string& root : roots) {
    std::error_code ec;
    if (!fs::is_directory(root, ec)) continue;
    for (fs::recursive_directory_iterator it(root, ec), end; it != end; it.increment(ec)) {
      if (ec) return Error{root + ": cannot list: " + ec.message()};
      if (!it->is_regular_file(ec) || it->path().extension() != ".java") continue;
      std::string relative = it->path().lexically_relative(root).generic_string();
      if (compiles(settings, relative)) out.push_back(it->path().string());
    }
    if (ec) return Error{root + ": cannot list: " + ec.message()};
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::string> taken_compiler_args(const std::vector<std::string>& args,
                                             std::vector<std::string>& dropped) {
  std::vector<std::string> out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    bool with_value = a == "-Xmaxerrs" || a == "-Xmaxwarns" || a == "-d" || a == "-s" ||
                      a == "-h" || a == "--should-stop";
    bool check = a == "-Werror" || a == "-nowarn" || a == "-deprecation" || a == "-verbose" ||
                 a == "-Xmaxerrs" || a == "-Xmaxwarns" || a == "-d" || a == "-s" || a == "-h" ||
                 starts_with_any(a, {"-Xlint", "-Xdoclint", "-Xplugin:", "-XD", "--should-stop",
                                     "-J", "-Xmaxerrs", "-Xmaxwarns", "-Xdiags"});
    if (check) {
      std::string shown = a.substr(0, a.find_first_of(" \t\n"));
      if (with_value && i + 1 < args.size()) shown += " " + args[++i];
      dropped.push_back(shown);
      continue;
    }
    out.push_back(a);
  }
  return out;
}

std::optional<int> release_number(const std::string& text) {
  std::string digits = text.rfind("1.", 0) == 0 ? text.substr(2) : text;  // "1.8" is 8
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      }))
    return std::nullopt;
  return std::atoi(digits.c_str());
}

}  // namespace panta::project
