#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace panta::runner {

/// A compiled class as javap shows it: its head and its public and protected members.
struct CompiledClass {
  std::string head;                  ///< "public class fix.Account extends fix.Base"
  std::string superclass;            ///< "fix.Base"; "" for java.lang.Object or none
  std::vector<std::string> members;  ///< "public fix.Account(java.lang.String);"
};

/// What `javap -protected` printed for one class, read: the head line and the member lines of
/// its body (a strict reading: a line that is neither is left out). Fails when no class head.
Result<CompiledClass> read_javap(const std::string& output);

/// Runs `javap -protected` of `jdk_home` on `fqn` (binary name: Outer$Inner) with `classpath`.
/// Fails naming the class when javap cannot find or read it.
Result<CompiledClass> javap_class(const std::string& jdk_home,
                                  const std::vector<std::string>& classpath,
                                  const std::string& fqn);

}  // namespace panta::runner
