// The focused strategy's prompt for the paper's parsePattern example with Figure 1's coverage:
// a golden file (tests/fixtures/prompts/focused.generate.txt) and what its sections must hold.
#include "engine/focused_prompt.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "engine/gaps.h"
#include "junit/answer_statements.h"
#include "prompt/prompt_templates.h"
#include "test_support.h"

namespace panta::engine {
namespace {

// The line of the mark `$name^` in the fixture `file` (tests/fixtures/analyze).
uint32_t at(const std::string& file, const std::string& name) {
  static std::map<std::string, test::MarkedSource> marks;
  auto it = marks.find(file);
  if (it == marks.end()) it = marks.emplace(file, test::fixture_marks(file)).first;
  return it->second.line(name);
}

uint32_t pob(const std::string& name) {
  return at("PatternOptionBuilder.java", name);
}

// A gap's key: a line never run, an outcome of the decision on `line`.
std::string L(uint32_t line) {
  return "L" + std::to_string(line);
}
std::string outcome(uint32_t line, const std::string& label) {
  return std::to_string(line) + ":" + label;
}

// Figure 1's coverage of parsePattern, by the paper's line numbers (the fixture keeps them).
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

// The gaps as a prompt lists them, each with the id it would get.
std::string render(std::vector<Gap> gaps, const ClassUnderTest& cut,
                   const coverage::SourceCoverage& c) {
  std::map<std::string, int> ids;
  int next = 1;
  assign_gap_ids(gaps, ids, next);
  std::map<int, std::vector<std::string>> shown;
  return render_gaps(gaps, cut, c, shown);
}

// The gaps said unreachable: every gap on `line` (by key), with `why`.
std::map<std::string, std::string> said_of(const std::vector<Gap>& gaps, uint32_t line,
                                           const std::string& why) {
  std::map<std::string, std::string> out;
  for (const Gap& g : gaps) {
    if (g.line == line) out[g.key] = why;
  }
  return out;
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
  EXPECT_NE(in.gaps.find(fmt::format("- [G2] line {}: never run\n", pob("required"))),
            std::string::npos)
      << in.gaps;
  EXPECT_NE(in.gaps.find(fmt::format("- [G1] line {}: `else if (ch == '!')` has never been true",
                                     pob("bang"))),
            std::string::npos)
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
  auto b = [](const std::string& mark) { return at("Branches.java", mark); };
  auto c = lines_of({{b("cls"), 3, 0, 0, 0},  // `public class Branches {`: the implicit constructor
                     {b("pos"), 0, 4, 0, 2},  // sign(int), every outcome taken
                     {b("one"), 0, 2, 0, 0},
                     {b("neg"), 0, 4, 0, 2},
                     {b("minus"), 0, 2, 0, 0},
                     {b("zero"), 0, 2, 1, 1}});  // as if `return 0;` held a boolean expression
  auto gaps = find_gaps(cut, c);
  std::string text = render(gaps, cut, c);
  EXPECT_NE(
      text.find(fmt::format(
          "- [G1] line {}: `return 0;` has 1 of its 2 branch outcomes never run\n", b("zero"))),
      std::string::npos)
      << text;
  EXPECT_NE(
      text.find(fmt::format("outside the methods:\n- [G2] line {}: `public class Branches {{`: "
                            "its implicit constructor never ran",
                            b("cls"))),
      std::string::npos)
      << text;
  EXPECT_FALSE(only_unreachable_left(gaps));
  coverage::SourceCoverage full = c;
  full.lines[b("cls")] = {b("cls"), 0, 3, 0, 0};
  full.lines[b("zero")] = {b("zero"), 0, 2, 0, 2};
  EXPECT_TRUE(find_gaps(cut, full).empty());
}

// A branch line's quote ends with its code: a comment after it is left out ("//" in a string
// stays) and does not make the next line part of the statement (CharacterReader's line 96 was
// quoted with its comment and the line after it).
TEST(FocusedPrompt, ABranchLineIsQuotedWithoutTheCommentItEndsIn) {
  ClassUnderTest cut = class_of("Commented.java");
  uint32_t check = at("Commented.java", "check");
  coverage::SourceCoverage c = lines_of({{check, 0, 4, 1, 3}, {check + 1, 0, 2, 0, 0}});
  std::string text = render(find_gaps(cut, c), cut, c);
  EXPECT_NE(
      text.find(fmt::format("- [G1] line {}: `boolean ok = a == b && !\"http://x\".isEmpty();` "
                            "has 1 of its 4 branch outcomes never run\n",
                            check)),
      std::string::npos)
      << text;
}

// A long method's slice shows, besides its decisions and the lines near its gaps, where the
// locals a condition with a missing outcome reads get their values (`at = 0;`).
TEST(FocusedPrompt, ALongMethodsSliceShowsWhereAGapsConditionGetsItsValues) {
  ClassUnderTest cut = class_of("Commented.java");
  auto m = [](const std::string& mark) { return at("Commented.java", mark); };
  ASSERT_EQ(cut.graphs.size(), 3u);
  std::vector<Gap> gaps = {{cut.graphs[1].key, outcome(m("test"), "true"), m("test"),
                            "never been true", "", Aside::kNo, 0, GapKind::kOutcome, "true"}};
  auto shown = lines_to_show(gaps, cut, 5);
  ASSERT_EQ(shown.count(m("pick")), 1u);
  // Only a definition brings `at = 0;`: it is more than 2 lines from the gap, `at = xs.length - 1;`
  // is not.
  ASSERT_GT(m("test") - m("first"), 3u);
  EXPECT_EQ(shown[m("pick")].count(m("first")), 1u);
  EXPECT_EQ(shown[m("pick")].count(m("last")), 1u);
  gaps[0].kind = GapKind::kLine;  // a line never run: the lines near it, no definitions
  gaps[0].what = "";
  EXPECT_EQ(lines_to_show(gaps, cut, 5)[m("pick")].count(m("first")), 0u);
}

// A line JaCoCo never counts although every outcome of the decision before it ran: a test came
// to it and its call threw (`fail(...)`); it is not asked for again, and says why.
TEST(FocusedPrompt, ALineTestsReachButWhoseCallThrowsIsNotAskedFor) {
  ClassUnderTest cut = class_of("Branches.java");
  auto b = [](const std::string& mark) { return at("Branches.java", mark); };
  auto c = lines_of({{b("cls"), 0, 3, 0, 0},
                     {b("pos"), 0, 4, 0, 2},    // both outcomes of `if (x > 0)` ran
                     {b("one"), 2, 0, 0, 0},    // yet `return 1;` never counted (as if it threw)
                     {b("neg"), 0, 4, 1, 1},    // `else if (x < 0)` never true
                     {b("minus"), 2, 0, 0, 0},  // so `return -1;` not reached
                     {b("zero"), 0, 2, 0, 0}});
  std::map<std::string, std::string> why;
  for (const Gap& g : find_gaps(cut, c)) why[g.key] = g.infeasible;
  EXPECT_NE(why[L(b("one"))].find("its call threw each time"), std::string::npos)
      << why[L(b("one"))];
  EXPECT_EQ(why[L(b("minus"))], "");
}

// A mutants round's mutated lines show their methods in the slice, gap or not.
TEST(FocusedPrompt, TheMethodsOfMutatedLinesAreShown) {
  ClassUnderTest cut = class_of("Branches.java");
  std::vector<Gap> none;
  EXPECT_TRUE(lines_to_show(none, cut).empty());
  auto shown = lines_to_show(none, cut, 30, {at("Branches.java", "neg")});
  EXPECT_EQ(shown.size(), 1u);
  EXPECT_EQ(shown.count(at("Branches.java", "sign")), 1u);  // sign(int), whole
}

// A switch whose cases name every constant of an enum never takes its default (javac still
// counts the branch): the outcome and the lines only it leads to are possibly unreachable, with
// the reason; a switch naming some of them keeps its default asked for.
TEST(FocusedPrompt, TheDefaultOfASwitchNamingEveryEnumConstantIsPossiblyUnreachable) {
  ClassUnderTest cut = class_of("Seasons.java");
  auto s = [](const std::string& mark) { return at("Seasons.java", mark); };
  cut.enums = {{"Season", {"WINTER", "SPRING", "SUMMER", "AUTUMN"}}};
  const std::string every = "the cases name every constant of enum Season";
  coverage::SourceCoverage c;
  c.lines[s("sw")] = {s("sw"), 0, 4, 1, 4};  // every case ran, the default never
  for (const char* ran : {"winter", "spring", "summer", "autumn", "p_winter"})
    c.lines[s(ran)] = {s(ran), 0, 2, 0, 0};
  c.lines[s("none")] = {s("none"), 2, 0, 0, 0};  // return -1
  c.lines[s("psw")] = {s("psw"), 0, 4, 1, 1};    // partial(): WINTER ran, the default never
  c.lines[s("p_default")] = {s("p_default"), 2, 0, 0, 0};
  auto gaps = find_gaps(cut, c);
  std::map<std::string, std::string> why;
  for (const Gap& g : gaps) why[g.key] = g.infeasible;
  ASSERT_EQ(why.count(outcome(s("sw"), "default")), 1u) << render(gaps, cut, c);
  EXPECT_EQ(why[outcome(s("sw"), "default")], every);
  EXPECT_EQ(why[L(s("none"))], every);
  EXPECT_EQ(why[L(s("p_default"))], "");
  std::string asked = render(gaps, cut, c);
  EXPECT_EQ(asked.find(fmt::format("line {}", s("sw"))), std::string::npos) << asked;
  EXPECT_NE(asked.find(std::to_string(s("p_default"))), std::string::npos) << asked;
  // where(Pos p) names LEFT and RIGHT: every constant of Side, not of Pos, the selector's type.
  cut.enums["Side"] = {"LEFT", "RIGHT"};
  cut.enums["Pos"] = {"LEFT", "RIGHT", "CENTER"};
  c.lines[s("wsw")] = {s("wsw"), 0, 4, 1, 2};
  c.lines[s("w_left")] = {s("w_left"), 0, 2, 0, 0};
  c.lines[s("w_right")] = {s("w_right"), 0, 2, 0, 0};
  c.lines[s("w_none")] = {s("w_none"), 2, 0, 0, 0};
  std::map<std::string, std::string> where;
  for (const Gap& g : find_gaps(cut, c)) where[g.key] = g.infeasible;
  ASSERT_EQ(where.count(outcome(s("wsw"), "default")), 1u);
  EXPECT_EQ(where[outcome(s("wsw"), "default")], "");
  EXPECT_EQ(where[L(s("w_none"))], "");
  // after(Season s): every line behind the default, through an `if`, is set aside too.
  c.lines[s("asw")] = {s("asw"), 0, 4, 1, 4};
  for (const char* ran : {"a_winter", "a_spring", "a_summer", "a_autumn"})
    c.lines[s(ran)] = {s(ran), 0, 2, 0, 0};
  c.lines[s("a_null")] = {s("a_null"), 2, 0, 2, 0};
  c.lines[s("a_null_ret")] = {s("a_null_ret"), 2, 0, 0, 0};
  c.lines[s("a_ret")] = {s("a_ret"), 2, 0, 0, 0};
  std::map<std::string, std::string> after;
  for (const Gap& g : find_gaps(cut, c)) after[g.key] = g.infeasible;
  for (const std::string& key :
       {outcome(s("asw"), "default"), L(s("a_null")), L(s("a_null_ret")), L(s("a_ret"))}) {
    EXPECT_EQ(after[key], every) << key;
  }
  EXPECT_NE(render_unreachable(gaps).find(
                fmt::format("] line {}: `switch (s)` has never taken default: {}", s("sw"), every)),
            std::string::npos)
      << render_unreachable(gaps);
}

// An answer's `Unreachable:` statement names gaps by the ids the last prompt showed: those are
// not asked for again, and neither is what runs only with them. Prose saying a line is dead
// code sets nothing aside, and an id the prompt did not show is named, not guessed at.
TEST(FocusedPrompt, GapsAnAnswerSaysAreUnreachableAreSetAside) {
  ClassUnderTest cut = parse_pattern_class();
  const uint32_t required = pob("required");
  const std::string line = fmt::format("line {}", required);
  LoopState state = figure1_state();
  prompt::FocusedInputs first;
  focused_inputs(cut, state, "", first);
  int id = 0;
  for (const auto& [shown, keys] : state.shown_gaps) {
    if (keys == std::vector<std::string>{L(required)}) id = shown;
  }
  ASSERT_NE(id, 0) << first.gaps;
  EXPECT_NE(first.gaps.find(fmt::format("- [G{}] {}: never run\n", id, line)), std::string::npos)
      << first.gaps;
  auto prose = junit::parse_statements(
      fmt::format("- {0}: `required = true` is dead code: '!' is a value code\n"
                  "Line {1} cannot be reached.\n",
                  line, required));
  EXPECT_TRUE(state.take_statements(prose).empty());
  EXPECT_TRUE(state.said_unreachable.empty());
  auto said =
      junit::parse_statements(fmt::format("Unreachable: G{}, G999 - '!' is a value code\n", id));
  auto unread = state.take_statements(said);
  EXPECT_EQ(unread, std::vector<std::string>{"Unreachable: G999 (no such gap was asked for)"});
  EXPECT_EQ(state.said_unreachable,
            (std::map<std::string, std::string>{{L(required), "'!' is a value code"}}));
  auto gaps = find_gaps(cut, figure1_coverage());
  mark_said_unreachable(gaps, state.said_unreachable, cut);
  std::map<std::string, std::string> why;
  for (const Gap& g : gaps) why[g.key] = g.infeasible;
  EXPECT_EQ(why[L(required)], "an answer said no test can reach it: '!' is a value code");
  // The outcome that enters the line goes with it: taking it would run that line.
  const std::string entering = outcome(pob("bang"), "true");
  EXPECT_EQ(why[entering].rfind(
                fmt::format("it leads to {}, which an answer said cannot be reached", line), 0),
            0u)
      << why[entering];
  prompt::FocusedInputs second;
  focused_inputs(cut, state, "", second);
  EXPECT_EQ(second.gaps.find(line + ":"), std::string::npos) << second.gaps;
  // The id stays the gap's for the whole run, and a resumed run's.
  EXPECT_NE(second.unreachable.find(fmt::format(
                "- [G{}] {}: never run: an answer said no test can reach it", id, line)),
            std::string::npos)
      << second.unreachable;
  LoopState resumed;
  resumed.restore_from(nlohmann::json::parse(state.to_json().dump()));
  EXPECT_EQ(resumed.gap_ids, state.gap_ids);
  EXPECT_EQ(resumed.shown_gaps, state.shown_gaps);
  EXPECT_EQ(resumed.said_unreachable, state.said_unreachable);
}

// load(Reader) of Commented.java with its catch never run (the catch line, its two lines).
coverage::SourceCoverage catch_never_ran() {
  auto m = [](const std::string& mark) { return at("Commented.java", mark); };
  return lines_of({{m("sb"), 0, 3, 0, 0},
                   {m("read"), 0, 5, 0, 0},
                   {m("catch"), 2, 0, 0, 0},
                   {m("reset"), 3, 0, 0, 0},
                   {m("failed"), 3, 0, 0, 0},
                   {m("loaded"), 0, 2, 0, 0}});
}

// A range of lines never run is one entry: an answer's id for it sets aside every line.
TEST(FocusedPrompt, ARangeOfLinesIsOneGapWithOneId) {
  ClassUnderTest cut = class_of("Commented.java");
  auto c = catch_never_ran();
  LoopState state;
  state.coverage = c;
  state.file = *junit::TestFile::parse("class CommentedTest {\n}\n");
  state.coverage.lines[1] = {1, 0, 1, 0, 0};  // something ran: the source is sliced
  prompt::FocusedInputs in;
  focused_inputs(cut, state, "", in);
  EXPECT_NE(in.gaps.find(fmt::format("] lines {}-{}: never run\n", at("Commented.java", "catch"),
                                     at("Commented.java", "failed"))),
            std::string::npos)
      << in.gaps;
  int range = 0;
  for (const auto& [id, keys] : state.shown_gaps) {
    if (keys.size() == 3) range = id;
  }
  ASSERT_NE(range, 0) << in.gaps;
  state.take_statements(junit::parse_statements("Unreachable: G" + std::to_string(range) +
                                                " - StringBuilder never throws\n"));
  EXPECT_EQ(state.said_unreachable.size(), 3u);
  auto gaps = find_gaps(cut, c);
  mark_said_unreachable(gaps, state.said_unreachable, cut);
  EXPECT_TRUE(only_unreachable_left(gaps)) << render(gaps, cut, c);
}

TEST(FocusedPrompt, TheNextPromptNamesTheSuspectedDefectsAlreadyRecorded) {
  LoopState state = figure1_state();
  state.take_statements(junit::parse_statements(
      "Defect: line 98 - returns null\nDefect: lines 17-18 - swallows a character\n"
      "Defect: line 98 - returns null\n"));
  EXPECT_EQ(
      state.suspected_defects,
      (std::vector<std::string>{"line 98: returns null", "lines 17-18: swallows a character"}));
  prompt::FocusedInputs in;
  focused_inputs(parse_pattern_class(), state, "", in);
  EXPECT_EQ(in.recorded, (std::vector<std::string>{"line 98", "lines 17-18"}));
}

TEST(FocusedPrompt, WhatAnAnswerSetsAsideCoversItsConditionAndWhatOnlyItReaches) {
  ClassUnderTest multi = class_of("MultiLine.java");
  auto m = [](const std::string& mark) { return at("MultiLine.java", mark); };
  auto c = lines_of({{m("m"), 0, 2, 0, 0},
                     {m("near"), 0, 2, 0, 2},
                     {m("near_more"), 0, 3, 1, 1},  // `i < n` on the next line only true
                     {m("m_true"), 0, 2, 0, 0},
                     {m("m_ret"), 0, 2, 0, 0}});
  auto gaps = find_gaps(multi, c);
  mark_said_unreachable(gaps, said_of(gaps, m("near"), "`i < n` is always true"), multi);
  ASSERT_FALSE(gaps.empty());
  EXPECT_TRUE(only_unreachable_left(gaps)) << render(gaps, multi, c);
  // sign(int): `else if (x < 0)`'s true outcome said unreachable; `return -1;` runs only after it.
  ClassUnderTest branches = class_of("Branches.java");
  auto b = [](const std::string& mark) { return at("Branches.java", mark); };
  auto bc = lines_of({{b("pos"), 0, 4, 0, 2},
                      {b("one"), 0, 2, 0, 0},
                      {b("neg"), 0, 4, 1, 1},
                      {b("minus"), 2, 0, 0, 0},
                      {b("zero"), 0, 2, 0, 0}});
  auto bg = find_gaps(branches, bc);
  mark_said_unreachable(bg, said_of(bg, b("neg"), "x < 0 can never be true here"), branches);
  std::map<std::string, std::string> why;
  for (const Gap& g : bg) why[g.key] = g.infeasible;
  const std::string taken = outcome(b("neg"), "true");
  EXPECT_NE(why[taken], "");
  EXPECT_EQ(why[L(b("minus"))], why[taken]);
  // The other way: `return -1;` said unreachable, so the outcome that leads to it cannot happen.
  auto back = find_gaps(branches, bc);
  mark_said_unreachable(back, said_of(back, b("minus"), "x is never negative"), branches);
  for (const Gap& g : back) why[g.key] = g.infeasible;
  EXPECT_NE(why[L(b("minus"))], "");
  EXPECT_EQ(why[taken],
            fmt::format("it leads to line {}, which an answer said cannot be reached", b("minus")));
  EXPECT_TRUE(only_unreachable_left(back)) << render(back, branches, bc);
}

// A catch line and the first line of its block run together: what an answer sets aside of one
// goes for the other, and for the lines after it in its block (Entities asked for its
// `} catch (IOException e) {` line again after the answer said the body cannot be reached).
TEST(FocusedPrompt, ACatchLineAndItsBodyAreSetAsideTogether) {
  ClassUnderTest cut = class_of("Commented.java");
  auto m = [](const std::string& mark) { return at("Commented.java", mark); };
  auto c = catch_never_ran();
  for (uint32_t said : {m("reset"), m("catch")}) {
    auto gaps = find_gaps(cut, c);
    mark_said_unreachable(gaps, said_of(gaps, said, "StringBuilder never throws"), cut);
    std::map<std::string, std::string> why;
    for (const Gap& g : gaps) why[g.key] = g.infeasible;
    EXPECT_TRUE(only_unreachable_left(gaps)) << said << "\n" << render(gaps, cut, c);
    EXPECT_EQ(why[L(m("failed"))],
              fmt::format("it runs only after line {}, which an answer said cannot be reached",
                          m("reset")));
    if (said == m("reset"))
      EXPECT_EQ(why[L(m("catch"))],
                fmt::format("the catch runs only with line {}, which an answer said cannot be "
                            "reached",
                            m("reset")));
    else
      EXPECT_EQ(why[L(m("reset"))],
                fmt::format("the body of the catch on line {}, which an answer said cannot be "
                            "reached",
                            m("catch")));
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
  auto m = [](const std::string& mark) { return at("MultiLine.java", mark); };
  auto c = lines_of({{m("both"), 0, 3, 0, 2},       // a > 0 both ways
                     {m("both_more"), 0, 2, 1, 1},  // b > 0 only true
                     {m("both_true"), 0, 2, 0, 0},
                     {m("equal"), 0, 4, 1, 1},  // a == b only one way
                     // javac counts the `?:` of the next line on the statement's line
                     {m("label"), 0, 9, 1, 1}});
  std::string text = render(find_gaps(cut, c), cut, c);
  EXPECT_NE(text.find(fmt::format("- [G1] line {}: `if (a > 0 && b > 0)` has 1 of the 2 branch "
                                  "outcomes JaCoCo counts on line {} (where its condition goes "
                                  "on) never run",
                                  m("both"), m("both_more"))),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find(fmt::format("line {}:", m("both_more"))), std::string::npos) << text;
  EXPECT_NE(
      text.find(fmt::format(
          "- [G2] line {}: `return a == b;` has 1 of its 2 branch outcomes never run", m("equal"))),
      std::string::npos)
      << text;
  EXPECT_NE(text.find(fmt::format("- [G3] line {}: `return \"a=\" + a + (a > 0 ? \"+\" : \"-\");` "
                                  "has 1 of its 2 branch outcomes never run\n",
                                  m("label"))),
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
  auto m = [](const std::string& mark) { return at("MultiLine.java", mark); };
  auto c = lines_of({{m("i0"), 0, 2, 0, 0},
                     {m("loop"), 0, 5, 0, 2},
                     {m("hash"), 0, 5, 0, 2},  // '#' both ways
                     {m("bang"), 0, 5, 1, 1},  // '!' never
                     {m("brk"), 1, 0, 0, 0},   // the goto: only after '!'
                     {m("i_ret"), 0, 2, 0, 0}});
  auto gaps = find_gaps(cut, c);
  std::string why;
  for (const Gap& g : gaps) {
    if (g.key == L(m("brk"))) why = g.infeasible;
  }
  EXPECT_NE(why.find("javac jumps past it"), std::string::npos) << why;
  EXPECT_EQ(render(gaps, cut, c).find(fmt::format("line {}:", m("brk"))), std::string::npos);
  EXPECT_NE(render_unreachable(gaps).find(fmt::format(
                "] line {}: never run: JaCoCo counts it only when the last part", m("brk"))),
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
  state.take_statements(junit::parse_statements(
      "Defect: line 98 - returns null for '@'; the Javadoc promises an Object\n"));
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
