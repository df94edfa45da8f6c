#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "project/project.h"

namespace panta::project {

/// A stable hash (16 hex digits, FNV-1a 64) over the relative path, size and content of every
/// main source, so a caller can skip recompiling when it matches the last stamp. Reads every
/// main source; fails naming a file that cannot be read.
Result<std::string> main_sources_fingerprint(const Project& project);

/// The contents of the stamp `<root>/.panta/<name>`, or nullopt when there is none.
std::optional<std::string> read_stamp(const std::string& root, std::string_view name);

/// Writes the stamp `<root>/.panta/<name>` atomically (a temporary file renamed over it), so a
/// reader never sees half a stamp. Fails naming the path.
Status write_stamp(const std::string& root, std::string_view name, std::string_view value);

}  // namespace panta::project
