#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "engine/class_under_test.h"
#include "runner/compiled_api.h"

namespace panta::engine {

/// Reads a compiled class by its binary name (runner::javap_class in a run, a fake in tests).
using ClassReader = std::function<Result<runner::CompiledClass>(const std::string& binary_name)>;

/// Whether the class's API may hold more than its source shows: it uses Lombok, or extends a
/// class (whose members it inherits).
bool may_hide_api(const ClassUnderTest& cut);

/// What javac made of the class that its source does not show, as Java declarations under
/// `//` heads (`text`): the constructors and methods Lombok (or another annotation processor)
/// generated, the members of the builders they return, and the members inherited from
/// superclasses `is_project_class` says are the project's. Empty when the source shows it all
/// or nothing could be read.
struct HiddenApi {
  std::string text;
  bool generated_constructor = false;  ///< the source declares none, javac made one
  /// The superclasses whose members `text` lists ("inherited from"), by FQN.
  std::vector<std::string> inherited_from;
};
HiddenApi hidden_api(const ClassUnderTest& cut, const ClassReader& read,
                     const std::function<bool(const std::string& fqn)>& is_project_class);

/// Sets `cut.hidden_api` and `cut.generated_constructor` from hidden_api when may_hide_api.
void take_hidden_api(ClassUnderTest& cut, const ClassReader& read,
                     const std::function<bool(const std::string& fqn)>& is_project_class);

}  // namespace panta::engine
