#include "junit/test_file.h"

#include <gtest/gtest.h>

namespace panta::junit {
namespace {

const std::string kExisting = R"(package org.example;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class CartTest {
  @Test
  void empty() {
    assertEquals(0, new Cart().total());
  }
}
)";

TEST(Skeleton, JUnit5AndJUnit4) {
  std::string five = test_class_skeleton("org.example", "CartTest", JUnitVersion::k5);
  EXPECT_NE(five.find("package org.example;"), std::string::npos);
  EXPECT_NE(five.find("import org.junit.jupiter.api.Test;"), std::string::npos);
  EXPECT_NE(five.find("class CartTest {\n}"), std::string::npos);
  std::string four = test_class_skeleton("", "CartTest", JUnitVersion::k4);
  EXPECT_EQ(four.find("package"), std::string::npos);
  EXPECT_NE(four.find("import org.junit.Test;"), std::string::npos);
  EXPECT_NE(four.find("public class CartTest"), std::string::npos);
  EXPECT_TRUE(TestFile::parse(five).ok());
}

TEST(Extract, WholeClassInAFencedBlockWithProse) {
  auto r = extract_tests(R"(Here are tests for the coupon path:

```java
package other.pkg;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SomethingElseTest {
  private Cart cart;

  @BeforeEach
  void setUp() { cart = new Cart(); }

  @Test
  void coupon() {
    assertTrue(cart.applyCoupon("SAVE10"));
  }

  private static int helper() { return 1; }
}
```
These cover line 57.)");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->tests.size(), 1u);
  EXPECT_EQ(r->tests[0].name, "coupon");
  EXPECT_EQ(r->imports, (std::vector<std::string>{"import java.util.List;",
                                                  "import org.junit.jupiter.api.BeforeEach;",
                                                  "import org.junit.jupiter.api.Test;"}));
  ASSERT_EQ(r->members.size(), 3u);  // field, setUp, helper
  EXPECT_EQ(r->members[0].key.text(), "field:cart");
  EXPECT_EQ(r->members[1].key.text(), "method:setUp()");
}

TEST(Extract, LooseMethodsWithoutAClass) {
  auto r = extract_tests(
      "```\nimport java.util.Map;\n\n@Test\nvoid a() { assertEquals(1, 1); }\n\n@Test\nvoid b() "
      "{}\n```\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->tests.size(), 2u);
  EXPECT_EQ(r->tests[1].name, "b");
  EXPECT_EQ(r->imports, std::vector<std::string>{"import java.util.Map;"});
}

TEST(Extract, TruncatedAnswerKeepsTheCompleteMethods) {
  auto r = extract_tests(
      "```java\nclass T {\n  @Test void whole() { assertTrue(true); }\n  @Test void cut() {\n    "
      "assertEquals(");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->tests.size(), 1u);
  EXPECT_EQ(r->tests[0].name, "whole");
  EXPECT_FALSE(r->notes.empty());
}

TEST(Extract, NoCodeIsAnErrorThatSaysWhy) {
  EXPECT_EQ(extract_tests("").error().message, "the answer is empty");
  EXPECT_NE(extract_tests("I cannot help with that.").error().message.find("no code block"),
            std::string::npos);
  EXPECT_NE(extract_tests("```java\nclass T { void notATest() {} }\n```")
                .error()
                .message.find("no test method"),
            std::string::npos);
  // Without fences but with tests, the whole answer is read as Java.
  auto bare = extract_tests("@Test\nvoid plain() { }\n");
  ASSERT_TRUE(bare.ok());
  EXPECT_EQ(bare->tests[0].name, "plain");
}

