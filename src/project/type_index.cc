#include "project/type_index.h"

#include <algorithm>
#include <utility>

namespace panta::project {
namespace {

struct JdkType {
  std::string_view simple;
  std::string_view fqn;
};

// Made from the JDK at build time by scripts/jdk_types.java.
constexpr JdkType kJdkTypes[] = {
#include "jdk_types.inc"
};

std::string_view package_of(std::string_view fqn) {
  size_t dot = fqn.rfind('.');
  return dot == std::string_view::npos ? std::string_view() : fqn.substr(0, dot);
}

}  // namespace

TypeIndex TypeIndex::of(const Project& project) {
  TypeIndex index;
  for (const auto& [dir, files] : {std::pair{project.src_dir, project.main_sources()},
                                   std::pair{project.test_dir, project.test_sources()}}) {
    if (!files) continue;
    for (const std::string& f : *files) {
      if (auto fqn = fqn_of(f, dir)) index.add(std::move(*fqn));
    }
  }
  return index;
}

void TypeIndex::add(std::string fqn) {
  std::string simple = fqn.substr(fqn.rfind('.') + 1);
  auto& names = project_[simple];
  if (std::find(names.begin(), names.end(), fqn) == names.end()) names.push_back(std::move(fqn));
}

std::string TypeIndex::import_for(std::string_view simple, std::string_view package_name) const {
  std::vector<std::string_view> found;
  for (const JdkType& t : kJdkTypes) {
    if (t.simple == simple) found.push_back(t.fqn);
  }
  if (auto p = project_.find(simple); p != project_.end()) {
    for (const std::string& fqn : p->second) found.push_back(fqn);
  }
  if (found.size() != 1 || package_of(found.front()) == package_name) return "";
  return "import " + std::string(found.front()) + ";";
}

}  // namespace panta::project
