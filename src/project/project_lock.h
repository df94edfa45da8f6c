#pragma once

#include <string>

#include "core/result.h"

namespace panta::project {

/// An exclusive hold on a project's <root>/.panta folder (an flock on .panta/lock), so that
/// two panta processes never compile into, run from or write the same files at once. Released
/// when destroyed (and by the kernel when the process dies).
class ProjectLock {
 public:
  /// Takes the lock without waiting, creating <root>/.panta (and its .gitignore, see
  /// ensure_state_dir) when missing. Fails naming the process that holds it.
  static Result<ProjectLock> acquire(const std::string& root);
  /// An exclusive hold on the file `path` (created when missing), waiting while another
  /// thread or process has it: for files the workers of one panta share (the backup index).
  static Result<ProjectLock> wait_for(const std::string& path);

  ProjectLock(ProjectLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  ProjectLock& operator=(ProjectLock&& other) noexcept;
  ProjectLock(const ProjectLock&) = delete;
  ProjectLock& operator=(const ProjectLock&) = delete;
  ~ProjectLock();

 private:
  explicit ProjectLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace panta::project
