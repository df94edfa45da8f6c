#include "engine/parsed_java.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace panta::engine {
namespace {

TEST(ParsedJava, EachFileIsParsedOnceAndItsPackageReadFromTheTree) {
  test::TempDir dir;
  std::string file = dir.write("a/T.java", "/* package x; */\npackage a.b;\nclass T {}\n");
  ParsedFiles files("UTF-8");
  const Parsed* first = files.get(file);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(files.get(file), first);  // the same parse, not a second read
  EXPECT_EQ(package_of(*first), "a.b");
  EXPECT_EQ(files.get(dir.path() + "/missing.java"), nullptr);
  auto plain = parse("class U {}\n");
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(package_of(*plain), "");
}

}  // namespace
}  // namespace panta::engine
