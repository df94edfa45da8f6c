// The test binary itself: the caller's environment neither silences nor changes a test. Run by
// CTest a second time with those variables set (test caller_settings_ignored).
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdlib>

#include "test_support.h"

namespace panta {
namespace {

TEST(CallerSettings, TheCallersModelAndPantaSettingsAreUnset) {
  for (const char* name : test::kCallerSettings) EXPECT_EQ(std::getenv(name), nullptr) << name;
  test::TempDir dir;
  test::PantaRun r = test::run_panta(dir, "generate --project " + dir.path() + " --class a.B");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("no model given"), std::string::npos) << r.err;
}

// Sets PANTA_UPDATE_GOLDEN for as long as it lives.
struct GoldenUpdate {
  GoldenUpdate() { setenv("PANTA_UPDATE_GOLDEN", "1", 1); }
  ~GoldenUpdate() { unsetenv("PANTA_UPDATE_GOLDEN"); }
};

TEST(CallerSettings, AGoldenUpdateWritesWhatDiffersAndFailsNamingIt) {
  test::TempDir dir;
  std::string changed = dir.write("changed.txt", "old\n");
  std::string missing = dir.path() + "/missing.txt";
  std::string same = dir.write("same.txt", "same\n");
  {
    GoldenUpdate update;
    EXPECT_NONFATAL_FAILURE(test::check_golden(changed, "new\n"), "wrote " + changed);
    EXPECT_NONFATAL_FAILURE(test::check_golden(missing, "new\n"), "wrote " + missing);
    test::check_golden(same, "same\n");  // matches: passes, nothing written
  }
  EXPECT_EQ(test::slurp(changed), "new\n");
  EXPECT_EQ(test::slurp(missing), "new\n");
  EXPECT_NONFATAL_FAILURE(test::check_golden(changed, "newer\n"), "golden " + changed + " differs");
  EXPECT_EQ(test::slurp(changed), "new\n") << "written only when PANTA_UPDATE_GOLDEN is set";
}

}  // namespace
}  // namespace panta
