#include "marked_source.h"

#include <gtest/gtest.h>

#include <cctype>

namespace panta::test {

MarkedSource::MarkedSource(const std::string& marked) {
  uint32_t line = 1;
  for (size_t i = 0; i < marked.size(); ++i) {
    char c = marked[i];
    if (c == '$') {
      size_t end = i + 1;
      while (end < marked.size() &&
             (std::isalnum(static_cast<unsigned char>(marked[end])) || marked[end] == '_'))
        ++end;
      if (end < marked.size() && marked[end] == '^' && end > i + 1) {
        std::string name = marked.substr(i + 1, end - i - 1);
        EXPECT_TRUE(lines_.emplace(name, line).second) << "mark $" << name << "^ used twice";
        i = end;
        continue;
      }
    }
    if (c == '\n') ++line;
    text_ += c;
  }
}

uint32_t MarkedSource::line(const std::string& name) const {
  auto l = lines_.find(name);
  EXPECT_NE(l, lines_.end()) << "no mark $" << name << "^ in the fixture";
  return l == lines_.end() ? 0 : l->second;
}

}  // namespace panta::test
