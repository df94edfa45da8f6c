#include "project/state_dir.h"

#include <filesystem>

#include "core/durable_file.h"

namespace panta::project {
namespace fs = std::filesystem;

Result<std::string> ensure_state_dir(const std::string& root) {
  fs::path dir = fs::path(root) / ".panta";
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{"cannot create " + dir.string() + ": " + errno_text(ec.value())};
  fs::path ignore = dir / ".gitignore";
  if (!fs::exists(fs::symlink_status(ignore, ec))) {
    if (auto s = write_durably(ignore.string(), "*\n"); !s) return s.error();
  }
  return dir.string();
}

}  // namespace panta::project