TEST(TestFile, AddsTestsImportsAndMembersAndRenamesTakenNames) {
  auto f = TestFile::parse(kExisting);
  ASSERT_TRUE(f.ok());
  auto r = extract_tests(R"(```java
import java.util.List;
import org.junit.jupiter.api.Test;
class X {
  private Cart cart = new Cart();
  @Test
  void empty() {
    assertEquals(0, cart.size());
  }
}
```)");
  ASSERT_TRUE(r.ok());
  std::string name = f->add_test(r->tests[0], *r);
  EXPECT_EQ(name, "empty2");
  EXPECT_EQ(f->test_names(), (std::vector<std::string>{"empty", "empty2"}));
  const std::string& t = f->text();
  EXPECT_EQ(t.find("import java.util.List;"), std::string::npos);  // nothing added uses it
  EXPECT_EQ(t.find("import org.junit.jupiter.api.Test;"),
            t.rfind("import org.junit.jupiter.api.Test;"));
  EXPECT_NE(t.find("  private Cart cart = new Cart();"), std::string::npos);
  EXPECT_NE(t.find("  @Test\n  void empty2() {\n    assertEquals(0, cart.size());\n  }\n"),
            std::string::npos)
      << t;
  EXPECT_TRUE(TestFile::parse(t).ok());
  // A second test using the same field does not add it twice.
  f->add_test({"other", "@Test\nvoid other() { cart.size(); }"}, *r);
  EXPECT_EQ(f->text().find("private Cart cart"), f->text().rfind("private Cart cart"));
}

TEST(TestFile, RemovesATestAndLeavesTheRest) {
  auto f = TestFile::parse(kExisting);
  ASSERT_TRUE(f.ok());
  f->add_test({"second", "@Test\nvoid second() {\n  assertTrue(true);\n}"}, {});
  ASSERT_EQ(f->test_names().size(), 2u);
  EXPECT_TRUE(f->remove_test("second"));
  EXPECT_FALSE(f->remove_test("second"));
  EXPECT_EQ(f->text(), kExisting);
  EXPECT_EQ(f->test_code("empty").rfind("@Test", 0), 0u);
}

TEST(Extract, AWholeTestWithASyntaxErrorIsKeptForJavac) {
  auto r = extract_tests(
      "```java\nclass T {\n  @Test void missingSemicolon() {\n    assertTrue(true)\n  }\n}\n```");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->tests.size(), 1u);
  EXPECT_EQ(r->tests[0].name, "missingSemicolon");
}

TEST(TestFile, FindsATestWithTheSameBody) {
  auto f = TestFile::parse(kExisting);
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f->same_test_as(
                {"again", "@Test\nvoid again() {\n  assertEquals(0,   new Cart().total());\n}"}),
            "empty");
  EXPECT_EQ(f->same_test_as({"other", "@Test\nvoid other() { assertEquals(1, 1); }"}), "");
}

TEST(TestFile, OverloadedHelpersAreBothAdded) {
  auto f = TestFile::parse(kExisting);
  ASSERT_TRUE(f.ok());
  auto r = extract_tests(
      "```java\nclass X {\n  static Cart make(int n) { return new Cart(); }\n"
      "  static Cart make(String s) { return new Cart(); }\n"
      "  @Test void t() { make(1); make(\"a\"); }\n}\n```");
  ASSERT_TRUE(r.ok());
  f->add_test(r->tests[0], *r);
  EXPECT_NE(f->text().find("make(int n)"), std::string::npos);
  EXPECT_NE(f->text().find("make(String s)"), std::string::npos);
}

TEST(TestFile, RejectsFilesWithoutAClass) {
  EXPECT_FALSE(TestFile::parse("package x;\n").ok());
}

}  // namespace
TEST(TestFile, ImportsTheAssertionsALooseTestCallsUnqualified) {
  auto f = TestFile::parse(
      "package p;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\n\n"
      "import org.junit.jupiter.api.Test;\n\nclass CartTest {\n  boolean check(int x) { return "
      "x > 0; }\n}\n");
  ASSERT_TRUE(f.ok());
  auto r = extract_tests(
      "```java\n@Test\nvoid t() {\n  assertTrue(check(1));\n  assertEquals(1, 1);\n  "
      "Assertions.assertFalse(false);\n  assertThrows(RuntimeException.class, () -> { throw new "
      "RuntimeException(); });\n  assertSomethingUnknown();\n  check(2);\n}\n```\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  f->add_test(r->tests[0], *r);
  const std::string& t = f->text();
  EXPECT_NE(t.find("import static org.junit.jupiter.api.Assertions.assertTrue;"), std::string::npos)
      << t;
  EXPECT_NE(t.find("import static org.junit.jupiter.api.Assertions.assertThrows;"),
            std::string::npos);
  EXPECT_EQ(t.find("Assertions.assertFalse;"), std::string::npos);  // called qualified
  EXPECT_EQ(t.find("assertSomethingUnknown;"), std::string::npos);
  EXPECT_EQ(t.find("Assertions.assertEquals;"), t.rfind("Assertions.assertEquals;"));
  EXPECT_TRUE(TestFile::parse(t).ok());

  // JUnit 4 files get org.junit.Assert; a wildcard import already covers everything.
  auto four = TestFile::parse("import org.junit.Test;\n\npublic class ATest {\n}\n");
  ASSERT_TRUE(four.ok());
  four->add_test(r->tests[0], *r);
  EXPECT_NE(four->text().find("import static org.junit.Assert.assertTrue;"), std::string::npos)
      << four->text();
  auto wild = TestFile::parse(
      "import static org.junit.jupiter.api.Assertions.*;\nimport org.junit.jupiter.api.Test;\n"
      "class ATest {\n}\n");
  ASSERT_TRUE(wild.ok());
  wild->add_test(r->tests[0], *r);
  EXPECT_EQ(wild->text().find("Assertions.assertTrue;"), std::string::npos) << wild->text();
}

TEST(TestFile, AddsOnlyTheHelpersATestUsesAndTheSetup) {
  auto f = TestFile::parse(kExisting);
  ASSERT_TRUE(f.ok());
  auto r = extract_tests(R"(```java
class CartTest {
  private Cart cart;
  private int unusedCounter;
  @BeforeEach
  void setUp() { cart = fresh(); }
  private static Cart fresh() { return new Cart(); }
  private static Cart full() { return withItem(fresh()); }
  private static Cart withItem(Cart c) { return c; }
  @Test
  void usesSetupOnly() { assertEquals(0, cart.size()); }
  @Test
  void usesFull() { assertEquals(0, full().size()); }
}
```)");
  ASSERT_TRUE(r.ok()) << r.error().message;
  f->add_test(r->tests[0], *r);
  const std::string& t = f->text();
  EXPECT_NE(t.find("void setUp()"), std::string::npos) << t;
  EXPECT_NE(t.find("private Cart cart;"), std::string::npos);
  EXPECT_NE(t.find("Cart fresh()"), std::string::npos);  // setUp calls it
  EXPECT_EQ(t.find("full()"), std::string::npos);
  EXPECT_EQ(t.find("withItem"), std::string::npos);
  EXPECT_EQ(t.find("unusedCounter"), std::string::npos);
  f->add_test(r->tests[1], *r);  // now full() and what it calls come along
  EXPECT_NE(f->text().find("Cart full()"), std::string::npos);
  EXPECT_NE(f->text().find("Cart withItem(Cart c)"), std::string::npos);
  EXPECT_EQ(f->text().find("unusedCounter"), std::string::npos);
}

TEST(TestFile, FollowsTheFilesIndentationAndImportGroups) {
  auto f = TestFile::parse(
      "package p;\n\nimport java.util.List;\n\nclass FooTest {\n    @Test\n    void a() {\n"
      "        List.of();\n    }\n}\n");
  ASSERT_TRUE(f.ok());
  auto r = extract_tests(
      "```java\nimport static org.junit.jupiter.api.Assertions.*;\nimport "
      "org.junit.jupiter.api.Test;\nclass X {\n  @Test\n  void b() {\n    assertTrue(true);\n  "
      "}\n}\n```\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  f->add_test(r->tests[0], *r);
  const std::string& t = f->text();
  EXPECT_NE(t.find("    @Test\n    void b() {\n        assertTrue(true);\n    }\n"),
            std::string::npos)
      << t;
  EXPECT_LT(t.find("import static org.junit.jupiter.api.Assertions.*;"),
            t.find("import java.util.List;"))
      << t;
  EXPECT_GT(t.find("import org.junit.jupiter.api.Test;"), t.find("import java.util.List;")) << t;
  EXPECT_TRUE(TestFile::parse(t).ok());
}

TEST(TestFile, AWildcardOfAnotherClassDoesNotHideAMissingAssertionAndTextBlocksKeepTheirLines) {
  auto f = TestFile::parse(
      "import static org.junit.jupiter.api.Assertions.*;\nimport org.junit.jupiter.api.Test;\n\n"
      "class ATest {\n  @Test\n  void a() {\n  }\n}\n");
  ASSERT_TRUE(f.ok());
  auto r = extract_tests(
      "```java\n@Test\nvoid b() {\n    assertThat(1, org.hamcrest.Matchers.is(1));\n    String "
      "json = \"\"\"\n        {\n          \"a\": 1\n        }\n        \"\"\";\n    "
      "assertTrue(json.contains(\"a\"));\n}\n```\n");
  ASSERT_TRUE(r.ok()) << r.error().message;
  f->add_test(r->tests[0], *r);
  const std::string& t = f->text();
  EXPECT_NE(t.find("import static org.hamcrest.MatcherAssert.assertThat;"), std::string::npos) << t;
  EXPECT_EQ(t.find("Assertions.assertTrue;"), std::string::npos) << t;  // the wildcard has it
  EXPECT_NE(t.find("          {\n            \"a\": 1\n          }\n"), std::string::npos) << t;
}

TEST(TestFile, EveryKindOfTestAnnotationMakesATest) {
  auto f = TestFile::parse(
      "class T {\n  @Test void a() {}\n  @ParameterizedTest @ValueSource(ints = {1}) void b(int "
      "x) {}\n  @RepeatedTest(3) void c() {}\n  @org.junit.jupiter.api.TestFactory "
      "Stream<DynamicTest> d() { return null; }\n  @BeforeEach void setUp() {}\n  void "
      "helper() {}\n}\n");
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f->test_names(), (std::vector<std::string>{"a", "b", "c", "d"}));
}

TEST(TestFile, AHelperIsNotTakenForALongerNameThatStartsWithItsName) {
  auto f = TestFile::parse(kExisting);
  ASSERT_TRUE(f.ok());
  auto r = extract_tests(
      "```java\nclass X {\n  static Cart make() { return new Cart(); }\n"
      "  static Cart makeFull() { return new Cart(); }\n  static int _make = 1;\n"
      "  @Test void t() { assertEquals(0, makeFull().size()); }\n}\n```");
  ASSERT_TRUE(r.ok()) << r.error().message;
  f->add_test(r->tests[0], *r);
  EXPECT_NE(f->text().find("static Cart makeFull()"), std::string::npos) << f->text();
  EXPECT_EQ(f->text().find("static Cart make()"), std::string::npos) << f->text();
  EXPECT_EQ(f->text().find("_make"), std::string::npos) << f->text();
}

// A test file without its tests keeps its other lines; their numbers map back to the file's.
TEST(LineMap, LinesOfTheFileWithoutItsTestsMapBackToTheFilesLines) {
  auto f = TestFile::parse(
      "class T {\n  @Test\n  void a() {\n    x();\n  }\n\n  int helper() {\n    return "
      "1;\n  }\n}\n");
  ASSERT_TRUE(f.ok());
  LineMap map;
  TestFile without = f->without_tests(&map);
  EXPECT_EQ(without.text(), "class T {\n\n  int helper() {\n    return 1;\n  }\n}\n");
  EXPECT_EQ(map.original(1), 1u);
  EXPECT_EQ(map.original(2), 6u);  // the first line after the removed ones
  EXPECT_EQ(map.original(3), 7u);
  EXPECT_EQ(map.original(6), 10u);
}

TEST(TestFile, AViewShowsTheTestsWhatTheyUseAndTheClassAroundThem) {
  auto f = TestFile::parse(
      "package p;\n"                // 1
      "\n"                          // 2
      "class T {\n"                 // 3
      "  private int used = 1;\n"   // 4
      "  private int other = 2;\n"  // 5
      "\n"                          // 6
      "  @Test\n"                   // 7
      "  void a() {\n"              // 8
      "    check(used);\n"          // 9
      "  }\n"                       // 10
      "\n"                          // 11
      "  @Test\n"                   // 12
      "  void b() {\n"              // 13
      "    check(other);\n"         // 14
      "  }\n"                       // 15
      "}\n");                       // 16
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f->view_lines({"a"}), (std::vector<uint32_t>{1, 2, 3, 4, 7, 8, 9, 10, 16}));
}

