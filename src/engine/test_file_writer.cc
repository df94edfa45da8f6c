#include "engine/test_file_writer.h"

#include <filesystem>
#include <fstream>

namespace panta::engine {
namespace fs = std::filesystem;

namespace {

Status write_atomically(const std::string& path, const std::string& text) {
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  std::string tmp = path + ".panta-tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) return Error{tmp + ": cannot write"};
  }
  fs::rename(tmp, path, ec);
  if (ec) return Error{path + ": cannot replace: " + ec.message()};
  return ok_status();
}

}  // namespace

TestFileWriter::TestFileWriter(std::string project_root, std::string path, bool existed,
                               bool backed_up, EventSink events)
    : root_(std::move(project_root)),
      path_(std::move(path)),
      existed_(existed),
      backed_up_(backed_up),
      events_(std::move(events)) {}

Status TestFileWriter::back_up() {
  std::error_code ec;
  fs::path rel = fs::relative(path_, root_, ec);
  fs::path backup = fs::path(root_) / ".panta" / "backup" / (ec ? fs::path(path_).filename() : rel);
  // The file as it was before this run (a later run backs up its own starting point).
  fs::create_directories(backup.parent_path(), ec);
  fs::copy_file(path_, backup, fs::copy_options::overwrite_existing, ec);
  if (ec) return Error{"cannot back up " + path_ + " to " + backup.string() + ": " + ec.message()};
  events_(event::BackedUp{backup.string()});
  return ok_status();
}

Status TestFileWriter::save(const std::string& text, bool has_tests) {
  if (existed_ && !backed_up_) {
    if (auto s = back_up(); !s) return s;
    backed_up_ = true;
  }
  if (!existed_ && !has_tests) return ok_status();
  auto s = write_atomically(path_, text);
  if (s) existed_ = true;
  backed_up_ = true;
  return s;
}

}  // namespace panta::engine
