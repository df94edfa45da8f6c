#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/result.h"

namespace panta::project {

/// Where the jars that run a project's tests (JUnit Platform, engines, Mockito, ...) came from.
enum class StackOrigin {
  kProject,       ///< the project's own test class path (Maven resolved it, or --classpath)
  kPantaDefault,  ///< Panta's pinned default stack (build/test-stack, from Maven Central)
  kDebian,        ///< Debian's jars (/usr/share/java), the offline fallback
};

/// "the project's build", "Panta's default test stack", "Debian's jars".
std::string origin_text(StackOrigin origin);

/// A set of jars that runs tests: its jars in class path order and where it came from.
struct TestStack {
  std::vector<std::string> jars;
  StackOrigin origin = StackOrigin::kPantaDefault;
};

/// The stack of a folder written by java-runner/build.sh: `dir`/classpath.txt lists its jars
/// (one per line), `dir`/origin says "maven" or "debian". Fails naming the missing file.
Result<TestStack> read_test_stack(const std::string& dir);

/// The version of each jar of `jars` by artifact name ("junit-jupiter-api" -> "5.14.1"): from a
/// Maven repository path (.../ARTIFACT/VERSION/ARTIFACT-VERSION[-classifier].jar), else from a
/// file name ARTIFACT-VERSION.jar (the version starts at the first "-<digit>"), else, for a
/// Debian name without version (junit4.jar), from the versioned name beside it that is the same
/// file. Debian's junit4 counts as "junit". Jars whose version cannot be told are left out.
std::map<std::string, std::string> artifact_versions(const std::vector<std::string>& jars);

/// The byte-buddy-agent jar among `jars` (Mockito's inline mock maker needs it as the test
/// JVM's -javaagent), or "" when there is none.
std::string mock_agent_jar(const std::vector<std::string>& jars);

}  // namespace panta::project
