#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "core/durable_file.h"

namespace panta {
namespace {

class PosixFileSyscalls final : public FileSyscalls {
 public:
  int create_new(const std::string& path, int& fd) override {
    fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    return fd < 0 ? errno : 0;
  }

  int write(int fd, const char* data, size_t size, size_t& written) override {
    ssize_t n = ::write(fd, data, size);
    written = n > 0 ? static_cast<size_t>(n) : 0;
    return n < 0 ? errno : 0;
  }

  int set_mode(int fd, unsigned mode) override {
    return ::fchmod(fd, static_cast<mode_t>(mode)) != 0 ? errno : 0;
  }

  int sync(int fd) override { return ::fsync(fd) != 0 ? errno : 0; }

  int close(int fd) override { return ::close(fd) != 0 ? errno : 0; }

  int rename(const std::string& from, const std::string& to) override {
    return ::rename(from.c_str(), to.c_str()) != 0 ? errno : 0;
  }

  int remove(const std::string& path) override { return ::unlink(path.c_str()) != 0 ? errno : 0; }

  int sync_folder(const std::string& path) override {
    int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return errno;
    int error = ::fsync(fd) != 0 ? errno : 0;
    ::close(fd);
    return error;
  }

  int file_mode(const std::string& path, unsigned& mode) override {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return errno;
    if (!S_ISREG(st.st_mode)) return EISDIR;
    mode = static_cast<unsigned>(st.st_mode & 07777);
    return 0;
  }
};

}  // namespace

FileSyscalls& real_file_syscalls() {
  static PosixFileSyscalls calls;  // stateless
  return calls;
}

}  // namespace panta
