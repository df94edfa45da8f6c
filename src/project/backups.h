#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace panta::project {

/// One backup: a test file's bytes as they were before a run (or a restore) changed it.
struct Backup {
  /// Its folder under .panta/backup/: the run's id ("7"); "7.2", "7.3"... when that folder
  /// already holds this file (a journal started afresh numbers its runs from 1 again).
  std::string id;
  /// The run it was taken for: the journal's run id, or "restore-N" for the copy that
  /// `panta restore` takes of the file it replaces.
  std::string run;
  std::string time;        ///< When it was taken, UTC: "2024-06-01T10:15:00Z".
  std::string class_name;  ///< The class under test, when known.
  std::string file;        ///< The test file, relative to the project root ("src/test/...").
  std::string sha256;      ///< Of the bytes kept.
  uint64_t size = 0;

  /// Whether `panta restore` took it (rather than a generation run).
  bool is_restore() const { return run.starts_with("restore-"); }
};

/// A project's backups: copies at <root>/.panta/backup/<id>/<file> listed in the index
/// .panta/backup/index.json. Every copy and the index are written durably; nothing is ever
/// removed or overwritten, so the oldest copy of a file is the user's original however many
/// runs came after. Not thread-safe; writers hold the ProjectLock.
class BackupStore {
 public:
  /// Reads the index of the project at `root`; no index yet is an empty store. Fails naming the
  /// index when it cannot be read or parsed.
  static Result<BackupStore> open(const std::string& root);

  /// Copies `file` (absolute, or relative to the current folder; under the root) before `run`
  /// changes it and adds the copy to the index; `run` is the journal's run id. Returns the new
  /// backup. Fails naming the file or the copy and the cause; the index is then unchanged.
  Result<Backup> back_up(const std::string& file, std::string_view run,
                         std::string_view class_name);

  /// Every backup, oldest first.
  const std::vector<Backup>& backups() const { return backups_; }
  /// The absolute path of a backup's copy.
  std::string copy_path(const Backup& backup) const;
  /// The bytes of a backup's copy. Fails when the copy is missing or no longer matches its
  /// sha256.
  Result<std::string> read(const Backup& backup) const;
  /// `path` (absolute, or relative to the current folder) relative to the project root, with
  /// '/' separators. Fails when it is outside the project.
  Result<std::string> relative(const std::string& path) const;

  const std::string& root() const { return root_; }
  /// <root>/.panta/backup
  std::string folder() const;

 private:
  explicit BackupStore(std::string root) : root_(std::move(root)) {}
  std::string unique_id(std::string_view run, const std::string& file) const;
  Status save_index() const;

  std::string root_;
  std::vector<Backup> backups_;
};

}  // namespace panta::project