// Views of several probes in one repair prompt show the head and each member once.
TEST(TestFile, ALaterViewLeavesOutTheHeadAndTheMembersAnEarlierOneShowed) {
  auto f = TestFile::parse(
      "package p;\n"                            // 1
      "class T {\n"                             // 2
      "  private int used = 1;\n"               // 3
      "  private int other = 2;\n"              // 4
      "  @Test void a() { f(used); }\n"         // 5
      "  @Test void b() { f(used, other); }\n"  // 6
      "}\n");                                   // 7
  ASSERT_TRUE(f.ok());
  TestFile::ViewShown shown;
  EXPECT_EQ(f->view_lines({"a"}, &shown), (std::vector<uint32_t>{1, 2, 3, 5, 7}));
  EXPECT_EQ(f->view_lines({"b"}, &shown), (std::vector<uint32_t>{4, 6, 7}));
  EXPECT_EQ(shown.members,
            (std::set<MemberKey>{{MemberKind::kField, "used"}, {MemberKind::kField, "other"}}));
}

TEST(Extract, AnAnswerCutOffAfterAnInnerBlockDropsItsLastMethod) {
  auto r = extract_tests(
      "```java\nclass T {\n  @Test void whole() { assertTrue(true); }\n  @Test void cut() {\n"
      "    if (x) { y(); }");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->tests.size(), 1u);
  EXPECT_EQ(r->tests[0].name, "whole");
}

}  // namespace panta::junit

