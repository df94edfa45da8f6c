#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "project/project.h"

namespace panta::project {

/// Types a test may use without importing them, by simple name: the public top-level types of
/// the JDK packages tests import most (java.util, java.io, java.nio.file, java.time, ...; listed
/// from the JDK when Panta is built) and the project's own top-level classes (main and test
/// sources, by file name). What javac's "cannot find symbol: class X" needs to be fixed
/// without asking the model.
class TypeIndex {
 public:
  /// The project's types; lists its source folders (no parsing).
  static TypeIndex of(const Project& project);

  /// "import a.b.X;" when exactly one known type is named `simple`, else "" (none, or a
  /// choice only the code's author can make). Types of `package_name` need no import: "".
  std::string import_for(std::string_view simple, std::string_view package_name) const;

  /// Adds a type (for tests).
  void add(std::string fqn);

 private:
  std::map<std::string, std::vector<std::string>, std::less<>> project_;
};

}  // namespace panta::project
