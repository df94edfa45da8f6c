#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "engine/events.h"

namespace panta::engine {

/// Writes the loop's test file back to disk and keeps the user's work safe: the first write of
/// a run backs the file up (.panta/backup/<run>/..., every run's copy kept), every write is
/// durable and in the project's encoding, and a file the user changed since Panta last read or
/// wrote it is reported instead of overwritten.
class TestFileWriter {
 public:
  /// `as_read`: the file's text when the run began (UTF-8; empty when it did not exist).
  TestFileWriter(std::string project_root, std::string path, std::string encoding, bool existed,
                 std::string as_read, std::string class_name, EventSink events);

  /// Called with the paths of the project each save wrote (the test file, the backup folder),
  /// before anything else runs; its failure fails the save.
  void on_write(std::function<Status(const std::vector<std::string>&)> wrote) {
    wrote_ = std::move(wrote);
  }

  /// The run the backups belong to (the journal's run id), and whether its backup was taken
  /// already (a resumed run that had written the file before it stopped).
  void set_run(std::string run, bool backed_up);

  /// Whether the run's backup is taken, or the file is the run's own (it made it).
  bool backed_up() const { return backed_up_; }

  /// The file's text (UTF-8) when someone changed it since Panta last read or wrote it (made it,
  /// when it did not exist; "" when it was deleted); nullopt when it is as Panta left it. Fails
  /// when it cannot be read.
  Result<std::optional<std::string>> edited_since_last_write() const;

  /// Writes `text` (a file that never existed is written only once it `has_tests`), backing the
  /// file up first at the run's first change of it (a save that changes nothing takes no backup,
  /// so the newest backup is the one before the newest run that changed the file); a file
  /// someone else made since is backed up first, as the user's.
  Status save(const std::string& text, bool has_tests);

  /// Removes the file (backed up first, as save does); nothing when it does not exist.
  Status remove();
  /// Keeps `text` in .panta/pending/<run>/<the file's path in the project> (<run>.2, ... when
  /// that is taken) without touching the file; returns where.
  Result<std::string> keep_pending(const std::string& text) const;

  const std::string& path() const { return path_; }
  /// Whether this writer wrote or removed the file.
  bool changed() const { return changed_; }

 private:
  Status back_up();

  std::string root_;
  std::string path_;
  std::string encoding_;
  bool existed_;
  std::string last_;  // the text Panta last read or wrote (UTF-8)
  std::string class_name_;
  std::string run_ = "run";
  bool backed_up_ = false;
  bool changed_ = false;
  EventSink events_;
  std::function<Status(const std::vector<std::string>&)> wrote_;
};

}  // namespace panta::engine
