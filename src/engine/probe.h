#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "junit/test_file.h"

namespace panta::engine {

/// The test class without its own tests, plus new tests: compiles and runs them as the whole
/// file would (same name, package, imports, fields, helpers and setup), at the cost of the new
/// tests only. Its line numbers are told as those the lines will have in the test file, with
/// the new tests added after the file's own (where the loop adds them).
class Probe {
 public:
  /// `real` without its tests, with `accepted` (tests of the same answer kept already) added.
  Probe(const junit::TestFile& real, const std::vector<junit::TestFile::Addition>& accepted);

  /// Adds an answer's tests; returns each with the name and code it got.
  std::vector<junit::TestMethod> add(const std::vector<junit::TestFile::Addition>& tests);
  void remove(const std::string& name);

  const junit::TestFile& file() const { return file_; }
  /// The line a line of the probe will have in the test file.
  uint32_t line_in_file(uint32_t line) const;
  std::function<uint32_t(uint32_t)> mapper() const;
  /// `text` (a stack trace) with the probe's lines, "(FooTest.java:12)", turned into the file's.
  std::string in_file_lines(const std::string& text, const std::string& file_name) const;
  /// `tests` with everything of the class they use, each line numbered as in the test file;
  /// `as_written` replaces a test's lines by the model's own text of it (same line count).
  /// `shown`: see TestFile::view_lines.
  std::string view(const std::vector<std::string>& tests,
                   const std::map<std::string, std::string>& as_written,
                   junit::TestFile::ViewShown* shown = nullptr) const;

 private:
  junit::LineMap map_;
  junit::TestFile file_;
  uint32_t base_class_line_;
  uint32_t class_line_ = 0;         // file_.class_body_line(), kept as it changes (parsing is dear)
  std::vector<std::string> taken_;  // the real file's test names, which new tests may not take
};

}  // namespace panta::engine
