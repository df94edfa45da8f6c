#pragma once

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

/// The <modules> of a raw pom.xml text, as written (folders or pom paths relative to it).
std::vector<std::string> pom_modules(std::string_view text);

}  // namespace panta::project
