#include "sandbox/bubblewrap.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "process/subprocess.h"

namespace panta::sandbox {
namespace fs = std::filesystem;

namespace {

bool is_real_folder(const std::string& path) {
  std::error_code ec;
  return !path.empty() && path != "/" && fs::is_directory(fs::symlink_status(path, ec));
}

bool under(const std::string& path, const std::string& dir) {
  return path == dir || (path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 &&
                         path[dir.size()] == '/');
}

bool under_any(const std::string& path, const std::vector<std::string>& dirs) {
  return std::any_of(dirs.begin(), dirs.end(),
                     [&](const std::string& d) { return under(path, d); });
}

std::string first_line(const std::string& text) {
  size_t start = text.find_first_not_of("\r\n ");
  if (start == std::string::npos) return "";
  return text.substr(start, text.find_first_of("\r\n", start) - start);
}

}  // namespace

std::vector<std::string> default_hidden_folders() {
  std::vector<std::string> out;
  const char* home = std::getenv("HOME");
  std::vector<std::string> candidates = {"/tmp",  "/var/tmp", "/run",
                                         "/home", "/root",    home != nullptr ? home : ""};
  for (std::string dir : candidates) {
    if (!is_real_folder(dir)) continue;
    dir = fs::path(dir).lexically_normal().string();
    if (!dir.empty() && dir.back() == '/') dir.pop_back();
    if (!under_any(dir, out)) out.push_back(dir);
  }
  return out;
}

std::vector<std::string> bubblewrap_prefix(const std::string& bwrap,
                                           const BubblewrapLayout& layout) {
  std::vector<std::string> argv = {bwrap,   "--ro-bind", "/",      "/",
                                   "--dev", "/dev",      "--proc", "/proc"};
  std::vector<std::string> hidden = layout.hidden;
  std::sort(hidden.begin(), hidden.end());  // a parent before the folders inside it
  for (const std::string& h : hidden) {
    argv.insert(argv.end(), {"--tmpfs", h});
  }
  for (const std::string& v : layout.visible) {
    if (under_any(v, hidden)) argv.insert(argv.end(), {"--ro-bind-try", v, v});
  }
  argv.insert(argv.end(), {"--bind", layout.scratch, layout.scratch});
  for (const std::string& h : hidden) argv.insert(argv.end(), {"--remount-ro", h});
  argv.insert(argv.end(),
              {"--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
               "--chdir", layout.workdir.empty() ? layout.scratch : layout.workdir, "--"});
  return argv;
}

Status probe_bubblewrap(const std::string& bwrap, const BubblewrapLayout& layout) {
  process::SpawnOptions spawn;
  spawn.argv = bubblewrap_prefix(bwrap, layout);
  spawn.argv.push_back("true");
  auto run = process::run(spawn, std::chrono::seconds(20));
  if (!run) {
    return Error{run.error().message + " (bubblewrap is not installed: Debian package bubblewrap)"};
  }
  if (run->timed_out) return Error{"bwrap did not start a sandbox within 20 s"};
  if (run->exit_code == 0) return ok_status();
  std::string why = first_line(run->err);
  return Error{why.empty() ? "bwrap exited with code " + std::to_string(run->exit_code) : why};
}

}  // namespace panta::sandbox
