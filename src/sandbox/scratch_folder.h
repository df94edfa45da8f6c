#pragma once

#include <string>

#include "core/result.h"

namespace panta::sandbox {

/// The helper's private folder, `<parent>/panta-run-XXXXXX`: the one place the tests may write.
/// It is removed with the object; one left by a panta that was killed is removed by the next
/// panta that makes one (each holds a lock on its folder while it lives).
class ScratchFolder {
 public:
  /// Removes the folders of pantas that are gone, then makes and locks a new one. Fails
  /// naming `parent` when it cannot.
  static Result<ScratchFolder> create(const std::string& parent);
  ScratchFolder(ScratchFolder&& other) noexcept;
  ScratchFolder& operator=(ScratchFolder&&) = delete;
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  ~ScratchFolder();

  const std::string& path() const { return path_; }

 private:
  ScratchFolder(std::string path, int lock_fd) : path_(std::move(path)), lock_fd_(lock_fd) {}
  std::string path_;
  int lock_fd_ = -1;
};

/// Removes the `panta-run-*` folders under `parent` whose owner is gone (their lock is free);
/// returns how many it removed.
int remove_abandoned_scratch_folders(const std::string& parent);

}  // namespace panta::sandbox
