#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "process/subprocess.h"

#include "core/cancel.h"

extern char** environ;

namespace panta::process {
namespace {

// Owner of one file descriptor.
class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  Fd& operator=(Fd&& o) noexcept {
    reset();
    fd_ = std::exchange(o.fd_, -1);
    return *this;
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  int get() const { return fd_; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

struct Pipe {
  Fd read;
  Fd write;
};

Result<Pipe> make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return Error{std::string("pipe: ") + std::strerror(errno)};
  return Pipe{Fd(fds[0]), Fd(fds[1])};
}

int remaining_ms(Clock::time_point deadline) {
  auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 1 << 30));
}

std::vector<std::string> merged_environment(const SpawnOptions& options) {
  std::map<std::string, std::string> env;
  for (char** e = environ; !options.replace_environment && *e != nullptr; ++e) {
    std::string_view kv(*e);
    size_t eq = kv.find('=');
    if (eq != std::string_view::npos) env[std::string(kv.substr(0, eq))] = kv.substr(eq + 1);
  }
  for (const auto& [k, v] : options.env) env[k] = v;
  std::vector<std::string> out;
  for (const auto& [k, v] : env) out.push_back(k + "=" + v);
  return out;
}

int exit_code_of(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

// The children of every thread of `pid`, from /proc.
std::vector<pid_t> children_of(pid_t pid) {
  std::vector<pid_t> out;
  std::string tasks = "/proc/" + std::to_string(pid) + "/task";
  DIR* dir = ::opendir(tasks.c_str());
  if (dir == nullptr) return out;
  while (dirent* e = ::readdir(dir)) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    std::ifstream in(tasks + "/" + e->d_name + "/children");
    for (long child = 0; in >> child;) out.push_back(static_cast<pid_t>(child));
  }
  ::closedir(dir);
  return out;
}

// Whether `pid` is gone or a zombie (dead, waiting to be reaped).
bool dead(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  size_t paren = stat.rfind(')');
  return paren == std::string::npos || paren + 2 >= stat.size() || stat[paren + 2] == 'Z' ||
         stat[paren + 2] == 'X';
}

// Adds `pid` and every live process below it to `out`.
void add_tree(pid_t pid, std::vector<pid_t>& out) {
  if (!dead(pid)) out.push_back(pid);
  for (pid_t child : children_of(pid)) add_tree(child, out);
}

class PosixChild final : public Child {
 public:
  PosixChild(pid_t pid, bool kept, Fd in, Fd out, pid_t command = -1)
      : pid_(pid), command_(command), kept_(kept), in_(std::move(in)), out_(std::move(out)) {}
  ~PosixChild() override {
    kill();
    if (wait(Clock::now() + std::chrono::seconds(5))) return;
    ::kill(-pid_, SIGKILL);  // a keeper that does not end: end its group the plain way
    wait(Clock::now() + std::chrono::seconds(5));
  }

  int pid() const override { return pid_; }

  Status write(std::string_view data) override {
    while (!data.empty()) {
      if (in_.get() < 0) return Error{"the process closed its input"};
      ssize_t n = ::write(in_.get(), data.data(), data.size());
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return Error{std::string("write to process: ") + std::strerror(errno)};
      data.remove_prefix(static_cast<size_t>(n));
    }
    return ok_status();
  }

  void close_stdin() override { in_.reset(); }

  Result<std::string> read_line(Clock::time_point deadline) override {
    for (;;) {
      size_t nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        return line;
      }
      if (eof_) return Error{"end of output"};
      pollfd p{out_.get(), POLLIN, 0};
      int r = ::poll(&p, 1, remaining_ms(deadline));
      if (r < 0 && errno == EINTR) continue;
      if (r == 0) return Error{"timeout"};
      char chunk[65536];
      ssize_t n = ::read(out_.get(), chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        eof_ = true;
        continue;
      }
      buffer_.append(chunk, static_cast<size_t>(n));
    }
  }

  void kill() override {
    if (exit_code_) return;
    if (kept_) {
      // The keeper kills every descendant, then itself; a SIGKILL to its group now would end
      // it before it could reach the ones that left the group.
      ::kill(pid_, SIGTERM);
      return;
    }
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
  }

