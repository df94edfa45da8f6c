#include "engine/class_under_test.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace panta::engine {
namespace {

TEST(ClassUnderTest, MethodsOfPrivateNestedClassesAreSaidToBeReachedThroughTheOuterClass) {
  test::TempDir dir;
  dir.write("src/a/Outer.java", R"(package a;
public class Outer {
  public int twice(String s) { return Parser.parse(s) * 2; }
  private static final class Parser {
    static int parse(String s) { if (s.isEmpty()) return 0; return Integer.parseInt(s); }
  }
  static final class Open {
    int size(String s) { if (s == null) return 0; return s.length(); }
  }
}
)");
  project::Project p;
  p.root = dir.path();
  p.src_dir = dir.path() + "/src";
  p.test_dir = dir.path() + "/test";
  auto cut = ClassUnderTest::load(p, "a.Outer", "");
  ASSERT_TRUE(cut.ok()) << cut.error().message;
  ASSERT_EQ(cut->unreachable_notes.size(), 1u);
  EXPECT_EQ(cut->unreachable_notes.begin()->first, "Outer.Parser.parse(String)");
  EXPECT_NE(cut->unreachable_notes.begin()->second.find("reach it through `Outer`'s own methods"),
            std::string::npos);
}

}  // namespace
}  // namespace panta::engine
