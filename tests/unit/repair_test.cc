// Grouping failing tests by cause for repair prompts (engine/repair.h).
#include "engine/repair.h"

#include <gtest/gtest.h>

#include <tuple>

namespace panta::engine {
namespace {

Verdict failing(const std::string& name, const std::string& error, bool compile_error = false) {
  Verdict v;
  v.name = name;
  v.error = error;
  v.compile_error = compile_error;
  return v;
}

std::vector<std::vector<std::string>> names(const std::vector<std::vector<Verdict>>& groups) {
  std::vector<std::vector<std::string>> out;
  for (const auto& g : groups) {
    out.emplace_back();
    for (const Verdict& v : g) out.back().push_back(v.name);
  }
  return out;
}

TEST(GroupByCause, SameCompileErrorsAndSameRunTimeFailuresButForNumbersGoTogether) {
  std::vector<Verdict> tests = {
      failing("a", "line 12: error: cannot find symbol\n    x();\n", true),
      failing(
          "b",
          "failed: java.lang.IllegalStateException: size 3\n\tat demo.Stack.pop(Stack.java:14)\n"
          "\tat T.b(T.java:4)"),
      failing("c", "line 20: error: cannot find symbol\n    x();\n", true),
      failing("d",
              "failed: java.lang.IllegalStateException: size 17\n"
              "\tat java.base/java.util.Objects.checkIndex(Objects.java:359)\n"
              "\tat demo.Stack.pop(Stack.java:14)\n\tat T.d(T.java:9)"),
      failing("e", "line 30: error: incompatible types\n    int s = \"\";\n", true)};
  EXPECT_EQ(names(group_by_cause(tests)),
            (std::vector<std::vector<std::string>>{{"a", "c"}, {"b", "d"}, {"e"}}));
}

TEST(GroupByCause, EachFailedAssertionIsACauseOfItsOwn) {
  std::vector<Verdict> tests = {
      failing("a", "failed: org.opentest4j.AssertionFailedError: expected: <1> but was: <2>"),
      failing("b", "failed: org.opentest4j.AssertionFailedError: expected: <1> but was: <2>"),
      failing("c", "failed: java.lang.AssertionError: expected:<1> but was:<2>")};
  EXPECT_EQ(names(group_by_cause(tests)),
            (std::vector<std::vector<std::string>>{{"a"}, {"b"}, {"c"}}));
}

TEST(GroupByCause, OneCauseIsOneGroupHoweverManyTestsItBreaks) {
  std::vector<Verdict> tests;
  for (int i = 0; i < 16; ++i) {  // an invalid value built by a shared helper
    tests.push_back(failing("t" + std::to_string(i),
                            "failed: java.lang.IllegalArgumentException: no currency\n"
                            "\tat demo.Money.<init>(Money.java:12)\n\tat T.money(T.java:40)\n"
                            "\tat T.t" +
                                std::to_string(i) + "(T.java:" + std::to_string(50 + i) + ")"));
  }
  auto groups = group_by_cause(tests);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].size(), 16u);
}

TEST(GroupByCause, TheSameExceptionFromAnotherPlaceOfTheProjectIsAnotherCause) {
  std::vector<Verdict> tests = {
      failing("a", "failed: java.lang.NullPointerException\n\tat demo.A.run(A.java:3)"),
      failing("b", "failed: java.lang.NullPointerException\n\tat demo.B.run(B.java:7)"),
      failing("c", "failed: java.lang.NullPointerException\n\tat T.c(T.java:9)"),
      failing(
          "d",
          "failed: java.lang.NullPointerException\n\tat "
          "org.junit.jupiter.api.Assertions.fail(Assertions.java:1)\n\tat demo.A.run(A.java:3)")};
  EXPECT_EQ(names(group_by_cause(tests)),
            (std::vector<std::vector<std::string>>{{"a", "d"}, {"b"}, {"c"}}));
}

junit::ExtractedTests answer(std::vector<std::string> imports,
                             std::vector<std::pair<std::string, std::string>> members) {
  junit::ExtractedTests e;
  e.imports = std::move(imports);
  for (auto& [key, code] : members) e.members.push_back({*junit::MemberKey::from_text(key), code});
  return e;
}

