#include "engine/user_edits.h"

#include <algorithm>
#include <string>

#include "java/source_text.h"
#include "java/syntax_tree.h"

namespace panta::engine {

Result<MergedEdit> merge_user_edit(const std::string& user_text, const junit::TestFile& ours,
                                   const std::vector<std::string>& added) {
  if (user_text.empty()) return Error{"the test file was deleted or is empty"};
  // A file in the middle of an edit is not merged into: the merge would build on a guess.
  auto tree = java::SyntaxTree::parse(java::SourceText("test file", user_text));
  if (!tree) return tree.error();
  if (auto errors = tree->errors(); !errors.empty()) {
    return Error{"the changed test file does not parse: line " + std::to_string(errors[0].line) +
                 ": " + errors[0].message};
  }
  auto theirs = junit::TestFile::parse(user_text);
  if (!theirs) return Error{"the changed test file has no class: " + theirs.error().message};
  // Our file read as an answer: its tests with the members and imports they use.
  auto all = junit::extract_tests("```java\n" + ours.text() + "\n```\n");
  if (!all) return all.error();
  theirs->set_style(ours.style());  // the project's way, where their file does not show its own
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
