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

/// Before the build is asked where its sources lie (an uncached Maven call takes seconds): a
/// target that names a class by its form ("pkg.Outer", "Outer", "pkg.Outer.Inner",
/// "pkg.Outer$Inner": a name whose first capitalised part is its class) fails at once when no
/// file below `folder` could hold it (one ending in pkg/Outer.java; hidden folders are not
/// searched), naming the nearest file name that could. Other targets (packages, paths, `all`)
/// pass, as does everything when `folder` has more than 100,000 entries to walk.
Status check_class_targets_exist(const std::string& folder,
                                 const std::vector<std::string>& targets);

/// Whether `target` names more than one class by its form (a package or a folder), so that a
/// class in it with nothing to test is skipped rather than an error.
bool is_batch_target(const Project& project, std::string_view target);

}  // namespace panta::project
