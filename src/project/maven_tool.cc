#include "project/maven_tool.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/durable_file.h"
#include "core/sha256.h"
#include "java/source_text.h"
#include "process/subprocess.h"
#include "project/build_files.h"

namespace panta::project {
namespace fs = std::filesystem;

namespace {

// Plugins Panta runs, pinned (scripts/fetch-maven-fixtures.sh fetches the same).
constexpr const char* kHelpPlugin = "org.apache.maven.plugins:maven-help-plugin:3.5.1";
constexpr const char* kDependencyPlugin = "org.apache.maven.plugins:maven-dependency-plugin:3.9.0";
// Bumped when what the cache holds changes form.
constexpr const char* kCacheFormat = "panta-maven-1";
constexpr const char* kRootMark = "${panta.reactor.root}";

std::string trimmed(std::string_view text) {
  size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  size_t end = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(begin, end - begin + 1));
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

/// The first line of Maven's error output (it prints errors on stdout), "[ERROR]" removed, with
/// the next one when the first only introduces it.
std::string first_error_line(const process::CommandOutput& output) {
  for (const std::string* stream : {&output.out, &output.err}) {
    std::vector<std::string> lines;
    size_t begin = 0;
    while (begin < stream->size()) {
      size_t end = std::min(stream->find('\n', begin), stream->size());
      std::string line = trimmed(strip_ansi(std::string_view(*stream).substr(begin, end - begin)));
      begin = end + 1;
      while (line.starts_with("[ERROR]")) line = trimmed(line.substr(7));
      if (!line.empty()) lines.push_back(std::move(line));
    }
    if (lines.empty()) continue;
    if (lines[0].ends_with(':') && lines.size() > 1) return lines[0] + " " + lines[1];
    return lines[0];
  }
  return "exit code " + std::to_string(output.exit_code);
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

Result<process::CommandOutput> run_maven(const std::string& program, const std::string& cwd,
                                         std::vector<std::string> args,
                                         std::chrono::milliseconds timeout,
                                         const std::string& java_home) {
  process::SpawnOptions options;
  options.argv = {program, "-B", "-q", "-Dstyle.color=never"};
  options.argv.insert(options.argv.end(), args.begin(), args.end());
  options.cwd = cwd;
  // The project's JDK: profiles activated by <jdk> and the compiler settings follow it.
  if (!java_home.empty()) options.env.emplace_back("JAVA_HOME", java_home);
  auto run = process::run(options, timeout);
  if (!run) return Error{run.error().message + " (Maven: Debian package maven)"};
  if (run->timed_out) {
    return Error{"mvn timed out after " +
                 std::to_string(std::chrono::duration_cast<std::chrono::seconds>(timeout).count()) +
                 " s"};
  }
  if (run->exit_code != 0) return Error{first_error_line(*run)};
  return run;
}

/// A scratch folder for Maven's output files, removed with the object.
struct OutputFolder {
  std::string path;
  OutputFolder() {
    std::error_code ec;
    std::string pattern = (fs::temp_directory_path(ec) / "panta-mvn-XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) path = pattern;
  }
  ~OutputFolder() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};

nlohmann::json to_json(const MavenReport& report, const std::string& root) {
  nlohmann::json collected = nlohmann::json::object();
  for (const auto& [artifact, text] : report.collected) collected[artifact] = text;
  return {{"format", kCacheFormat},
          {"effective_pom", replace_all(report.effective_pom, root, kRootMark)},
          {"collected", collected}};
}

std::optional<MavenReport> from_json(const std::string& text, const std::string& root) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.value("format", "") != kCacheFormat) return {};
  MavenReport report;
  report.effective_pom = replace_all(j.value("effective_pom", ""), kRootMark, root);
  auto collected = j.find("collected");
  if (collected == j.end() || !collected->is_object()) return {};
  for (auto it = collected->begin(); it != collected->end(); ++it) {
    if (it->is_string()) report.collected[it.key()] = it->get<std::string>();
  }
  report.from_cache = true;
  return report;
}

std::string fetch_pom(const std::vector<ResolvedArtifact>& artifacts, bool transitive) {
  std::string pom =
      "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>"
      "<groupId>org.panta</groupId><artifactId>panta-fetch</artifactId><version>0</version>"
      "<packaging>pom</packaging><dependencies>\n";
  for (const ResolvedArtifact& a : artifacts) {
    pom += "<dependency><groupId>" + a.group + "</groupId><artifactId>" + a.artifact +
           "</artifactId><version>" + a.version + "</version><type>" + a.type + "</type>";
    if (!a.classifier.empty()) pom += "<classifier>" + a.classifier + "</classifier>";
    if (!transitive) {
      pom +=
          "<exclusions><exclusion><groupId>*</groupId><artifactId>*</artifactId></exclusion>"
          "</exclusions>";
    }
    pom += "</dependency>\n";
  }
  return pom + "</dependencies></project>\n";
}

}  // namespace

std::string maven_cache_dir() {
  return tool_cache_dir("maven");
}

Result<std::string> maven_build_key(const std::string& root) {
  auto all =
      build_files_listing(root, kCacheFormat, {"target", ".git", ".panta", "node_modules", "build"},
                          [](const fs::path& path, const std::string& rel) {
                            return path.filename() == "pom.xml" || rel.rfind(".mvn/", 0) == 0;
                          });
  if (!all) return all.error();
  return sha256_hex(*all);
}

RealMavenTool::RealMavenTool(std::string program, std::chrono::milliseconds timeout,
                             std::string java_home, std::string profiles)
    : program_(std::move(program)),
      timeout_(timeout),
      java_home_(std::move(java_home)),
      profiles_(std::move(profiles)) {}

Result<MavenReport> RealMavenTool::run_describe(const std::string& root, bool offline) {
  OutputFolder out;
  if (out.path.empty()) return Error{"cannot make a scratch folder for Maven's output"};
  std::vector<std::string> args;
  if (offline) args.push_back("-o");
  if (!profiles_.empty()) args.push_back("-P" + profiles_);
  args.insert(args.end(), {std::string(kHelpPlugin) + ":effective-pom",
                           "-Doutput=" + out.path + "/effective-pom.xml",
                           std::string(kDependencyPlugin) + ":collect", "-DincludeScope=test",
                           "-DoutputFile=" + out.path + "/collect/${project.artifactId}.txt"});
  auto run = run_maven(program_, root, args, timeout_, java_home_);
  if (!run) return run.error();
  MavenReport report;
  auto effective = java::read_file(out.path + "/effective-pom.xml");
  if (!effective) return Error{"Maven wrote no effective model"};
  report.effective_pom = *effective;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(out.path + "/collect", ec)) {
    auto listing = java::read_file(entry.path().string());
    if (listing) report.collected[entry.path().stem().string()] = *listing;
  }
  return report;
}

