#include "prompt/source_view.h"

#include <gtest/gtest.h>

#include "marked_source.h"

namespace panta::prompt {
namespace {

const char* kSource = R"(/*
 * Licensed to the Apache Software Foundation (ASF).
 */
package a;

import java.util.List;

/** A class. */
public class Shop {
  private final List<String> items;
  static final int LIMIT = 3;

  /** Makes one. */
  public Shop(List<String> items) {
    this.items = items;
  }

  public int count(String prefix) {
    int n = 0;
    for (String i : items) {
      if (i.startsWith(prefix)) n++;
    }
    return n;
  }

  private boolean full() { return items.size() >= LIMIT; }

  enum Kind { FOOD, TOYS }
}
)";

TEST(SourceView, TheLicenceHeaderIsLeftOutAndLineNumbersStayTrue) {
  std::string s = numbered_without_licence(kSource);
  EXPECT_EQ(s.rfind("4: package a;\n", 0), 0u) << s;
  EXPECT_NE(s.find("18:   public int count(String prefix) {\n"), std::string::npos);
  EXPECT_EQ(s.find("Licensed"), std::string::npos);
}

TEST(SourceView, ASliceShowsTheOutlineAndTheWholeMethodsAsked) {
  std::string s = sliced_source(kSource, {{18, {}}});
  EXPECT_NE(s.find("4: package a;\n"), std::string::npos) << s;
  EXPECT_NE(s.find("6: import java.util.List;\n"), std::string::npos);
  EXPECT_NE(s.find("9: public class Shop {\n"), std::string::npos);
  EXPECT_NE(s.find("10:   private final List<String> items;\n"), std::string::npos);
  // A body of one short statement is shown in the signature line: what a test may depend on.
  EXPECT_NE(
      s.find("14:   public Shop(List<String> items) { this.items = items; } // lines 14-16\n"),
      std::string::npos)
      << s;
  EXPECT_NE(s.find("21:       if (i.startsWith(prefix)) n++;\n"), std::string::npos);
  EXPECT_NE(
      s.find("26:   private boolean full() { return items.size() >= LIMIT; } // lines 26-26\n"),
      std::string::npos);
  EXPECT_NE(s.find("28:   enum Kind { FOOD, TOYS }\n"), std::string::npos);
  EXPECT_NE(s.find("29: }\n"), std::string::npos);
  EXPECT_EQ(s.find("Licensed"), std::string::npos);
  EXPECT_EQ(s.find("Makes one"), std::string::npos);  // the constructor is shown as a signature
  // A method shown with its lines keeps its Javadoc: what it promises.
  std::string with_doc = sliced_source(kSource, {{14, {}}});
  EXPECT_NE(with_doc.find("13:   /** Makes one. */\n14:   public Shop(List<String> items) {\n"),
            std::string::npos)
      << with_doc;
  // The method asked for shows whole; one of two statements, or a long one, does not.
  std::string other =
      sliced_source("class T {\n  int a() { int x = 1; return x; }\n  String b() { return \"" +
                        std::string(90, 'x') + "\"; }\n  void c() { }\n}\n",
                    {});
  EXPECT_NE(other.find("2:   int a() { ... } // lines 2-2\n"), std::string::npos) << other;
  EXPECT_NE(other.find("3:   String b() { ... } // lines 3-3\n"), std::string::npos);
  EXPECT_NE(other.find("4:   void c() { } // lines 4-4\n"), std::string::npos);
  // Initializers too: their text is left out like a method's, not shown on the signature line.
  std::string init = sliced_source(
      "class I {\n  static int a;\n  static {\n    if (a > 0) { a = 1; }\n"
      "    else { a = java.lang.Math.max(a, java.lang.Integer.parseInt(\"2\")); }\n  }\n"
      "  int b;\n  { b = 1; b++; }\n  static { a = 3; }\n}\n",
      {});
  EXPECT_NE(init.find("3:   static { ... } // lines 3-6\n"), std::string::npos) << init;
  EXPECT_NE(init.find("8:   { ... } // lines 8-8\n"), std::string::npos) << init;
  EXPECT_NE(init.find("9:   static { a = 3; } // lines 9-9\n"), std::string::npos) << init;
}

TEST(SourceView, ALongFieldIsCutToItsFirstLines) {
  std::string s = shorten_long_fields(
      "class T {\n  static final String[][] DATA = {\n    {\"a\"},\n    {\"b\"},\n    "
      "{\"c\"},\n  };\n  int x = 1;\n}\n",
      3);
  EXPECT_EQ(s,
            "class T {\n  static final String[][] DATA = {\n    {\"a\"},\n    {\"b\"},\n    // ... "
            "2 more lines of this field left out\n  int x = 1;\n}\n");
  // In a slice of the class under test, the same cut: "..." where its lines are left out.
  std::string sliced = sliced_source(
      "class T {\n  static final String[][] DATA = {\n    {\"a\"},\n    {\"b\"},\n    "
      "{\"c\"},\n  };\n  int x = 1;\n}\n",
      {}, 3);
  EXPECT_EQ(sliced,
            "1: class T {\n2:   static final String[][] DATA = {\n3:     {\"a\"},\n4:     "
            "{\"b\"},\n      ...\n7:   int x = 1;\n8: }\n");
}

TEST(SourceView, CommentsAreLeftOutButTextThatLooksLikeOneStays) {
  std::string s = without_comments(
      "/* licence */\npackage p;\n\n/**\n * Tests.\n */\nclass T {\n  // a note\n  String u = "
      "\"http://x\"; // the host\n  int f(/* none */) { return 1; }\n}\n");
  EXPECT_EQ(s, "package p;\n\nclass T {\n  String u = \"http://x\";\n  int f() { return 1; }\n}\n");
}

// A long method's slice shows where the locals of an asked condition get their values: the two
// nearest definitions of each before the line (CharacterReader's `skipped` and `pos`), not those
// after it, nor those of names the condition does not read, nor other methods'.
TEST(SourceView, TheValuesAnAskedConditionReadsAreFound) {
  test::MarkedSource src(R"java(class R {
  $begin^void up(boolean mark) {
    final int pos;
    $unrelated^int unrelated = 4;
    if (mark) {
      $a^pos = a;
    } else {
      $b^pos = b;
    }
    $skip^final long skipped = reader.skip(pos);
    $asked^if (skipped == pos) read(unrelated);
    pos2 = skipped;
  $end^}
  void other() { long skipped = 1; }
}
)java");
  uint32_t asked = src.line("asked");
  EXPECT_EQ(
      lines_gaps_need(src.text(), {{src.line("begin"), src.line("end"), {asked}, {asked}}}),
      (std::set<uint32_t>{src.line("unrelated"), src.line("a"), src.line("b"), src.line("skip")}));
  // `unrelated` is read by the call on the asked line too; a line asking for `skipped` alone:
  test::MarkedSource alone(R"java(class R {
  $begin^void f() {
    long skipped = 0;
    $second^skipped = g();
    $third^skipped += 1;
    $asked^if (skipped > 0) h();
  $end^}
}
)java");
  asked = alone.line("asked");
  EXPECT_EQ(
      lines_gaps_need(alone.text(), {{alone.line("begin"), alone.line("end"), {asked}, {asked}}}),
      (std::set<uint32_t>{alone.line("second"), alone.line("third")}));
  EXPECT_TRUE(lines_gaps_need("not java {", {{1, 1, {1}, {1}}}).empty());
}

// A gap in a catch clause: the slice shows what the try runs, each statement's first line
// (LRUMap's catch of a NullPointerException hid the array accesses that throw it); not for a
// gap outside the catch.
TEST(SourceView, AGapInACatchClauseShowsTheStatementsOfItsTry) {
  test::MarkedSource src(R"java(class R {
  $begin^void reuse(Entry e) {
    try {
      $index^int i = index(e.hash);
      // a comment
      $load^Entry loop = data[i];
      $move^move(loop,
           e);
    } catch (NullPointerException x) {
      $thrown^throw new IllegalStateException("NPE " + e);
    }
  $end^}
}
)java");
  uint32_t begin = src.line("begin");
  uint32_t end = src.line("end");
  EXPECT_EQ(lines_gaps_need(src.text(), {{begin, end, {}, {src.line("thrown")}}}),
            (std::set<uint32_t>{src.line("index"), src.line("load"), src.line("move")}));
  EXPECT_TRUE(lines_gaps_need(src.text(), {{begin, end, {}, {src.line("move")}}}).empty());
}

}  // namespace
}  // namespace panta::prompt
