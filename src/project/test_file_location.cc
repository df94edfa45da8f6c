#include "project/test_file_location.h"

#include <filesystem>

namespace panta::project {
namespace fs = std::filesystem;
namespace {

// The path with `..` and the symlinks of its existing part resolved.
fs::path resolved(const std::string& path) {
  std::error_code ec;
  fs::path absolute = fs::absolute(path).lexically_normal();
  fs::path canonical = fs::weakly_canonical(absolute, ec);
  return ec ? absolute : canonical;
}

// The depth of `folder` (its number of parts) when `file` lies inside it, else 0.
size_t depth_if_inside(const fs::path& file, const fs::path& folder) {
  fs::path rel = file.lexically_relative(folder);
  if (rel.empty() || *rel.begin() == ".." || rel == ".") return 0;
  return static_cast<size_t>(std::distance(folder.begin(), folder.end()));
}

}  // namespace

Status check_test_file_location(const Project& project, const std::string& test_file) {
  fs::path file = resolved(test_file);
  fs::path tests = resolved(project.test_dir);
  fs::path sources = resolved(project.src_dir);
  std::string folders =
      " (test sources: " + tests.string() + ", main sources: " + sources.string() + ")";
  if (file.extension() != ".java") {
    return Error{"--test-file " + test_file + ": not a .java file" + folders};
  }
  size_t in_tests = depth_if_inside(file, tests);
  size_t in_sources = depth_if_inside(file, sources);
  // The innermost of the two folders holding it decides (a test folder may sit inside a plain
  // project's source folder, but then the file must be inside the test folder itself).
  if (in_sources > 0 && in_sources >= in_tests) {
    return Error{"--test-file " + test_file + " is in the main source folder " + sources.string() +
                 "; a test file must be under the test source folder " + tests.string()};
  }
  if (in_tests == 0) {
    return Error{"--test-file " + test_file + " is not under the test source folder " +
                 tests.string() + " (main sources: " + sources.string() + ")"};
  }
  return ok_status();
}

}  // namespace panta::project
