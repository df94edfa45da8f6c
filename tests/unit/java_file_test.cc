#include "java/java_file.h"

#include <gtest/gtest.h>

#include <map>

#include "test_support.h"

namespace panta::java {
namespace {

JavaFile parse(const std::string& text) {
  auto f = parse_java_file(SourceText("T.java", text));
  EXPECT_TRUE(f.ok());
  return std::move(*f);
}

TEST(JavaFile, SelectsMethodsUnderTestAsThePaper) {
  auto f = parse(test::slurp(test::fixture("Members.java")));
  EXPECT_EQ(f.package_name, "fixtures");
  std::map<std::string, std::string> excluded;
  for (const auto& c : f.classes) {
    for (const auto& m : c.methods) excluded[c.name + "." + m.signature] = m.excluded_because;
  }
  std::map<std::string, std::string> expected = {
      {"Members.Members(int)", ""},
      {"Members.getCount()", "getter"},
      {"Members.isActive()", "getter"},  // return this.active;
      {"Members.setCount(int)", "setter"},
      {"Members.setName(String)", "setter"},
      {"Members.getTwice()", ""},       // computes, not a plain field read
      {"Members.setChecked(int)", ""},  // validates before assigning
      {"Members.helper()", "private"},
      {"Members.hook()", "abstract"},
      {"Members.nativeCall()", "native"},
      {"Members.packagePrivate(int)", ""},
      {"Members.Inner.Inner()", ""},
      {"Members.Inner.value(int)", ""},
      {"Members.Shape.area()", "abstract"},
      {"Members.Shape.label()", ""},
      {"Members.Color.code()", ""},           // the RED constant's body is anonymous: not listed
      {"Members.Color.Color()", "private"},   // enum constructors are implicitly private
      {"Members.Point.Point(int, int)", ""},  // compact constructor: the record's components
      {"Members.Point.sum()", ""},
      {"Members.Point.getX()", "getter"},     // record components are fields
      {"Members.getDocumented()", "getter"},  // a comment does not make it a MUT
      {"Members.issue()", ""},                // "is" + lower case is not an accessor name
      {"Members.first(int[])", ""},           // C-style array parameter
  };
  EXPECT_EQ(excluded, expected);
}

TEST(JavaFile, NamesNestedClassesAndSkipsLocalAndAnonymousOnes) {
  auto f = parse(test::slurp(test::fixture("Opaque.java")));
  ASSERT_EQ(f.classes.size(), 1u);
  EXPECT_EQ(f.classes[0].name, "Opaque");
  EXPECT_EQ(f.classes[0].methods.size(), 3u);
}

TEST(JavaFile, SignatureListsParameterTypes) {
  auto f = parse("class A { void f(int a, java.util.List<String> b, String... rest) {} }");
  ASSERT_EQ(f.classes.size(), 1u);
  EXPECT_EQ(f.classes[0].methods[0].signature, "f(int, java.util.List<String>, String...)");
  EXPECT_EQ(f.classes[0].methods[0].start_line, 1u);
}

TEST(JavaFile, GetterNeedsAFieldOfTheClass) {
  auto f = parse(
      "class A { int x; int getX() { return x; } int getY() { return Other.Y; } "
      "boolean isZ() { return compute(); } }");
  auto& ms = f.classes[0].methods;
  EXPECT_EQ(ms[0].excluded_because, "getter");
  EXPECT_EQ(ms[1].excluded_because, "");
  EXPECT_EQ(ms[2].excluded_because, "");
}

TEST(JavaFile, SyntaxErrorsAreRecordedAndTheRestParses) {
  auto f = parse("class A {\n  void ok() { int a = 1; }\n  void bad() { int = ; }\n}\n");
  ASSERT_FALSE(f.syntax_errors.empty());
  EXPECT_EQ(f.syntax_errors[0].line, 3u);
  ASSERT_EQ(f.classes.size(), 1u);
  ASSERT_GE(f.classes[0].methods.size(), 1u);
  EXPECT_FALSE(f.classes[0].methods[0].syntax_error.has_value());
}

}  // namespace
}  // namespace panta::java
