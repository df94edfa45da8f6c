#pragma once

#include <string>
#include <vector>

#include "core/result.h"
#include "junit/test_file.h"

namespace panta::engine {

/// The user's version of the test file with the run's tests merged into it.
struct MergedEdit {
  junit::TestFile file;
  /// The names the added tests have in it (one of the user's may have taken a name), in order;
  /// a test the user's file already has (the same body) is not added again and keeps its name.
  std::vector<std::string> names;
};

/// The test file as the user changed it during the run, with the tests `added` (by name) that
/// the run kept in `ours` since it last wrote the file, each with the imports and members it
/// uses. The user's text is kept as it is. Fails when the user's file cannot be read as a test
/// class (deleted, or in the middle of an edit).
Result<MergedEdit> merge_user_edit(const std::string& user_text, const junit::TestFile& ours,
                                   const std::vector<std::string>& added);

}  // namespace panta::engine