TEST(WithOrigin, AFixKeepsTheImportsAndMembersItsAnswerDidNotRepeat) {
  std::vector<std::string> said;
  EventSink events = [&said](const Event& e) { said.push_back(render(e)); };
  auto origin = answer({"import java.util.List;"},
                       {{"method:sample()", "List<Integer> sample() { return List.of(1); }"},
                        {"field:rate", "int rate = 3;"}});
  auto fix = answer({"import java.util.Map;"}, {{"field:rate", "int  rate = 3;"}});
  auto merged = with_origin(fix, origin, {}, "t", events);
  EXPECT_EQ(merged.imports,
            (std::vector<std::string>{"import java.util.Map;", "import java.util.List;"}));
  ASSERT_EQ(merged.members.size(), 2u);
  EXPECT_EQ(merged.members[0].key.text(), "field:rate");  // the fix's own, the same but for spaces
  EXPECT_EQ(merged.members[1].key.text(), "method:sample()");
  EXPECT_TRUE(said.empty());
}

TEST(WithOrigin, AMemberDefinedAgainDifferentlyIsSaidWhetherItReplacesOrNot) {
  std::vector<std::string> said;
  EventSink events = [&said](const Event& e) { said.push_back(render(e)); };
  auto origin = answer({}, {{"method:one()", "int one() { return 1; }"},
                            {"method:two()", "int two() { return 2; }"}});
  auto fix = answer({}, {{"method:one()", "int one() { return 11; }"},
                         {"method:two()", "int two() { return 22; }"}});
  auto merged =
      with_origin(fix, origin, {{{junit::MemberKind::kMethod, "two()"}, "int two() { return 2; }"}},
                  "t, u", events);
  EXPECT_EQ(merged.members[0].code, "int one() { return 11; }");
  EXPECT_EQ(said, (std::vector<std::string>{
                      "  the repair of t, u replaces the first answer's helper one() with its own",
                      "  the repair of t, u defines helper two() again, differently; the one the "
                      "kept tests use stays"}));
}

TEST(GroupByCause, OnlyAClassFileLimitIsUnrepairable) {
  EXPECT_NE(unrepairable_reason(failing("a", "line 3: error: code too large", true)), "");
  EXPECT_EQ(unrepairable_reason(failing("a", "line 3: error: cannot find symbol", true)), "");
  EXPECT_EQ(unrepairable_reason(failing("a", "failed: code too large in a message")), "");
}

// What a focused repair prompt shows whole: the methods the failing test calls, those these
// call, the constructor `new` names; not a method nothing calls.
TEST(MethodsRunBy, TheMethodsATestCallsAndThoseTheyCall) {
  ClassUnderTest cut;
  cut.source_text =
      "class Calc {\n"
      "  int a(int x) {\n"
      "    return b(x) + 1;\n"
      "  }\n"
      "  private int b(int x) {\n"
      "    return c (x);\n"
      "  }\n"
      "  private int c(int x) { return x; }\n"
      "  int d() { return 0; }\n"
      "  Calc() { }\n"
      "}\n";
  for (auto [key, first, last] : {std::tuple{"Calc.a(int)", 2u, 4u},
                                  {"Calc.b(int)", 5u, 7u},
                                  {"Calc.c(int)", 8u, 8u},
                                  {"Calc.d()", 9u, 9u},
                                  {"Calc.Calc()", 10u, 10u}}) {
    MethodGraph m;
    m.key = key;
    m.start_line = first;
    m.end_line = last;
    cut.graphs.push_back(m);
  }
  auto shown = methods_run_by(cut, "@Test void t() { assertEquals(2, new Calc().a(1)); }");
  std::vector<uint32_t> lines;
  for (const auto& [line, only] : shown) {
    lines.push_back(line);
    EXPECT_TRUE(only.empty());  // whole
  }
  EXPECT_EQ(lines, (std::vector<uint32_t>{2, 5, 8, 10}));
  EXPECT_TRUE(methods_run_by(cut, "@Test void t() { }").empty());
  // Read from the tests' syntax tree: a name in a string is no call.
  EXPECT_TRUE(methods_run_by(cut, "@Test void t() { String s = \"d(\"; }").empty());
  // The error's frames name methods too.
  auto framed = methods_run_by(cut, "@Test void t() { }",
                               "java.lang.IllegalStateException\n\tat demo.Calc.d(Calc.java:9)\n");
  EXPECT_EQ(framed.size(), 1u);
  EXPECT_EQ(framed.count(9), 1u);
}

}  // namespace
}  // namespace panta::engine
