// The grammar of what an answer says besides its tests (junit/answer_statements.h): what is
// read, what is named as unread, and that prose reads as nothing.
#include "junit/answer_statements.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>

#include "test_support.h"

namespace panta::junit {
namespace {

TEST(AnswerStatements, TheThreeFormsAreRead) {
  auto said = parse_statements(
      "```java\nclass T {}\n```\n\n"
      "Unreachable: G3, G7 - the list is circular\n"
      "- `Unreachable: G12 - x is never negative`\n"
      "* Equivalent: M4 \xe2\x80\x94 `<` and `<=` agree at the only bound\n"
      "Defect: line 42 - returns -1 for an empty string; the Javadoc says 0\n"
      "defect: lines 17-18 \xe2\x80\x93 swallows a character\n");
  ASSERT_EQ(said.unreachable.size(), 2u);
  EXPECT_EQ(said.unreachable[0].gaps, (std::vector<int>{3, 7}));
  EXPECT_EQ(said.unreachable[0].reason, "the list is circular");
  EXPECT_EQ(said.unreachable[1].gaps, std::vector<int>{12});
  ASSERT_EQ(said.equivalent.size(), 1u);
  EXPECT_EQ(said.equivalent[0].mutants, std::vector<int>{4});
  EXPECT_EQ(said.equivalent[0].reason, "`<` and `<=` agree at the only bound");
  ASSERT_EQ(said.defects.size(), 2u);
  EXPECT_EQ(said.defects[0].first_line, 42u);
  EXPECT_EQ(said.defects[0].last_line, 42u);
  EXPECT_EQ(defect_text(said.defects[0]),
            "line 42: returns -1 for an empty string; the Javadoc says 0");
  EXPECT_EQ(defect_text(said.defects[1]), "lines 17-18: swallows a character");
  EXPECT_TRUE(said.unread.empty());
}

// Prose decides nothing, however much it sounds like a statement: only the grammar's lines are
// read, and those that begin like one but do not parse are named for the journal.
TEST(AnswerStatements, ProseAndCodeAreNotRead) {
  auto said = parse_statements(
      "## Suspected defects\n"
      "- line 12: `required = true` is dead code\n"
      "Line 27 is unreachable because the check on line 25 returns early.\n"
      "The branch G3 cannot be reached.\n"
      "```java\n// Unreachable: G1 - inside the code block\n"
      "Defect: line 5 - inside the code block\n```\n");
  EXPECT_TRUE(said.unreachable.empty());
  EXPECT_TRUE(said.defects.empty());
  EXPECT_TRUE(said.unread.empty());
  auto bad = parse_statements(
      "Unreachable: G3\n"  // no reason
      "Unreachable: G0 - zero is no id\n"
      "Equivalent: G4 - the wrong letter\n"
      "Defect: lines 9-4 - backwards\n"
      "Defect: line 99999999999999999999 - too long a number\n"
      "Defect: the class - no line\n");
  EXPECT_TRUE(bad.unreachable.empty());
  EXPECT_TRUE(bad.equivalent.empty());
  EXPECT_TRUE(bad.defects.empty());
  ASSERT_EQ(bad.unread.size(), 6u);
  EXPECT_EQ(bad.unread[0], "Unreachable: G3");
}

// The form for a prompt that lists no gaps yet: lines of the file.
TEST(AnswerStatements, UnreachableMayNameLinesOfTheFile) {
  auto said = parse_statements(
      "```java\n```\nUnreachable: lines 62-63 - checkOut is after checkIn\n"
      "- `Unreachable: line 27 - the check on line 25 returns`\n"
      "Unreachable: lines 9-4 - backwards\n");
  ASSERT_EQ(said.unreachable.size(), 2u);
  EXPECT_TRUE(said.unreachable[0].gaps.empty());
  EXPECT_EQ(said.unreachable[0].first_line, 62u);
  EXPECT_EQ(said.unreachable[0].last_line, 63u);
  EXPECT_EQ(said.unreachable[0].reason, "checkOut is after checkIn");
  EXPECT_EQ(said.unreachable[1].first_line, 27u);
  EXPECT_EQ(said.unreachable[1].last_line, 27u);
  ASSERT_EQ(said.unread.size(), 1u);
}

// A reason is untrusted text that later prompts quote: it is cut after a whole word, on a UTF-8
// boundary.
TEST(AnswerStatements, ALongReasonIsCut) {
  std::string words = "Defect: line 3 -";
  while (words.size() < 600) words += " word";
  auto said = parse_statements(words + "\n" + "Unreachable: G1 - " + std::string(319, 'x') +
                               "\xe2\x80\x94" + std::string(9, 'x') + "\n");
  ASSERT_EQ(said.defects.size(), 1u);
  EXPECT_TRUE(said.defects[0].claim.ends_with(" word ...")) << said.defects[0].claim;
  EXPECT_LE(said.defects[0].claim.size(), 324u);
  ASSERT_EQ(said.unreachable.size(), 1u);
  EXPECT_FALSE(nlohmann::json(said.unreachable[0].reason).dump().empty());
}

// The forms the prompts teach (prompts/answer_statements.mustache), with their placeholders
// filled in, are read: the prompt and the parser cannot drift apart.
TEST(AnswerStatements, TheFormsThePromptsTeachAreRead) {
  std::string partial =
      test::slurp(std::string(PANTA_SOURCE_DIR) + "/prompts/answer_statements.mustache");
  std::regex form("`((Unreachable|Equivalent|Defect): [^`]*)`");
  int forms = 0;
  for (auto it = std::sregex_iterator(partial.begin(), partial.end(), form);
       it != std::sregex_iterator(); ++it) {
    std::string line = (*it)[1];
    line = std::regex_replace(line, std::regex("<n>"), "4");
    line = std::regex_replace(line, std::regex("<m>"), "6");
    line = std::regex_replace(line, std::regex("<[^>]*>"), "because");
    auto said = parse_statements(line);
    EXPECT_EQ(said.unreachable.size() + said.equivalent.size() + said.defects.size(), 1u) << line;
    EXPECT_TRUE(said.unread.empty()) << line;
    ++forms;
  }
  EXPECT_GE(forms, 2) << partial;
}

}  // namespace
}  // namespace panta::junit
