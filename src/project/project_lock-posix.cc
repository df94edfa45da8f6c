#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

#include "project/project_lock.h"
#include "project/state_dir.h"

namespace panta::project {

Result<ProjectLock> ProjectLock::acquire(const std::string& root) {
  auto dir = ensure_state_dir(root);
  if (!dir) return dir.error();
  std::string path = (std::filesystem::path(*dir) / "lock").string();
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return Error{path + ": cannot open: " + std::strerror(errno)};
  ProjectLock lock(fd);
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    char holder[32] = {0};
    ssize_t n = ::pread(fd, holder, sizeof holder - 1, 0);
    std::string pid = n > 0 ? std::string(holder, static_cast<size_t>(n)) : "";
    while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
    return Error{"another panta" + (pid.empty() ? std::string() : " (pid " + pid + ")") +
                 " is working on " + root + "; wait for it to end (its lock is " + path + ")"};
  }
  std::string me = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) == 0) {
    ssize_t ignored = ::pwrite(fd, me.data(), me.size(), 0);
    (void)ignored;
  }
  return lock;
}

Result<ProjectLock> ProjectLock::wait_for(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return Error{path + ": cannot open: " + std::strerror(errno)};
  ProjectLock lock(fd);
  while (::flock(fd, LOCK_EX) != 0) {
    if (errno != EINTR) return Error{path + ": cannot lock: " + std::strerror(errno)};
  }
  return lock;
}

ProjectLock& ProjectLock::operator=(ProjectLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

ProjectLock::~ProjectLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the descriptor releases the flock
}

}  // namespace panta::project
