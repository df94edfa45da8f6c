#pragma once

#include <cstdint>
#include <string>

#include "core/result.h"

namespace panta::sandbox {

/// What lstat(2) tells of a path, enough to see that it changed: any write, rename over it or
/// chmod moves its ctime, which no process can set back.
struct FileStatus {
  enum class Kind { kFile, kDirectory, kSymlink, kOther };
  Kind kind = Kind::kOther;
  uint64_t size = 0;
  int64_t mtime_ns = 0;
  int64_t ctime_ns = 0;
  uint64_t inode = 0;
  uint32_t mode = 0;  ///< Permission bits.
  bool operator==(const FileStatus&) const = default;
};

/// lstat of `path` (a symlink is itself, not its target). Fails with the system's reason.
Result<FileStatus> file_status(const std::string& path);

/// Sets the modification time of `path` (not following a symlink). Fails with the reason.
Status set_modification_time(const std::string& path, int64_t mtime_ns);

}  // namespace panta::sandbox
