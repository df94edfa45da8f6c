#include "engine/user_edits.h"

#include <algorithm>

namespace panta::engine {

Result<MergedEdit> merge_user_edit(const std::string& user_text, const junit::TestFile& ours,
                                   const std::vector<std::string>& added) {
  if (user_text.empty()) return Error{"the test file was deleted"};
  auto theirs = junit::TestFile::parse(user_text);
  if (!theirs) return Error{"the changed test file has no class: " + theirs.error().message};
  // Our file read as an answer: its tests with the members and imports they use.
  auto all = junit::extract_tests("```java\n" + ours.text() + "\n```\n");
  if (!all) return all.error();
  MergedEdit out{std::move(*theirs), {}};
  for (const std::string& name : added) {
    auto t = std::find_if(all->tests.begin(), all->tests.end(),
                          [&name](const junit::TestMethod& m) { return m.name == name; });
    if (t == all->tests.end()) continue;
    std::string same = out.file.same_test_as(*t);
    out.names.push_back(same.empty() ? out.file.add_test(*t, *all) : same);
  }
  return out;
}

}  // namespace panta::engine
