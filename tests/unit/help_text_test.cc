// What `--help` shows (issue 29): generate's options in sections, research commands apart, an
// old option name kept for a release with a warning.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.h"

namespace panta::test {
namespace {

std::string help(const std::string& command) {
  TempDir dir;
  return run_panta(dir, command + " --help").out;
}

// The section headings of a help text ("Options:", "Project:", ...), in order.
std::vector<std::string> sections(const std::string& text) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    std::string line = text.substr(at, end == std::string::npos ? end : end - at);
    if (!line.empty() && line.back() == ':' && line[0] != ' ') out.push_back(line);
    at = end == std::string::npos ? text.size() : end + 1;
  }
  return out;
}

TEST(HelpText, GenerateShowsItsOptionsInSections) {
  std::string text = help("generate");
  EXPECT_EQ(sections(text),
            (std::vector<std::string>{"Options:", "Project:", "What to write tests for:", "Model:",
                                      "Loop:", "Budgets and rates:", "Whole projects:", "Output:"}))
      << text;
  // Nothing but --help is left in the general section.
  size_t general = text.find("Options:\n");
  size_t project = text.find("Project:\n");
  ASSERT_LT(general, project);
  std::string rest = text.substr(general, project - general);
  EXPECT_EQ(rest.find("--", rest.find("--help") + 6), std::string::npos) << rest;
}

TEST(HelpText, ResearchCommandsAreListedApart) {
  std::string text = help("");
  size_t research = text.find("Research commands:\n");
  ASSERT_NE(research, std::string::npos) << text;
  EXPECT_GT(text.find("  eval "), research);
  EXPECT_GT(text.find("  select "), research);
  EXPECT_LT(text.find("  generate "), research);
}

// --max-tokens was the answer's limit beside --max-tokens-total (the run's) and
// --max-prompt-tokens (a prompt's): it is --max-answer-tokens now, the old name warns.
TEST(HelpText, AnOldOptionNameWarnsAndStillWorks) {
  TempDir dir;
  std::string root = copy_shop(dir);
  PantaRun r = run_panta(dir, "generate --dry-run --project " + root +
                                  " --class org.example.shop.Cart --max-tokens 50");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("panta: warning: --max-tokens is now --max-answer-tokens; the old name "
                       "goes in the next release\n"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(help("generate").find("--max-tokens "), std::string::npos);
}

}  // namespace
}  // namespace panta::test
