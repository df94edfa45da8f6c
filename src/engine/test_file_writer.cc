#include "engine/test_file_writer.h"

#include <filesystem>

#include "core/durable_file.h"
#include "java/text_encoding.h"
#include "project/backups.h"
#include "project/project_lock.h"
#include "project/state_dir.h"

namespace panta::engine {
namespace fs = std::filesystem;

TestFileWriter::TestFileWriter(std::string project_root, std::string path, std::string encoding,
                               bool existed, std::string as_read, std::string class_name,
                               EventSink events)
    : root_(std::move(project_root)),
      path_(std::move(path)),
      encoding_(std::move(encoding)),
      existed_(existed),
      last_(std::move(as_read)),
      class_name_(std::move(class_name)),
      events_(std::move(events)) {}

void TestFileWriter::set_run(std::string run, bool backed_up) {
  run_ = std::move(run);
  backed_up_ = backed_up;
}

Result<std::optional<std::string>> TestFileWriter::edited_since_last_write() const {
  std::error_code ec;
  if (!fs::exists(path_, ec)) {
    if (!existed_) return std::optional<std::string>();
    return std::optional<std::string>(std::string());  // deleted: an edit too
  }
  auto text = java::read_text_file(path_, encoding_);
  if (!text) return text.error();
  if (existed_ && *text == last_) return std::optional<std::string>();
  return std::optional<std::string>(std::move(*text));
}

Status TestFileWriter::back_up() {
  // Classes run at once (--jobs) back up into one index.
  auto state = project::ensure_state_dir(root_);
  if (!state) return state.error();
  auto held = project::ProjectLock::wait_for((fs::path(*state) / "backup.lock").string());
  if (!held) return held.error();
  auto store = project::BackupStore::open(root_);
  if (!store) return store.error();
  auto backup = store->back_up(path_, run_, class_name_);
  if (!backup) return backup.error();
  events_(event::BackedUp{store->copy_path(*backup)});
  if (wrote_) return wrote_({(fs::path(root_) / ".panta" / "backup").string()});
  return ok_status();
}

Status TestFileWriter::save(const std::string& text, bool has_tests) {
  std::error_code ec;
  if (!existed_ && fs::exists(path_, ec)) {
    existed_ = true;  // made by someone else during the run: theirs, backed up like any other
    backed_up_ = false;
  }
  if (!existed_ && !has_tests) return ok_status();
  if (existed_ && text == last_) return ok_status();  // nothing new to write
  if (existed_ && !backed_up_) {
    if (auto s = back_up(); !s) return s;
    backed_up_ = true;
  }
  if (auto s = java::write_text_file(path_, text, encoding_); !s) return s;
  existed_ = true;
  backed_up_ = true;
  last_ = text;
  changed_ = true;
  if (wrote_) return wrote_({path_});
  return ok_status();
}

Status TestFileWriter::remove() {
  std::error_code ec;
  if (!fs::exists(path_, ec)) return ok_status();
  if (!backed_up_) {
    existed_ = true;
    if (auto s = back_up(); !s) return s;
    backed_up_ = true;
  }
  if (!fs::remove(path_, ec) || ec) return Error{"cannot remove " + path_ + ": " + ec.message()};
  existed_ = false;
  last_.clear();
  changed_ = true;
  if (wrote_) return wrote_({path_});
  return ok_status();
}

Result<std::string> TestFileWriter::keep_pending(const std::string& text) const {
  std::error_code ec;
  fs::path rel = fs::relative(path_, root_, ec);
  if (ec || rel.empty() || *rel.begin() == "..") rel = fs::path(path_).filename();
  fs::path folder = fs::path(root_) / ".panta" / "pending" / run_;
  for (int n = 2; fs::exists(folder / rel, ec); ++n) {
    folder = fs::path(root_) / ".panta" / "pending" / (run_ + "." + std::to_string(n));
  }
  fs::path pending = folder / rel;
  if (auto s = write_durably(pending.string(), text); !s) return s.error();
  return pending.string();
}

}  // namespace panta::engine
