#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "project/backups.h"

namespace panta::project {

/// Which backup `panta restore` puts back.
struct RestoreRequest {
  /// The test file, relative to the project root. Empty: the file of `class_name`'s backups,
  /// else of `run`'s, else the only file with backups.
  std::string file;
  std::string class_name;  ///< A class under test (a nested class counts as its top-level one).
  /// Before this run (a journal run id, a backup id such as "7.2", or "restore-N"). Empty: before
  /// the newest generation run that changed the file.
  std::string run;
  bool original = false;  ///< The oldest backup: the file as it was before Panta's first run.
};

/// The backups `request` selects (those of its file, class and run, as far as it names them;
/// `original` is ignored), oldest first: what `panta restore --list` shows.
std::vector<Backup> matching_backups(const BackupStore& store, const RestoreRequest& request);

/// The backup to put back. Fails, naming what was asked and what there is, when nothing
/// matches or when the request fits the backups of several files.
Result<Backup> choose_backup(const BackupStore& store, const RestoreRequest& request);

/// What restore_test_file did.
struct RestoreOutcome {
  Backup restored;              ///< The backup put back.
  std::optional<Backup> saved;  ///< The replaced file's own backup, to undo the restore with.
  bool unchanged = false;       ///< The file already held those bytes: nothing was written.
};

/// Puts `backup`'s bytes back at its file: first backs up the file there now (as run
/// "restore-N", so that the restore can be undone), then writes durably. A file that already
/// holds those bytes is left alone. Fails, leaving the file as it was, when the copy is missing
/// or changed or a write fails.
Result<RestoreOutcome> restore_backup(BackupStore& store, const Backup& backup);

}  // namespace panta::project