Result<MavenReport> RealMavenTool::describe(const std::string& root) {
  auto key = maven_build_key(root);
  if (!key) return key.error();
  // Profiles may be activated by the JDK Maven runs on: its answer is kept per JDK (and per
  // profiles asked for).
  std::string cache =
      maven_cache_dir() + "/" +
      sha256_hex(*key + "\n" + java_home_ + (profiles_.empty() ? "" : "\n-P" + profiles_))
          .substr(0, 40) +
      ".json";
  if (auto cached = java::read_file(cache)) {
    if (auto report = from_json(*cached, root)) return *report;
  }
  auto report = run_describe(root, true);
  // Offline, Maven lists an artifact whose POM it does not have without its dependencies (a
  // warning -q hides): such an answer is incomplete, and online is asked instead.
  if (report && !complete_offline(*report)) report = Error{"POMs missing offline"};
  if (!report) report = run_describe(root, false);
  if (!report) return report.error();
  std::error_code ec;
  fs::create_directories(maven_cache_dir(), ec);
  (void)write_durably(cache, to_json(*report, root).dump());  // a cache: a failed write costs time
  return report;
}

Result<std::string> RealMavenTool::run_goals(const std::string& dir,
                                             const std::vector<std::string>& args) {
  std::vector<std::string> offline = {"-o"};
  if (!profiles_.empty()) offline.push_back("-P" + profiles_);
  offline.insert(offline.end(), args.begin(), args.end());
  auto run = run_maven(program_, dir, offline, timeout_, java_home_);
  // Offline Maven names what it has not downloaded ("... in offline mode"): asked online then.
  if (!run && run.error().message.find("offline") != std::string::npos) {
    offline.erase(offline.begin());
    run = run_maven(program_, dir, offline, timeout_, java_home_);
  }
  if (!run) return run.error();
  return run->out;
}

