// Golden prompts: every strategy's generation prompt and the repair prompt for the paper's
// parsePattern example. PANTA_UPDATE_GOLDEN=1 rewrites the tests/fixtures/prompts/*.txt that
// differ and fails naming them (test::check_golden).
#include <gtest/gtest.h>

#include "prompt/prompt_templates.h"
#include "select/path_selection.h"
#include "test_support.h"

namespace panta::prompt {
namespace {

std::string prompt_dir() {
  return std::string(PANTA_SOURCE_DIR) + "/prompts";
}

void check_golden(const std::string& name, const std::string& actual) {
  test::check_golden(std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/prompts/" + name, actual);
}

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

GenerateInputs inputs() {
  static auto fa = test::analyze_fixture("PatternOptionBuilder.java");
  const auto& m = test::method(fa, "parsePattern(String)");
  GenerateInputs in;
  in.source_text = test::slurp(test::fixture("PatternOptionBuilder.java"));
  in.class_name = "PatternOptionBuilder";
  in.test_class_name = "PatternOptionBuilderTest";
  in.test_file =
      "import static org.junit.jupiter.api.Assertions.*;\n\nimport org.junit.jupiter.api.Test;\n\n"
      "class PatternOptionBuilderTest {\n  @Test\n  void parsesOneOption() {\n"
      "    assertNotNull(PatternOptionBuilder.parsePattern(\"a\"));\n  }\n}\n";
  in.dependencies = {"org.junit.jupiter:junit-jupiter:5.9.2", "org.mockito:mockito-core:2.23.0"};
  in.junit = "JUnit 5 (org.junit.jupiter)";
  in.failed_tests = {{"parsesRequired",
                      "@Test\nvoid parsesRequired() {\n  "
                      "assertTrue(PatternOptionBuilder.parsePattern(\"!\").isRequired());\n}",
                      "PatternOptionBuilderTest.java:12:60: error: cannot find symbol\n  symbol: "
                      "method isRequired()"}};
  coverage::SourceCoverage cov = figure1_coverage();
  select::PathHistory history;
  auto selected = select::select_paths({{"parsePattern(String)", m.path_steps}}, cov, history, 3);
  for (const auto& s : selected) {
    MethodTarget t{"parsePattern(String)", {}, 0, ""};
    for (size_t i : s.paths) t.paths.push_back(m.path_steps[i]);
    in.targets.push_back(t);
  }
  in.uncovered_lines = cov.missed_lines();
  in.partly_lines = cov.partly_lines();
  in.symprompt_method = "parsePattern(String)";
  in.symprompt_path = m.path_steps.back();
  return in;
}

class GoldenPrompt : public ::testing::TestWithParam<std::string> {};

TEST_P(GoldenPrompt, GenerateMatches) {
  auto t = PromptTemplates::load(prompt_dir(), GetParam());
  ASSERT_TRUE(t.ok()) << t.error().message;
  check_golden(GetParam() + ".generate.txt", t->render_generate(inputs()));
}

INSTANTIATE_TEST_SUITE_P(Strategies, GoldenPrompt,
                         ::testing::Values("baseline", "basic", "cov", "panta", "symprompt"));

// generate --mutants: the cov template (panta's and symprompt's mutants rounds use it too)
// asks for PIT's survivors instead of the uncovered lines.
TEST(Prompt, MutantsRoundAsksToKillTheSurvivors) {
  auto t = PromptTemplates::load(prompt_dir(), "cov");
  ASSERT_TRUE(t.ok()) << t.error().message;
  GenerateInputs in = inputs();
  in.surviving_mutants = {
      "line 8: changed conditional boundary (ConditionalsBoundaryMutator, in parsePattern) "
      "survives",
      "line 12: replaced return value with null for parsePattern (NullReturnValsMutator, in "
      "parsePattern) is not covered by any test"};
  std::string p = t->render_generate(in);
  check_golden("cov.mutants.generate.txt", p);
  EXPECT_EQ(p.find("## Coverage"), std::string::npos);
  EXPECT_NE(p.find("## Surviving Mutants"), std::string::npos);
}

TEST(Prompt, PantaPromptHasTheFiveSectionsOfFigure4) {
  auto t = PromptTemplates::load(prompt_dir(), "panta");
  ASSERT_TRUE(t.ok());
  std::string p = t->render_generate(inputs());
  for (const char* section : {"## Source File", "## Test File", "## Third-party dependencies",
                              "## Failed Tests", "## Methods Under Test"}) {
    EXPECT_NE(p.find(section), std::string::npos) << section;
  }
  EXPECT_NE(p.find("11:       } else if (ch == '!') {"), std::string::npos);  // numbered source
  EXPECT_NE(
      p.find("Please generate test for `parsePattern(String)` to cover the path\n2: char opt"),
      std::string::npos);
  EXPECT_NE(p.find("- org.junit.jupiter:junit-jupiter:5.9.2"), std::string::npos);
  EXPECT_NE(p.find("symbol: method isRequired()"), std::string::npos);
}

TEST(Prompt, FailedTestsSectionOnlyWhenThereAreSome) {
  auto t = PromptTemplates::load(prompt_dir(), "panta");
  ASSERT_TRUE(t.ok());
  GenerateInputs in = inputs();
  in.failed_tests.clear();
  EXPECT_EQ(t->render_generate(in).find("## Failed Tests"), std::string::npos);
}

TEST(Prompt, RepairPrompt) {
  auto t = PromptTemplates::load(prompt_dir(), "panta");
  ASSERT_TRUE(t.ok());
  RepairInputs in;
  in.source_text = test::slurp(test::fixture("PatternOptionBuilder.java"));
  in.test_class_name = "PatternOptionBuilderTest";
  in.junit = "JUnit 5 (org.junit.jupiter)";
  in.test_names = {"empty"};
  in.test_view =
      "    1: package org.apache.commons.cli;\n"
      "    2: \n"
      "    3: import static org.junit.jupiter.api.Assertions.*;\n"
      "    4: \n"
      "    5: import org.junit.jupiter.api.Test;\n"
      "    6: \n"
      "    7: class PatternOptionBuilderTest {\n"
      "      ...\n"
      "   21:   @Test\n"
      "   22:   void empty() {\n"
      "   23:     assertEquals(1, PatternOptionBuilder.parsePattern(\"\").size());\n"
      "   24:   }\n"
      "   25: }\n";
  in.error =
      "org.opentest4j.AssertionFailedError: expected: <1> but was: <0>\n\tat "
      "PatternOptionBuilderTest.empty(PatternOptionBuilderTest.java:23)";
  check_golden("repair.txt", t->render_repair(in));
}

TEST(Prompt, MissingOrBrokenTemplatesAreNamed) {
  test::TempDir dir;
  auto missing = PromptTemplates::load(dir.path(), "panta");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("panta/generate.mustache"), std::string::npos);
  dir.write("panta/generate.mustache", "{{#unclosed}}");
  dir.write("repair.mustache", "x");
  dir.write("answer_format.mustache", "y");
  auto broken = PromptTemplates::load(dir.path(), "panta");
  ASSERT_FALSE(broken.ok());
  EXPECT_NE(broken.error().message.find("generate.mustache: "), std::string::npos);
  EXPECT_FALSE(PromptTemplates::load(prompt_dir(), "magic").ok());
}

TEST(Prompt, Helpers) {
  EXPECT_EQ(numbered("a\nb\n"), "1: a\n2: b");
  EXPECT_EQ(coverage::line_ranges({3, 5, 6, 7, 12}), "3, 5-7, 12");
  EXPECT_EQ(coverage::line_ranges({}), "none");
  // Across lines without code (6, 8, 10-11), not across one with code (4, covered).
  std::map<uint32_t, coverage::LineCoverage> code;
  for (uint32_t l : {3, 4, 5, 7, 9, 12}) code[l] = {l, 1, 0, 0, 0};
  code[4].ci = 1;
  EXPECT_EQ(coverage::line_ranges({3, 5, 7, 9, 12}, code), "3, 5-12");
  EXPECT_EQ(coverage::line_ranges({}, code), "none");
}

}  // namespace
}  // namespace panta::prompt
