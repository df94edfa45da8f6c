#include "project/dependency.h"

namespace panta::project {

std::string Dependency::coordinate() const {
  std::string c = group + ":" + artifact;
  if (!version.empty()) c += ":" + version;
  return c;
}

JUnitFlavour junit_flavour(const std::vector<Dependency>& test_dependencies) {
  bool junit4 = false;
  for (const Dependency& d : test_dependencies) {
    if (d.group == "org.junit.jupiter") return JUnitFlavour::kJUnit5;
    if (d.group == "junit" && d.artifact == "junit") junit4 = true;
  }
  return junit4 ? JUnitFlavour::kJUnit4 : JUnitFlavour::kJUnit5;
}

}  // namespace panta::project
