#pragma once

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/parsed_java.h"
#include "project/project.h"

namespace panta::engine {

/// The API of the project's own types a test must know to use `source` (the class under test,
/// in package `package`): those its non-private constructors, methods and fields declare
/// (parameter, return, field and exception types) and its supertypes; for each type, its
/// declaration and its constructors, non-private methods and fields, enum constants and nested
/// types, as declared (modifiers, types and parameter names; a field's initializer only when the
/// line is short; the members the source calls first), one per line, bodies left out but for
/// the short methods of a value type the source calls; under a constructor its checks and the
/// message it builds (constructor_facts), after a class its private fields' defaults. After
/// those, the types only its code uses: in bodies (all their members), as the receiver of a
/// static call or field or through a static import (the members it names). Types of the same
/// package come first within each of the two, then the others, each group by how often the
/// source names them; at most about `budget_chars` characters: the types that fit whole first,
/// then a type that does not fit shows its first members in the room left, one without room is
/// named in a last line. Types are found by the source's imports, its package and its wildcard
/// imports in the project's main source folder; "" when there are none.
std::string used_type_signatures(const std::string& source, const std::string& package,
                                 const project::Project& project, size_t budget_chars);
/// The same of a source parsed already; the types whose source files `listed` names show no
/// members (the compiled classes' list shows them: engine::hidden_api), only their head, the
/// defaults of their private fields and their constants.
std::string used_type_signatures(const Parsed& source, const std::string& package,
                                 const project::Project& project, size_t budget_chars,
                                 const std::set<std::string>& listed = {});

/// The constants of every enum `source` declares (nested ones too) and of the project's enums it
/// names (found as used_type_signatures finds types), by simple name, in declaration order.
std::map<std::string, std::vector<std::string>> enum_constants(const std::string& source,
                                                               const std::string& package,
                                                               const project::Project& project);
/// The same of a source parsed already.
std::map<std::string, std::vector<std::string>> enum_constants(const Parsed& source,
                                                               const std::string& package,
                                                               const project::Project& project);

}  // namespace panta::engine
