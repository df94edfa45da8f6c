#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace panta::process {

using Clock = std::chrono::steady_clock;

struct SpawnOptions {
  std::vector<std::string> argv;  ///< argv[0] is looked up on PATH when it has no '/'.
  std::string cwd;                ///< Working directory; empty means the current one.
  std::vector<std::pair<std::string, std::string>> env;  ///< Added to (or replacing in) ours.
  /// Where the child's stderr goes: a file path (appended), or "" for /dev/null.
  std::string stderr_path;
  /// The child's descriptor that the stdout pipe becomes. When it is not 1 (3 for the JVM
  /// helper, whose answers must not be reachable through the descriptor tests print to), the
  /// child's descriptor 1 goes where its stderr goes.
  int stdout_fd = 1;
  /// When true the child's environment is exactly `env`; ours is not passed on.
  bool replace_environment = false;
  /// When true the child runs under a keeper: a small process forked from this one that ends
  /// everything the child started (also what left its process group: orphans come back to the
  /// keeper, a child subreaper) when the child exits, when the Child is killed, and when the
  /// thread that spawned it dies, by `kill -9` too (PR_SET_PDEATHSIG). That thread must live as
  /// long as the Child.
  bool end_descendants = false;
  /// With end_descendants: a folder the keeper removes when Panta dies before the child ends
  /// (the child's scratch folder), since then nobody else will.
  std::string remove_if_orphaned = {};
};

/// A running child process with pipes to its stdin and from its stdout, in its own process
/// group. The destructor kills the group (with `end_descendants`, everything the child started)
/// and reaps the child: a Child never outlives its owner.
class Child {
 public:
  virtual ~Child() = default;
  virtual int pid() const = 0;
  /// Writes all of `data` to the child's stdin. Fails when the child has closed it.
  virtual Status write(std::string_view data) = 0;
  virtual void close_stdin() = 0;
  /// The next line of stdout without its '\n'. Fails with "timeout" past `deadline` and with
  /// "end of output" when the child closed stdout.
  virtual Result<std::string> read_line(Clock::time_point deadline) = 0;
  /// Kills the whole process group with SIGKILL; with `end_descendants`, asks the keeper to kill
  /// every descendant (idempotent).
  virtual void kill() = 0;
  /// With `end_descendants`: kills every process below the keeper but the child itself and,
  /// unless `below_child_too`, the child's own descendants, over and over until none is left
  /// (the orphans of killed ones come back to the keeper), for up to 5 s. Returns how many it
  /// killed: those are processes that left the child's tree (setsid, a double fork). Without
  /// end_descendants, or once the child has ended, does nothing and returns 0.
  virtual int end_strays(bool below_child_too) = 0;
  /// Waits until the child exits or `deadline` passes; returns its exit code (128+signal when
  /// killed by a signal), or nullopt when it is still running.
  virtual std::optional<int> wait(Clock::time_point deadline) = 0;
};

/// Where a program is: `name` itself when it has a '/', else the first executable of that name
/// on our PATH (as posix_spawnp looks); `name` when there is none.
std::string find_program(const std::string& name);

/// Our own environment variables, as name/value pairs.
std::vector<std::pair<std::string, std::string>> current_environment();

/// Starts a process. Fails with a message naming the program when it cannot be started.
Result<std::unique_ptr<Child>> spawn(const SpawnOptions& options);

struct CommandOutput {
  int exit_code = -1;
  std::string out;
  std::string err;
  bool timed_out = false;
};

/// Runs a command to completion with `input` on its stdin, capturing stdout and stderr (each
/// capped at `max_output` bytes). Past `timeout` the process group is killed and `timed_out` set.
Result<CommandOutput> run(const SpawnOptions& options, std::chrono::milliseconds timeout,
                          std::string_view input = {}, size_t max_output = 64 << 20);

}  // namespace panta::process
