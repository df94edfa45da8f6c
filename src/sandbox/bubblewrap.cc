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
    if (!under_any(v, hidden)) continue;
    if (!layout.project.empty() && under(v, layout.project)) continue;  // seen through it
    argv.insert(argv.end(), {"--ro-bind-try", v, v});
  }
  if (!layout.project.empty()) argv.insert(argv.end(), {"--bind", layout.project, layout.project});
  argv.insert(argv.end(), {"--bind", layout.scratch, layout.scratch});
  if (!layout.overlay.empty()) {
    argv.insert(argv.end(), {"--tmpfs", layout.overlay, "--remount-ro", layout.overlay});
  }
  for (const std::string& h : hidden) argv.insert(argv.end(), {"--remount-ro", h});
  argv.insert(argv.end(),
              {"--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL",
               "--chdir", layout.workdir.empty() ? layout.scratch : layout.workdir, "--"});
  return argv;
}

namespace {

// Run by sh in the namespace of unshare: $1 project, $2 upper, $3 work, $4 mount, $5 setpriv,
// then the command.
constexpr const char* kMountOverlay = R"(set -e
p=$1 u=$2 w=$3 mount=$4 setpriv=$5
shift 5
if [ -e "$u" ]; then mv "$u" "$u-$$"; fi
chmod -R u+rwx "$w" 2>/dev/null || true
rm -rf "$w"
mkdir -p "$u" "$w"
"$mount" -t overlay overlay -o "lowerdir=$p,upperdir=$u,workdir=$w,userxattr" "$p"
exec "$setpriv" --ambient-caps=-all --inh-caps=-all "$@"
)";

}  // namespace

std::vector<std::string> overlay_prefix(const std::string& bwrap, const BubblewrapLayout& layout) {
  std::vector<std::string> argv = {process::find_program("unshare"),
                                   "--user",
                                   "--map-current-user",
                                   "--keep-caps",
                                   "--mount",
                                   "--",
                                   "/bin/sh",
                                   "-c",
                                   kMountOverlay,
                                   "sh",
                                   layout.project,
                                   layout.overlay + "/upper",
                                   layout.overlay + "/work",
                                   process::find_program("mount"),
                                   process::find_program("setpriv")};
  std::vector<std::string> bwrap_argv = bubblewrap_prefix(process::find_program(bwrap), layout);
  argv.insert(argv.end(), bwrap_argv.begin(), bwrap_argv.end());
  return argv;
}

Status check_overlay_paths(const BubblewrapLayout& layout) {
  for (const std::string* path : {&layout.project, &layout.overlay}) {
    if (path->empty() || path->front() != '/' || path->find_first_of(",:\\") != std::string::npos) {
      return Error{"the path " + *path + " cannot be given to mount -t overlay"};
    }
  }
  return ok_status();
}

namespace {

// Runs `argv` to its end: fine when it exits with 0, else the first line it wrote to stderr.
Status probe(std::vector<std::string> argv, const char* missing) {
  process::SpawnOptions spawn;
  spawn.argv = std::move(argv);
  auto run = process::run(spawn, std::chrono::seconds(20));
  if (!run) return Error{run.error().message + " (" + missing + ")"};
  if (run->timed_out) return Error{"the sandbox did not start within 20 s"};
  if (run->exit_code == 0) return ok_status();
  std::string why = first_line(run->err);
  return Error{why.empty() ? spawn.argv[0] + " exited with code " + std::to_string(run->exit_code)
                           : why};
}

}  // namespace

Status probe_bubblewrap(const std::string& bwrap, const BubblewrapLayout& layout) {
  std::vector<std::string> argv = bubblewrap_prefix(bwrap, layout);
  argv.push_back("true");
  return probe(std::move(argv), "bubblewrap is not installed: Debian package bubblewrap");
}

Status probe_overlay(const std::string& bwrap, const BubblewrapLayout& layout) {
  if (auto s = check_overlay_paths(layout); !s) return s;
  std::vector<std::string> argv = overlay_prefix(bwrap, layout);
  // A write that must land in the upper folder, undone at once.
  std::string file = layout.project + "/.panta-overlay-probe";
  argv.insert(argv.end(), {"/bin/sh", "-c", "touch \"$1\" && rm \"$1\"", "sh", file});
  return probe(std::move(argv),
               "unshare, mount and setpriv come with Debian's util-linux and mount");
}

}  // namespace panta::sandbox
