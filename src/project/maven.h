#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "project/dependency.h"

namespace panta::project {

/// What Panta reads from a pom.xml, without running Maven.
struct Pom {
  /// Every <dependencies><dependency>, in file order, with ${...} properties expanded and
  /// missing versions and scopes taken from <dependencyManagement>. A version that cannot be
  /// resolved offline (a BOM import, a parent's property) is left empty.
  std::vector<Dependency> dependencies;
  std::string source_encoding;  ///< project.build.sourceEncoding, or empty.
  /// The Java release the build compiles for: maven.compiler.release, else the compiler
  /// plugin's <release>, else maven.compiler.source or the plugin's <source>; empty if none.
  std::string java_release;
  std::string coordinates;  ///< "groupId:artifactId:version" (the parent's group or version
                            ///< when the pom has none of its own).

  /// The dependencies with scope "test".
  std::vector<Dependency> test_dependencies() const;
  /// True when some dependency is needed to compile or run the main code (any scope but test).
  bool has_non_test_dependencies() const;
};

/// Parses pom.xml text. Fails as "path:line:col: ..." when the XML is malformed or has no
/// <project> element. Parent poms are not read.
Result<Pom> parse_pom(std::string_view text, const std::string& path);

/// Reads and parses a pom.xml file.
Result<Pom> read_pom(const std::string& path);

/// The dependencies in `mvn dependency:list` output ("g:a:type[:classifier]:version:scope"
/// lines); other lines are skipped.
std::vector<Dependency> parse_dependency_list(std::string_view text);

/// The Maven queries Panta makes. Implementations run Maven offline in the project folder.
class MavenTool {
 public:
  virtual ~MavenTool() = default;
  /// The ':'-separated classpath of the project in `root`. Fails with a message holding the
  /// first line of Maven's error output.
  virtual Result<std::string> build_classpath(const std::string& root) = 0;
  /// The project's test-scope dependencies, transitive ones included.
  virtual Result<std::vector<Dependency>> list_test_dependencies(const std::string& root) = 0;
};

/// Runs `mvn -B -q -o dependency:...` through process::run; each call can take seconds and is
/// killed past `timeout`.
class RealMavenTool final : public MavenTool {
 public:
  explicit RealMavenTool(std::string program = "mvn",
                         std::chrono::milliseconds timeout = std::chrono::seconds(120));
  Result<std::string> build_classpath(const std::string& root) override;
  Result<std::vector<Dependency>> list_test_dependencies(const std::string& root) override;

 private:
  /// Runs Maven with `goal_args` plus an output-file option and returns that file's contents.
  Result<std::string> run_to_file(const std::string& root, std::vector<std::string> goal_args,
                                  const std::string& output_option);

  std::string program_;
  std::chrono::milliseconds timeout_;
};

}  // namespace panta::project
