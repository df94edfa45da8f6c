#include "project/jdk.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "java/source_text.h"
#include "process/subprocess.h"

namespace panta::project {
namespace fs = std::filesystem;

namespace {

// 8 for "1.8.0_402", 17 for "17.0.15", 25 for "25", 0 for text that is none.
int feature_of(const std::string& version) {
  std::string text = version.rfind("1.", 0) == 0 ? version.substr(2) : version;
  return std::atoi(text.c_str());
}

// JAVA_VERSION="17.0.15" of a release file, "" when it has none.
std::string java_version(const std::string& release_text) {
  const std::string key = "JAVA_VERSION=\"";
  size_t at = release_text.find(key);
  while (at != std::string::npos && at != 0 && release_text[at - 1] != '\n')
    at = release_text.find(key, at + 1);
  if (at == std::string::npos) return "";
  size_t begin = at + key.size();
  size_t end = release_text.find('"', begin);
  return end == std::string::npos ? "" : release_text.substr(begin, end - begin);
}

bool is_executable(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) &&
         (fs::status(p, ec).permissions() & fs::perms::owner_exec) != fs::perms::none;
}

}  // namespace

Result<Jdk> read_jdk(const std::string& home) {
  std::error_code ec;
  fs::path dir = fs::weakly_canonical(home, ec);
  if (ec || !fs::is_directory(dir, ec))
    return Error{home + ": no such folder (a JDK was expected)"};
  if (!is_executable(dir / "bin" / "java") || !is_executable(dir / "bin" / "javac"))
    return Error{home + ": not a JDK (no bin/java and bin/javac there)"};
  auto release = java::read_file((dir / "release").string());
  std::string version = release ? java_version(*release) : "";
  if (version.empty()) return Error{home + ": not a JDK (no release file naming JAVA_VERSION)"};
  return Jdk{dir.string(), version, feature_of(version)};
}

Result<Jdk> jdk_on_path() {
  std::string java = process::find_program("java");
  std::error_code ec;
  fs::path real = java.empty() ? fs::path() : fs::canonical(java, ec);
  if (java.empty() || ec) return Error{"no java on PATH"};
  return read_jdk(real.parent_path().parent_path().string());
}

std::vector<Jdk> installed_jdks() {
  std::vector<Jdk> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/usr/lib/jvm", ec)) {
    if (entry.is_symlink(ec)) continue;  // Debian's java-1.17.0-openjdk-amd64 -> java-17-...
    auto jdk = read_jdk(entry.path().string());
    if (jdk &&
        std::none_of(out.begin(), out.end(), [&](const Jdk& j) { return j.home == jdk->home; }))
      out.push_back(*jdk);
  }
  std::sort(out.begin(), out.end(), [](const Jdk& a, const Jdk& b) {
    return a.feature != b.feature ? a.feature > b.feature : a.home < b.home;
  });
  return out;
}

Result<JdkChoice> choose_jdks(const std::string& flag, const std::string& java_home_env) {
  JdkChoice out;
  if (!flag.empty() || !java_home_env.empty()) {
    auto jdk = read_jdk(flag.empty() ? java_home_env : flag);
    if (!jdk)
      return Error{jdk.error().message + (flag.empty() ? " (JAVA_HOME)" : " (--java-home)")};
    out.project = *jdk;
  } else {
    auto jdk = jdk_on_path();
    if (!jdk)
      return Error{jdk.error().message + ": install a JDK 17 or newer, or give --java-home"};
    out.project = *jdk;
  }
  out.runner = out.project;
  if (out.project.feature >= kMinimumRunnerJdk) return out;
  std::vector<Jdk> candidates;
  if (auto on_path = jdk_on_path(); on_path && on_path->feature >= kMinimumRunnerJdk)
    candidates.push_back(*on_path);
  for (const Jdk& j : installed_jdks()) {
    if (j.feature >= kMinimumRunnerJdk) candidates.push_back(j);
  }
  if (candidates.empty()) {
    return Error{"the JDK at " + out.project.home + " is Java " + out.project.version +
                 ", and Panta's test runner needs Java 17 or newer to run beside it: install "
                 "one (it then compiles for the project's release)"};
  }
  out.runner = candidates.front();
  out.note = "the project's JDK (" + out.project.home + ", Java " + out.project.version +
             ") is older than Panta's test runner needs; the tests are compiled and run with " +
             out.runner.home + " (Java " + out.runner.version +
             "), compiling for the build's release";
  return out;
}

Status check_release(const JdkChoice& jdks, std::optional<int> release) {
  if (!release || *release <= jdks.runner.feature) return ok_status();
  std::string found;
  for (const Jdk& j : installed_jdks()) {
    if (j.feature >= *release) found += (found.empty() ? "" : ", ") + j.home;
  }
  return Error{
      "the build compiles for Java " + std::to_string(*release) + ", but the JDK at " +
      jdks.runner.home + " is Java " + jdks.runner.version + ": point --java-home (or " +
      "JAVA_HOME) at a JDK " + std::to_string(*release) + " or newer" +
      (found.empty() ? " (none is installed in /usr/lib/jvm)" : " (installed: " + found + ")")};
}

}  // namespace panta::project
