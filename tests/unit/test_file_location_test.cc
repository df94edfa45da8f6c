#include "project/test_file_location.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "test_support.h"

namespace panta::project {
namespace {

namespace fs = std::filesystem;

struct Layout {
  test::TempDir dir;
  Project project;
  Layout() {
    project.root = dir.path();
    project.src_dir = dir.path() + "/src/main/java";
    project.test_dir = dir.path() + "/src/test/java";
    fs::create_directories(project.src_dir + "/org/x");
    fs::create_directories(project.test_dir + "/org/x");
  }
};

TEST(TestFileLocation, AcceptsFilesUnderTheTestFolder) {
  Layout l;
  EXPECT_TRUE(check_test_file_location(l.project, l.project.test_dir + "/org/x/FooTest.java").ok());
  EXPECT_TRUE(check_test_file_location(l.project, l.project.test_dir + "/new/pkg/T.java").ok());
  EXPECT_TRUE(
      check_test_file_location(l.project, l.project.src_dir + "/../../test/java/FooTest.java")
          .ok());
}

TEST(TestFileLocation, RefusesTheMainSourcesNamingBothFolders) {
  Layout l;
  auto s = check_test_file_location(l.project, l.project.src_dir + "/org/x/Cart.java");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("is in the main source folder " + l.project.src_dir),
            std::string::npos)
      << s.error().message;
  EXPECT_NE(s.error().message.find(l.project.test_dir), std::string::npos);
  auto dotted = check_test_file_location(l.project, l.project.test_dir + "/../../main/java/C.java");
  ASSERT_FALSE(dotted.ok());
  EXPECT_NE(dotted.error().message.find("main source folder"), std::string::npos);
}

TEST(TestFileLocation, ResolvesSymlinksIntoTheMainSources) {
  Layout l;
  fs::create_symlink(l.project.src_dir + "/org", l.project.test_dir + "/sneaky");
  auto s = check_test_file_location(l.project, l.project.test_dir + "/sneaky/x/Cart.java");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("main source folder"), std::string::npos) << s.error().message;
}

TEST(TestFileLocation, RefusesFilesElsewhereAndNonJavaFiles) {
  Layout l;
  auto outside = check_test_file_location(l.project, l.dir.path() + "/pom.xml.java");
  ASSERT_FALSE(outside.ok());
  EXPECT_NE(
      outside.error().message.find("is not under the test source folder " + l.project.test_dir),
      std::string::npos)
      << outside.error().message;
  EXPECT_NE(outside.error().message.find(l.project.src_dir), std::string::npos);
  auto text = check_test_file_location(l.project, l.project.test_dir + "/notes.txt");
  ASSERT_FALSE(text.ok());
  EXPECT_NE(text.error().message.find("not a .java file"), std::string::npos);
}

TEST(TestFileLocation, ATestFolderInsideThePlainSourceFolder) {
  Layout l;
  l.project.src_dir = l.dir.path() + "/src";
  l.project.test_dir = l.dir.path() + "/src/test";
  fs::create_directories(l.project.test_dir);
  EXPECT_TRUE(check_test_file_location(l.project, l.project.test_dir + "/FooTest.java").ok());
  EXPECT_FALSE(check_test_file_location(l.project, l.project.src_dir + "/Foo.java").ok());
  l.project.test_dir = l.project.src_dir;  // one folder for both: nothing is safe
  EXPECT_FALSE(check_test_file_location(l.project, l.project.src_dir + "/FooTest.java").ok());
}

}  // namespace
}  // namespace panta::project
