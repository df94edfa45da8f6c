// TestSession with the fake JVM (engine_fakes.h): what it compiles, reuses and runs.
#include "runner/test_session.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine_fakes.h"
#include "test_support.h"

namespace panta::runner {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

const char* kGate =
    "package demo;\npublic class Gate {\n  public int open(int a) {\n    return a;\n  }\n}\n";

std::string test_class(const std::string& body) {
  return "package demo;\n\nimport org.junit.jupiter.api.Test;\n\nclass GateTest {\n" + body + "}\n";
}

TEST(TestSession, MainClassesAreCompiledOnceAndAgainWhenTheyAreGone) {
  test::TempDir dir;
  auto project = test::fake_project(dir.path(), "demo.Gate", kGate, "");
  project.compile_main = true;
  test::FakeJvm jvm{"demo.Gate", {}};
  std::string classes = project.root + "/.panta/classes";
  fs::create_directories(project.root + "/.panta");  // project::ensure_state_dir's, in Panta
  auto first = TestSession::open(project, jvm, dir.path());
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_FALSE(first->reused_main_classes());
  EXPECT_EQ(jvm.compiles, 1);
  EXPECT_TRUE(fs::exists(classes + "/Main.class"));
  auto second = TestSession::open(project, jvm, dir.path());
  ASSERT_TRUE(second.ok()) << second.error().message;
  EXPECT_TRUE(second->reused_main_classes());
  EXPECT_EQ(jvm.compiles, 1);
  fs::remove_all(classes);
  auto third = TestSession::open(project, jvm, dir.path());
  ASSERT_TRUE(third.ok()) << third.error().message;
  EXPECT_FALSE(third->reused_main_classes());
  EXPECT_EQ(jvm.compiles, 2);
  EXPECT_TRUE(fs::exists(classes + "/Main.class"));
}

TEST(TestSession, OnlyTheTestClassesOfTheTestFolderAreDiscovered) {
  test::TempDir dir;
  auto project = test::fake_project(dir.path(), "demo.Gate", kGate, test_class(""));
  for (const char* name : {"TestGate", "GateTests", "GateTestCase", "Helper", "GateTestData"}) {
    std::ofstream(project.test_dir + "/demo/" + name + ".java")
        << "package demo;\nclass " << name << " {}\n";
  }
  test::FakeJvm jvm{"demo.Gate", {}};
  auto session = TestSession::open(project, jvm, dir.path());
  ASSERT_TRUE(session.ok());
  auto found = session->discover_test_classes();
  ASSERT_TRUE(found.ok()) << found.error().message;
  std::vector<std::string> sorted = *found;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<std::string>{"demo.GateTest", "demo.GateTestCase",
                                              "demo.GateTests", "demo.TestGate"}));
}

// The classes `panta coverage` measures when none is named: package-info and module-info are
// not classes of the project.
TEST(TestSession, MainClassesLeaveOutPackageAndModuleInfo) {
  test::TempDir dir;
  auto project = test::fake_project(dir.path(), "demo.Gate", kGate, "");
  std::ofstream(project.src_dir + "/demo/package-info.java") << "package demo;\n";
  std::ofstream(project.src_dir + "/module-info.java") << "module demo {}\n";
  std::ofstream(project.src_dir + "/demo/Door.java") << "package demo;\nclass Door {}\n";
  test::FakeJvm jvm{"demo.Gate", {}};
  auto session = TestSession::open(project, jvm, dir.path());
  ASSERT_TRUE(session.ok());
  auto classes = session->main_classes();
  ASSERT_TRUE(classes.ok()) << classes.error().message;
  std::vector<std::string> sorted = *classes;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<std::string>{"demo.Door", "demo.Gate"}));
}

TEST(TestSession, ATestFileIsCompiledAgainOnlyWhenItsTextChanged) {
  test::TempDir dir;
  auto project = test::fake_project(dir.path(), "demo.Gate", kGate, "");
  test::FakeJvm jvm{"demo.Gate", {{4, 2, 0}}};
  auto session = TestSession::open(project, jvm, dir.path());
  ASSERT_TRUE(session.ok());
  std::string path = project.test_dir + "/demo/GateTest.java";
  std::string one = test_class("  @Test\n  void one() {\n    covers(4);\n  }\n");
  std::string two = test_class("  @Test\n  void two() {\n    covers(4);\n  }\n");
  ASSERT_TRUE(session->compile_test_text(path, one).ok());
  ASSERT_TRUE(session->compile_test_text(path, one).ok());
  EXPECT_EQ(jvm.compiles, 1);
  ASSERT_TRUE(session->compile_test_text(path, two).ok());
  EXPECT_EQ(jvm.compiles, 2);
  auto run = session->run({"demo.GateTest"}, {}, 1s);
  ASSERT_TRUE(run.ok()) << run.error().message;
  ASSERT_EQ(run->results.size(), 1u);
  EXPECT_EQ(run->results[0].id, "demo.GateTest#two");
}

// A run asked to merge into a coverage store only when its tests pass does not merge a failure.
TEST(TestSession, ARunWhoseTestsFailIsNotMergedIntoTheStoreWhenThatIsAsked) {
  test::TempDir dir;
  auto project = test::fake_project(dir.path(), "demo.Gate", kGate, "");
  test::FakeJvm jvm{"demo.Gate", {{4, 2, 0}}};
  auto session = TestSession::open(project, jvm, dir.path());
  ASSERT_TRUE(session.ok());
  std::string path = project.test_dir + "/demo/GateTest.java";
  ASSERT_TRUE(session
                  ->compile_test_text(
                      path, test_class("  @Test\n  void t() {\n    covers(4); fail();\n  }\n"))
                  .ok());
  TestSession::RunOptions options{"tests", "store", true, true, ""};
  auto run = session->run({"demo.GateTest"}, {"demo.Gate"}, 1s, options);
  ASSERT_TRUE(run.ok()) << run.error().message;
  EXPECT_FALSE(run->coverage_store_merged);
  EXPECT_EQ(run->coverage_store_runs, 0);
}

}  // namespace
}  // namespace panta::runner
