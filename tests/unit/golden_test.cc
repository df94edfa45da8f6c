// Golden files for what users read: for each fixture Foo.java, Foo.paths.txt holds
// `panta analyze --all-methods` text output (CYC, sizes, paths) and Foo.cfg.dot the CFGs.
// PANTA_UPDATE_GOLDEN=1 rewrites those that differ and fails naming them (test::check_golden).
#include <gtest/gtest.h>

#include <filesystem>

#include "analyze/analysis_output.h"
#include "test_support.h"

namespace panta {
namespace {

class Golden : public ::testing::TestWithParam<std::string> {};

TEST_P(Golden, TextAndDotMatch) {
  std::string name = GetParam();
  // Relative paths keep the golden files independent of where the checkout lives (a fixture
  // with marks is read from its copy without them).
  std::filesystem::current_path(std::filesystem::path(test::fixture(name + ".java")).parent_path());
  analyze::AnalyzeOptions options;
  options.all_methods = true;
  std::vector<analyze::FileAnalysis> files;
  files.push_back(analyze::analyze_file(name + ".java", options));
  EXPECT_TRUE(files[0].errors.empty());
  test::check_golden(test::fixture(name + ".paths.txt"), analyze::format_text(files));
  test::check_golden(test::fixture(name + ".cfg.dot"), analyze::format_dot(files));
}

INSTANTIATE_TEST_SUITE_P(Fixtures, Golden,
                         ::testing::Values("PatternOptionBuilder", "Branches", "Loops", "Switches",
                                           "Exceptions", "Opaque", "Members", "Patterns"));

}  // namespace
}  // namespace panta
