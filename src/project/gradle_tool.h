#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "core/result.h"

namespace panta::project {

/// What Gradle said about a build: the output of Panta's init script (see gradle_report.h).
struct GradleReport {
  std::string text;
  bool from_cache = false;
};

/// The Gradle calls Panta makes. Gradle runs outside the sandbox, as Maven does
/// (docs/projects.md): it runs the user's own build scripts.
class GradleTool {
 public:
  virtual ~GradleTool() = default;
  /// Every project of the build at `root` (the folder of settings.gradle[.kts]) as Panta's init
  /// script prints it: folders, compile and test runtime class paths, Java release. Offline
  /// first, online when offline fails. Fails with ErrorKind::kUnresolved when no Gradle can be
  /// found, else with one line of Gradle's error output.
  virtual Result<GradleReport> describe(const std::string& root) = 0;
};

/// Runs the build's `./gradlew` when it is executable, else `program` from PATH (Debian's
/// `gradle`), quiet, without a daemon, with gradle_init_script() as --init-script. Answers are
/// cached in ~/.cache/panta/gradle (or $XDG_CACHE_HOME/panta/gradle) keyed by
/// gradle_build_key(), while the jars they list exist: an unchanged build costs no Gradle call
/// (Gradle 4.4 takes 20-30 s to start here).
class RealGradleTool final : public GradleTool {
 public:
  explicit RealGradleTool(std::string program = "gradle",
                          std::chrono::milliseconds timeout = std::chrono::seconds(600));
  Result<GradleReport> describe(const std::string& root) override;

 private:
  Result<GradleReport> run_describe(const std::string& gradle, const std::string& root,
                                    bool offline);
  std::string program_;
  std::chrono::milliseconds timeout_;
};

/// The Gradle that runs the build at `root`: `root`/gradlew when it is an executable file, else
/// `program` as found on PATH; "" when neither is there.
std::string find_gradle(const std::string& root, const std::string& program);

/// The top of the Gradle build `dir` belongs to: the nearest folder from `dir` upwards (8
/// levels at most) that holds settings.gradle or settings.gradle.kts; `dir` when none does.
std::string find_gradle_root(const std::string& dir);

/// The cache key of the build at `root`: a hash over the relative path and contents of each
/// settings.gradle[.kts], build.gradle[.kts] and gradle.properties below it, and of
/// gradle/libs.versions.toml and gradle/wrapper/gradle-wrapper.properties (build/, .gradle/,
/// .git/ and .panta/ skipped). Fails naming a file that cannot be read.
Result<std::string> gradle_build_key(const std::string& root);

/// The folder of Panta's cached Gradle answers.
std::string gradle_cache_dir();

/// Gradle's failure in one line: the "What went wrong" section of its output when there is
/// one, else its last lines.
std::string gradle_failure_summary(std::string_view out, std::string_view err);

/// Panta's init script (Groovy, for Gradle 4.4 through 8.x): adds the task `pantaDescribe` to
/// every project, which prints the block parse_gradle_report() reads.
std::string_view gradle_init_script();

}  // namespace panta::project
