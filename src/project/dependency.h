#pragma once

#include <string>
#include <vector>

namespace panta::project {

/// One declared or resolved library. `version` is empty when it could not be resolved.
struct Dependency {
  std::string group;
  std::string artifact;
  std::string version;
  std::string scope;  ///< "compile", "test", ...; Maven's default scope is "compile".

  /// "group:artifact:version", or "group:artifact" when the version is unknown.
  std::string coordinate() const;
  bool operator==(const Dependency&) const = default;
};

enum class JUnitFlavour { kJUnit4, kJUnit5 };

/// JUnit 5 when any dependency is in org.junit.jupiter, else JUnit 4 when junit:junit is
/// present, else JUnit 5.
JUnitFlavour junit_flavour(const std::vector<Dependency>& test_dependencies);

}  // namespace panta::project