namespace panta::junit {
namespace {

TEST(Extract, CommentsAboveATestOrHelperComeWithIt) {
  auto r = extract_tests(R"(```java
class CartTest {
  // A cart that was never filled: the loop over items must not run.
  @Test
  void empty() {
    assertEquals(0, new Cart().total());
  }

  // helpers ---------------------------------------------------------

  /** A cart holding one item of `cents`. */
  private Cart one(int cents) { return new Cart(); }
  @Test void x() { assertEquals(1, one(1).size()); } // trailing, not x's
  @Test void y() {}
}
```)");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->tests.size(), 3u);
  EXPECT_EQ(r->tests[0].code.rfind("// A cart that was never filled", 0), 0u) << r->tests[0].code;
  ASSERT_EQ(r->members.size(), 1u);
  EXPECT_EQ(r->members[0].code.rfind("/** A cart holding", 0), 0u);  // not the section line
  EXPECT_EQ(r->tests[2].code.find("trailing"), std::string::npos);

  auto f = TestFile::parse(kExisting);
  ASSERT_TRUE(f.ok());
  f->add_tests({{r->tests[0], &*r}}, {"empty"});
  EXPECT_NE(f->text().find("  // A cart that was never filled: the loop over items must not run.\n"
                           "  @Test\n  void empty2() {"),
            std::string::npos)
      << f->text();
  EXPECT_EQ(f->test_code("empty2").rfind("// A cart", 0), 0u);
  EXPECT_TRUE(f->remove_test("empty2"));
  EXPECT_EQ(f->text(), kExisting);  // the comment went with it
}

TEST(TestFile, ANestedClassOfTestsIsOneTest) {
  auto r = extract_tests(R"(```java
class CartTest {
  @Nested
  class WhenEmpty {
    @Test void total() { assertEquals(0, new Cart().total()); }
    @Nested class AndFrozen { @Test void size() { assertEquals(0, new Cart().size()); } }
  }
  class NotNested { }
}
```)");
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->tests.size(), 1u);
  EXPECT_EQ(r->tests[0].name, "WhenEmpty");
  auto f = TestFile::parse(kExisting);
  ASSERT_TRUE(f.ok());
  f->add_tests({{r->tests[0], &*r}});
  EXPECT_EQ(f->test_names(), (std::vector<std::string>{"empty", "WhenEmpty"}));
  EXPECT_EQ(f->text().find("NotNested"), std::string::npos);  // no test used it
  EXPECT_EQ(f->same_test_as(r->tests[0]), "WhenEmpty");
  EXPECT_TRUE(f->remove_test("WhenEmpty"));
  EXPECT_EQ(f->text(), kExisting);
}

TEST(TestFile, ARepeatIsFoundWhateverItsFormattingCommentsModifiersAndLocalNames) {
  const std::string file = R"(package org.example;

import org.junit.jupiter.api.Test;

class CartTest {
  @Test
  void addsTwo() {
    Cart cart = new Cart();
    cart.add("a", 2);
    for (String name : cart.names()) assertEquals("a", name);
    assertThrows(IllegalStateException.class, () -> cart.add(null, 1));
  }
}
)";
  auto f = TestFile::parse(file);
  ASSERT_TRUE(f.ok());
  const std::string copy = R"(@Test
public void testAddsTwo2() {
  // the same test, reformatted and renamed
  Cart c =
      new Cart();
  c.add("a", 2);
  for (String n : c.names())
    assertEquals("a", n);
  assertThrows(IllegalStateException.class, () -> c.add(null, 1));
})";
  EXPECT_EQ(f->same_test_as({"testAddsTwo2", copy}), "addsTwo");
  EXPECT_EQ(test_body_key(copy), f->test_bodies().begin()->first);
  // Another literal, another field or method name is another test.
  std::string other = copy;
  other.replace(other.find("\"a\", 2"), 6, "\"a\", 3");
  EXPECT_EQ(f->same_test_as({"t", other}), "");
  std::string other_call = copy;
  other_call.replace(other_call.find("c.names()"), 9, "c.items()");
  EXPECT_EQ(f->same_test_as({"t", other_call}), "");
}

// A test javac has to judge (its body does not parse as a method) is keyed by its text from the
// body on: whitespace still makes no difference, other code does.
TEST(Extract, ATestThatDoesNotParseIsTheSameTestWhateverItsWhitespace) {
  const std::string broken = "@Test\nvoid t() {\n  assertEquals(1, f(;\n}";
  const std::string spaced = "@Test\nvoid t()   {\n\n      assertEquals(1,   f(;\n  }";
  EXPECT_FALSE(test_body_key(broken).empty());
  EXPECT_EQ(test_body_key(broken), test_body_key(spaced));
  EXPECT_NE(test_body_key(broken), test_body_key("@Test\nvoid t() {\n  assertEquals(2, f(;\n}"));
}

}  // namespace
}  // namespace panta::junit

namespace panta::junit {
namespace {

TEST(TestFile, ImportsFollowTheFileAndNeverClash) {
  auto f = TestFile::parse(R"(package org.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.*;
import org.junit.jupiter.api.Test;

class CartTest {
}
)");
  ASSERT_TRUE(f.ok());
  auto r = extract_tests(R"(```java
import static org.junit.jupiter.api.Assertions.*;
import java.util.List;
import java.util.Optional;
import java.time.Duration;
import org.junit.Test;
class X {
  @Test
  void lists() {
    List<String> names = List.of("a");
    assertTrue(Duration.ofSeconds(1).toMillis() > 0);
    assertEquals(1, names.size());
  }
}
```)");
  ASSERT_TRUE(r.ok());
  f->add_test(r->tests[0], *r);
  const std::string& t = f->text();
  EXPECT_EQ(t.find("import java.util.List;"), std::string::npos) << t;  // java.util.* has it
  EXPECT_EQ(t.find("import java.util.Optional;"), std::string::npos);   // unused
  EXPECT_NE(t.find("import java.time.Duration;"), std::string::npos);
  EXPECT_EQ(t.find("import org.junit.Test;"), std::string::npos);  // would clash
  EXPECT_EQ(t.find("Assertions.*"), std::string::npos);            // the file names them
  EXPECT_NE(t.find("import static org.junit.jupiter.api.Assertions.assertTrue;"),
            std::string::npos);
}

TEST(TestFile, ClassAnnotationsAndAConstructorTheTestsNeedComeAlong) {
  auto f =
      TestFile::parse("package a;\n\nimport org.junit.Test;\n\npublic class LedgerTest {\n}\n");
  ASSERT_TRUE(f.ok());
  auto r = extract_tests(R"(```java
@RunWith(Parameterized.class)
@DisplayName("not needed")
public class SomethingElseTest {
  private final long cents;
  public SomethingElseTest(long cents) { this.cents = cents; }
  @Parameters
  public static Collection<Object[]> data() { return Arrays.asList(new Object[][] {{1L}}); }
  @Test
  public void positive() { assertTrue(cents > 0); }
}
```)");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->class_annotations, (std::vector<std::string>{"@RunWith(Parameterized.class)"}));
  f->add_test(r->tests[0], *r);
  const std::string& t = f->text();
  EXPECT_NE(t.find("@RunWith(Parameterized.class)\npublic class LedgerTest {"), std::string::npos)
      << t;
  EXPECT_NE(t.find("public LedgerTest(long cents) { this.cents = cents; }"), std::string::npos);
  EXPECT_NE(t.find("public static Collection<Object[]> data()"), std::string::npos);
  EXPECT_EQ(t.find("DisplayName"), std::string::npos);
  // A second answer's runner and constructor do not replace the file's.
  auto other = extract_tests(R"(```java
@RunWith(MockitoJUnitRunner.class)
public class T { public T() {} @Test public void x() {} }
```)");
  ASSERT_TRUE(other.ok());
  f->add_test(other->tests[0], *other);
  EXPECT_EQ(f->text().find("MockitoJUnitRunner"), std::string::npos) << f->text();
  EXPECT_EQ(f->text().find("public LedgerTest() {}"), std::string::npos);
}

}  // namespace
}  // namespace panta::junit

namespace panta::junit {
namespace {

TEST(NamesAny, AFieldOrHelperThatNamesTheClassNamesItForTheTestsUsingIt) {
  Members members = {
      {{MemberKind::kField, "dm"}, "private final DoubleMetaphone dm = new DoubleMetaphone();"},
      {{MemberKind::kMethod, "check(String a, String b)"},
       "private void check(String a, String b) { assertEquals(b, dm.encode(a)); }"},
      {{MemberKind::kField, "other"}, "private final StringBuilder other = new StringBuilder();"}};
  EXPECT_TRUE(names_any("void t() { new DoubleMetaphone(); }", {"DoubleMetaphone"}, members));
  EXPECT_TRUE(names_any("void t() { assertEquals(\"K\", dm.encode(\"K\")); }", {"DoubleMetaphone"},
                        members));
  EXPECT_TRUE(names_any("void t() { check(\"K\", \"K\"); }", {"DoubleMetaphone"}, members));
  EXPECT_FALSE(names_any("void t() { other.append(1); }", {"DoubleMetaphone"}, members));
}

}  // namespace
}  // namespace panta::junit
