#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace panta::test {

/// A fixture with its positions marked in the text, as clangd's Annotations: `$name^` marks
/// the line it is on under `name`. The marks are taken out of the text; assertions then name
/// the marks, not line numbers, so a fixture that moves by a line still tests the same thing.
class MarkedSource {
 public:
  explicit MarkedSource(const std::string& marked);

  /// The text without its marks.
  const std::string& text() const { return text_; }
  /// The 1-based line of the mark `name`; fails the current test when there is none.
  uint32_t line(const std::string& name) const;

 private:
  std::string text_;
  std::map<std::string, uint32_t> lines_;
};

}  // namespace panta::test