  int end_strays(bool below_child_too) override {
    if (!kept_ || exit_code_ || command_ <= 0) return 0;
    std::set<pid_t> killed;
    Clock::time_point end = Clock::now() + std::chrono::seconds(5);
    for (;;) {
      std::vector<pid_t> strays;
      for (pid_t c : children_of(pid_)) {
        if (c != command_) {
          add_tree(c, strays);
        } else if (below_child_too) {
          for (pid_t d : children_of(c)) add_tree(d, strays);
        }
      }
      if (strays.empty() || Clock::now() > end) break;
      for (pid_t p : strays) {
        ::kill(p, SIGKILL);
        killed.insert(p);
      }
      ::usleep(1000);
    }
    return static_cast<int>(killed.size());
  }

  std::optional<int> wait(Clock::time_point deadline) override {
    while (!exit_code_) {
      int status = 0;
      pid_t r = ::waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        exit_code_ = exit_code_of(status);
        break;
      }
      if (r < 0 && errno != EINTR) {
        exit_code_ = -1;
        break;
      }
      if (Clock::now() >= deadline) return std::nullopt;
      ::usleep(2000);
    }
    return exit_code_;
  }

 private:
  pid_t pid_;
  pid_t command_;  // the child the keeper started (kept_ only)
  bool kept_;
  Fd in_;
  Fd out_;
  std::string buffer_;
  bool eof_ = false;
  std::optional<int> exit_code_;
};

struct SpawnedPipes {
  pid_t pid;
  bool kept;      // pid is a keeper (SpawnOptions::end_descendants) ...
  pid_t command;  // ... of this process
  Fd in;
  Fd out;
  Fd err;  // only when stderr is captured
};

// argv and envp as execve wants them, built before any fork (a forked child of a threaded
// process must not allocate).
struct ExecArgs {
  std::string program;  // argv[0] as found on our PATH
  std::vector<std::string> env;
  std::vector<char*> argv;
  std::vector<char*> envp;
  std::vector<std::string> cleanup;  // rm -rf -- SpawnOptions::remove_if_orphaned
  std::vector<char*> cleanup_argv;   // empty when there is nothing to remove
};

}  // namespace

std::string find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::string_view dirs = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  while (true) {
    size_t colon = dirs.find(':');
    std::string dir(dirs.substr(0, colon));
    std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    if (colon == std::string_view::npos) return name;
    dirs.remove_prefix(colon + 1);
  }
}

namespace {

ExecArgs exec_args(const SpawnOptions& options) {
  ExecArgs a;
  if (options.end_descendants && !options.remove_if_orphaned.empty()) {
    a.cleanup = {find_program("rm"), "-rf", "--", options.remove_if_orphaned};
    for (std::string& arg : a.cleanup) a.cleanup_argv.push_back(arg.data());
    a.cleanup_argv.push_back(nullptr);
  }
  a.program = find_program(options.argv[0]);
  a.env = merged_environment(options);
  for (const std::string& arg : options.argv) a.argv.push_back(const_cast<char*>(arg.c_str()));
  a.argv.push_back(nullptr);
  for (std::string& e : a.env) a.envp.push_back(e.data());
  a.envp.push_back(nullptr);
  return a;
}

// The child's three descriptors: stdin, stdout, and stderr (a pipe, or -1 and a file path).
struct ChildFds {
  int in;
  int out;
  int err;
  const char* err_path;
  const char* cwd;     // nullptr: ours
  int out_target = 1;  // the child's descriptor `out` becomes; when not 1, 1 goes where 2 goes
};

Result<pid_t> spawn_plain(const ExecArgs& args, const ChildFds& fds) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds.in, 0);
  posix_spawn_file_actions_adddup2(&actions, fds.out, fds.out_target);
  if (fds.err >= 0) {
    posix_spawn_file_actions_adddup2(&actions, fds.err, 2);
  } else {
    posix_spawn_file_actions_addopen(&actions, 2, fds.err_path, O_WRONLY | O_CREAT | O_APPEND,
                                     0644);
  }
  if (fds.out_target != 1) posix_spawn_file_actions_adddup2(&actions, 2, 1);
  if (fds.cwd != nullptr) posix_spawn_file_actions_addchdir_np(&actions, fds.cwd);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  pid_t pid = 0;
  int rc = ::posix_spawn(&pid, args.program.c_str(), &actions, &attr, args.argv.data(),
                         args.envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return Error{std::strerror(rc)};
  return pid;
}

