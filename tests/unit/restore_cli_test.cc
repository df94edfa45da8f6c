// End to end: build/panta restore on a scratch copy of examples/shop, with backups taken through
// the BackupStore API as the generation loop takes them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "project/backups.h"
#include "project/project_lock.h"
#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

constexpr const char* kTest = "src/test/java/org/example/shop/CartTest.java";

class RestoreCli : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = test::copy_shop(dir_);
    file_ = root_ + "/" + kTest;
    original_ = test::slurp(file_);
  }

  void write(const std::string& text) const {
    std::ofstream(file_, std::ios::binary | std::ios::trunc) << text;
  }

  // Runs 1 and 2 of panta generate: each backs the file up, then writes its own version.
  void two_runs() const {
    auto store = project::BackupStore::open(root_);
    ASSERT_TRUE(store.ok()) << store.error().message;
    ASSERT_TRUE(store->back_up(file_, "1", "org.example.shop.Cart").ok());
    write(original_ + "// run 1\n");
    ASSERT_TRUE(store->back_up(file_, "2", "org.example.shop.Cart").ok());
    write(original_ + "// run 1\n// run 2\n");
  }

  test::PantaRun restore(const std::string& args) const {
    return test::run_panta(dir_, "restore --project " + root_ + " " + args);
  }

  test::TempDir dir_;
  std::string root_;
  std::string file_;
  std::string original_;
};

TEST_F(RestoreCli, PutsTheFileBackAsItWasBeforeTheNewestRun) {
  two_runs();
  fs::permissions(file_, fs::perms(0664));
  auto run = restore("--class org.example.shop.Cart");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(test::slurp(file_), original_ + "// run 1\n");
  EXPECT_NE(run.out.find("restored " + std::string(kTest) + " as it was before run 2"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("undo: panta restore --run restore-1"), std::string::npos) << run.out;
  EXPECT_EQ(static_cast<unsigned>(fs::status(file_).permissions()) & 0777u, 0664u);
  EXPECT_EQ(test::slurp(root_ + "/.panta/backup/restore-1/" + kTest),
            original_ + "// run 1\n// run 2\n");
}

TEST_F(RestoreCli, TheOriginalSurvivesAnyNumberOfRunsAndARestoreCanBeUndone) {
  two_runs();
  auto original = restore("--original");
  ASSERT_EQ(original.exit_code, 0) << original.err;
  EXPECT_EQ(test::slurp(file_), original_);
  auto undo = restore("--run restore-1 --test-file " + file_);
  ASSERT_EQ(undo.exit_code, 0) << undo.err;
  EXPECT_EQ(test::slurp(file_), original_ + "// run 1\n// run 2\n");
  auto again = restore("--run restore-1");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("nothing to do"), std::string::npos) << again.out;
}

TEST_F(RestoreCli, ListsTheBackups) {
  two_runs();
  auto list = restore("--list");
  ASSERT_EQ(list.exit_code, 0) << list.err;
  EXPECT_NE(list.out.find("before run"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("org.example.shop.Cart " + std::string(kTest)), std::string::npos)
      << list.out;
  auto one = restore("--list --run 2");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 2) << one.out;  // heading + 1
}

TEST_F(RestoreCli, ADeletedFileComesBack) {
  two_runs();
  fs::remove(file_);
  auto run = restore("--run 1");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(test::slurp(file_), original_);
}

TEST_F(RestoreCli, NothingToRestoreIsExit2) {
  auto none = restore("");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("no backups of this project"), std::string::npos) << none.err;
  two_runs();
  auto no_run = restore("--run 7");
  EXPECT_EQ(no_run.exit_code, 2);
  EXPECT_NE(no_run.err.find("no backups of run 7"), std::string::npos) << no_run.err;
  auto no_run_of_file = restore("--class org.example.shop.Cart --run 7");
  EXPECT_EQ(no_run_of_file.exit_code, 2);
  EXPECT_NE(no_run_of_file.err.find("from run 7; it has backups from runs 1, 2"), std::string::npos)
      << no_run_of_file.err;
  auto outside = restore("--test-file " + dir_.path() + "/Elsewhere.java");
  EXPECT_EQ(outside.exit_code, 2);
  EXPECT_NE(outside.err.find("is not in the project"), std::string::npos) << outside.err;
  auto both = restore("--original --run 1");
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_EQ(test::slurp(file_), original_ + "// run 1\n// run 2\n");
}

TEST_F(RestoreCli, WaitsForNoOtherPanta) {
  two_runs();
  auto lock = project::ProjectLock::acquire(root_);
  ASSERT_TRUE(lock.ok()) << lock.error().message;
  auto run = restore("");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("another panta"), std::string::npos) << run.err;
  EXPECT_EQ(test::slurp(file_), original_ + "// run 1\n// run 2\n");
}

}  // namespace
}  // namespace panta
