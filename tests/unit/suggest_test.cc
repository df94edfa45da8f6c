#include "core/suggest.h"

#include <gtest/gtest.h>

namespace panta {
namespace {

TEST(Suggest, EditDistanceCountsInsertionsDeletionsAndSubstitutions) {
  EXPECT_EQ(edit_distance("analyse", "analyze"), 1u);
  EXPECT_EQ(edit_distance("clas", "class"), 1u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

// A slip of the keyboard names what was meant; a word far from every name names nothing.
TEST(Suggest, TheNearestNameOfASlipAndNoneOfAStranger) {
  std::vector<std::string> commands = {"analyze", "coverage", "test", "generate"};
  EXPECT_EQ(nearest("analyse", commands), "analyze");
  EXPECT_EQ(nearest("genrate", commands), "generate");
  EXPECT_EQ(nearest("frobnicate", commands), "");
  std::vector<std::string> options = {"--class", "--max-tokens", "--max-tokens-total", "-h"};
  EXPECT_EQ(nearest("--clas", options), "--class");
  EXPECT_EQ(nearest("--max-tok", options), "--max-tokens");  // cut short
  EXPECT_EQ(nearest("--x", options), "");                    // the dashes alone are no likeness
  EXPECT_EQ(nearest("", options), "");
}

}  // namespace
}  // namespace panta
