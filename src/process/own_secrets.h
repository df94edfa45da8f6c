#pragma once

namespace panta::process {

/// Hides this process's secrets from other processes of the same user, as early as it can be
/// called (the start of main): makes the process non-dumpable (PR_SET_DUMPABLE 0: its
/// /proc/<pid>/environ, mem and maps become root's, ptrace is refused; the keepers it forks
/// inherit that), and wipes the values of the variables whose names look secret
/// (looks_secret) from the environment block the kernel shows as /proc/<pid>/environ, after
/// moving them to the heap (setenv), where getenv() and the children it starts find them as
/// before. A process of root can still read its memory.
void hide_own_secrets();

}  // namespace panta::process
