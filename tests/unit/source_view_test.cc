#include "prompt/source_view.h"

#include <gtest/gtest.h>

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
  const char* source =
      "class R {\n"                                   // 1
      "  void up(boolean mark) {\n"                   // 2
      "    final int pos;\n"                          // 3
      "    int unrelated = 4;\n"                      // 4
      "    if (mark) {\n"                             // 5
      "      pos = a;\n"                              // 6
      "    } else {\n"                                // 7
      "      pos = b;\n"                              // 8
      "    }\n"                                       // 9
      "    final long skipped = reader.skip(pos);\n"  // 10
      "    if (skipped == pos) read(unrelated);\n"    // 11
      "    pos2 = skipped;\n"                         // 12
      "  }\n"                                         // 13
      "  void other() { long skipped = 1; }\n"        // 14
      "}\n";
  EXPECT_EQ(lines_gaps_need(source, {{2, 13, {11}, {11}}}), (std::set<uint32_t>{4, 6, 8, 10}));
  // `unrelated` is read by the call on line 11 too; a line asking for `skipped` alone:
  EXPECT_EQ(lines_gaps_need("class R {\n  void f() {\n    long skipped = 0;\n    skipped = "
                            "g();\n    skipped += 1;\n    if (skipped > 0) h();\n  }\n}\n",
                            {{2, 7, {6}, {6}}}),
            (std::set<uint32_t>{4, 5}));
  EXPECT_TRUE(lines_gaps_need("not java {", {{1, 1, {1}, {1}}}).empty());
}

// A gap in a catch clause: the slice shows what the try runs, each statement's first line
// (LRUMap's catch of a NullPointerException hid the array accesses that throw it); not for a
// gap outside the catch.
TEST(SourceView, AGapInACatchClauseShowsTheStatementsOfItsTry) {
  const char* source =
      "class R {\n"                                             // 1
      "  void reuse(Entry e) {\n"                               // 2
      "    try {\n"                                             // 3
      "      int i = index(e.hash);\n"                          // 4
      "      // a comment\n"                                    // 5
      "      Entry loop = data[i];\n"                           // 6
      "      move(loop,\n"                                      // 7
      "           e);\n"                                        // 8
      "    } catch (NullPointerException x) {\n"                // 9
      "      throw new IllegalStateException(\"NPE \" + e);\n"  // 10
      "    }\n"                                                 // 11
      "  }\n"                                                   // 12
      "}\n";
  EXPECT_EQ(lines_gaps_need(source, {{2, 12, {}, {10}}}), (std::set<uint32_t>{4, 6, 7}));
  EXPECT_TRUE(lines_gaps_need(source, {{2, 12, {}, {7}}}).empty());
}

}  // namespace
}  // namespace panta::prompt
