#pragma once

#include <string>

#include "core/result.h"

namespace panta::project {

/// <root>/.panta, the folder of Panta's state (journal, lock, backups, compiled classes),
/// created when missing, with a .gitignore of "*" written when it has none, so that git never
/// offers Panta's state for a commit (a .gitignore the user wrote there is left alone). Every
/// command that writes under .panta/ comes through here (ProjectLock::acquire calls it).
/// Returns the folder's path; fails naming the folder or file and the cause.
Result<std::string> ensure_state_dir(const std::string& root);

}  // namespace panta::project