bool RealMavenTool::complete_offline(const MavenReport& report) {
  auto repository = local_repository();
  auto modules = parse_effective_pom(report.effective_pom, "effective-pom.xml");
  if (!repository || !modules) return false;
  std::error_code ec;
  for (const auto& [artifact, listing] : report.collected) {
    for (ResolvedArtifact a : parse_artifact_list(listing)) {
      bool reactor = std::any_of(modules->begin(), modules->end(),
                                 [&](const MavenModule& m) { return m.key() == a.key(); });
      a.type = "pom";
      a.classifier.clear();
      if (!reactor && !fs::exists(repository_path(*repository, a), ec)) return false;
    }
  }
  return true;
}

Result<std::string> RealMavenTool::local_repository() {
  if (!local_repository_.empty()) return local_repository_;
  // Asked once per machine and settings: the answer is kept beside the cached builds, keyed by
  // what could change it (the settings files, MAVEN_OPTS, the user).
  std::string key = kCacheFormat;
  const char* home = std::getenv("HOME");
  std::string user_settings = std::string(home != nullptr ? home : "") + "/.m2/settings.xml";
  for (const std::string& file : {user_settings, std::string("/etc/maven/settings.xml")}) {
    auto text = java::read_file(file);
    key += "\n" + file + "\n" + (text ? sha256_hex(*text) : "-");
  }
  const char* opts = std::getenv("MAVEN_OPTS");
  key += std::string("\n") + (opts != nullptr ? opts : "") + "\n" + user_settings;
  std::string cache = maven_cache_dir() + "/local-repository-" + sha256_hex(key).substr(0, 16);
  if (auto cached = java::read_file(cache); cached && trimmed(*cached).starts_with("/")) {
    return local_repository_ = trimmed(*cached);
  }
  std::vector<std::string> args = {std::string(kHelpPlugin) + ":evaluate",
                                   "-Dexpression=settings.localRepository", "-DforceStdout"};
  auto run = run_maven(
      program_, "/",
      [&] {
        auto offline = args;
        offline.insert(offline.begin(), "-o");
        return offline;
      }(),
      timeout_, java_home_);
  if (!run) run = run_maven(program_, "/", args, timeout_, java_home_);
  if (!run) return run.error();
  std::string path = trimmed(strip_ansi(run->out));
  if (path.empty() || path[0] != '/') return Error{"Maven named no local repository"};
  std::error_code ec;
  fs::create_directories(maven_cache_dir(), ec);
  (void)write_durably(cache, path + "\n");
  return local_repository_ = path;
}

Result<std::vector<std::string>> RealMavenTool::fetch(
    const std::vector<ResolvedArtifact>& artifacts, bool transitive) {
  std::string pom = fetch_pom(artifacts, transitive);
  // Kept like describe()'s answers: the files of the same request, while they all exist.
  std::string cache = maven_cache_dir() + "/fetch-" + sha256_hex(kCacheFormat + pom) + ".txt";
  if (auto cached = java::read_file(cache)) {
    std::vector<std::string> files;
    std::error_code ec;
    bool all = true;
    for (size_t begin = 0; begin < cached->size();) {
      size_t end = std::min(cached->find('\n', begin), cached->size());
      std::string file = cached->substr(begin, end - begin);
      begin = end + 1;
      if (file.empty()) continue;
      all = all && fs::exists(file, ec);
      files.push_back(file);
    }
    if (all && !files.empty()) return files;
  }
  auto files = run_fetch(pom);
  if (!files) return files;
  std::string listing;
  for (const std::string& f : *files) listing += f + "\n";
  std::error_code ec;
  fs::create_directories(maven_cache_dir(), ec);
  (void)write_durably(cache, listing);
  return files;
}

Result<std::vector<std::string>> RealMavenTool::run_fetch(const std::string& pom) {
  OutputFolder out;
  if (out.path.empty()) return Error{"cannot make a scratch folder for Maven"};
  std::ofstream(out.path + "/pom.xml") << pom;
  auto run = run_maven(program_, out.path,
                       {std::string(kDependencyPlugin) + ":build-classpath",
                        "-Dmdep.outputFile=" + out.path + "/classpath.txt"},
                       timeout_, java_home_);
  if (!run) return run.error();
  auto listing = java::read_file(out.path + "/classpath.txt");
  if (!listing) return Error{"Maven wrote no class path"};
  std::vector<std::string> files;
  std::string text = trimmed(*listing);
  for (size_t begin = 0; begin < text.size();) {
    size_t end = std::min(text.find(':', begin), text.size());
    if (end > begin) files.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  return files;
}

}  // namespace panta::project
