#pragma once

#include <string>
#include <vector>

#include "junit/test_file.h"
#include "project/project.h"

namespace panta::engine {

/// How a project's test files are written, as a new test file should be: the indentation of
/// a class member (two spaces, four, a tab), where static imports go, and the licence header
/// above `package`.
struct TestConventions {
  junit::TestFileStyle style;
  std::string header;  ///< "" when the files have none, or not the same one
};

/// The conventions of `texts` (test files): the indentation most of them give their first
/// member, static imports last when most files with both kinds put them after the others, and
/// the comment above `package` that at least half of them open with, word for word.
TestConventions learn_conventions(const std::vector<std::string>& texts);

/// The conventions of the project's test files (up to 30 of them, read in its encoding).
TestConventions project_conventions(const project::Project& project);

}  // namespace panta::engine
