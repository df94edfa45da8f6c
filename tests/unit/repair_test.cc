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
      failing("b", "failed: java.lang.IllegalStateException: size 3\n\tat T.b(T.java:4)"),
      failing("c", "line 20: error: cannot find symbol\n    x();\n", true),
      failing("d", "failed: java.lang.IllegalStateException: size 17\n\tat T.d(T.java:9)"),
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

TEST(GroupByCause, AGroupHoldsAtMostItsLimit) {
  std::vector<Verdict> tests;
  for (int i = 0; i < 5; ++i)
    tests.push_back(failing("t" + std::to_string(i), "failed: java.lang.NullPointerException"));
  EXPECT_EQ(names(group_by_cause(tests, 2)),
            (std::vector<std::vector<std::string>>{{"t0", "t1"}, {"t2", "t3"}, {"t4"}}));
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
}

}  // namespace
}  // namespace panta::engine
