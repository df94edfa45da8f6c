#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"
#include "project/build_formatter.h"
#include "project/compiler_settings.h"
#include "project/dependency.h"

namespace panta::project {

/// The maven-surefire-plugin settings that change which tests run and how.
struct SurefireConfig {
  std::vector<std::string> includes;  ///< Empty: Surefire's defaults (Test*, *Test, ...).
  std::vector<std::string> excludes;
  std::vector<std::pair<std::string, std::string>> system_properties;
  std::string arg_line;  ///< As written, late-replaced @{...} references included.
  /// JUnit tag expressions (or JUnit 4 categories) of groups and excludedGroups, one per
  /// comma-separated part.
  std::vector<std::string> groups;
  std::vector<std::string> excluded_groups;
  /// environmentVariables: set in the test JVM's environment.
  std::vector<std::pair<std::string, std::string>> environment;
};

/// One artifact of a module's resolved dependency list (dependency:collect), in class path order.
struct ResolvedArtifact {
  std::string group;
  std::string artifact;
  std::string type = "jar";
  std::string classifier;
  std::string version;
  std::string scope;
  std::string key() const { return group + ":" + artifact; }
  bool operator==(const ResolvedArtifact&) const = default;
};

/// One module of a Maven build as its effective model describes it (parents, BOMs, properties
/// and profiles applied by Maven). Paths are absolute.
struct MavenModule {
  std::string group;
  std::string artifact;
  std::string version;
  std::string packaging = "jar";
  std::string basedir;
  std::string build_dir;  ///< project.build.directory (target/).
  std::string source_dir;
  std::string test_source_dir;
  std::vector<std::string> resource_dirs;
  std::vector<std::string> test_resource_dirs;
  std::string encoding;        ///< project.build.sourceEncoding, or the compiler's encoding.
  std::optional<int> release;  ///< The compiler's release, else its target/source.
  std::vector<Dependency> dependencies;  ///< Declared (direct), versions managed.
  SurefireConfig surefire;
  /// How maven-compiler-plugin compiles the main and the test sources (its compile and
  /// testCompile executions over its plugin-wide configuration and the maven.compiler.*
  /// properties); processor_path is empty until the processors below are resolved.
  CompilerSettings main_compiler;
  CompilerSettings test_compiler;
  /// annotationProcessorPaths of each, as written (a missing version taken from
  /// dependencyManagement).
  std::vector<ResolvedArtifact> main_processors;
  std::vector<ResolvedArtifact> test_processors;
  /// The build's compiler arguments Panta leaves out (taken_compiler_args), for one note.
  std::vector<std::string> dropped_compiler_args;
  /// The formatters of its <build><plugins> (formatter_of_plugin), in POM order.
  std::vector<BuildFormatter> formatters;

  /// "group:artifact".
  std::string key() const { return group + ":" + artifact; }
};

/// The modules of `help:effective-pom` output (one <project>, or <projects> of a reactor, in
/// Maven's build order). Fails as "path:line:col: ..." on malformed XML.
Result<std::vector<MavenModule>> parse_effective_pom(std::string_view xml, const std::string& path);

/// The artifacts of `dependency:collect` or `dependency:list` output, one per
/// "group:artifact:type[:classifier]:version:scope" line, in order; other lines are skipped.
std::vector<ResolvedArtifact> parse_artifact_list(std::string_view text);

/// Where an artifact lies in a Maven local repository:
/// REPO/g/r/o/u/p/artifact/version/artifact-version[-classifier].type ("jar" for test-jar).
std::string repository_path(const std::string& repository, const ResolvedArtifact& artifact);

/// Whether `version` is at least `minimum` (dotted numbers; qualifiers are ignored).
bool version_at_least(std::string_view version, std::string_view minimum);

}  // namespace panta::project
