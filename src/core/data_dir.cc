#include "core/data_dir.h"

#include <filesystem>

namespace panta {
namespace fs = std::filesystem;

std::string data_dir() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return ".";
  fs::path beside = exe.parent_path();
  if (fs::exists(beside / "panta-runner.jar", ec)) return beside.string();
  fs::path installed = beside.parent_path() / "share" / "panta";
  if (fs::is_directory(installed, ec)) return installed.string();
  return beside.string();  // a build without its jars yet: the errors name the build folder
}

std::string listed_path(const std::string& dir, const std::string& entry) {
  fs::path p(entry);
  return p.is_absolute() ? entry : (fs::path(dir) / p).string();
}

}  // namespace panta
