#include "java/source_text.h"

#include <gtest/gtest.h>

namespace panta::java {
namespace {

TEST(SourceText, LinesAreOneBasedWithoutTerminators) {
  SourceText s("a.java", "a\nbc\r\nd");
  EXPECT_EQ(s.line_count(), 3u);
  EXPECT_EQ(s.line(1), "a");
  EXPECT_EQ(s.line(2), "bc");
  EXPECT_EQ(s.line(3), "d");
  EXPECT_EQ(s.line(4), "");
  EXPECT_EQ(s.line_of(0), 1u);
  EXPECT_EQ(s.line_of(2), 2u);
  EXPECT_EQ(s.line_of(6), 3u);
}

TEST(SourceText, SliceIsClamped) {
  SourceText s("a.java", "hello");
  EXPECT_EQ(s.slice(1, 3), "el");
  EXPECT_EQ(s.slice(3, 100), "lo");
  EXPECT_EQ(s.slice(10, 20), "");
}

TEST(Utf8, FindsFirstMalformedSequence) {
  EXPECT_FALSE(find_invalid_utf8("plain ascii").has_value());
  EXPECT_FALSE(find_invalid_utf8("gr\xC3\xBC\xC3\x9F \xE2\x82\xAC \xF0\x9F\x98\x80").has_value());
  EXPECT_EQ(find_invalid_utf8("ab\xFF"), 2u);
  EXPECT_EQ(find_invalid_utf8("ab\xC3"), 2u);         // truncated
  EXPECT_EQ(find_invalid_utf8("\xC0\xAF"), 0u);       // overlong
  EXPECT_EQ(find_invalid_utf8("x\xED\xA0\x80"), 1u);  // surrogate
}

TEST(CollapseWhitespace, JoinsRunsAndTrims) {
  EXPECT_EQ(collapse_whitespace("  for (int i = 0;\n\t i < n; i++)  "),
            "for (int i = 0; i < n; i++)");
  EXPECT_EQ(collapse_whitespace("abcdef", 3), "abc...");
  // Never cuts inside a UTF-8 character.
  EXPECT_EQ(collapse_whitespace("a\xC3\xBC", 2), "a...");
}

}  // namespace
}  // namespace panta::java