// What follows runs in forked children of a process that may have other threads: only
// async-signal-safe calls (no allocation, no locks) until execve or _exit.

// What the keeper and the command tell the spawning process through the error pipe, as one
// atomic write each: the command's pid, or the errno of a command that could not start.
struct KeeperNews {
  enum Kind : int { kCommand, kErrno };
  Kind kind;
  int value;
};

void tell(int fd, KeeperNews::Kind kind, int value) {
  KeeperNews news{kind, value};
  ssize_t ignored = ::write(fd, &news, sizeof news);
  (void)ignored;
}

// In the command's process: descriptors, working folder, default signals, then the program.
// It dies with its keeper. On failure the errno goes to `error_fd` (close-on-exec).
[[noreturn]] void exec_command(const ExecArgs& args, const ChildFds& fds, pid_t keeper,
                               int error_fd) {
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGCHLD, SIGHUP}) ::signal(sig, SIG_DFL);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != keeper) ::_exit(127);
  int err = fds.err >= 0 ? fds.err : ::open(fds.err_path, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (err >= 0 && err <= fds.out_target) err = ::fcntl(err, F_DUPFD, 10);  // not overwritten
  if (::dup2(fds.in, 0) < 0 || ::dup2(fds.out, fds.out_target) < 0 || err < 0 ||
      ::dup2(err, 2) < 0 || (fds.out_target != 1 && ::dup2(2, 1) < 0) ||
      (fds.cwd != nullptr && ::chdir(fds.cwd) != 0)) {
    tell(error_fd, KeeperNews::kErrno, errno);
    ::_exit(127);
  }
  ::execve(args.program.c_str(), args.argv.data(), args.envp.data());
  tell(error_fd, KeeperNews::kErrno, errno);
  ::_exit(127);
}

// SIGKILLs every child of the calling (single-threaded) process; false when /proc cannot say.
bool kill_own_children() {
  int fd = ::open("/proc/thread-self/children", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buf[4096];
  long pid = 0;
  bool in_number = false;
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    for (ssize_t i = 0; i < n; ++i) {
      if (buf[i] >= '0' && buf[i] <= '9') {
        pid = pid * 10 + (buf[i] - '0');
        in_number = true;
      } else if (in_number) {
        ::kill(static_cast<pid_t>(pid), SIGKILL);
        pid = 0;
        in_number = false;
      }
    }
  }
  if (in_number) ::kill(static_cast<pid_t>(pid), SIGKILL);
  ::close(fd);
  return true;
}

// Kills and reaps every descendant: the orphans of killed processes come back to the keeper
// (a subreaper), so this goes on until there is no child left.
void sweep_descendants() {
  for (;;) {
    if (!kill_own_children()) ::kill(0, SIGKILL);  // no /proc: the group, the keeper with it
    pid_t r = ::waitpid(-1, nullptr, 0);
    if (r < 0 && errno != EINTR) return;
  }
}

