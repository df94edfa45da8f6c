#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

#include "sandbox/scratch_folder.h"

namespace panta::sandbox {
namespace fs = std::filesystem;

namespace {

constexpr const char* kPrefix = "panta-run-";

// An open, exclusively locked folder, or -1 when it is locked already (or not a folder).
int lock_folder(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return -1;
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

int remove_abandoned_scratch_folders(const std::string& parent) {
  int removed = 0;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(parent, ec)) {
    std::string name = e.path().filename().string();
    if (name.rfind(kPrefix, 0) != 0 || !e.is_directory(ec) || e.is_symlink(ec)) continue;
    int fd = lock_folder(e.path().string());
    if (fd < 0) continue;  // its panta is still running
    std::error_code remove_ec;
    fs::remove_all(e.path(), remove_ec);
    ::close(fd);
    if (!remove_ec) ++removed;
  }
  return removed;
}

Result<ScratchFolder> ScratchFolder::create(const std::string& parent) {
  remove_abandoned_scratch_folders(parent);
  // Made under another name and locked before it gets its name, so that no other panta ever
  // sees it unlocked.
  std::string making = (fs::path(parent) / "panta-new-XXXXXX").string();
  if (::mkdtemp(making.data()) == nullptr) {
    return Error{"cannot create a scratch folder in " + parent + ": " + std::strerror(errno)};
  }
  int fd = lock_folder(making);
  std::string path =
      (fs::path(parent) / (kPrefix + fs::path(making).filename().string().substr(10))).string();
  if (fd < 0 ||
      ::renameat2(AT_FDCWD, making.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) != 0) {
    std::string why = std::strerror(errno);
    if (fd >= 0) ::close(fd);
    ::rmdir(making.c_str());
    return Error{"cannot create a scratch folder in " + parent + ": " + why};
  }
  return ScratchFolder(std::move(path), fd);
}

ScratchFolder::ScratchFolder(ScratchFolder&& other) noexcept
    : path_(std::move(other.path_)), lock_fd_(std::exchange(other.lock_fd_, -1)) {
  other.path_.clear();
}

ScratchFolder::~ScratchFolder() {
  std::error_code ec;
  if (!path_.empty()) fs::remove_all(path_, ec);
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

}  // namespace panta::sandbox
