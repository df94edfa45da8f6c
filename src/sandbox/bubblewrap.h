#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace panta::sandbox {

/// What the strict sandbox shows a process: the whole file system read-only, with `hidden`
/// folders replaced by empty read-only ones, `visible` paths shown (read-only) again inside
/// them, and `scratch` the one writable folder.
struct BubblewrapLayout {
  std::string scratch;
  /// Where the process starts (the module root, as Surefire runs tests); "" for `scratch`.
  std::string workdir;
  /// Paths the process needs (the project, its class path, the helper jar, the JDK).
  std::vector<std::string> visible;
  /// Folders where other programs keep sockets and users keep secrets: /tmp, /var/tmp, /run,
  /// /home and the user's home (see default_hidden_folders).
  std::vector<std::string> hidden;
};

/// /tmp, /var/tmp, /run, /home, /root and $HOME, those of them that are folders.
std::vector<std::string> default_hidden_folders();

/// The bwrap command line, up to and including "--", that runs a command in `layout` with: its
/// own user, PID, network (only a loopback), IPC, UTS and cgroup namespaces, no capabilities,
/// a fresh /dev and /proc, its own session (no terminal), killed with its parent, started in
/// `workdir` (else `scratch`). The environment is the one bwrap gets.
std::vector<std::string> bubblewrap_prefix(const std::string& bwrap,
                                           const BubblewrapLayout& layout);

/// Whether bwrap can start that sandbox here: runs `true` in it, once (about 10 ms). Fails with
/// the reason (bwrap missing, or its own message, e.g. user namespaces not allowed).
Status probe_bubblewrap(const std::string& bwrap, const BubblewrapLayout& layout);

}  // namespace panta::sandbox
