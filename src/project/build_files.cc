#include "project/build_files.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "core/sha256.h"
#include "java/source_text.h"

namespace panta::project {
namespace fs = std::filesystem;

std::string tool_cache_dir(const std::string& tool) {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && *xdg == '/') return std::string(xdg) + "/panta/" + tool;
  const char* home = std::getenv("HOME");
  return std::string(home != nullptr && *home != '\0' ? home : "/tmp") + "/.cache/panta/" + tool;
}

Result<std::string> build_files_listing(
    const std::string& root, std::string_view format, const std::set<std::string>& skipped,
    const std::function<bool(const fs::path&, const std::string&)>& wanted) {
  std::vector<std::string> files;
  std::error_code ec;
  auto options = fs::directory_options::skip_permission_denied;
  for (fs::recursive_directory_iterator it(root, options, ec), end; !ec && it != end;
       it.increment(ec)) {
    std::error_code type_ec;
    if (it->is_directory(type_ec) && skipped.count(it->path().filename().string()) > 0) {
      it.disable_recursion_pending();
      continue;
    }
    std::string rel = it->path().lexically_relative(root).generic_string();
    if (wanted(it->path(), rel) && it->is_regular_file(type_ec)) files.push_back(rel);
  }
  std::sort(files.begin(), files.end());
  std::string all(format);
  for (const std::string& rel : files) {
    auto text = java::read_file(root + "/" + rel);
    if (!text) return text.error();
    all += "\n" + rel + "\n" + sha256_hex(*text);
  }
  return all;
}

}  // namespace panta::project
