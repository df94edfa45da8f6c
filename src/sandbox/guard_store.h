#pragma once

#include <map>
#include <string>
#include <utility>

#include "core/result.h"
#include "sandbox/file_status.h"
#include "sandbox/project_tree.h"

namespace panta::sandbox {

/// What the fallback guard keeps on disk in `<root>/.panta/guard/`, so that the project can be
/// put back after Panta died while tests ran (a test that kills it, the OOM killer, kill -9):
/// the baseline (`baseline.json`: each entry's status, a file's SHA-256, a symlink's target),
/// the contents of the files it keeps (`blobs/<sha256>`, written once and reused by later
/// commands) and, while tests run, a marker (`running`). Written without fsync: it survives
/// Panta's death, not a power loss.
class GuardStore {
 public:
  /// Creates the folder. Fails naming it when it cannot.
  static Result<GuardStore> open(const std::string& root);

  /// Saves `tree` as the baseline: the blobs it lacks, then the manifest. Costs a SHA-256 of
  /// each kept file whose status changed since the last save, and a write of each new blob.
  Status save(const ProjectTree& tree);
  /// Marks a run of tests as begun (the baseline must be saved) or over.
  Status begin_run();
  void end_run();
  /// The command is over: removes the manifest and the marker, and the blobs that the last
  /// baseline does not use.
  void close();

 private:
  explicit GuardStore(std::string dir) : dir_(std::move(dir)) {}
  std::string dir_;
  /// Per path: the status it had when its SHA-256 was taken, and that SHA-256.
  std::map<std::string, std::pair<FileStatus, std::string>> hashes_;
};

/// When `<root>/.panta/guard/running` shows that a panta died while tests ran in fallback
/// mode: puts the project back as that run's baseline says (what is there now is kept below
/// `aside` first), removes the marker and returns what it undid ("deleted src/..., ..."); ""
/// when there was no such run or nothing had changed. Call it with the project lock held.
/// Fails naming what could not be put back (the marker is then left for the next try).
Result<std::string> recover_interrupted_run(const std::string& root, const std::string& aside);

}  // namespace panta::sandbox
