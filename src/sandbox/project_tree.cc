#include "sandbox/project_tree.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace panta::sandbox {
namespace fs = std::filesystem;

namespace {

using Statuses = std::map<std::string, FileStatus>;

const char* kind_word(TreeChange::Kind kind) {
  switch (kind) {
    case TreeChange::Kind::kCreated:
      return "created";
    case TreeChange::Kind::kDeleted:
      return "deleted";
    case TreeChange::Kind::kModified:
      return "modified";
  }
  return "changed";
}

// Whether `path` lies inside `dir` ("a/b" inside "a").
bool inside(const std::string& path, const std::string& dir) {
  return path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 &&
         path[dir.size()] == '/';
}

// What of `.panta/` is watched: what Panta writes only between runs of tests (not the
// journal, the lock or the helper's log, which change while tests run).
constexpr const char* kWatchedInPanta[] = {"classes", "backup"};

void walk_into(const fs::path& dir, const std::string& prefix, Statuses& out);

// Whether the tree watches `rel`: all but `.panta/` itself and what of it is not watched.
bool watched(const std::string& rel) {
  if (rel.empty() || rel == "." || rel == ".." || rel.rfind("../", 0) == 0) return false;
  if (rel != ".panta" && rel.rfind(".panta/", 0) != 0) return true;
  for (const char* name : kWatchedInPanta) {
    std::string sub = std::string(".panta/") + name;
    if (rel == sub || inside(rel, sub)) return true;
  }
  return false;
}

void walk_panta_folder(const fs::path& panta, Statuses& out) {
  for (const char* name : kWatchedInPanta) {
    fs::path sub = panta / name;
    auto st = file_status(sub.string());
    if (!st || st->kind != FileStatus::Kind::kDirectory) continue;
    std::string rel = std::string(".panta/") + name;
    out[rel] = *st;
    walk_into(sub, rel, out);
  }
}

// Adds every entry below `dir` to `out`; of `.panta/` at the root only kWatchedInPanta.
void walk_into(const fs::path& dir, const std::string& prefix, Statuses& out) {
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    std::string name = e.path().filename().string();
    std::string rel = prefix.empty() ? name : prefix + "/" + name;
    if (rel == ".panta") {
      walk_panta_folder(e.path(), out);
      continue;
    }
    auto st = file_status(e.path().string());
    if (!st) continue;  // gone while we looked
    out[rel] = *st;
    if (st->kind == FileStatus::Kind::kDirectory) walk_into(e.path(), rel, out);
  }
}

std::optional<std::string> read_whole(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return text.str();
}

Status write_replacing(const fs::path& path, const std::string& contents) {
  fs::path temp = path;
  temp += ".panta-restore";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << contents;
    out.close();
    if (!out) return Error{path.string() + ": cannot write"};
  }
  std::error_code ec;
  if (fs::is_directory(fs::symlink_status(path, ec))) fs::remove_all(path, ec);
  fs::rename(temp, path, ec);
  if (ec) return Error{path.string() + ": cannot put back: " + ec.message()};
  return ok_status();
}

// Copies what a change made or altered below `aside`, keeping its relative path.
void set_aside(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::create_directories(to.parent_path(), ec);
  fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
}

}  // namespace

std::string describe_changes(const std::vector<TreeChange>& changes, size_t max_listed) {
  std::vector<const TreeChange*> shown;
  for (const TreeChange& c : changes) {
    // The files of a created or deleted folder go with it.
    bool covered = std::any_of(shown.begin(), shown.end(), [&](const TreeChange* s) {
      return s->kind == c.kind && inside(c.path, s->path);
    });
    if (!covered) shown.push_back(&c);
  }
  std::string out;
  for (size_t i = 0; i < shown.size() && i < max_listed; ++i) {
    if (i > 0) out += ", ";
    out += std::string(kind_word(shown[i]->kind)) + " " + shown[i]->path;
  }
  if (shown.size() > max_listed)
    out += " and " + std::to_string(shown.size() - max_listed) + " more";
  return out;
}

Result<ProjectTree> ProjectTree::snapshot(const std::string& root, SnapshotLimits limits) {
  ProjectTree tree(root, limits);
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return Error{root + ": not a folder"};
  if (auto s = tree.refresh(); !s) return s.error();
  return tree;
}

void ProjectTree::visit(const std::function<void(const std::string&, const FileStatus&,
                                                 const std::optional<std::string>&)>& visit) const {
  for (const auto& [rel, entry] : entries_) visit(rel, entry.status, entry.contents);
}

ProjectTree ProjectTree::of_entries(std::string root, std::vector<SavedEntry> entries,
                                    SnapshotLimits limits) {
  ProjectTree tree(std::move(root), limits);
  for (SavedEntry& e : entries) {
    if (e.contents && e.status.kind == FileStatus::Kind::kFile)
      tree.kept_bytes_ += e.contents->size();
    tree.entries_[e.path] = Entry{e.status, std::move(e.contents)};
  }
  return tree;
}

