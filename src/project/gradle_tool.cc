#include "project/gradle_tool.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/durable_file.h"
#include "core/sha256.h"
#include "java/source_text.h"
#include "process/subprocess.h"
#include "project/build_files.h"
#include "project/gradle_report.h"

namespace panta::project {
namespace fs = std::filesystem;

namespace {

// Bumped when the init script or what the cache holds changes form.
constexpr const char* kCacheFormat = "panta-gradle-1";
constexpr const char* kRootMark = "${panta.build.root}";
constexpr const char* kTask = "pantaDescribe";

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

bool executable_file(const fs::path& path) {
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (ec || !fs::is_regular_file(status)) return false;
  auto exec = fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec;
  return (status.permissions() & exec) != fs::perms::none;
}

bool build_file(const std::string& rel) {
  std::string name = fs::path(rel).filename().string();
  return name == "settings.gradle" || name == "settings.gradle.kts" || name == "build.gradle" ||
         name == "build.gradle.kts" || name == "gradle.properties" ||
         rel == "gradle/libs.versions.toml" || rel == "gradle/wrapper/gradle-wrapper.properties";
}

std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = std::min(text.find('\n', begin), text.size());
    std::string_view line = text.substr(begin, end - begin);
    begin = end + 1;
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) continue;
    size_t last = line.find_last_not_of(" \t\r");
    lines.emplace_back(line.substr(first, last - first + 1));
  }
  return lines;
}

/// A scratch folder holding the init script, removed with the object.
struct ScriptFolder {
  std::string path;
  ScriptFolder() {
    std::error_code ec;
    std::string pattern = (fs::temp_directory_path(ec) / "panta-gradle-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) return;
    path = pattern;
    std::ofstream(script()) << gradle_init_script();
  }
  ~ScriptFolder() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
  std::string script() const { return path + "/panta-init.gradle"; }
};

/// Whether every jar a cached report lists is still there (Gradle's cache may have been
/// cleaned since).
bool jars_exist(const std::string& text) {
  auto projects = parse_gradle_report(text);
  if (!projects) return false;
  std::error_code ec;
  for (const GradleProject& p : *projects) {
    for (const auto* list : {&p.compile_classpath, &p.test_runtime_classpath}) {
      for (const std::string& file : *list) {
        if (file.ends_with(".jar") && !fs::exists(file, ec)) return false;
      }
    }
  }
  return true;
}

std::optional<GradleReport> read_cache(const std::string& cache, const std::string& root) {
  auto cached = java::read_file(cache);
  if (!cached) return {};
  nlohmann::json j = nlohmann::json::parse(*cached, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.value("format", "") != kCacheFormat) return {};
  GradleReport report{replace_all(j.value("report", ""), kRootMark, root), true};
  if (!jars_exist(report.text)) return {};
  return report;
}

}  // namespace

std::string gradle_cache_dir() {
  return tool_cache_dir("gradle");
}

std::string find_gradle(const std::string& root, const std::string& program) {
  if (executable_file(fs::path(root) / "gradlew")) return root + "/gradlew";
  std::string found = process::find_program(program);
  return found.find('/') != std::string::npos && executable_file(found) ? found : "";
}

std::string find_gradle_root(const std::string& dir) {
  fs::path at = fs::path(dir).lexically_normal();
  std::error_code ec;
  for (int level = 0; level <= 8; ++level) {
    if (fs::is_regular_file(at / "settings.gradle", ec) ||
        fs::is_regular_file(at / "settings.gradle.kts", ec)) {
      return at.string();
    }
    if (!at.has_parent_path() || at.parent_path() == at) break;
    at = at.parent_path();
  }
  return dir;
}

Result<std::string> gradle_build_key(const std::string& root) {
  auto all = build_files_listing(
      root, kCacheFormat, {"build", ".gradle", ".git", ".panta", "node_modules", "target"},
      [](const fs::path&, const std::string& rel) { return build_file(rel); });
  if (!all) return all.error();
  return sha256_hex(*all + "\n" + std::string(gradle_init_script()));
}

std::string gradle_failure_summary(std::string_view out, std::string_view err) {
  std::vector<std::string> lines = split_lines(err);  // Gradle reports failures on stderr
  if (std::find(lines.begin(), lines.end(), "* What went wrong:") == lines.end()) {
    std::vector<std::string> out_lines = split_lines(out);
    lines.insert(lines.end(), out_lines.begin(), out_lines.end());
  }
  auto wrong = std::find(lines.begin(), lines.end(), "* What went wrong:");
  std::string summary;
  if (wrong != lines.end()) {
    for (auto it = wrong + 1; it != lines.end() && !it->starts_with("* "); ++it)
      summary += (summary.empty() ? "" : " ") + *it;
    if (!summary.empty()) return summary;
  }
  // No such section (a wrapper that cannot download, a JVM that does not start): the end.
  std::erase_if(lines, [](const std::string& l) { return l.starts_with("at "); });
  size_t from = lines.size() > 3 ? lines.size() - 3 : 0;
  for (size_t i = from; i < lines.size(); ++i) summary += (summary.empty() ? "" : " | ") + lines[i];
  return summary.empty() ? "no output" : summary;
}

RealGradleTool::RealGradleTool(std::string program, std::chrono::milliseconds timeout)
    : program_(std::move(program)), timeout_(timeout) {}

Result<GradleReport> RealGradleTool::run_describe(const std::string& gradle,
                                                  const std::string& root, bool offline) {
  ScriptFolder folder;
  if (folder.path.empty()) return Error{"cannot make a scratch folder for Gradle's init script"};
  process::SpawnOptions options;
  options.argv = {gradle,          "-q", "--no-daemon", "--console=plain", "--init-script",
                  folder.script(), kTask};
  if (offline) options.argv.insert(options.argv.begin() + 1, "--offline");
  options.cwd = root;
  options.end_descendants = true;  // a daemon Gradle forks ends with it
  auto run = process::run(options, timeout_);
  if (!run) return run.error();
  if (run->timed_out) {
    auto seconds = std::chrono::duration_cast<std::chrono::seconds>(timeout_).count();
    return Error{gradle + " timed out after " + std::to_string(seconds) + " s"};
  }
  if (run->exit_code != 0) return Error{gradle_failure_summary(run->out, run->err)};
  if (auto parsed = parse_gradle_report(run->out); !parsed) return parsed.error();
  return GradleReport{run->out, false};
}

Result<GradleReport> RealGradleTool::describe(const std::string& root) {
  auto key = gradle_build_key(root);
  if (!key) return key.error();
  std::string cache = gradle_cache_dir() + "/" + *key + ".json";
  if (auto cached = read_cache(cache, root)) return *cached;
  std::string gradle = find_gradle(root, program_);
  if (gradle.empty()) {
    return Error{
        "no Gradle found (no executable gradlew in " + root + ", no " + program_ + " on PATH)",
        ErrorKind::kUnresolved};
  }
  auto report = run_describe(gradle, root, true);
  if (!report) report = run_describe(gradle, root, false);
  if (!report) return report.error();
  std::error_code ec;
  fs::create_directories(gradle_cache_dir(), ec);
  nlohmann::json j = {{"format", kCacheFormat},
                      {"report", replace_all(report->text, root, kRootMark)}};
  (void)write_durably(cache, j.dump());  // a cache: a failed write costs time
  return report;
}

}  // namespace panta::project
