// Golden files for what users read: for each fixture Foo.java, Foo.paths.txt holds
// `panta analyze --all-methods` text output (CYC, sizes, paths) and Foo.cfg.dot the CFGs.
// PANTA_UPDATE_GOLDEN=1 rewrites them; review the diff before committing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "analyze/analysis_output.h"
#include "test_support.h"

namespace panta {
namespace {

class Golden : public ::testing::TestWithParam<std::string> {};

void check_golden(const std::string& path, const std::string& actual) {
  if (std::getenv("PANTA_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(std::filesystem::exists(path)) << path << " missing; run with PANTA_UPDATE_GOLDEN=1";
  EXPECT_EQ(test::slurp(path), actual) << "golden " << path << " differs";
}

TEST_P(Golden, TextAndDotMatch) {
  std::string name = GetParam();
  // Relative paths keep the golden files independent of where the checkout lives.
  std::filesystem::current_path(std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/analyze");
  analyze::AnalyzeOptions options;
  options.all_methods = true;
  std::vector<analyze::FileAnalysis> files;
  files.push_back(analyze::analyze_file(name + ".java", options));
  EXPECT_TRUE(files[0].errors.empty());
  check_golden(test::fixture(name + ".paths.txt"), analyze::format_text(files));
  check_golden(test::fixture(name + ".cfg.dot"), analyze::format_dot(files));
}

INSTANTIATE_TEST_SUITE_P(Fixtures, Golden,
                         ::testing::Values("PatternOptionBuilder", "Branches", "Loops", "Switches",
                                           "Exceptions", "Opaque", "Members"));

}  // namespace
}  // namespace panta
