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
  /// With overlay_prefix: the project root, shown writable, and the folder (below `scratch`,
  /// hidden from the process) that holds the overlay's `upper` and `work` folders.
  std::string project;
  std::string overlay;
};

/// /tmp, /var/tmp, /run, /home, /root and $HOME, those of them that are folders.
std::vector<std::string> default_hidden_folders();

/// The bwrap command line, up to and including "--", that runs a command in `layout` with: its
/// own user, PID, network (only a loopback), IPC, UTS and cgroup namespaces, no capabilities,
/// a fresh /dev and /proc, its own session (no terminal), killed with its parent, started in
/// `workdir` (else `scratch`). The environment is the one bwrap gets.
std::vector<std::string> bubblewrap_prefix(const std::string& bwrap,
                                           const BubblewrapLayout& layout);

/// The command line, up to and including "--", that runs a command as bubblewrap_prefix does,
/// but with `layout.project` mounted as an overlay whose lower layer is the project itself and
/// whose upper layer is `<overlay>/upper`, so that what the command writes into the project
/// lands there and the project is left as it was: unshare (a user and mount namespace of our
/// own, the user mapped to itself), mount -t overlay (unprivileged since Linux 5.11), setpriv
/// (the capabilities of that namespace dropped again), then bwrap. At each start an `upper`
/// left by an earlier start is moved aside to `upper-<pid>` (for OverlayRunner to inspect) and
/// `work` emptied.
std::vector<std::string> overlay_prefix(const std::string& bwrap, const BubblewrapLayout& layout);

/// Whether the paths of an overlay can be written in mount's options (no ',', ':', '\\' and
/// absolute). Fails naming the path that cannot.
Status check_overlay_paths(const BubblewrapLayout& layout);

/// Whether bwrap can start that sandbox here: runs `true` in it, once (about 10 ms). Fails with
/// the reason (bwrap missing, or its own message, e.g. user namespaces not allowed).
Status probe_bubblewrap(const std::string& bwrap, const BubblewrapLayout& layout);

/// Whether the overlay sandbox (overlay_prefix) can start here and take a write into the
/// project: writes and removes a file in it, once (about 20 ms). Fails with the reason (the
/// kernel refuses an overlay in a user namespace, a path mount cannot take, ...).
Status probe_overlay(const std::string& bwrap, const BubblewrapLayout& layout);

}  // namespace panta::sandbox
