#include "sandbox/overlay_runner.h"

#include <algorithm>
#include <filesystem>
#include <utility>

#include "sandbox/fallback_runner.h"

namespace panta::sandbox {
namespace fs = std::filesystem;

namespace {

// The entries of `dir`, made readable first when the tests took that away.
std::vector<fs::path> entries_of(const fs::path& dir) {
  std::error_code ec;
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::add, ec);
  std::vector<fs::path> out;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) out.push_back(e.path());
  return out;
}

void add_changes(const fs::path& upper, const fs::path& project, const std::string& prefix,
                 std::vector<TreeChange>& out) {
  for (const fs::path& entry : entries_of(upper)) {
    std::string rel =
        prefix.empty() ? entry.filename().string() : prefix + "/" + entry.filename().string();
    std::error_code ec;
    fs::file_status st = fs::symlink_status(entry, ec);
    fs::file_status was = fs::symlink_status(project / rel, ec);
    bool existed = fs::exists(was);
    if (fs::is_character_file(st)) {
      out.push_back({TreeChange::Kind::kDeleted, rel});  // a whiteout
    } else if (!fs::is_directory(st) || !fs::is_directory(was)) {
      out.push_back({existed ? TreeChange::Kind::kModified : TreeChange::Kind::kCreated, rel});
    } else if (st.permissions() != was.permissions()) {
      out.push_back({TreeChange::Kind::kModified, rel});
    } else {
      add_changes(entry, project, rel, out);
    }
  }
}

// `upper` and the `upper-*` folders below `overlay`.
std::vector<fs::path> uppers(const std::string& overlay, bool old_only) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(overlay, ec)) {
    std::string name = e.path().filename().string();
    if ((!old_only && name == "upper") || name.rfind("upper-", 0) == 0) out.push_back(e.path());
  }
  return out;
}

void make_readable(const fs::path& dir) {
  for (const fs::path& entry : entries_of(dir)) {
    std::error_code ec;
    if (fs::is_directory(fs::symlink_status(entry, ec))) make_readable(entry);
  }
}

}  // namespace

std::vector<TreeChange> overlay_changes(const std::string& overlay, const std::string& project) {
  std::vector<TreeChange> out;
  for (const fs::path& upper : uppers(overlay, false)) add_changes(upper, project, "", out);
  std::sort(out.begin(), out.end(),
            [](const TreeChange& a, const TreeChange& b) { return a.path < b.path; });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void remove_old_uppers(const std::string& overlay) {
  for (const fs::path& old : uppers(overlay, true)) {
    make_readable(old);
    std::error_code ec;
    fs::remove_all(old, ec);
  }
}

OverlayRunner::OverlayRunner(std::unique_ptr<runner::JvmRunner> inner, std::string project,
                             std::string overlay)
    : inner_(std::move(inner)), project_(std::move(project)), overlay_(std::move(overlay)) {}

Result<runner::CompileResult> OverlayRunner::compile(const runner::CompileRequest& request) {
  return inner_->compile(request);
}

Status OverlayRunner::accept_changes(const std::vector<std::string>& paths) {
  return inner_->accept_changes(paths);
}

Status OverlayRunner::restart() {
  return inner_->restart();
}

void OverlayRunner::allow_edits(const std::string& path) {
  inner_->allow_edits(path);
}

Result<runner::RunResult> OverlayRunner::run(const runner::RunRequest& request) {
  auto result = inner_->run(request);
  std::vector<TreeChange> changes = overlay_changes(overlay_, project_);
  if (!changes.empty()) {
    // A fresh helper gets an empty upper folder: the next run sees the project as it is.
    if (auto s = inner_->restart(); !s) return s.error();
  }
  remove_old_uppers(overlay_);
  if (!result || changes.empty()) return result;
  reject_all(*result, request.tests,
             "the test tried to change the project: " + describe_changes(changes) +
                 " (in a copy: the project is as it was)");
  return result;
}

}  // namespace panta::sandbox