// The keeper's life: wait for the command while reaping orphans; at the command's end, at a
// SIGTERM (Child::kill) or at the death of the spawning thread (PR_SET_PDEATHSIG), kill
// everything left. Exits with the command's code (128+signal when a signal ended it); when
// Panta died, first removes the folder it was given (as `rm -rf`, Panta cannot any more).
[[noreturn]] void keep(const ExecArgs& args, const ChildFds& fds, pid_t parent, int error_fd) {
  ::setpgid(0, 0);
  ::prctl(PR_SET_NAME, "panta-keeper");  // not taken for Panta by who looks for it in /proc
  ::signal(SIGINT, SIG_IGN);             // Ctrl-C is Panta's to handle
  ::signal(SIGHUP, SIG_IGN);
  sigset_t waited;
  sigemptyset(&waited);
  for (int sig : {SIGTERM, SIGCHLD}) sigaddset(&waited, sig);
  ::sigprocmask(SIG_SETMASK, &waited, nullptr);
  ::prctl(PR_SET_CHILD_SUBREAPER, 1);
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (::getppid() != parent) ::_exit(128 + SIGKILL);
  pid_t self = ::getpid();
  pid_t command = ::fork();
  if (command == 0) exec_command(args, fds, self, error_fd);
  if (command > 0) tell(error_fd, KeeperNews::kCommand, command);
  ::close_range(0, ~0U, 0);  // the pipes stay with the command alone
  int code = 128 + SIGKILL;
  bool running = command > 0;
  while (running) {
    int status = 0;
    pid_t r = ::waitpid(-1, &status, WNOHANG);
    if (r == command) {
      code = exit_code_of(status);
      break;
    }
    if (r > 0) continue;
    if (r < 0 && errno != EINTR) break;
    siginfo_t info;
    int sig = ::sigwaitinfo(&waited, &info);
    running = sig == SIGCHLD || sig < 0;
  }
  sweep_descendants();
  if (!args.cleanup_argv.empty() && ::getppid() != parent) {
    ::execve(args.cleanup_argv[0], args.cleanup_argv.data(), args.envp.data());
  }
  ::_exit(code);
}

// The keeper's pid and its command's.
Result<std::pair<pid_t, pid_t>> spawn_kept(const ExecArgs& args, const ChildFds& fds) {
  int error_pipe[2];
  if (::pipe2(error_pipe, O_CLOEXEC) != 0) return Error{std::strerror(errno)};
  Fd error_read(error_pipe[0]);
  Fd error_write(error_pipe[1]);
  pid_t parent = ::getpid();
  pid_t keeper = ::fork();
  if (keeper < 0) return Error{std::strerror(errno)};
  if (keeper == 0) keep(args, fds, parent, error_write.get());
  error_write.reset();
  pid_t command = -1;
  int child_errno = 0;
  for (;;) {  // until both have closed the pipe: the keeper after its news, the command at exec
    KeeperNews news{};
    ssize_t n = ::read(error_read.get(), &news, sizeof news);
    if (n < 0 && errno == EINTR) continue;
    if (n != static_cast<ssize_t>(sizeof news)) break;
    if (news.kind == KeeperNews::kCommand) command = news.value;
    if (news.kind == KeeperNews::kErrno) child_errno = news.value;
  }
  if (child_errno != 0 || command <= 0) {
    PosixChild(keeper, true, Fd(), Fd());  // reaps it
    return Error{child_errno != 0 ? std::strerror(child_errno) : "the keeper could not start it"};
  }
  return std::make_pair(keeper, command);
}

Result<SpawnedPipes> spawn_with_pipes(const SpawnOptions& options, bool capture_stderr) {
  if (options.argv.empty()) return Error{"no command given"};
  auto in = make_pipe();
  auto out = make_pipe();
  if (!in || !out) return Error{"cannot create pipes"};
  Result<Pipe> err = Pipe{};
  if (capture_stderr) {
    err = make_pipe();
    if (!err) return err.error();
  }
  if (options.stdout_fd != 1) {
    // Above the descriptors the child gets, so that its dup2 clears close-on-exec.
    int high = ::fcntl(out->write.get(), F_DUPFD_CLOEXEC, 10);
    if (high < 0) return Error{std::string("cannot move a pipe: ") + std::strerror(errno)};
    out->write = Fd(high);
  }
  ChildFds fds{in->read.get(),
               out->write.get(),
               capture_stderr ? err->write.get() : -1,
               options.stderr_path.empty() ? "/dev/null" : options.stderr_path.c_str(),
               options.cwd.empty() ? nullptr : options.cwd.c_str(),
               options.stdout_fd};
  ExecArgs args = exec_args(options);
  Result<std::pair<pid_t, pid_t>> pid = Error{""};
  if (options.end_descendants) {
    pid = spawn_kept(args, fds);
  } else if (auto plain = spawn_plain(args, fds); plain) {
    pid = std::make_pair(*plain, *plain);
  } else {
    pid = plain.error();
  }
  if (!pid) return Error{"cannot start " + options.argv[0] + ": " + pid.error().message};
  return SpawnedPipes{pid->first,           options.end_descendants,
                      pid->second,          std::move(in->write),
                      std::move(out->read), capture_stderr ? std::move(err->read) : Fd()};
}

}  // namespace