Result<Statuses> ProjectTree::walk() const {
  Statuses out;
  std::error_code ec;
  if (!fs::exists(root_, ec)) return out;  // the whole tree is gone
  fs::directory_iterator probe(root_, ec);
  if (ec) return Error{root_ + ": cannot read: " + ec.message()};
  walk_into(root_, "", out);
  return out;
}

std::optional<std::string> ProjectTree::read_kept(const std::string& rel, const FileStatus& st) {
  fs::path path = fs::path(root_) / rel;
  if (st.kind == FileStatus::Kind::kSymlink) {
    std::error_code ec;
    auto target = fs::read_symlink(path, ec);
    return ec ? std::nullopt : std::optional<std::string>(target.string());
  }
  if (st.kind != FileStatus::Kind::kFile || st.size > limits_.max_file_bytes ||
      kept_bytes_ + st.size > limits_.max_total_bytes) {
    return std::nullopt;
  }
  auto text = read_whole(path);
  if (text) kept_bytes_ += text->size();
  return text;
}

Status ProjectTree::refresh() {
  auto now = walk();
  if (!now) return now.error();
  Entries old = std::move(entries_);
  entries_.clear();
  kept_bytes_ = 0;
  for (const auto& [rel, st] : *now) {
    auto it = old.find(rel);
    if (it != old.end() && it->second.status == st) {
      if (it->second.contents && st.kind == FileStatus::Kind::kFile)
        kept_bytes_ += it->second.contents->size();
      entries_[rel] = std::move(it->second);
      continue;
    }
    entries_[rel] = Entry{st, read_kept(rel, st)};
  }
  return ok_status();
}

void ProjectTree::forget(const std::string& rel) {
  auto drop = [this](Entries::iterator it) {
    if (it->second.contents && it->second.status.kind == FileStatus::Kind::kFile)
      kept_bytes_ -= it->second.contents->size();
    return entries_.erase(it);
  };
  if (auto it = entries_.find(rel); it != entries_.end()) drop(it);
  for (auto it = entries_.lower_bound(rel + "/"); it != entries_.end() && inside(it->first, rel);)
    it = drop(it);
}

// `rel` and, for a folder, all it holds, as they are now; contents are read again only where
// the status changed.
Status ProjectTree::take(const std::string& rel) {
  Entries old;
  if (auto it = entries_.find(rel); it != entries_.end()) old.emplace(it->first, it->second);
  for (auto it = entries_.lower_bound(rel + "/"); it != entries_.end() && inside(it->first, rel);
       ++it) {
    old.emplace(it->first, it->second);
  }
  forget(rel);
  fs::path path = fs::path(root_) / rel;
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec))) return ok_status();  // removed
  auto st = file_status(path.string());
  if (!st) return st.error();
  Statuses now{{rel, *st}};
  if (st->kind == FileStatus::Kind::kDirectory) walk_into(path, rel, now);
  for (const auto& [r, status] : now) {
    auto it = old.find(r);
    if (it != old.end() && it->second.status == status && it->second.contents) {
      if (status.kind == FileStatus::Kind::kFile) kept_bytes_ += it->second.contents->size();
      entries_[r] = std::move(it->second);
      continue;
    }
    entries_[r] = Entry{status, read_kept(r, status)};
  }
  return ok_status();
}

Status ProjectTree::accept(const std::vector<std::string>& paths) {
  for (const std::string& path : paths) {
    fs::path p(path);
    std::string rel =
        (p.is_absolute() ? p.lexically_relative(root_) : p.lexically_normal()).generic_string();
    while (!rel.empty() && rel.back() == '/') rel.pop_back();
    if (!watched(rel)) continue;
    // The folders above it that Panta made for it.
    fs::path above;
    for (const fs::path& part : fs::path(rel).parent_path()) {
      above /= part;
      if (watched(above.string()) && entries_.count(above.string()) == 0) {
        if (auto st = file_status((fs::path(root_) / above).string()); st) {
          entries_[above.string()] = Entry{*st, std::nullopt};
        }
      }
    }
    if (auto s = take(rel); !s) return s;
  }
  return ok_status();
}

bool ProjectTree::same_contents(const std::string& rel, const Entry& was,
                                const FileStatus& now) const {
  if (was.status.kind != now.kind || was.status.mode != now.mode) return false;
  fs::path path = fs::path(root_) / rel;
  switch (now.kind) {
    case FileStatus::Kind::kDirectory:
      return true;  // its entries are compared one by one
    case FileStatus::Kind::kSymlink: {
      std::error_code ec;
      auto target = fs::read_symlink(path, ec);
      return !ec && was.contents && target.string() == *was.contents;
    }
    case FileStatus::Kind::kFile: {
      if (!was.contents) {
        return was.status.size == now.size && was.status.mtime_ns == now.mtime_ns &&
               was.status.inode == now.inode;
      }
      if (now.size != was.contents->size()) return false;
      auto text = read_whole(path);
      return text && *text == *was.contents;
    }
    case FileStatus::Kind::kOther:
      return was.status == now;
  }
  return false;
}

