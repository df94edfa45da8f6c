#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "project/project.h"

namespace panta::project {

/// A stable hash (16 hex digits, FNV-1a 64) over `salt` and the relative path, size and content
/// of every .java file under `dir`, so a caller can skip recompiling when it matches the last
/// stamp. Reads every source; fails naming a file that cannot be read.
Result<std::string> sources_fingerprint(const std::string& dir, std::string_view salt = {});

/// sources_fingerprint of the main sources, salted with those of the upstream modules, the
/// build's further source folders and the compiler settings of each.
Result<std::string> main_sources_fingerprint(const Project& project);

/// The contents of the stamp `<root>/.panta/<name>`, or nullopt when there is none.
std::optional<std::string> read_stamp(const std::string& root, std::string_view name);

/// Writes the stamp `<root>/.panta/<name>` atomically (a temporary file renamed over it), so a
/// reader never sees half a stamp. Fails naming the path.
Status write_stamp(const std::string& root, std::string_view name, std::string_view value);

}  // namespace panta::project
