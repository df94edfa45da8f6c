// A reproducer's marker and its disabling annotation (junit/reproducer.h), and the defects test
// class made from a test class (TestFile::with_class_name).
#include "junit/reproducer.h"

#include <gtest/gtest.h>

namespace panta::junit {
namespace {

const char* kMarked =
    "  // The range is closed.\n"
    "  // Suspected defect: line 42 - excludes the upper bound; the Javadoc says inclusive\n"
    "  @Test\n"
    "  void upperBound() {\n"
    "    assertTrue(Range.of(1, 5).contains(5));\n"
    "  }";

TEST(Reproducer, TheMarkerAboveTheFirstAnnotationGivesTheClaimAndItsLine) {
  auto claim = reproducer_mark(kMarked);
  ASSERT_TRUE(claim.has_value());
  EXPECT_EQ(claim->first_line, 42u);
  EXPECT_EQ(claim->last_line, 42u);
  EXPECT_EQ(claim->claim, "excludes the upper bound; the Javadoc says inclusive");
  auto range = reproducer_mark("// Suspected defect: lines 4-6 - rounds down\n@Test void t() {}");
  ASSERT_TRUE(range.has_value());
  EXPECT_EQ(range->first_line, 4u);
  EXPECT_EQ(range->last_line, 6u);
}

TEST(Reproducer, AClaimWithoutALineIsTakenWithLineZero) {
  auto claim = reproducer_mark("// Suspected defect: rejects an empty name\n@Test\nvoid t() {}");
  ASSERT_TRUE(claim.has_value());
  EXPECT_EQ(claim->first_line, 0u);
  EXPECT_EQ(claim->claim, "rejects an empty name");
  EXPECT_EQ(defect_text(*claim), "rejects an empty name");
}

// Only the comments right above the test count: a marker in its body, in a string or one that
// is only similar is no marker.
TEST(Reproducer, NothingElseMakesATestAReproducer) {
  EXPECT_FALSE(reproducer_mark("@Test\nvoid t() {\n  // Suspected defect: line 3 - x\n}"));
  EXPECT_FALSE(reproducer_mark("@Test\nvoid t() { String s = \"// Suspected defect: x\"; }"));
  EXPECT_FALSE(reproducer_mark("// suspected a defect at line 3\n@Test\nvoid t() {}"));
  EXPECT_FALSE(reproducer_mark("// Suspected defect:\n@Test\nvoid t() {}"));  // no claim
  EXPECT_FALSE(reproducer_mark("@Test\nvoid t() {}"));
  // In a block comment above it, it is not the marker's form either.
  EXPECT_FALSE(reproducer_mark("/* Suspected defect: line 3 - x */\n@Test\nvoid t() {}"));
}

TEST(Reproducer, TheMarkerCanBeTakenOutAndPutBack) {
  std::string plain = without_reproducer_mark(kMarked);
  EXPECT_EQ(plain.find("Suspected defect"), std::string::npos) << plain;
  EXPECT_NE(plain.find("// The range is closed.\n  @Test"), std::string::npos) << plain;
  EXPECT_FALSE(reproducer_mark(plain));
  std::string back = with_reproducer_mark(plain, *reproducer_mark(kMarked));
  EXPECT_EQ(reproducer_mark(back)->claim, reproducer_mark(kMarked)->claim);
  EXPECT_TRUE(back.starts_with("  // Suspected defect: line 42 - excludes")) << back;
  EXPECT_EQ(with_reproducer_mark(kMarked, {1, 1, "other"}), kMarked);  // it has one already
}

TEST(Reproducer, AConfirmedOneIsDisabledWithItsClaimAsTheReason) {
  auto claim = *reproducer_mark(kMarked);
  claim.claim = "says \"inclusive\" \\ excludes";
  std::string five = disabled_as_defect(kMarked, claim, JUnitVersion::k5);
  EXPECT_NE(five.find("inclusive\n  @Disabled(\"suspected defect: line 42: says \\\"inclusive\\\" "
                      "\\\\ excludes\")\n  @Test\n"),
            std::string::npos)
      << five;
  EXPECT_EQ(disabled_as_defect(five, claim, JUnitVersion::k5), five);  // once
  std::string four = disabled_as_defect(kMarked, claim, JUnitVersion::k4);
  EXPECT_NE(four.find("  @Ignore(\"suspected defect: line 42: "), std::string::npos) << four;
  EXPECT_EQ(defect_disabling_import(JUnitVersion::k4), "import org.junit.Ignore;");
  EXPECT_EQ(defect_disabling_import(JUnitVersion::k5), "import org.junit.jupiter.api.Disabled;");
  // Enabled again, for a run: the user's own @Disabled stays.
  EXPECT_EQ(enabled_again(five), kMarked);
  std::string users = "@Disabled(\"flaky on CI\")\n@Test\nvoid t() {}";
  EXPECT_EQ(enabled_again(users), users);
}

TEST(TestFile, WithClassNameRenamesTheClassAndItsConstructors) {
  auto file = TestFile::parse(
      "package p;\n\nclass FooTest {\n  private final int n;\n\n  FooTest() {\n    n = 1;\n  }\n"
      "\n  @Test\n  void t() {}\n}\n");
  ASSERT_TRUE(file.ok());
  TestFile renamed = file->without_tests().with_class_name("FooDefectsTest");
  EXPECT_EQ(renamed.text(),
            "package p;\n\nclass FooDefectsTest {\n  private final int n;\n\n  FooDefectsTest() {\n"
            "    n = 1;\n  }\n}\n");
}

}  // namespace
}  // namespace panta::junit
