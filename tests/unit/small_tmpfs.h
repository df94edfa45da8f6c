#pragma once

#include <filesystem>
#include <fstream>
#include <string>

#include "test_support.h"

namespace panta::test {

/// A tmpfs of `kib` KiB mounted on a fresh folder, unmounted when this dies. Mounting needs
/// root (or CAP_SYS_ADMIN); where it is not allowed, mounted() is false and tests skip.
class SmallTmpfs {
 public:
  explicit SmallTmpfs(int kib) {
    path_ = dir_.path() + "/fs";
    std::filesystem::create_directories(path_);
    auto r = run_command("mount -t tmpfs -o size=" + std::to_string(kib) + "k,mode=0755 tmpfs " +
                         path_ + " 2>&1");
    mounted_ = r.exit_code == 0;
  }
  ~SmallTmpfs() {
    if (mounted_) (void)run_command("umount " + path_ + " 2>&1 || umount -l " + path_ + " 2>&1");
  }
  SmallTmpfs(const SmallTmpfs&) = delete;
  SmallTmpfs& operator=(const SmallTmpfs&) = delete;

  bool mounted() const { return mounted_; }
  const std::string& path() const { return path_; }

  /// Bytes the file system still has free.
  size_t free_bytes() const { return std::filesystem::space(path_).available; }

  /// Fills the file system with a filler file so that `bytes` (a multiple of 4096: tmpfs counts
  /// whole pages) stay free. False when there is less than that free already.
  bool leave_free(size_t bytes) {
    size_t now = free_bytes();
    if (now < bytes) return false;
    std::ofstream(path_ + "/filler", std::ios::binary | std::ios::app)
        << std::string(now - bytes, 'f');
    return free_bytes() == bytes;
  }

  /// Makes the file system read-only.
  bool remount_read_only() {
    return run_command("mount -o remount,ro " + path_ + " 2>&1").exit_code == 0;
  }

 private:
  TempDir dir_;
  std::string path_;
  bool mounted_ = false;
};

}  // namespace panta::test
