#include "engine/class_under_test.h"

#include <gtest/gtest.h>

#include "engine/events.h"
#include "test_support.h"

namespace panta::engine {
namespace {

// A plain layout in `dir`: sources in src/, tests in test/.
project::Project project_in(const test::TempDir& dir) {
  project::Project p;
  p.root = dir.path();
  p.src_dir = dir.path() + "/src";
  p.test_dir = dir.path() + "/test";
  return p;
}

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
  project::Project p = project_in(dir);
  auto cut = ClassUnderTest::load(p, "a.Outer", "");
  ASSERT_TRUE(cut.ok()) << cut.error().message;
  ASSERT_EQ(cut->unreachable_notes.size(), 1u);
  EXPECT_EQ(cut->unreachable_notes.begin()->first, "Outer.Parser.parse(String)");
  EXPECT_NE(cut->unreachable_notes.begin()->second.find("reach it through `Outer`'s own methods"),
            std::string::npos);
}

// A method the grammar cannot parse is named, never dropped silently (issue 25): the class
// loads with the others, the run's first line and its report say which and why.
TEST(ClassUnderTest, AMethodThatDoesNotParseIsNamedWithWhy) {
  test::TempDir dir;
  dir.write("src/a/Half.java", R"(package a;
public class Half {
  public int fine(int x) { if (x > 0) return 1; return 0; }
  public int broken(int x) {
    return x +* 2;
  }
}
)");
  project::Project p = project_in(dir);
  auto cut = ClassUnderTest::load(p, "a.Half", "");
  ASSERT_TRUE(cut.ok()) << cut.error().message;
  EXPECT_EQ(cut->methods.size(), 1u);
  ASSERT_EQ(cut->not_analysed.size(), 1u);
  EXPECT_EQ(cut->not_analysed[0].rfind("Half.broken(int) (line 4): syntax error at 5:", 0), 0u)
      << cut->not_analysed[0];
  std::string said = render(event::ClassLoaded{"a.Half", 1, 2, 0, 0, cut->not_analysed});
  EXPECT_NE(said.find("; 1 method not analysed, so no test is asked for them:\n  Half.broken(int) "
                      "(line 4)"),
            std::string::npos)
      << said;
}

}  // namespace
}  // namespace panta::engine
