// The focused strategy's prompt for the paper's parsePattern example with Figure 1's coverage:
// a golden file (tests/fixtures/prompts/focused.generate.txt) and what its sections must hold.
#include "engine/focused_prompt.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "engine/defect_entries.h"
#include "engine/gaps.h"
#include "prompt/prompt_templates.h"
#include "test_support.h"

namespace panta::engine {
namespace {

coverage::SourceCoverage figure1_coverage() {
  coverage::SourceCoverage c;
  for (uint32_t l : {2u, 3u, 4u, 5u, 7u, 10u, 14u, 20u}) c.lines[l] = {l, 0, 3, 0, 0};
  c.lines[6] = {6, 0, 3, 0, 2};
  c.lines[8] = {8, 0, 3, 0, 2};
  c.lines[11] = {11, 0, 3, 1, 1};
  c.lines[12] = {12, 2, 0, 0, 0};
  c.lines[17] = {17, 0, 3, 1, 1};
  return c;
}

coverage::SourceCoverage lines_of(std::initializer_list<coverage::LineCoverage> l) {
  coverage::SourceCoverage c;
  for (const auto& x : l) c.lines[x.line] = x;
  return c;
}

ClassUnderTest class_of(const std::string& fixture) {
  static std::map<std::string, analyze::FileAnalysis> analyses;
  if (analyses.count(fixture) == 0) analyses.emplace(fixture, test::analyze_fixture(fixture));
  const analyze::FileAnalysis& fa = analyses.at(fixture);
  ClassUnderTest cut;
  cut.class_name = fixture.substr(0, fixture.find('.'));
  cut.test_class = cut.class_name + "Test";
  cut.source_text = test::slurp(test::fixture(fixture));
  for (const auto& cls : fa.classes) {
    for (const auto& m : cls.methods) {
      if (!m.graph) continue;
      cut.graphs.push_back({cls.java_class->name + "." + m.method->signature, m.method->start_line,
                            m.method->end_line, m.method->is_mut(),
                            m.method->excluded_because == "private",
                            std::make_shared<const cfg::Graph>(*m.graph), m.paths.paths});
    }
  }
  return cut;
}

ClassUnderTest parse_pattern_class() {
  return class_of("PatternOptionBuilder.java");
}

LoopState figure1_state() {
  LoopState state;
  state.coverage = figure1_coverage();
  state.file = *junit::TestFile::parse(
      "import static org.junit.jupiter.api.Assertions.*;\n\nimport org.junit.jupiter.api.Test;\n\n"
      "class PatternOptionBuilderTest {\n  private static final String P = \"a\";\n\n  @Test\n"
      "  void parsesOneOption() {\n    assertNotNull(PatternOptionBuilder.parsePattern(P));\n"
      "  }\n}\n");
  state.failed = {{"parsesRequired", "...", "error: cannot find symbol\n  symbol: method x()"}};
  return state;
}

TEST(FocusedPrompt, NamesTheGapsExactlyAndSlicesTheSource) {
  ClassUnderTest cut = parse_pattern_class();
  LoopState state = figure1_state();
  prompt::FocusedInputs in;
  auto gaps = focused_inputs(cut, state, "- Tests: JUnit 5 (org.junit.jupiter)\n", in);
  EXPECT_TRUE(in.sliced);
  EXPECT_NE(in.gaps.find("- lines never run: 12"), std::string::npos) << in.gaps;
  EXPECT_NE(in.gaps.find("- line 11: `else if (ch == '!')` has never been true"), std::string::npos)
      << in.gaps;
  EXPECT_EQ(in.test_names, (std::vector<std::string>{"parsesOneOption"}));
  EXPECT_NE(in.test_members.find("private static final String P"), std::string::npos);
  EXPECT_EQ(in.test_members.find("parsesOneOption"), std::string::npos);
  ASSERT_EQ(in.dropped.size(), 1u);
  EXPECT_EQ(in.dropped[0], "parsesRequired: error: cannot find symbol");
  // Asked twice without progress, a gap is left out as possibly unreachable.
  prompt::FocusedInputs again;
  focused_inputs(cut, state, "", again);
  focused_inputs(cut, state, "", again);
  EXPECT_EQ(again.gaps, "");
  EXPECT_NE(again.unreachable.find("asked for 2 times without progress"), std::string::npos)
      << again.unreachable;
  EXPECT_FALSE(gaps.empty());
}

// Branches JaCoCo counts on a line that is no decision (a boolean returned, a `?:` inside an
// expression) are named too, and a class's declaration line stands for its implicit
// constructor: a prompt never has coverage left that it does not name.
TEST(FocusedPrompt, BranchesOutsideDecisionsAndTheImplicitConstructorAreNamed) {
  ClassUnderTest cut = class_of("Branches.java");
  coverage::SourceCoverage c;
  c.lines[3] = {3, 3, 0, 0, 0};  // `public class Branches {`: the implicit constructor
  c.lines[5] = {5, 0, 4, 0, 2};  // sign(int), every outcome taken
  c.lines[6] = {6, 0, 2, 0, 0};
  c.lines[7] = {7, 0, 4, 0, 2};
  c.lines[8] = {8, 0, 2, 0, 0};
  c.lines[10] = {10, 0, 2, 1, 1};  // as if `return 0;` held a boolean expression
  auto gaps = find_gaps(cut, c);
  std::string text = render_gaps(gaps, cut, c);
  EXPECT_NE(text.find("- line 10: `return 0;` has 1 of its 2 branch outcomes never run\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("outside the methods:\n- line 3: `public class Branches {`: its implicit "
                      "constructor never ran"),
            std::string::npos)
      << text;
  EXPECT_FALSE(only_unreachable_left(gaps));
  coverage::SourceCoverage full = c;
  full.lines[3] = {3, 0, 3, 0, 0};
  full.lines[10] = {10, 0, 2, 0, 2};
  EXPECT_TRUE(find_gaps(cut, full).empty());
}

// A branch line's quote ends with its code: a comment after it is left out ("//" in a string
// stays) and does not make the next line part of the statement (CharacterReader line 96 was
// quoted with its comment and line 97).
TEST(FocusedPrompt, ABranchLineIsQuotedWithoutTheCommentItEndsIn) {
  ClassUnderTest cut = class_of("Commented.java");
  coverage::SourceCoverage c = lines_of({{3, 0, 4, 1, 3}, {4, 0, 2, 0, 0}});
  std::string text = render_gaps(find_gaps(cut, c), cut, c);
  EXPECT_NE(text.find("- line 3: `boolean ok = a == b && !\"http://x\".isEmpty();` has 1 of its 4 "
                      "branch outcomes never run\n"),
            std::string::npos)
      << text;
}

// A long method's slice shows, besides its decisions and the lines near its gaps, where the
// locals a condition with a missing outcome reads get their values (`at = 0;`, line 10).
TEST(FocusedPrompt, ALongMethodsSliceShowsWhereAGapsConditionGetsItsValues) {
  ClassUnderTest cut = class_of("Commented.java");
  ASSERT_EQ(cut.graphs.size(), 3u);
  std::vector<Gap> gaps = {{cut.graphs[1].key, "15:true", 15, "never been true", ""}};
  auto shown = lines_to_show(gaps, cut, 5);
  ASSERT_EQ(shown.count(7), 1u);
  EXPECT_EQ(shown[7].count(10), 1u);  // only a definition brings it: 3 lines from the gap is 12
  EXPECT_EQ(shown[7].count(12), 1u);
  gaps[0].what = "";  // a line never run: the lines near it, no definitions
  EXPECT_EQ(lines_to_show(gaps, cut, 5)[7].count(10), 0u);
}

// A line JaCoCo never counts although every outcome of the decision before it ran: a test came
// to it and its call threw (`fail(...)`); it is not asked for again, and says why.
TEST(FocusedPrompt, ALineTestsReachButWhoseCallThrowsIsNotAskedFor) {
  ClassUnderTest cut = class_of("Branches.java");
  coverage::SourceCoverage c;
  c.lines[3] = {3, 0, 3, 0, 0};
  c.lines[5] = {5, 0, 4, 0, 2};  // both outcomes of `if (x > 0)` ran
  c.lines[6] = {6, 2, 0, 0, 0};  // yet `return 1;` never counted (as if it threw)
  c.lines[7] = {7, 0, 4, 1, 1};  // `else if (x < 0)` never true: line 8 not reached
  c.lines[8] = {8, 2, 0, 0, 0};
  c.lines[10] = {10, 0, 2, 0, 0};
  std::map<std::string, std::string> why;
  for (const Gap& g : find_gaps(cut, c)) why[g.key] = g.infeasible;
  EXPECT_NE(why["L6"].find("its call threw each time"), std::string::npos) << why["L6"];
  EXPECT_EQ(why["L8"], "");
}

// A mutants round's mutated lines show their methods in the slice, gap or not.
TEST(FocusedPrompt, TheMethodsOfMutatedLinesAreShown) {
  ClassUnderTest cut = class_of("Branches.java");
  std::vector<Gap> none;
  EXPECT_TRUE(lines_to_show(none, cut).empty());
  auto shown = lines_to_show(none, cut, 30, {7});
  EXPECT_EQ(shown.size(), 1u);
  EXPECT_EQ(shown.count(4), 1u);  // sign(int), lines 4-11, whole
}

// A switch whose cases name every constant of an enum never takes its default (javac still
// counts the branch): the outcome and the lines only it leads to are possibly unreachable, with
// the reason; a switch naming some of them keeps its default asked for.
TEST(FocusedPrompt, TheDefaultOfASwitchNamingEveryEnumConstantIsPossiblyUnreachable) {
  ClassUnderTest cut = class_of("Seasons.java");
  cut.enums = {{"Season", {"WINTER", "SPRING", "SUMMER", "AUTUMN"}}};
  coverage::SourceCoverage c;
  c.lines[7] = {7, 0, 4, 1, 4};  // every case ran, the default never
  for (uint32_t l : {9u, 11u, 13u, 15u, 23u}) c.lines[l] = {l, 0, 2, 0, 0};
  c.lines[17] = {17, 2, 0, 0, 0};  // return -1
  c.lines[21] = {21, 0, 4, 1, 1};  // partial(): WINTER ran, the default never
  c.lines[25] = {25, 2, 0, 0, 0};
  auto gaps = find_gaps(cut, c);
  std::map<std::string, std::string> why;
  for (const Gap& g : gaps) why[g.key] = g.infeasible;
  ASSERT_EQ(why.count("7:default"), 1u) << render_gaps(gaps, cut, c);
  EXPECT_EQ(why["7:default"], "the cases name every constant of enum Season");
  EXPECT_EQ(why["L17"], "the cases name every constant of enum Season");
  EXPECT_EQ(why["L25"], "");
  std::string asked = render_gaps(gaps, cut, c);
  EXPECT_EQ(asked.find("line 7"), std::string::npos) << asked;
  EXPECT_NE(asked.find("25"), std::string::npos) << asked;
  // where(Pos p) names LEFT and RIGHT: every constant of Side, not of Pos, the selector's type.
  cut.enums["Side"] = {"LEFT", "RIGHT"};
  cut.enums["Pos"] = {"LEFT", "RIGHT", "CENTER"};
  c.lines[34] = {34, 0, 4, 1, 2};
  c.lines[36] = {36, 0, 2, 0, 0};
  c.lines[38] = {38, 0, 2, 0, 0};
  c.lines[40] = {40, 2, 0, 0, 0};
  std::map<std::string, std::string> where;
  for (const Gap& g : find_gaps(cut, c)) where[g.key] = g.infeasible;
  ASSERT_EQ(where.count("34:default"), 1u);
  EXPECT_EQ(where["34:default"], "");
  EXPECT_EQ(where["L40"], "");
  // after(Season s): every line behind the default, through an `if`, is set aside too.
  c.lines[44] = {44, 0, 4, 1, 4};
  for (uint32_t l : {46u, 48u, 50u, 52u}) c.lines[l] = {l, 0, 2, 0, 0};
  for (uint32_t l : {54u, 55u, 57u}) c.lines[l] = {l, 2, 0, 2, 0};
  c.lines[55] = {55, 2, 0, 0, 0};
  c.lines[57] = {57, 2, 0, 0, 0};
  std::map<std::string, std::string> after;
  for (const Gap& g : find_gaps(cut, c)) after[g.key] = g.infeasible;
  for (const char* key : {"44:default", "L54", "L55", "L57"}) {
    EXPECT_EQ(after[key], "the cases name every constant of enum Season") << key;
  }
  EXPECT_NE(render_unreachable(gaps).find("- line 7: `switch (s)` has never taken default: the "
                                          "cases name every constant of enum Season"),
            std::string::npos)
      << render_unreachable(gaps);
}

// What an answer's Suspected defects section says cannot be reached is not asked for again; a
// defect that only says "never" of a behaviour is no such claim.
TEST(FocusedPrompt, CodeAnAnswerSaysIsUnreachableIsSetAside) {
  auto said = said_unreachable(
      {"line 12: `required = true` is dead code: '!' is a value code",
       "lines 17\u2013"
       "18: the condition can never be false here",  // an en dash
       "line 11: returns null, never the empty string", "no line named: unreachable",
       "line 40: not unreachable: a test can reach it",
       "line 88: throws NegativeArraySizeException, making it impossible to print",
       "line 80: unreachable because the check on line 75 returns early",
       "line 99999999999999999999: dead code",
       "line 343-344: `index < string.length()` is always true; dead defensive check",
       "line 350: always returns a copy",  // no claim
       // 319 bytes, then an em dash across the cut at 320
       std::string("line 30: dead code ") + std::string(300, 'x') + "\u2014" + std::string(9, 'x'),
       [] {  // 400 bytes of words: cut after a whole one
         std::string s = "line 31: cannot be reached:";
         while (s.size() < 400) s += " word";
         return s;
       }()});
  EXPECT_EQ(said.count(12), 1u);
  EXPECT_EQ(said.count(17), 1u);
  EXPECT_EQ(said.count(18), 1u);
  EXPECT_EQ(said.count(11), 0u);
  EXPECT_EQ(said.count(40), 0u);
  EXPECT_EQ(said.count(88), 0u);
  EXPECT_EQ(said.count(80), 1u);
  EXPECT_EQ(said.count(75), 0u);  // only the line an entry begins with
  // A list of lines an entry begins with, and a later entry taking some back.
  std::vector<std::string> first = {
      "line 321 (`reuse != null` false) and lines 328-329: cannot be reached: the list is "
      "circular",
      "lines 377 / 381-382: cannot be reached"};
  first.push_back(
      "line 352: cannot be reached (`index >= 0` false): callers never pass a negative index; "
      "same for line 361");
  first.push_back(
      "line 230: cannot be reached: a G after a G is skipped, so `hard` is never true (and "
      "`!hard` at line 236 is never false; the value at line 240 is never null)");
  auto listed = said_unreachable(first);
  EXPECT_EQ(listed.count(352), 1u);
  EXPECT_EQ(listed.count(361), 1u);  // "same for line 361"
  EXPECT_EQ(listed.count(230), 1u);
  EXPECT_EQ(listed.count(236), 1u);  // "at line 236 is never false"
  EXPECT_EQ(listed.count(240), 0u);  // "never null" is no outcome of a condition
  for (uint32_t l : {352u, 361u, 230u, 236u}) listed.erase(l);
  for (uint32_t l : {321u, 328u, 329u, 377u, 381u, 382u}) EXPECT_EQ(listed.count(l), 1u) << l;
  EXPECT_EQ(listed.size(), 6u);
  EXPECT_EQ(said_reachable({"lines 321 / 328-329 and 377: correction: these are reachable when "
                            "an overriding removeLRU removes its entry"}),
            (std::set<uint32_t>{321, 328, 329, 377}));
  EXPECT_TRUE(said_reachable(first).empty());
  LoopState taken;
  taken.note_defects(first);
  taken.note_defects({"lines 321 / 328-329: correction: these are reachable"});
  EXPECT_EQ(taken.said_unreachable.count(321), 0u);
  EXPECT_EQ(taken.said_unreachable.count(381), 1u);
  EXPECT_EQ(said.count(343), 1u);  // "is always true", "dead defensive check"
  EXPECT_EQ(said.count(344), 1u);
  EXPECT_EQ(said.count(350), 0u);
  EXPECT_EQ(said.size(), 8u);  // 12, 17, 18, 80, 30, 31, 343, 344: not the 20-digit number
  ASSERT_EQ(said.count(30), 1u);
  EXPECT_FALSE(nlohmann::json(said.at(30)).dump().empty());  // cut on a UTF-8 boundary
  ASSERT_EQ(said.count(31), 1u);
  EXPECT_TRUE(said.at(31).ends_with(" word ...")) << said.at(31);
  EXPECT_LE(said.at(31).size(), 320u + 4);
  ClassUnderTest cut = parse_pattern_class();
  auto gaps = find_gaps(cut, figure1_coverage());
  mark_said_unreachable(gaps, said, cut);
  std::map<std::string, std::string> why;
  for (const Gap& g : gaps) why[g.key] = g.infeasible;
  EXPECT_NE(why["L12"].find("an answer said it cannot be reached (\"line 12: `required = true` is "
                            "dead code"),
            std::string::npos)
      << why["L12"];
  // The outcome that enters line 12 goes with it: taking it would run that line.
  EXPECT_EQ(why["11:true"].rfind("it leads to line 12, which an answer said cannot be reached", 0),
            0u)
      << why["11:true"];
  EXPECT_FALSE(render_gaps(gaps, cut, figure1_coverage()).find("lines never run: 12") !=
               std::string::npos);
}

TEST(FocusedPrompt, TheNextPromptNamesTheSuspectedDefectsAlreadyRecorded) {
  auto named = defect_mentions({"line 12: returns null", "Lines 17-18: swallows a character",
                                "line 12: the same line again, said otherwise",
                                "no line: " + std::string(80, 'x'),
                                "line 30 (the else) and lines 33-34: cannot be reached"});
  ASSERT_EQ(named.size(), 4u);
  EXPECT_EQ(named[0], "line 12");
  EXPECT_EQ(named[1], "lines 17-18");
  EXPECT_EQ(named[2], "\"no line: " + std::string(51, 'x') + " ...\"");
  EXPECT_EQ(named[3], "lines 30, 33-34");  // every line of the list the entry begins with
  LoopState state = figure1_state();
  state.note_defects({"line 98: returns null"});
  prompt::FocusedInputs in;
  focused_inputs(parse_pattern_class(), state, "", in);
  EXPECT_EQ(in.recorded, std::vector<std::string>{"line 98"});
}

// An answer names the line of the part of a condition it means, and the lines only a set-aside
// outcome leads to go with it.
// The report leaves out the entries that only say code cannot be reached, not those naming a
// defect that say so of a part on the way (Metaphone's "line 224-225: any "GN" ... makes the G
// silent ... (line 225: cannot be reached as true ...)").
TEST(FocusedPrompt, OnlyEntriesThatJustSayCodeCannotBeReachedAreNoDefects) {
  for (const char* only :
       {"line 230: cannot be reached: a G after a G is skipped",
        "line 344: cannot be reached as false: callers pass n < length",
        "lines 321 / 328-329: unreachable, the list is circular",
        "line 321 (`reuse != null` false) and lines 328-329: cannot be reached",
        "- line 12: dead code", "line 343-344: `index < length` is always true; defensive"}) {
    EXPECT_TRUE(says_only_unreachable(only)) << only;
  }
  for (const char* defect :
       {"line 224-225: any \"GN\" after the first letter makes the G silent; (line 225: cannot "
        "be reached as true: \"GNED\" starts with \"GN\")",
        "line 88: throws NegativeArraySizeException, making it impossible to print",
        "line 181: the message says \"greather\"", "no line: unreachable"}) {
    EXPECT_FALSE(says_only_unreachable(defect)) << defect;
  }
  LoopState state;
  state.note_defects({"line 230: cannot be reached: skipped", "line 181: a typo"});
  EXPECT_EQ(state.reported_defects(), std::vector<std::string>{"line 181: a typo"});
  EXPECT_EQ(state.said_unreachable.count(230), 1u);
}

TEST(FocusedPrompt, WhatAnAnswerSetsAsideCoversItsConditionAndWhatOnlyItReaches) {
  ClassUnderTest multi = class_of("MultiLine.java");
  coverage::SourceCoverage c;
  c.lines[13] = {13, 0, 2, 0, 0};
  c.lines[14] = {14, 0, 2, 0, 2};
  c.lines[15] = {15, 0, 3, 1, 1};  // `i < n` on the next line only true
  c.lines[16] = {16, 0, 2, 0, 0};
  c.lines[18] = {18, 0, 2, 0, 0};
  auto gaps = find_gaps(multi, c);
  mark_said_unreachable(gaps, {{15, "line 15: `i < n` is always true"}}, multi);
  ASSERT_FALSE(gaps.empty());
  EXPECT_TRUE(only_unreachable_left(gaps)) << render_gaps(gaps, multi, c);
  // sign(int): line 7's true outcome said unreachable; line 8 runs only after it.
  ClassUnderTest branches = class_of("Branches.java");
  auto b = lines_of(
      {{5, 0, 4, 0, 2}, {6, 0, 2, 0, 0}, {7, 0, 4, 1, 1}, {8, 2, 0, 0, 0}, {10, 0, 2, 0, 0}});
  auto bg = find_gaps(branches, b);
  mark_said_unreachable(bg, {{7, "line 7: x < 0 can never be true here"}}, branches);
  std::map<std::string, std::string> why;
  for (const Gap& g : bg) why[g.key] = g.infeasible;
  EXPECT_NE(why["7:true"], "");
  EXPECT_EQ(why["L8"], why["7:true"]);
  // The other way: line 8 said unreachable, so the outcome that leads to it cannot happen.
  auto back = find_gaps(branches, b);
  mark_said_unreachable(back, {{8, "line 8: cannot be reached: x is never negative"}}, branches);
  for (const Gap& g : back) why[g.key] = g.infeasible;
  EXPECT_NE(why["L8"], "");
  EXPECT_EQ(why["7:true"], "it leads to line 8, which an answer said cannot be reached");
  EXPECT_TRUE(only_unreachable_left(back)) << render_gaps(back, branches, b);
}

// A catch line and the first line of its block run together: what an answer sets aside of one
// goes for the other, and for the lines after it in its block (Entities asked for its
// `} catch (IOException e) {` line again after the answer said the body cannot be reached).
TEST(FocusedPrompt, ACatchLineAndItsBodyAreSetAsideTogether) {
  ClassUnderTest cut = class_of("Commented.java");
  auto c = lines_of({{20, 0, 3, 0, 0},
                     {22, 0, 5, 0, 0},
                     {23, 2, 0, 0, 0},
                     {24, 3, 0, 0, 0},
                     {25, 3, 0, 0, 0},
                     {27, 0, 2, 0, 0}});
  for (uint32_t said : {24u, 23u}) {
    auto gaps = find_gaps(cut, c);
    mark_said_unreachable(gaps, {{said, "cannot be reached: StringBuilder never throws"}}, cut);
    std::map<std::string, std::string> why;
    for (const Gap& g : gaps) why[g.key] = g.infeasible;
    EXPECT_TRUE(only_unreachable_left(gaps)) << said << "\n" << render_gaps(gaps, cut, c);
    EXPECT_EQ(why["L25"], "it runs only after line 24, which an answer said cannot be reached");
    if (said == 24)
      EXPECT_EQ(why["L23"],
                "the catch runs only with line 24, which an answer said cannot be "
                "reached");
    else
      EXPECT_EQ(why["L24"],
                "the body of the catch on line 23, which an answer said cannot be "
                "reached");
  }
  // Nothing said: all three asked for.
  auto none = find_gaps(cut, c);
  mark_said_unreachable(none, {}, cut);
  EXPECT_FALSE(only_unreachable_left(none));
}

// A branch JaCoCo counts on a line where a condition goes on is said of that condition, once;
// a boolean returned is said of its own line.
TEST(FocusedPrompt, BranchesOnTheLinesOfAMultiLineConditionAreSaidOfIt) {
  ClassUnderTest cut = class_of("MultiLine.java");
  coverage::SourceCoverage c;
  c.lines[5] = {5, 0, 3, 0, 2};  // a > 0 both ways
  c.lines[6] = {6, 0, 2, 1, 1};  // b > 0 only true
  c.lines[7] = {7, 0, 2, 0, 0};
  c.lines[9] = {9, 0, 4, 1, 1};    // a == b only one way
  c.lines[33] = {33, 0, 9, 1, 1};  // javac counts the `?:` of line 34 on the statement's line
  std::string text = render_gaps(find_gaps(cut, c), cut, c);
  EXPECT_NE(text.find("- line 5: `if (a > 0 && b > 0)` has 1 of the 2 branch outcomes JaCoCo "
                      "counts on line 6 (where its condition goes on) never run"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("line 6:"), std::string::npos) << text;
  EXPECT_NE(text.find("- line 9: `return a == b;` has 1 of its 2 branch outcomes never run"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("- line 33: `return \"a=\" + a + (a > 0 ? \"+\" : \"-\");` has 1 of its 2 "
                      "branch outcomes never run\n"),
            std::string::npos)
      << text;
  // How JaCoCo counts outcomes, and what a count alone means, is said once, before the list,
  // not on each line.
  EXPECT_EQ(text.rfind("Branch outcomes are counted as JaCoCo counts them", 0), 0u) << text;
  EXPECT_NE(text.find("some condition of it has been only true or only false; JaCoCo does not "
                      "tell which"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("(some condition"), std::string::npos) << text;
  EXPECT_EQ(text.find("two per condition"), text.rfind("two per condition")) << text;
}

// javac sends `a || b` that holds through `a` straight past a `break;` line to where it goes:
// JaCoCo never counts that line although tests reach it, so it is not asked for.
TEST(FocusedPrompt, ABreakLineJavacJumpsPastIsNotAskedFor) {
  ClassUnderTest cut = class_of("MultiLine.java");
  coverage::SourceCoverage c;
  c.lines[22] = {22, 0, 2, 0, 0};
  c.lines[23] = {23, 0, 5, 0, 2};
  c.lines[24] = {24, 0, 5, 0, 2};  // '#' both ways
  c.lines[25] = {25, 0, 5, 1, 1};  // '!' never
  c.lines[26] = {26, 1, 0, 0, 0};  // the goto: only after '!'
  c.lines[29] = {29, 0, 2, 0, 0};
  auto gaps = find_gaps(cut, c);
  std::string why;
  for (const Gap& g : gaps) {
    if (g.key == "L26") why = g.infeasible;
  }
  EXPECT_NE(why.find("javac jumps past it"), std::string::npos) << why;
  EXPECT_EQ(render_gaps(gaps, cut, c).find("lines never run: 26"), std::string::npos);
  EXPECT_NE(render_unreachable(gaps).find(
                "- line 26: never run: JaCoCo counts it only when the last part"),
            std::string::npos)
      << render_unreachable(gaps);
}

// A release javac no longer takes (commons-math3 declares 1.5) is said as what the tests are
// compiled for; "1.8" is 8, as the build says it.
TEST(FocusedPrompt, TheContextNamesTheReleaseTheTestsAreCompiledFor) {
  ClassUnderTest cut = parse_pattern_class();
  project::Project p;
  p.java_release = "1.5";
  std::string old = focused_context(p, cut, "JUnit 4 (org.junit)", {});
  EXPECT_NE(old.find("- Java release: 8 (the build declares 1.5, which javac no longer takes)"),
            std::string::npos)
      << old;
  p.java_release = "1.8";
  std::string eight = focused_context(p, cut, "JUnit 4 (org.junit)", {});
  EXPECT_NE(eight.find("- Java release: 1.8 (the build's)"), std::string::npos) << eight;
}

TEST(FocusedPrompt, WithoutCoverageTheWholeSourceAndNoGaps) {
  ClassUnderTest cut = parse_pattern_class();
  LoopState state = figure1_state();
  state.coverage = {};
  prompt::FocusedInputs in;
  focused_inputs(cut, state, "", in);
  EXPECT_FALSE(in.sliced);
  EXPECT_EQ(in.gaps, "");
  EXPECT_EQ(in.source.rfind("1: public class PatternOptionBuilder", 0), 0u) << in.source;
  // It declares no constructor: the implicit one JaCoCo counts is said before any coverage.
  EXPECT_NE(in.context.find("- `PatternOptionBuilder` declares no constructor: JaCoCo counts its "
                            "implicit one on line 1, so a test should call `new "
                            "PatternOptionBuilder()` once.\n"),
            std::string::npos)
      << in.context;
  prompt::FocusedInputs members;
  focused_inputs(class_of("Members.java"), state, "", members);  // declares one
  EXPECT_EQ(members.context.find("declares no constructor"), std::string::npos);
}

TEST(FocusedPrompt, GoldenPrompt) {
  ClassUnderTest cut = parse_pattern_class();
  LoopState state = figure1_state();
  state.note_defects({"line 98: returns null for '@'; the Javadoc promises an Object",
                      "getValueClass(char) ignores the case of the letter; expected it to matter"});
  prompt::GenerateInputs in;
  in.class_name = "PatternOptionBuilder";
  in.test_class_name = "PatternOptionBuilderTest";
  in.junit = "JUnit 5 (org.junit.jupiter)";
  focused_inputs(cut, state,
                 "- Java release: 17\n- Tests: JUnit 5 (org.junit.jupiter)\n- Libraries the "
                 "tests may use: org.junit.jupiter:junit-jupiter:5.9.2\n",
                 in.focused);
  auto t = prompt::PromptTemplates::load(std::string(PANTA_SOURCE_DIR) + "/prompts", "focused");
  ASSERT_TRUE(t.ok()) << t.error().message;
  std::string actual = t->render_generate(in);
  std::string path = std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/prompts/focused.generate.txt";
  if (std::getenv("PANTA_UPDATE_GOLDEN") != nullptr) {
    if (!std::filesystem::exists(path) || test::slurp(path) != actual) {
      std::ofstream(path, std::ios::binary) << actual;
      FAIL() << "rewrote " << path
             << ": review the diff, then run again without PANTA_UPDATE_GOLDEN";
    }
    return;
  }
  ASSERT_TRUE(std::filesystem::exists(path)) << path << " missing; run with PANTA_UPDATE_GOLDEN=1";
  EXPECT_EQ(test::slurp(path), actual) << "golden " << path << " differs";
}

}  // namespace
}  // namespace panta::engine
