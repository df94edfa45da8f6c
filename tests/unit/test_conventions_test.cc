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
  EXPECT_EQ(c.indent, "\t");
  EXPECT_EQ(c.header, kHeader);
  // A header only one file of three has is no convention; without files, the defaults.
  TestConventions few = learn_conventions({tabbed, spaced, spaced});
  EXPECT_EQ(few.indent, "    ");
  EXPECT_EQ(few.header, "");
  EXPECT_EQ(learn_conventions({}).indent, "  ");
}

// An answer's spaced method lands in a tab-indented class level by level in tabs.
TEST(TestConventions, AnAnswersLevelsTakeTheFilesIndentation) {
  auto file =
      junit::TestFile::parse(junit::test_class_skeleton("a", "ATest", junit::JUnitVersion::k5));
  ASSERT_TRUE(file.ok());
  file->set_member_indent("\t");
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

}  // namespace
}  // namespace panta::engine
