#include "project/restore.h"

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/durable_file.h"
#include "core/sha256.h"
#include "java/source_text.h"

namespace panta::project {
namespace fs = std::filesystem;
namespace {

bool of_class(const Backup& b, const std::string& class_name) {
  return !b.class_name.empty() &&
         (class_name == b.class_name || class_name.starts_with(b.class_name + "."));
}

bool of_run(const Backup& b, const std::string& run) {
  return b.run == run || b.id == run;
}

std::string joined(const std::set<std::string>& items) {
  std::string out;
  for (const std::string& i : items) out += (out.empty() ? "" : ", ") + i;
  return out;
}

// What the request asks for, for messages: "src/test/.../CartTest.java", "class x.Cart"...
std::string asked(const RestoreRequest& r) {
  if (!r.file.empty()) return r.file;
  if (!r.class_name.empty()) return "class " + r.class_name;
  if (!r.run.empty()) return "run " + r.run;
  return "this project";
}

Result<std::string> chosen_file(const BackupStore& store, const RestoreRequest& request) {
  if (!request.file.empty()) return request.file;
  // The run picks the file only when nothing else does (a class's file may lack that run:
  // pick() then says which runs it has).
  RestoreRequest which = request;
  if (!which.class_name.empty()) which.run.clear();
  std::set<std::string> files;
  for (const Backup& b : matching_backups(store, which)) files.insert(b.file);
  if (files.empty()) {
    return Error{"no backups of " + asked(request) + " in " + store.folder() +
                 " (Panta backs a test file up before a run first changes it)"};
  }
  if (files.size() > 1) {
    return Error{"backups of several test files match " + asked(request) + " (" + joined(files) +
                 "): name one with --class or --test-file"};
  }
  return *files.begin();
}

// The one to restore among a file's backups (oldest first, not empty).
Result<Backup> pick(const std::vector<Backup>& of_file, const RestoreRequest& request) {
  if (request.original) return of_file.front();
  if (!request.run.empty()) {
    auto it = std::find_if(of_file.rbegin(), of_file.rend(),
                           [&](const Backup& b) { return of_run(b, request.run); });
    if (it != of_file.rend()) return *it;
    std::set<std::string> runs;
    for (const Backup& b : of_file) runs.insert(b.run);
    return Error{"no backup of " + of_file.front().file + " from run " + request.run +
                 "; it has backups from runs " + joined(runs) + " (panta restore --list)"};
  }
  auto it = std::find_if(of_file.rbegin(), of_file.rend(),
                         [](const Backup& b) { return !b.is_restore(); });
  return it != of_file.rend() ? *it : of_file.back();
}

std::string next_restore_run(const BackupStore& store) {
  auto n = std::count_if(store.backups().begin(), store.backups().end(),
                         [](const Backup& b) { return b.is_restore(); });
  return "restore-" + std::to_string(n + 1);
}

}  // namespace

std::vector<Backup> matching_backups(const BackupStore& store, const RestoreRequest& request) {
  std::vector<Backup> out;
  for (const Backup& b : store.backups()) {
    if (!request.file.empty() && b.file != request.file) continue;
    if (!request.class_name.empty() && !of_class(b, request.class_name)) continue;
    if (!request.run.empty() && !of_run(b, request.run)) continue;
    out.push_back(b);
  }
  return out;
}

Result<Backup> choose_backup(const BackupStore& store, const RestoreRequest& request) {
  auto file = chosen_file(store, request);
  if (!file) return file.error();
  std::vector<Backup> of_file;
  for (const Backup& b : store.backups()) {
    if (b.file == *file) of_file.push_back(b);
  }
  if (of_file.empty()) {
    return Error{"no backups of " + *file + " in " + store.folder() +
                 " (Panta backs a test file up before a run first changes it)"};
  }
  return pick(of_file, request);
}

Result<RestoreOutcome> restore_backup(BackupStore& store, const Backup& chosen) {
  auto bytes = store.read(chosen);
  if (!bytes) return bytes.error();
  RestoreOutcome outcome{chosen, std::nullopt, false};
  std::string target = (fs::path(store.root()) / chosen.file).string();
  std::error_code ec;
  if (fs::exists(target, ec)) {
    auto now = java::read_file(target);
    if (!now) return now.error();
    if (panta::sha256_hex(*now) == chosen.sha256) {
      outcome.unchanged = true;
      return outcome;
    }
    auto saved = store.back_up(target, next_restore_run(store), chosen.class_name);
    if (!saved) return saved.error();
    outcome.saved = *saved;
  }
  if (auto s = write_durably(target, *bytes); !s) return s.error();
  return outcome;
}

}  // namespace panta::project
