#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "sandbox/file_status.h"

namespace panta::sandbox {

/// One difference between a project tree and its snapshot.
struct TreeChange {
  enum class Kind { kCreated, kDeleted, kModified };
  Kind kind = Kind::kModified;
  std::string path;  ///< Relative to the project root.
  bool operator==(const TreeChange&) const = default;
};

/// "deleted src/main/java/x/Cart.java, created y" (the first `max_listed`, then "and N more").
std::string describe_changes(const std::vector<TreeChange>& changes, size_t max_listed = 3);

/// Limits on what a snapshot keeps in memory to put files back.
struct SnapshotLimits {
  size_t max_file_bytes = 4 << 20;  ///< Larger files are watched, not kept.
  size_t max_total_bytes = 256 << 20;
};

/// A project's files as they were: the status of every file, folder and symlink under the
/// root (but `.panta/`, of which only `classes/` and `backup/` count), and the contents of the
/// files, so a change can be found and undone. Watching costs one lstat per entry; contents are
/// read once and then only for files whose status changed.
class ProjectTree {
 public:
  /// Reads the tree under `root`. Fails when the root cannot be read.
  static Result<ProjectTree> snapshot(const std::string& root, SnapshotLimits limits = {});

  /// Takes the tree as it is now as the snapshot, reading only the files whose status changed.
  Status refresh();

  /// Takes `paths` (absolute, or relative to the root; files or folders with all they hold) as
  /// they are now into the snapshot, with the folders above them that it lacks: Panta wrote or
  /// removed them. Paths outside the root or in an unwatched part of `.panta/` are ignored.
  /// Fails when one cannot be read.
  Status accept(const std::vector<std::string>& paths);

  /// What differs now from the snapshot: created, deleted and modified entries, sorted by path.
  /// A file whose status changed but whose contents and mode did not (a `touch`) is no change.
  Result<std::vector<TreeChange>> changes() const;

  /// Undoes `changes`: created entries are removed, deleted ones made again, modified ones
  /// rewritten with their old contents, mode and time. The files a change made or altered are
  /// first copied below `aside` (when not empty), so that nothing is ever lost. The snapshot
  /// stays what it was (only the new statuses of the entries put back are taken). Fails naming
  /// what could not be undone (a file too large to be kept, an I/O error).
  Status restore(const std::vector<TreeChange>& changes, const std::string& aside);

  /// One entry of a snapshot, as GuardStore saves it: a kept file's bytes or a symlink's target
  /// in `contents`.
  struct SavedEntry {
    std::string path;
    FileStatus status;
    std::optional<std::string> contents;
  };
  /// Calls `visit` with every entry (path, status, contents as in SavedEntry), in path order.
  void visit(const std::function<void(const std::string&, const FileStatus&,
                                      const std::optional<std::string>&)>& visit) const;
  /// The snapshot of `root` that `entries` describe (as visit() gave them).
  static ProjectTree of_entries(std::string root, std::vector<SavedEntry> entries,
                                SnapshotLimits limits = {});

  const std::string& root() const { return root_; }
  /// Entries watched (files, folders, symlinks) and bytes of contents kept.
  size_t entries() const { return entries_.size(); }
  size_t kept_bytes() const { return kept_bytes_; }

 private:
  struct Entry {
    FileStatus status;
    std::optional<std::string> contents;  ///< Files within the limits; a symlink's target.
  };
  using Entries = std::map<std::string, Entry>;

  ProjectTree(std::string root, SnapshotLimits limits) : root_(std::move(root)), limits_(limits) {}
  Result<std::map<std::string, FileStatus>> walk() const;
  std::optional<std::string> read_kept(const std::string& rel, const FileStatus& status);
  bool same_contents(const std::string& rel, const Entry& was, const FileStatus& now) const;
  void forget(const std::string& rel);
  Status take(const std::string& rel);
  Status put_back(const std::string& rel, const Entry& was) const;

  std::string root_;
  SnapshotLimits limits_;
  Entries entries_;
  size_t kept_bytes_ = 0;
};

}  // namespace panta::sandbox
