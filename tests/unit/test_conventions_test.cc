// A new test class is written as the project's other test files are (issue 25: new files were
// always 2-space indented, with no licence header where every test file had one).
#include "engine/test_conventions.h"

#include <gtest/gtest.h>

#include "junit/test_file.h"
#include "test_support.h"

namespace panta::engine {
namespace {

const char* const kHeader = "/*\n * Copyright the Acme authors.\n */\n";

TEST(TestConventions, TheIndentationAndHeaderMostTestFilesHave) {
  std::string tabbed = std::string(kHeader) +
                       "package a;\n\nclass ATest {\n\t@Test\n\tvoid t() {\n\t\tx();\n\t}\n}\n";
  std::string spaced = "package a;\n\nclass BTest {\n    @Test void t() {}\n}\n";
  TestConventions c = learn_conventions({tabbed, tabbed, spaced});
  EXPECT_EQ(c.style.member_indent, "\t");
  EXPECT_EQ(c.header, kHeader);
  // A header only one file of three has is no convention; without files, the defaults.
  TestConventions few = learn_conventions({tabbed, spaced, spaced});
  EXPECT_EQ(few.style.member_indent, "    ");
  EXPECT_EQ(few.header, "");
  EXPECT_EQ(learn_conventions({}).style.member_indent, "  ");
}

// An answer's spaced method lands in a tab-indented class level by level in tabs.
TEST(TestConventions, AnAnswersLevelsTakeTheFilesIndentation) {
  auto file =
      junit::TestFile::parse(junit::test_class_skeleton("a", "ATest", junit::JUnitVersion::k5));
  ASSERT_TRUE(file.ok());
  file->set_style({"\t", false});
  auto answer = junit::extract_tests(
      "```java\n@Test\nvoid sums() {\n    if (true) {\n        assertEquals(2, 1 + 1);\n    "
      "}\n}\n```\n");
  ASSERT_TRUE(answer.ok());
  file->add_tests({{answer->tests[0], &*answer}});
  EXPECT_NE(
      file->text().find("\t@Test\n\tvoid sums() {\n\t\tif (true) {\n\t\t\tassertEquals(2, 1 + "
                        "1);\n\t\t}\n\t}\n"),
      std::string::npos)
      << file->text();
}

// Spring's test files put static imports last; a new file then does too, and so does an
// answer's static import in a file that had none.
TEST(TestConventions, StaticImportsGoWhereMostTestFilesPutThem) {
  std::string last =
      "package a;\n\nimport org.junit.jupiter.api.Test;\n\nimport static x.Y.z;\n\n"
      "class ATest {}\n";
  std::string first =
      "package a;\n\nimport static x.Y.z;\n\nimport org.junit.jupiter.api.Test;\n\n"
      "class BTest {}\n";
  std::string one_kind = "package a;\n\nimport org.junit.jupiter.api.Test;\n\nclass CTest {}\n";
  EXPECT_TRUE(learn_conventions({last, last, first, one_kind, one_kind}).style.static_imports_last);
  EXPECT_FALSE(learn_conventions({last, first, first}).style.static_imports_last);
  EXPECT_FALSE(learn_conventions({one_kind}).style.static_imports_last);
  std::string made = junit::test_class_skeleton("a", "DTest", junit::JUnitVersion::k5, true);
  EXPECT_NE(made.find("import org.junit.jupiter.api.Test;\n\nimport static "
                      "org.junit.jupiter.api.Assertions.*;\n\nclass DTest"),
            std::string::npos)
      << made;
  auto file = junit::TestFile::parse(one_kind);
  ASSERT_TRUE(file.ok());
  file->set_style({"  ", true});
  auto answer = junit::extract_tests(
      "```java\nimport static org.assertj.core.api.Assertions.assertThat;\n@Test\nvoid t() {\n"
      "  assertThat(1).isOne();\n}\n```\n");
  ASSERT_TRUE(answer.ok());
  file->add_tests({{answer->tests[0], &*answer}});
  EXPECT_NE(file->text().find("import org.junit.jupiter.api.Test;\n\nimport static "
                              "org.assertj.core.api.Assertions.assertThat;\n\nclass CTest"),
            std::string::npos)
      << file->text();
}

}  // namespace
}  // namespace panta::engine
