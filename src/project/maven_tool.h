#pragma once

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "core/result.h"
#include "project/maven_model.h"

namespace panta::project {

/// What Maven says about a build, as Maven wrote it.
struct MavenReport {
  std::string effective_pom;  ///< help:effective-pom of the reactor
  /// dependency:collect (test scope: every scope) of each module, by artifactId.
  std::map<std::string, std::string> collected;
  bool from_cache = false;
};

/// The Maven calls Panta makes. Every call runs Maven outside the sandbox (docs/projects.md).
class MavenTool {
 public:
  virtual ~MavenTool() = default;
  /// The effective model and every module's resolved dependency list of the build at `root`
  /// (a reactor's top folder): Maven resolves parents, BOMs, properties, profiles, scopes and
  /// versions; it downloads POMs, not jars. Offline first, online when offline fails. Fails with
  /// Maven's first error line.
  virtual Result<MavenReport> describe(const std::string& root) = 0;
  /// The local repository's folder (settings.localRepository).
  virtual Result<std::string> local_repository() = 0;
  /// Downloads `artifacts` into the local repository: exactly those, or with their own
  /// dependencies where `transitive`; returns the files of all, in class path order. Online.
  virtual Result<std::vector<std::string>> fetch(const std::vector<ResolvedArtifact>& artifacts,
                                                 bool transitive) = 0;
  /// Runs Maven in `dir` with `args` (goals and their -D properties): offline, and online again
  /// when offline Maven misses an artifact. Returns its output; fails with its first error line.
  virtual Result<std::string> run_goals(const std::string& dir,
                                        const std::vector<std::string>& args) = 0;
};

/// Runs Debian's `mvn` (batch mode, quiet, pinned plugin versions). describe() answers come from
/// a cache (~/.cache/panta/maven, or $XDG_CACHE_HOME/panta/maven) keyed by the SHA-256 of every
/// pom.xml of the reactor and .mvn/ configuration, the JDK and the profiles asked for, so a build
/// whose poms did not change costs no Maven call; a project copied elsewhere hits the same entry.
/// fetch() answers are kept the same way, while their files exist.
class RealMavenTool final : public MavenTool {
 public:
  /// Runs `program` with JAVA_HOME set to `java_home` (unless it is ""), for at most `timeout`;
  /// describe() activates `profiles` ("a,!b", as `mvn -P` takes them; "" for the build's own).
  explicit RealMavenTool(std::string program = "mvn",
                         std::chrono::milliseconds timeout = std::chrono::seconds(600),
                         std::string java_home = "", std::string profiles = "");
  Result<MavenReport> describe(const std::string& root) override;
  Result<std::string> local_repository() override;
  Result<std::vector<std::string>> fetch(const std::vector<ResolvedArtifact>& artifacts,
                                         bool transitive) override;
  Result<std::string> run_goals(const std::string& dir,
                                const std::vector<std::string>& args) override;

 private:
  Result<MavenReport> run_describe(const std::string& root, bool offline);
  Result<std::vector<std::string>> run_fetch(const std::string& pom);
  /// Whether the local repository holds the POM of every artifact `report` lists.
  bool complete_offline(const MavenReport& report);
  std::string program_;
  std::chrono::milliseconds timeout_;
  std::string java_home_;
  std::string profiles_;
  std::string local_repository_;
};

/// The cache key of the build at `root`: a hash over the relative path and contents of each
/// pom.xml below it (target/, .git/ and .panta/ skipped) and of .mvn/. Fails naming a pom that
/// cannot be read.
Result<std::string> maven_build_key(const std::string& root);

/// The folder of Panta's cached Maven answers.
std::string maven_cache_dir();

}  // namespace panta::project
