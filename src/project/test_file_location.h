#pragma once

#include <string>

#include "core/result.h"
#include "project/project.h"

namespace panta::project {

/// Whether `test_file` (absolute, or relative to the current folder) may be written as the test
/// file of a class: a .java file that lies under the project's test source folder and not under
/// its main source folder, once `..` and symlinks (of the parts that exist) are resolved. Fails
/// with a message naming the file and both folders. For `panta generate --test-file`.
Status check_test_file_location(const Project& project, const std::string& test_file);

}  // namespace panta::project