Result<std::vector<TreeChange>> ProjectTree::changes() const {
  auto now = walk();
  if (!now) return now.error();
  std::vector<TreeChange> out;
  for (const auto& [rel, was] : entries_) {
    auto it = now->find(rel);
    if (it == now->end()) {
      out.push_back({TreeChange::Kind::kDeleted, rel});
    } else if (!(it->second == was.status) && !same_contents(rel, was, it->second)) {
      out.push_back({TreeChange::Kind::kModified, rel});
    }
  }
  for (const auto& [rel, st] : *now) {
    if (entries_.count(rel) == 0) out.push_back({TreeChange::Kind::kCreated, rel});
  }
  std::sort(out.begin(), out.end(),
            [](const TreeChange& a, const TreeChange& b) { return a.path < b.path; });
  return out;
}

Status ProjectTree::put_back(const std::string& rel, const Entry& was) const {
  fs::path path = fs::path(root_) / rel;
  std::error_code ec;
  auto now = fs::symlink_status(path, ec);
  switch (was.status.kind) {
    case FileStatus::Kind::kDirectory:
      if (fs::exists(now) && !fs::is_directory(now)) fs::remove(path, ec);
      fs::create_directories(path, ec);
      return ok_status();  // its mode once its entries are back (restore)
    case FileStatus::Kind::kSymlink:
      fs::remove_all(path, ec);
      if (!was.contents) return Error{rel + ": cannot put the symlink back"};
      fs::create_symlink(*was.contents, path, ec);
      if (ec) return Error{rel + ": cannot put the symlink back: " + ec.message()};
      return ok_status();
    case FileStatus::Kind::kFile:
      if (!was.contents) {
        return Error{rel + ": its contents were not kept, so it cannot be put back (a file over " +
                     std::to_string(limits_.max_file_bytes >> 20) + " MiB, past the " +
                     std::to_string(limits_.max_total_bytes >> 20) +
                     " MiB kept in all, or whose saved copy is gone)"};
      }
      if (auto s = write_replacing(path, *was.contents); !s) return s;
      break;
    case FileStatus::Kind::kOther:
      return Error{rel + ": not a file, folder or symlink; cannot be put back"};
  }
  fs::permissions(path, static_cast<fs::perms>(was.status.mode), ec);
  if (was.status.kind == FileStatus::Kind::kFile) {
    return set_modification_time(path.string(), was.status.mtime_ns);
  }
  return ok_status();
}

Status ProjectTree::restore(const std::vector<TreeChange>& changes, const std::string& aside) {
  std::error_code ec;
  fs::create_directories(root_, ec);
  std::vector<std::string> failures;
  for (auto c = changes.rbegin(); c != changes.rend(); ++c) {
    if (c->kind != TreeChange::Kind::kCreated) continue;
    fs::path path = fs::path(root_) / c->path;
    if (!aside.empty()) set_aside(path, fs::path(aside) / c->path);
    fs::remove_all(path, ec);
    if (ec) failures.push_back(c->path + ": cannot remove: " + ec.message());
  }
  for (const TreeChange& c : changes) {
    if (c.kind == TreeChange::Kind::kCreated) continue;
    fs::path path = fs::path(root_) / c.path;
    if (c.kind == TreeChange::Kind::kModified && !aside.empty())
      set_aside(path, fs::path(aside) / c.path);
    if (auto s = put_back(c.path, entries_.at(c.path)); !s) failures.push_back(s.error().message);
  }
  for (const TreeChange& c : changes) {
    const Entry* was = c.kind == TreeChange::Kind::kCreated ? nullptr : &entries_.at(c.path);
    if (was == nullptr || was->status.kind != FileStatus::Kind::kDirectory) continue;
    fs::permissions(fs::path(root_) / c.path, static_cast<fs::perms>(was->status.mode), ec);
  }
  if (!failures.empty()) {
    std::string all;
    for (const std::string& f : failures) all += (all.empty() ? "" : "; ") + f;
    return Error{"the project could not be put back as it was: " + all};
  }
  auto left = this->changes();
  if (!left) return left.error();
  if (!left->empty()) {
    return Error{"the project could not be put back as it was: " + describe_changes(*left)};
  }
  // The same contents, under new statuses (inode, ctime): take those, nothing else.
  for (const TreeChange& c : changes) {
    auto it = entries_.find(c.path);
    if (it == entries_.end()) continue;
    if (auto st = file_status((fs::path(root_) / c.path).string()); st) it->second.status = *st;
  }
  return ok_status();
}

}  // namespace panta::sandbox
