// Which JUnit new test classes are written for: the build, else the classpath, else the tests.
#include "project/junit_generation.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace panta::project {
namespace {

Project plain(const test::TempDir& dir) {
  Project p;
  p.root = dir.path();
  p.test_dir = dir.path() + "/test";
  return p;
}

TEST(JUnitChoice, TheBuildsDependenciesComeFirst) {
  test::TempDir dir;
  Project p = plain(dir);
  p.test_dependencies = {{"junit", "junit", "4.13.2", "test"},
                         {"org.junit.jupiter", "junit-jupiter", "5.10.0", "test"}};
  p.classpath = {"/x/junit-4.13.2.jar"};
  EXPECT_EQ(choose_junit(p).flavour, JUnitFlavour::kJUnit5);
  p.test_dependencies = {{"junit", "junit", "4.13.2", "test"}};
  EXPECT_EQ(choose_junit(p).flavour, JUnitFlavour::kJUnit4);
}

TEST(JUnitChoice, AClasspathWithOnlyJUnit4MeansJUnit4) {
  test::TempDir dir;
  Project p = plain(dir);
  p.classpath = {"/lib/hamcrest-core-1.3.jar", "/lib/junit-4.13.2.jar"};
  JUnitChoice c = choose_junit(p);
  EXPECT_EQ(c.flavour, JUnitFlavour::kJUnit4);
  EXPECT_NE(c.reason.find("junit-4.13.2.jar"), std::string::npos) << c.reason;
  p.classpath.push_back("/lib/junit-jupiter-api-5.9.2.jar");
  EXPECT_EQ(choose_junit(p).flavour, JUnitFlavour::kJUnit5);
}

TEST(JUnitChoice, ElseTheExistingTestFilesTell) {
  test::TempDir dir;
  Project p = plain(dir);
  dir.write("test/a/OldTest.java",
            "package a;\nimport org.junit.Test;\nimport static org.junit.Assert.*;\npublic class "
            "OldTest {}\n");
  EXPECT_EQ(choose_junit(p).flavour, JUnitFlavour::kJUnit4);
  dir.write("test/a/NewTest.java",
            "package a;\nimport org.junit.jupiter.api.Test;\nclass NewTest {}\n");
  EXPECT_EQ(choose_junit(p).flavour, JUnitFlavour::kJUnit5);
}

TEST(JUnitChoice, NothingToTellIsJUnit5) {
  test::TempDir dir;
  EXPECT_EQ(choose_junit(plain(dir)).flavour, JUnitFlavour::kJUnit5);
}

}  // namespace
}  // namespace panta::project
