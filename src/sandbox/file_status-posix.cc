#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "sandbox/file_status.h"

namespace panta::sandbox {

Result<FileStatus> file_status(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return Error{path + ": " + std::strerror(errno)};
  FileStatus out;
  out.kind = S_ISREG(st.st_mode)   ? FileStatus::Kind::kFile
             : S_ISDIR(st.st_mode) ? FileStatus::Kind::kDirectory
             : S_ISLNK(st.st_mode) ? FileStatus::Kind::kSymlink
                                   : FileStatus::Kind::kOther;
  out.size = static_cast<uint64_t>(st.st_size);
  out.mtime_ns = static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  out.ctime_ns = static_cast<int64_t>(st.st_ctim.tv_sec) * 1000000000 + st.st_ctim.tv_nsec;
  out.inode = static_cast<uint64_t>(st.st_ino);
  out.mode = static_cast<uint32_t>(st.st_mode & 07777);
  return out;
}

Status set_modification_time(const std::string& path, int64_t mtime_ns) {
  struct timespec times[2];
  times[0].tv_sec = 0;
  times[0].tv_nsec = UTIME_OMIT;
  times[1].tv_sec = static_cast<time_t>(mtime_ns / 1000000000);
  times[1].tv_nsec = static_cast<long>(mtime_ns % 1000000000);
  if (::utimensat(AT_FDCWD, path.c_str(), times, AT_SYMLINK_NOFOLLOW) != 0) {
    return Error{path + ": cannot set its time: " + std::strerror(errno)};
  }
  return ok_status();
}

}  // namespace panta::sandbox
