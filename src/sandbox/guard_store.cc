#include "sandbox/guard_store.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <vector>

#include "core/sha256.h"

namespace panta::sandbox {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr const char* kManifest = "baseline.json";
constexpr const char* kMarker = "running";
constexpr const char* kBlobs = "blobs";

std::optional<std::string> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return text.str();
}

// Writes `path` whole or not at all (a temporary file renamed over it).
Status write_file(const fs::path& path, std::string_view text) {
  fs::path temp = path;
  temp += ".new";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) return Error{"cannot write " + temp.string()};
  }
  std::error_code ec;
  fs::rename(temp, path, ec);
  if (ec) return Error{"cannot write " + path.string() + ": " + ec.message()};
  return ok_status();
}

json status_json(const FileStatus& s) {
  return {{"kind", static_cast<int>(s.kind)}, {"size", s.size},   {"mtime_ns", s.mtime_ns},
          {"ctime_ns", s.ctime_ns},           {"inode", s.inode}, {"mode", s.mode}};
}

FileStatus status_of(const json& j) {
  FileStatus s;
  s.kind = static_cast<FileStatus::Kind>(j.at("kind").get<int>());
  s.size = j.at("size").get<uint64_t>();
  s.mtime_ns = j.at("mtime_ns").get<int64_t>();
  s.ctime_ns = j.at("ctime_ns").get<int64_t>();
  s.inode = j.at("inode").get<uint64_t>();
  s.mode = j.at("mode").get<uint32_t>();
  return s;
}

// The baseline a manifest describes, the files' contents read from their blobs (a blob that is
// missing or whose SHA-256 differs is left out: that file cannot be put back).
Result<ProjectTree> load_baseline(const std::string& root, const fs::path& dir) {
  auto text = read_file(dir / kManifest);
  if (!text) return Error{(dir / kManifest).string() + ": cannot read it"};
  std::vector<ProjectTree::SavedEntry> entries;
  try {
    json manifest = json::parse(*text);
    for (const json& e : manifest.at("entries")) {
      ProjectTree::SavedEntry entry{e.at("path").get<std::string>(), status_of(e), std::nullopt};
      if (e.contains("target")) entry.contents = e.at("target").get<std::string>();
      if (e.contains("sha256")) {
        std::string sha = e.at("sha256").get<std::string>();
        auto blob = read_file(dir / kBlobs / sha);
        if (blob && sha256_hex(*blob) == sha) entry.contents = std::move(blob);
      }
      entries.push_back(std::move(entry));
    }
  } catch (const json::exception& e) {
    return Error{(dir / kManifest).string() + ": unreadable: " + e.what()};
  }
  return ProjectTree::of_entries(root, std::move(entries));
}

}  // namespace

Result<GuardStore> GuardStore::open(const std::string& root) {
  fs::path dir = fs::path(root) / ".panta" / "guard";
  std::error_code ec;
  fs::create_directories(dir / kBlobs, ec);
  if (ec) return Error{"cannot create " + dir.string() + ": " + ec.message()};
  return GuardStore(dir.string());
}

Status GuardStore::save(const ProjectTree& tree) {
  json entries = json::array();
  std::map<std::string, std::pair<FileStatus, std::string>> hashes;
  Status failed = ok_status();
  tree.visit([&](const std::string& rel, const FileStatus& status,
                 const std::optional<std::string>& contents) {
    json e = status_json(status);
    e["path"] = rel;
    if (contents && status.kind == FileStatus::Kind::kSymlink) e["target"] = *contents;
    if (contents && status.kind == FileStatus::Kind::kFile) {
      auto known = hashes_.find(rel);
      std::string sha = known != hashes_.end() && known->second.first == status
                            ? known->second.second
                            : sha256_hex(*contents);
      fs::path blob = fs::path(dir_) / kBlobs / sha;
      std::error_code ec;
      if (!fs::exists(blob, ec)) {
        if (auto s = write_file(blob, *contents); !s && failed) failed = s;
      }
      hashes[rel] = {status, sha};
      e["sha256"] = sha;
    }
    entries.push_back(std::move(e));
  });
  if (!failed) return failed;
  hashes_ = std::move(hashes);
  return write_file(fs::path(dir_) / kManifest, json{{"entries", entries}}.dump());
}

Status GuardStore::begin_run() {
  return write_file(fs::path(dir_) / kMarker, "tests running\n");
}

void GuardStore::end_run() {
  std::error_code ec;
  fs::remove(fs::path(dir_) / kMarker, ec);
}

void GuardStore::close() {
  std::error_code ec;
  fs::remove(fs::path(dir_) / kMarker, ec);
  fs::remove(fs::path(dir_) / kManifest, ec);
  std::set<std::string> used;
  for (const auto& [rel, known] : hashes_) used.insert(known.second);
  for (const auto& e : fs::directory_iterator(fs::path(dir_) / kBlobs, ec)) {
    if (used.count(e.path().filename().string()) == 0) fs::remove(e.path(), ec);
  }
}

Result<std::string> recover_interrupted_run(const std::string& root, const std::string& aside) {
  fs::path dir = fs::path(root) / ".panta" / "guard";
  std::error_code ec;
  if (!fs::exists(dir / kMarker, ec)) return std::string();
  auto baseline = load_baseline(root, dir);
  if (!baseline) return baseline.error();
  auto changes = baseline->changes();
  if (!changes) return changes.error();
  std::string what = describe_changes(*changes);
  if (!changes->empty()) {
    if (auto s = baseline->restore(*changes, aside); !s) return s.error();
  }
  fs::remove(dir / kMarker, ec);
  return what;
}

}  // namespace panta::sandbox
