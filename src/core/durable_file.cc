#include "core/durable_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <filesystem>
#include <random>
#include <system_error>

namespace panta {
namespace fs = std::filesystem;
namespace {

// An open descriptor, closed through `calls` unless close() was called.
class OpenFile {
 public:
  OpenFile(FileSyscalls& calls, int fd) : calls_(calls), fd_(fd) {}
  OpenFile(const OpenFile&) = delete;
  OpenFile& operator=(const OpenFile&) = delete;
  ~OpenFile() {
    if (fd_ >= 0) calls_.close(fd_);
  }
  int fd() const { return fd_; }
  int close() {
    int fd = fd_;
    fd_ = -1;
    return calls_.close(fd);
  }

 private:
  FileSyscalls& calls_;
  int fd_;
};

// A temporary file, removed when this dies unless kept (renamed into place).
class TempFile {
 public:
  TempFile(FileSyscalls& calls, std::string path) : calls_(calls), path_(std::move(path)) {}
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    if (!path_.empty()) calls_.remove(path_);
  }
  void keep() { path_.clear(); }

 private:
  FileSyscalls& calls_;
  std::string path_;
};

// A failed step: the errno value and what was being done.
struct Failure {
  int error = 0;
  std::string doing;
};

std::string random_suffix() {
  std::random_device random;
  return fmt::format("{:08x}", random());
}

// Creates a new file named after `name` in `folder`, hidden and ending in .tmp so that build
// tools never take it for a source. Sets `path` and `fd`.
int create_temp(FileSyscalls& calls, const fs::path& folder, const std::string& name,
                std::string& path, int& fd) {
  int error = EEXIST;
  for (int attempt = 0; attempt < 16 && error == EEXIST; ++attempt) {
    path = (folder / ("." + name + ".panta-" + random_suffix() + ".tmp")).string();
    error = calls.create_new(path, fd);
  }
  return error;
}

int write_all(FileSyscalls& calls, int fd, std::string_view text) {
  while (!text.empty()) {
    size_t written = 0;
    int error = calls.write(fd, text.data(), text.size(), written);
    if (error == EINTR) continue;
    if (error != 0) return error;
    if (written == 0) return EIO;  // a device that takes nothing would loop forever
    text.remove_prefix(written);
  }
  return 0;
}

// Where the bytes of `path` go: the target of a symlink, else `path` itself.
fs::path resolve_target(const std::string& path) {
  std::error_code ec;
  if (!fs::is_symlink(path, ec)) return path;
  fs::path resolved = fs::weakly_canonical(path, ec);
  return ec ? fs::path(path) : resolved;
}

// Writes `text` to the new file `fd`, gives it `mode` when set, flushes and closes it.
Failure fill_temp(FileSyscalls& calls, OpenFile& out, const std::string& tmp, std::string_view text,
                  const unsigned* mode) {
  if (int e = write_all(calls, out.fd(), text); e != 0) {
    return {e, "writing the temporary file " + tmp};
  }
  if (mode != nullptr) {
    if (int e = calls.set_mode(out.fd(), *mode); e != 0) {
      return {e, "setting the permissions of " + tmp};
    }
  }
  if (int e = calls.sync(out.fd()); e != 0) return {e, "flushing " + tmp + " to the device"};
  if (int e = out.close(); e != 0) return {e, "closing " + tmp};
  return {};
}

Error write_error(const std::string& path, const Failure& f, bool existed) {
  return Error{fmt::format("cannot write {}: {} ({}; {})", path, errno_text(f.error), f.doing,
                           existed ? "the file is as it was" : "no file was created")};
}

fs::path nearest_existing(const fs::path& folder) {
  fs::path dir = folder;
  std::error_code ec;
  while (!dir.empty() && !fs::exists(dir, ec) && dir != dir.parent_path()) dir = dir.parent_path();
  return dir.empty() ? fs::path(".") : dir;
}

}  // namespace

Status write_durably(const std::string& path, std::string_view text, FileSyscalls& calls) {
  fs::path target = resolve_target(path);
  fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) {
    return write_error(path, {ec.value(), "creating the folder " + folder.string()}, false);
  }
  unsigned mode = 0;
  int e = calls.file_mode(target.string(), mode);
  bool existed = e == 0;
  if (e != 0 && e != ENOENT) return write_error(path, {e, "reading its permissions"}, true);
  std::string tmp;
  int fd = -1;
  e = create_temp(calls, folder, target.filename().string(), tmp, fd);
  if (e != 0) {
    return write_error(path, {e, "creating a temporary file in " + folder.string()}, existed);
  }
  TempFile temp(calls, tmp);
  OpenFile out(calls, fd);
  if (Failure f = fill_temp(calls, out, tmp, text, existed ? &mode : nullptr); f.error != 0) {
    return write_error(path, f, existed);
  }
  if (e = calls.rename(tmp, target.string()); e != 0) {
    return write_error(path, {e, "renaming " + tmp + " over it"}, existed);
  }
  temp.keep();
  // Some file systems cannot fsync a folder; the rename is then as durable as they make it.
  if (e = calls.sync_folder(folder.string()); e != 0 && e != EINVAL && e != ENOTSUP) {
    return Error{fmt::format(
        "wrote {} but could not flush its folder to the device: {} (the new file may not "
        "survive a crash)",
        path, errno_text(e))};
  }
  return ok_status();
}

Status check_writable(const std::string& folder, FileSyscalls& calls) {
  fs::path dir = nearest_existing(folder);
  std::string where =
      dir == fs::path(folder) ? std::string() : " (it would be made in " + dir.string() + ")";
  std::string probe;
  int fd = -1;
  int e = create_temp(calls, dir, "probe", probe, fd);
  if (e != 0) return Error{"cannot write in " + folder + ": " + errno_text(e) + where};
  TempFile temp(calls, probe);
  OpenFile out(calls, fd);
  if (Failure f = fill_temp(calls, out, probe, "panta write probe\n", nullptr); f.error != 0) {
    return Error{"cannot write in " + folder + ": " + errno_text(f.error) + " (" + f.doing + ")" +
                 where};
  }
  return ok_status();
}

}  // namespace panta
