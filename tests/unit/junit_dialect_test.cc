#include "junit/junit_dialect.h"

#include <gtest/gtest.h>

namespace panta::junit {
namespace {

ExtractedTests extracted(const std::string& java) {
  auto r = extract_tests("```java\n" + java + "\n```\n");
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : ExtractedTests{};
}

std::string code_of(const ExtractedTests& e, const std::string& name) {
  for (const auto& t : e.tests) {
    if (t.name == name) return t.code;
  }
  for (const auto& [key, code] : e.members) {
    if (key.name.find(name) != std::string::npos) return code;
  }
  return "";
}

TEST(JUnitDialect, TellsTheGenerationFromImportsElseFromWhatOnlyOneHas) {
  EXPECT_EQ(junit_version_of({"import org.junit.Test;"}), JUnitVersion::k4);
  EXPECT_EQ(junit_version_of({"import static org.junit.jupiter.api.Assertions.*;"}),
            JUnitVersion::k5);
  EXPECT_EQ(junit_version_of({"import java.util.List;"}), std::nullopt);
  EXPECT_EQ(answer_version(extracted("@Before public void s() {}\n@Test public void t() {}")),
            JUnitVersion::k4);
  EXPECT_EQ(answer_version(extracted("@BeforeEach void s() {}\n@Test void t() {}")),
            JUnitVersion::k5);
  EXPECT_EQ(answer_version(extracted("@Test void t() { assertTrue(true); }")), std::nullopt);
}

TEST(JUnitDialect, AJUnit4AnswerBecomesJUnit5) {
  ExtractedTests e = extracted(R"(import static org.junit.Assert.*;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Ignore;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.mockito.junit.MockitoJUnitRunner;

@RunWith(MockitoJUnitRunner.class)
public class T {
  @Before public void setUp() {}
  @BeforeClass public static void once() {}

  @Test
  public void messages() {
    assertEquals("sum", 3, 1 + 2);
    assertEquals(1.0, 1.01, 0.1);
    assertEquals("close", 1.0, 1.01, 0.1);
    assertTrue("yes", true);
    Assert.assertNotNull("there", new Object());
    assertThat("text", "abc", org.hamcrest.Matchers.startsWith("a"));
    assertSame(this, this);
  }

  @Ignore("later")
  @Test(expected = IllegalStateException.class)
  public void throwsIt() {
    throw new IllegalStateException();
  }

  @Test(timeout = 500)
  public void quick() {
    int x = 1;
  }
})");
  auto notes = convert_answer(e, JUnitVersion::k5);
  ASSERT_EQ(notes.size(), 1u);
  std::string m = code_of(e, "messages");
  EXPECT_NE(m.find("assertEquals(3, 1 + 2, \"sum\");"), std::string::npos) << m;
  EXPECT_NE(m.find("assertEquals(1.0, 1.01, 0.1);"), std::string::npos) << m;
  EXPECT_NE(m.find("assertEquals(1.0, 1.01, 0.1, \"close\");"), std::string::npos) << m;
  EXPECT_NE(m.find("assertTrue(true, \"yes\");"), std::string::npos) << m;
  EXPECT_NE(m.find("Assertions.assertNotNull(new Object(), \"there\");"), std::string::npos) << m;
  EXPECT_NE(m.find("assertThat(\"text\", \"abc\""), std::string::npos) << m;  // Hamcrest's order
  EXPECT_NE(m.find("assertSame(this, this);"), std::string::npos) << m;
  std::string t = code_of(e, "throwsIt");
  EXPECT_NE(t.find("@Disabled(\"later\")\n"), std::string::npos) << t;
  EXPECT_NE(t.find("@Test\n"), std::string::npos) << t;
  EXPECT_NE(t.find("    assertThrows(IllegalStateException.class, () -> {\n"
                   "      throw new IllegalStateException();\n    });"),
            std::string::npos)
      << t;
  EXPECT_NE(code_of(e, "quick").find("assertTimeoutPreemptively(Duration.ofMillis(500), () -> {"),
            std::string::npos);
  EXPECT_NE(code_of(e, "setUp").find("@BeforeEach"), std::string::npos);
  EXPECT_NE(code_of(e, "once").find("@BeforeAll"), std::string::npos);
  EXPECT_EQ(e.class_annotations, (std::vector<std::string>{"@ExtendWith(MockitoExtension.class)"}));
  auto has = [&e](const std::string& i) {
    return std::find(e.imports.begin(), e.imports.end(), i) != e.imports.end();
  };
  EXPECT_TRUE(has("import static org.junit.jupiter.api.Assertions.*;"));
  EXPECT_TRUE(has("import static org.hamcrest.MatcherAssert.assertThat;"));
  EXPECT_TRUE(has("import org.junit.jupiter.api.BeforeEach;"));
  EXPECT_TRUE(has("import org.junit.jupiter.api.Disabled;"));
  EXPECT_TRUE(has("import org.junit.jupiter.api.extension.ExtendWith;"));
  EXPECT_TRUE(has("import org.mockito.junit.jupiter.MockitoExtension;"));
  EXPECT_TRUE(has("import java.time.Duration;"));
  EXPECT_FALSE(has("import org.junit.Test;"));
}

TEST(JUnitDialect, AJUnit5AnswerBecomesJUnit4) {
  ExtractedTests e = extracted(R"(import static org.junit.jupiter.api.Assertions.*;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

class T {
  @BeforeEach
  void setUp() {}

  @Test
  @DisplayName("adds")
  void adds() {
    assertEquals(3, 1 + 2, "sum");
    assertEquals(1.0, 1.01, 0.1);
    assertTrue(true, () -> "lazy " + 1);
    assertThrows(IllegalStateException.class, () -> { throw new IllegalStateException(); }, "boom");
  }

  @Disabled
  @Test
  protected void off() {}
})");
  convert_answer(e, JUnitVersion::k4);
  std::string a = code_of(e, "adds");
  EXPECT_EQ(a.find("DisplayName"), std::string::npos) << a;
  EXPECT_NE(a.find("@Test\n  public void adds()"), std::string::npos) << a;
  EXPECT_NE(a.find("assertEquals(\"sum\", 3, 1 + 2);"), std::string::npos) << a;
  EXPECT_NE(a.find("assertEquals(1.0, 1.01, 0.1);"), std::string::npos) << a;
  EXPECT_NE(a.find("assertTrue(\"lazy \" + 1, true);"), std::string::npos) << a;
  EXPECT_NE(a.find("assertThrows(\"boom\", IllegalStateException.class"), std::string::npos) << a;
  EXPECT_NE(code_of(e, "off").find("@Ignore\n  @Test\n  public void off()"), std::string::npos)
      << code_of(e, "off");
  EXPECT_NE(code_of(e, "setUp").find("@Before\n  public void setUp()"), std::string::npos);
  auto has = [&e](const std::string& i) {
    return std::find(e.imports.begin(), e.imports.end(), i) != e.imports.end();
  };
  EXPECT_TRUE(has("import static org.junit.Assert.*;"));
  EXPECT_TRUE(has("import org.junit.Test;"));
  EXPECT_TRUE(has("import org.junit.Before;"));
  EXPECT_TRUE(has("import org.junit.Ignore;"));
}

TEST(JUnitDialect, AnAnswerOfTheFilesGenerationIsLeftAlone) {
  ExtractedTests e = extracted("import org.junit.jupiter.api.Test;\nclass T { @Test void t() {} }");
  ExtractedTests before = e;
  EXPECT_TRUE(convert_answer(e, JUnitVersion::k5).empty());
  EXPECT_EQ(e.tests[0].code, before.tests[0].code);
  EXPECT_EQ(e.imports, before.imports);
}

// JUnit 4 written in full in a JUnit 5 answer (issue 25: three repair prompts, then dropped):
// the names that say their generation are converted, the rest is left as it is.
TEST(JUnitDialect, JUnit4NamesWrittenInFullAreConvertedInAJUnit5Answer) {
  ExtractedTests e = extracted(R"(import org.junit.jupiter.api.Test;
class T {
  @org.junit.Test
  public void four() {
    org.junit.Assert.assertEquals("sum", 3, 1 + 2);
    org.junit.Assert.assertTrue(true);
  }

  @org.junit.Test(expected = IllegalStateException.class)
  public void throwsIt() {
    throw new IllegalStateException();
  }

  @Test
  void five() {
    assertEquals(3, 1 + 2, "sum");
  }
}
)");
  EXPECT_EQ(convert_answer(e, JUnitVersion::k5),
            std::vector<std::string>{"JUnit 4 names written in full, converted to JUnit 5"});
  std::string four = code_of(e, "four");
  EXPECT_NE(four.find("@org.junit.jupiter.api.Test\n"), std::string::npos) << four;
  EXPECT_NE(four.find("org.junit.jupiter.api.Assertions.assertEquals(3, 1 + 2, \"sum\");"),
            std::string::npos)
      << four;
  EXPECT_NE(four.find("org.junit.jupiter.api.Assertions.assertTrue(true);"), std::string::npos)
      << four;
  std::string thrown = code_of(e, "throwsIt");
  EXPECT_NE(thrown.find("@org.junit.jupiter.api.Test\n"), std::string::npos) << thrown;
  EXPECT_NE(
      thrown.find("org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class"),
      std::string::npos)
      << thrown;
  EXPECT_EQ(code_of(e, "five"),
            "@Test\n  void five() {\n    assertEquals(3, 1 + 2, \"sum\");\n  }");
  EXPECT_EQ(e.imports, std::vector<std::string>{"import org.junit.jupiter.api.Test;"});
}

}  // namespace
}  // namespace panta::junit
