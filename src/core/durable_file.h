#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/errno_text.h"
#include "core/result.h"

namespace panta {

/// The system calls a durable write makes, behind an interface so that a test can make any
/// one of them fail. Each returns 0 or an errno value. One real implementation:
/// real_file_syscalls(); fakes live in tests only.
class FileSyscalls {
 public:
  virtual ~FileSyscalls() = default;
  /// Creates `path`, which must not exist yet, open for writing with mode 0666 less the umask.
  virtual int create_new(const std::string& path, int& fd) = 0;
  /// Writes at most `size` bytes of `data`; `written` may be less than `size`.
  virtual int write(int fd, const char* data, size_t size, size_t& written) = 0;
  /// Sets the permission bits of an open file.
  virtual int set_mode(int fd, unsigned mode) = 0;
  /// Flushes an open file's data and metadata to the device (fsync).
  virtual int sync(int fd) = 0;
  virtual int close(int fd) = 0;
  /// Renames `from` over `to` in one step (rename(2)).
  virtual int rename(const std::string& from, const std::string& to) = 0;
  virtual int remove(const std::string& path) = 0;
  /// Opens the folder, fsyncs it (so that a rename in it survives a crash) and closes it.
  virtual int sync_folder(const std::string& path) = 0;
  /// The permission bits of the file at `path` (symlinks followed); ENOENT when there is none,
  /// EISDIR when it is not a regular file.
  virtual int file_mode(const std::string& path, unsigned& mode) = 0;
};

/// The POSIX system calls. Stateless; lives for the whole process.
FileSyscalls& real_file_syscalls();

/// Replaces the file at `path` by `text` so that a crash, a full disk or a failing device can
/// never leave it empty or half written: writes a temporary file in the same folder (every write
/// and the close checked), fsyncs it, renames it over `path`, then fsyncs the folder. Missing
/// folders are created. An existing file keeps its permission bits; a new one gets 0666 less the
/// umask. A symlink at `path` is written through (its target is replaced, the link kept).
/// On failure `path` is as it was, the temporary file is removed, and the error names the
/// file and the cause from errno ("no space left on device", "permission denied", "read-only
/// file system"). Costs two fsyncs.
Status write_durably(const std::string& path, std::string_view text,
                     FileSyscalls& calls = real_file_syscalls());

/// Whether files can be created in `folder` (or, when it does not exist yet, in the nearest
/// existing folder above it, where it would be created): creates, writes, fsyncs and removes a
/// small probe file. Fails with the reason, as write_durably does. Call it before any work whose
/// result would have to be written there.
Status check_writable(const std::string& folder, FileSyscalls& calls = real_file_syscalls());

}  // namespace panta
