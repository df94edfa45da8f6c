// What the syntax tree says of a file's lines (java/line_facts.h), on a marked fixture: each
// fact is asked at a mark, so the fixture may move without the tests changing.
#include "java/line_facts.h"

#include <gtest/gtest.h>

#include "marked_source.h"

namespace panta::java {
namespace {

const test::MarkedSource kFixture(R"java(package demo;

$cls^public class Shop {
  private final Map<String, List<Integer>> stock = new HashMap<>();
  private Size size;

  int count(Size s, String label) {
    $sw^switch (s) {
      case SMALL: return 1;
      default: return 2;
    }
  }

  int other(int x) {
    String size = "L";
    $call^switch (size.length()) { default: return x; }
  }

  int loop(int[] xs, String text) {
    for (int x : xs) {
      $cond^if (x > 3
          $more^|| text.equals("a || b")) {
        $brk^break;
      }
      $plain^if (text.equals("x || y")) continue;
    }
    try {
      $assert^assert xs.length > 0
          : "empty";
      return run("b(", xs);
    } $catch^catch (IllegalStateException e) {
      $body^log(e);
      return 0;
    }
  }

  int run(String s, int[] xs) { return new Counter(s).size(); }

  $nested^enum Size { SMALL, LARGE }
}
)java");

LineFacts facts() {
  auto file = parse_java_file(SourceText("Shop.java", kFixture.text()));
  EXPECT_TRUE(file.ok());
  return LineFacts(*file);
}

TEST(LineFacts, StatementsByTheLineTheyBeginOn) {
  LineFacts f = facts();
  EXPECT_TRUE(f.declares_type(kFixture.line("cls")));
  EXPECT_TRUE(f.declares_type(kFixture.line("nested")));
  EXPECT_FALSE(f.declares_type(kFixture.line("sw")));
  EXPECT_TRUE(f.jumps(kFixture.line("brk")));
  EXPECT_TRUE(f.jumps(kFixture.line("plain")));  // a `continue` on its `if`'s line
  EXPECT_TRUE(f.catch_head(kFixture.line("catch")));
  EXPECT_EQ(f.catch_body(kFixture.line("catch")), kFixture.line("body"));
  EXPECT_TRUE(f.asserts(kFixture.line("assert")));
  EXPECT_EQ(f.statement_end(kFixture.line("assert")), kFixture.line("assert") + 1);
  EXPECT_EQ(f.statement_end(kFixture.line("body")), kFixture.line("body"));
}

TEST(LineFacts, TheOperatorsOfConditions) {
  LineFacts f = facts();
  EXPECT_TRUE(f.condition_has_or(kFixture.line("cond")));
  EXPECT_FALSE(f.condition_has_or(kFixture.line("plain")));  // "||" in a string is no operator
}

TEST(LineFacts, ASwitchsVariableAndItsDeclaredTypeAsTheLineSeesIt) {
  LineFacts f = facts();
  EXPECT_EQ(f.switch_variable(kFixture.line("sw")), "s");
  EXPECT_EQ(f.declared_type("s", kFixture.line("sw")), "Size");
  EXPECT_EQ(f.switch_variable(kFixture.line("call")), "");  // a call, not a variable
  // The local `size` hides the field in `other`; elsewhere the field is seen.
  EXPECT_EQ(f.declared_type("size", kFixture.line("call")), "String");
  EXPECT_EQ(f.declared_type("size", kFixture.line("sw")), "Size");
  EXPECT_EQ(f.declared_type("stock", kFixture.line("sw")), "Map");
  EXPECT_EQ(f.declared_type("nothing", kFixture.line("sw")), "");
}

TEST(LineFacts, NamesCalledAreReadFromTheTreeNotTheText) {
  LineFacts f = facts();
  auto called = f.called_names(kFixture.line("assert"), kFixture.line("body"));
  EXPECT_EQ(called.count("run"), 1u);
  EXPECT_EQ(called.count("log"), 1u);
  EXPECT_EQ(called.count("b"), 0u);  // "b(" in a string
  EXPECT_EQ(names_called_in("@Test void t() { assertEquals(1, new Counter(\"a(\").size()); }"),
            (std::set<std::string>{"Counter", "assertEquals", "size"}));
}

}  // namespace
}  // namespace panta::java
