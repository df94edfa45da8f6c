#pragma once

#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <string_view>

#include "core/result.h"

namespace panta::project {

/// Where Panta keeps what a build tool answered (`tool`: "maven", "gradle"):
/// `$XDG_CACHE_HOME/panta/<tool>` when that is an absolute path, else `~/.cache/panta/<tool>`
/// (`/tmp/.cache/...` without a HOME).
std::string tool_cache_dir(const std::string& tool);

/// The build files under `root` that `wanted` takes (given the path and the path relative to
/// `root`), in folders whose names are not in `skipped`, as a listing that changes with any of
/// them: `format`, then for each file in sorted order "\n<relative path>\n<SHA-256 of its text>".
/// Fails naming a file that cannot be read.
Result<std::string> build_files_listing(
    const std::string& root, std::string_view format, const std::set<std::string>& skipped,
    const std::function<bool(const std::filesystem::path&, const std::string&)>& wanted);

}  // namespace panta::project
