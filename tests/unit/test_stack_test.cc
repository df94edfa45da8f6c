// The jars tests run with: the versions they carry, the stack folders the build writes.
#include "project/test_stack.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "test_support.h"

namespace panta::project {
namespace {

namespace fs = std::filesystem;

TEST(ArtifactVersions, FromRepositoryPathsFileNamesAndDebianLinks) {
  test::TempDir dir;
  dir.write("mockito-core-2.23.0.jar", "m");
  fs::create_symlink("mockito-core-2.23.0.jar", dir.path() + "/mockito-core.jar");
  dir.write("junit4.jar", "j");
  fs::create_symlink("junit4.jar", dir.path() + "/junit4-4.13.2.jar");
  dir.write("junit4-4.12.jar", "another file");  // not the same file: not its version
  dir.write("hamcrest.jar", "h");                // no versioned name at all
  auto v =
      artifact_versions({"/m2/org/junit/jupiter/junit-jupiter-api/5.14.1/"
                         "junit-jupiter-api-5.14.1.jar",
                         "/m2/org/apache/logging/log4j/log4j-1.2-api/2.17.1/"
                         "log4j-1.2-api-2.17.1.jar",
                         "/lib/assertj-core-3.27.6.jar", dir.path() + "/mockito-core.jar",
                         dir.path() + "/junit4.jar", dir.path() + "/hamcrest.jar", "/classes"});
  EXPECT_EQ(v["junit-jupiter-api"], "5.14.1");
  EXPECT_EQ(v["log4j-1.2-api"], "2.17.1");
  EXPECT_EQ(v["assertj-core"], "3.27.6");
  EXPECT_EQ(v["mockito-core"], "2.23.0");
  EXPECT_EQ(v["junit"], "4.13.2");  // Debian's junit4 is junit:junit
  EXPECT_EQ(v.count("hamcrest"), 0u);
  EXPECT_EQ(mock_agent_jar({"/a/byte-buddy-1.17.7.jar", "/a/byte-buddy-agent-1.17.7.jar"}),
            "/a/byte-buddy-agent-1.17.7.jar");
  EXPECT_EQ(mock_agent_jar({"/a/byte-buddy-1.17.7.jar"}), "");
}

TEST(TestStackFolder, ListsItsJarsAndOrigin) {
  test::TempDir dir;
  dir.write("classpath.txt", "/s/junit-jupiter-api-6.0.3.jar\n\n/s/mockito-core-5.20.0.jar\n");
  dir.write("origin", "maven\n");
  auto stack = read_test_stack(dir.path());
  ASSERT_TRUE(stack.ok()) << stack.error().message;
  EXPECT_EQ(stack->jars.size(), 2u);
  EXPECT_EQ(stack->origin, StackOrigin::kPantaDefault);
  dir.write("origin", "debian\n");
  EXPECT_EQ(read_test_stack(dir.path())->origin, StackOrigin::kDebian);
  EXPECT_FALSE(read_test_stack(dir.path() + "/none").ok());
}

// An installed stack names its own jars relative to its folder, Debian's absolute (issue 29).
TEST(TestStackFolder, RelativeEntriesLieInTheFolder) {
  test::TempDir dir;
  dir.write("classpath.txt", "junit-jupiter-api-6.0.3.jar\n/usr/share/java/hamcrest.jar\n");
  auto stack = read_test_stack(dir.path());
  ASSERT_TRUE(stack.ok()) << stack.error().message;
  EXPECT_EQ(stack->jars, (std::vector<std::string>{dir.path() + "/junit-jupiter-api-6.0.3.jar",
                                                   "/usr/share/java/hamcrest.jar"}));
}

}  // namespace
}  // namespace panta::project
