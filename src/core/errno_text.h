#pragma once

#include <string>

namespace panta {

/// The text of an errno value as Panta's messages use it, in lower case: "no space left on
/// device", "permission denied", "read-only file system". Thread-safe.
std::string errno_text(int error);

}  // namespace panta
