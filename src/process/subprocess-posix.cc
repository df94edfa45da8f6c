#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>

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
  for (char** e = environ; *e != nullptr; ++e) {
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

class PosixChild final : public Child {
 public:
  PosixChild(pid_t pid, Fd in, Fd out) : pid_(pid), in_(std::move(in)), out_(std::move(out)) {}
  ~PosixChild() override {
    kill();
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
    ::kill(-pid_, SIGKILL);
    ::kill(pid_, SIGKILL);
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
  Fd in_;
  Fd out_;
  std::string buffer_;
  bool eof_ = false;
  std::optional<int> exit_code_;
};

struct SpawnedPipes {
  pid_t pid;
  Fd in;
  Fd out;
  Fd err;  // only when stderr is captured
};

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
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in->read.get(), 0);
  posix_spawn_file_actions_adddup2(&actions, out->write.get(), 1);
  if (capture_stderr) {
    posix_spawn_file_actions_adddup2(&actions, err->write.get(), 2);
  } else {
    const char* target = options.stderr_path.empty() ? "/dev/null" : options.stderr_path.c_str();
    posix_spawn_file_actions_addopen(&actions, 2, target, O_WRONLY | O_CREAT | O_APPEND, 0644);
  }
  if (!options.cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, options.cwd.c_str());
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGINT);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);

  std::vector<char*> argv;
  for (const std::string& a : options.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<std::string> env = merged_environment(options);
  std::vector<char*> envp;
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);

  pid_t pid = 0;
  int rc = ::posix_spawnp(&pid, argv[0], &actions, &attr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return Error{"cannot start " + options.argv[0] + ": " + std::strerror(rc)};
  return SpawnedPipes{pid, std::move(in->write), std::move(out->read),
                      capture_stderr ? std::move(err->read) : Fd()};
}

}  // namespace

Result<std::unique_ptr<Child>> spawn(const SpawnOptions& options) {
  auto s = spawn_with_pipes(options, false);
  if (!s) return s.error();
  ::signal(SIGPIPE, SIG_IGN);  // a child that dies must not kill us while we write to it
  return std::unique_ptr<Child>(new PosixChild(s->pid, std::move(s->in), std::move(s->out)));
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
      PosixChild(s->pid, Fd(), Fd()).kill();
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
  PosixChild child(s->pid, Fd(), Fd());
  if (result.timed_out) child.kill();
  auto code = child.wait(result.timed_out ? Clock::now() + std::chrono::seconds(5)
                                          : Clock::time_point::max());
  result.exit_code = code.value_or(-1);
  return result;
}

}  // namespace panta::process
