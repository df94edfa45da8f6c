#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "project/dependency.h"
#include "project/maven_model.h"
#include "project/maven_tool.h"

namespace panta::project {

/// A module of the same build that the module under test uses: Panta compiles it first (its
/// sources into `classes_dir`) and puts its classes and resources on the class path.
struct UpstreamModule {
  std::string artifact;
  std::string src_dir;
  std::vector<std::string> resource_dirs;
  std::string classes_dir;             ///< <module root>/.panta/upstream/<artifact>/classes
  std::vector<std::string> classpath;  ///< What its sources compile against.
  std::string encoding;
  CompilerSettings compiler;  ///< How the build compiles its main sources.
};

/// Everything Maven tells about the module under test.
struct MavenResolution {
  std::string reactor_root;  ///< Where Maven ran: the top of the reactor.
  MavenModule module;
  /// Compile, provided and system scope: what the main sources compile against.
  std::vector<std::string> classpath;
  /// Runtime and test scope, and the JUnit engines and launcher the tests need beyond them.
  std::vector<std::string> test_classpath;
  std::vector<UpstreamModule> upstream;  ///< In Maven's build order.
  /// Direct test-scope dependencies, with the versions Maven resolved.
  std::vector<Dependency> test_dependencies;
  /// One line for the user: what could not be resolved and what was done instead; "" if none.
  std::string note;
  /// True when the test class path holds no JUnit (then Panta's default stack is used).
  bool needs_default_stack = false;
};

/// The folder of the Maven reactor `dir` belongs to: the highest folder above it whose pom.xml
/// lists the one below among its <modules>; `dir` itself when none does.
std::string find_reactor_root(const std::string& dir);

/// Whether one of the source folders `roots` holds the class or package `hint` ("pkg.Outer",
/// "pkg.Outer$Inner", "pkg.Outer.Inner", "pkg", "pkg.*", "pkg.Outer#method").
bool sources_hold(const std::vector<std::string>& roots, const std::string& hint);

/// Which module of `modules` is under test: the one named `module` (artifactId or folder
/// relative to the reactor), else the one whose folder is `dir`, else the only one with
/// sources, else the one whose main or test sources hold one of `hints` (class FQNs or
/// packages). Fails listing the modules when none or several fit.
Result<MavenModule> choose_module(const std::vector<MavenModule>& modules, const std::string& dir,
                                  const std::string& module, const std::vector<std::string>& hints);

/// The JUnit artifacts the tests need beyond `artifacts` (a module's resolved list), as Surefire
/// adds them: the Jupiter engine of the Jupiter API's version, the Vintage engine for JUnit 4
/// (of the Platform's version, else `default_vintage`), the launcher of the Platform's version.
/// A JUnit 4 older than 4.12 (Vintage's minimum) comes first as junit:junit 4.13.2, which the
/// caller puts in its place.
std::vector<ResolvedArtifact> missing_junit_artifacts(
    const std::vector<ResolvedArtifact>& artifacts, const std::string& default_vintage);

/// Resolves the module of `dir` with Maven (see MavenTool): its model, class paths (sibling
/// modules as UpstreamModules, their classes below `dir`/.panta/upstream), test stack and test
/// dependencies. Jars missing from the local repository are fetched; what cannot be fetched is
/// named in `note` and left out when it is test-scope only. Fails when Maven cannot describe
/// the build, the module is unknown or ambiguous, or main dependencies cannot be resolved.
Result<MavenResolution> resolve_maven_module(MavenTool& maven, const std::string& dir,
                                             const std::string& module,
                                             const std::vector<std::string>& hints);

}  // namespace panta::project
