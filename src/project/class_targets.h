#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "project/project.h"

namespace panta::project {

/// What a `--class` value names, resolved to fully qualified class names, sorted:
/// - a class, "pkg.Outer", when its source file exists (a nested "pkg.Outer.Inner" gives
///   "pkg.Outer": tests are written per source file);
/// - a package, "pkg" or "pkg.*", when src_dir/pkg is a folder: every class in it and in its
///   subpackages;
/// - a folder or a .java file under src_dir, written as a path (with a '/' or ending in .java;
///   relative to the working directory or to the project root, or absolute): the classes in
///   it, recursively.
/// - "all": every class of the source folder (unless a class is named `all`).
/// package-info.java and module-info.java are not classes. Fails naming what was looked for
/// when the value is none of these, or a path outside the source folder.
Result<std::vector<std::string>> resolve_class_target(const Project& project,
                                                      std::string_view target);

/// Whether `target` names more than one class by its form (a package or a folder), so that a
/// class in it with nothing to test is skipped rather than an error.
bool is_batch_target(const Project& project, std::string_view target);

}  // namespace panta::project
