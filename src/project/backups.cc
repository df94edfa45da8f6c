#include "project/backups.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/durable_file.h"
#include "core/sha256.h"
#include "java/source_text.h"
#include "project/state_dir.h"

namespace panta::project {
namespace fs = std::filesystem;
namespace {

std::string utc_now() {
  std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", fmt::gmtime(now));
}

nlohmann::ordered_json to_json(const Backup& b) {
  return {{"id", b.id},     {"run", b.run},       {"time", b.time}, {"class", b.class_name},
          {"file", b.file}, {"sha256", b.sha256}, {"size", b.size}};
}

Backup from_json(const nlohmann::json& j) {
  Backup b;
  b.id = j.at("id").get<std::string>();
  b.run = j.at("run").get<std::string>();
  b.time = j.value("time", "");
  b.class_name = j.value("class", "");
  b.file = j.at("file").get<std::string>();
  b.sha256 = j.at("sha256").get<std::string>();
  b.size = j.value("size", uint64_t{0});
  return b;
}

std::string index_path(const std::string& root) {
  return (fs::path(root) / ".panta" / "backup" / "index.json").string();
}

bool escapes(const fs::path& relative) {
  return relative.empty() || *relative.begin() == "..";
}

}  // namespace

Result<BackupStore> BackupStore::open(const std::string& root) {
  BackupStore store(fs::absolute(root).lexically_normal().string());
  std::string path = index_path(store.root_);
  std::error_code ec;
  if (!fs::exists(path, ec)) return store;
  auto text = java::read_file(path);
  if (!text) return text.error();
  auto j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("backups")) {
    return Error{path + ": not a backup index (the copies beside it are intact)"};
  }
  try {
    for (const auto& entry : j["backups"]) store.backups_.push_back(from_json(entry));
  } catch (const nlohmann::json::exception& e) {
    return Error{path + ": a backup entry is unreadable: " + e.what()};
  }
  return store;
}

std::string BackupStore::folder() const {
  return (fs::path(root_) / ".panta" / "backup").string();
}

std::string BackupStore::copy_path(const Backup& backup) const {
  return (fs::path(folder()) / backup.id / backup.file).string();
}

Result<std::string> BackupStore::relative(const std::string& path) const {
  fs::path absolute = fs::absolute(path).lexically_normal();
  fs::path rel = absolute.lexically_relative(root_);
  if (escapes(rel)) {
    std::error_code ec;
    rel = fs::weakly_canonical(absolute, ec).lexically_relative(fs::weakly_canonical(root_, ec));
  }
  if (escapes(rel)) return Error{path + " is not in the project " + root_};
  return rel.generic_string();
}

std::string BackupStore::unique_id(std::string_view run, const std::string& file) const {
  std::string base = run.empty() ? std::string("run") : std::string(run);
  std::string id = base;
  for (int n = 2;; ++n) {
    bool taken = std::any_of(backups_.begin(), backups_.end(),
                             [&](const Backup& b) { return b.id == id && b.file == file; });
    std::error_code ec;
    if (!taken && !fs::exists(fs::path(folder()) / id / file, ec)) return id;
    id = base + "." + std::to_string(n);
  }
}

Result<Backup> BackupStore::back_up(const std::string& file, std::string_view run,
                                    std::string_view class_name) {
  auto rel = relative(file);
  if (!rel) return rel.error();
  auto bytes = java::read_file(file);
  if (!bytes) return Error{"cannot back up " + file + ": " + bytes.error().message};
  if (auto dir = ensure_state_dir(root_); !dir) return dir.error();
  Backup b{unique_id(run, *rel),      std::string(run), utc_now(), std::string(class_name), *rel,
           panta::sha256_hex(*bytes), bytes->size()};
  if (auto s = write_durably(copy_path(b), *bytes); !s) {
    return Error{"cannot back up " + file + ": " + s.error().message};
  }
  backups_.push_back(b);
  if (auto s = save_index(); !s) {
    backups_.pop_back();
    return Error{"cannot back up " + file + ": " + s.error().message};
  }
  return b;
}

Result<std::string> BackupStore::read(const Backup& backup) const {
  std::string path = copy_path(backup);
  auto bytes = java::read_file(path);
  if (!bytes) return Error{"the backup " + path + " is missing: " + bytes.error().message};
  if (panta::sha256_hex(*bytes) != backup.sha256) {
    return Error{"the backup " + path + " changed since it was taken (its sha256 differs)"};
  }
  return bytes;
}

Status BackupStore::save_index() const {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const Backup& b : backups_) list.push_back(to_json(b));
  nlohmann::ordered_json index = {{"backups", std::move(list)}};
  return write_durably(
      index_path(root_),
      index.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
}

}  // namespace panta::project