std::vector<std::pair<std::string, std::string>> current_environment() {
  std::vector<std::pair<std::string, std::string>> out;
  for (char** e = environ; *e != nullptr; ++e) {
    std::string_view kv(*e);
    size_t eq = kv.find('=');
    if (eq != std::string_view::npos) out.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  return out;
}

Result<std::unique_ptr<Child>> spawn(const SpawnOptions& options) {
  auto s = spawn_with_pipes(options, false);
  if (!s) return s.error();
  ::signal(SIGPIPE, SIG_IGN);  // a child that dies must not kill us while we write to it
  return std::unique_ptr<Child>(
      new PosixChild(s->pid, s->kept, std::move(s->in), std::move(s->out), s->command));
}

Result<CommandOutput> run(const SpawnOptions& options, std::chrono::milliseconds timeout,
                          std::string_view input, size_t max_output) {
  auto s = spawn_with_pipes(options, true);
  if (!s) return s.error();
  ::signal(SIGPIPE, SIG_IGN);
  Clock::time_point deadline = Clock::now() + timeout;
  CommandOutput result;
  Fd in = std::move(s->in);
  if (input.empty()) in.reset();
  ::fcntl(in.get(), F_SETFL, O_NONBLOCK);
  Fd out = std::move(s->out);
  Fd err = std::move(s->err);
  while (out.get() >= 0 || err.get() >= 0) {
    pollfd fds[3];
    int n = 0;
    if (out.get() >= 0) fds[n++] = {out.get(), POLLIN, 0};
    if (err.get() >= 0) fds[n++] = {err.get(), POLLIN, 0};
    if (in.get() >= 0) fds[n++] = {in.get(), POLLOUT, 0};
    // Short polls, so that an abort request (the second Ctrl-C) is seen within 100 ms.
    int r = ::poll(fds, static_cast<nfds_t>(n), std::min(remaining_ms(deadline), 100));
    if (abort_requested()) {
      PosixChild(s->pid, s->kept, Fd(), Fd()).kill();
      return Error{"cancelled"};
    }
    if (r < 0 && errno == EINTR) continue;
    if (r == 0) {
      if (Clock::now() < deadline) continue;
      result.timed_out = true;
      break;
    }
    for (int i = 0; i < n; ++i) {
      if (fds[i].revents == 0) continue;
      if (fds[i].fd == in.get()) {
        ssize_t w = ::write(in.get(), input.data(), input.size());
        if (w > 0) input.remove_prefix(static_cast<size_t>(w));
        if (w < 0 && errno != EAGAIN && errno != EINTR) input = {};
        if (input.empty()) in.reset();
        continue;
      }
      Fd& fd = fds[i].fd == out.get() ? out : err;
      std::string& sink = fds[i].fd == out.get() ? result.out : result.err;
      char chunk[65536];
      ssize_t got = ::read(fd.get(), chunk, sizeof chunk);
      if (got <= 0) {
        if (got < 0 && errno == EINTR) continue;
        fd.reset();
        continue;
      }
      if (sink.size() < max_output) {
        sink.append(chunk, std::min(static_cast<size_t>(got), max_output - sink.size()));
      }
    }
  }
  PosixChild child(s->pid, s->kept, Fd(), Fd());
  if (result.timed_out) child.kill();
  auto code = child.wait(result.timed_out ? Clock::now() + std::chrono::seconds(5)
                                          : Clock::time_point::max());
  result.exit_code = code.value_or(-1);
  return result;
}

}  // namespace panta::process
