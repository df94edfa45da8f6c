#include "project/backups.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "project/restore.h"
#include "project/state_dir.h"
#include "test_support.h"

namespace panta::project {
namespace {

namespace fs = std::filesystem;

constexpr const char* kTest = "src/test/java/org/example/shop/CartTest.java";

struct Project {
  test::TempDir dir;
  std::string root = dir.path() + "/shop";
  std::string test_file = root + "/" + kTest;

  void write(const std::string& text) const {
    fs::create_directories(fs::path(test_file).parent_path());
    std::ofstream(test_file, std::ios::binary | std::ios::trunc) << text;
  }
};

// Runs 1 and 2 of the engine, as it will call the store: back up, then write the new file.
BackupStore two_runs(const Project& p) {
  p.write("original");
  auto store = BackupStore::open(p.root);
  EXPECT_TRUE(store.ok());
  EXPECT_TRUE(store->back_up(p.test_file, "1", "org.example.shop.Cart").ok());
  p.write("after run 1");
  EXPECT_TRUE(store->back_up(p.test_file, "2", "org.example.shop.Cart").ok());
  p.write("after run 2");
  return std::move(*store);
}

TEST(Backups, EveryRunKeepsItsOwnCopySoTheOriginalSurvives) {
  Project p;
  BackupStore store = two_runs(p);
  ASSERT_EQ(store.backups().size(), 2u);
  const Backup& first = store.backups()[0];
  EXPECT_EQ(first.id, "1");
  EXPECT_EQ(first.run, "1");
  EXPECT_EQ(first.file, kTest);
  EXPECT_EQ(first.class_name, "org.example.shop.Cart");
  EXPECT_EQ(first.size, 8u);
  EXPECT_EQ(first.time.size(), 20u) << first.time;  // 2024-06-01T10:15:00Z
  EXPECT_EQ(store.copy_path(first), p.root + "/.panta/backup/1/" + kTest);
  EXPECT_EQ(test::slurp(store.copy_path(first)), "original");
  EXPECT_EQ(test::slurp(store.copy_path(store.backups()[1])), "after run 1");

  auto reopened = BackupStore::open(p.root);  // the index keeps them
  ASSERT_TRUE(reopened.ok()) << reopened.error().message;
  ASSERT_EQ(reopened->backups().size(), 2u);
  EXPECT_EQ(reopened->backups()[0].sha256, first.sha256);
  EXPECT_EQ(test::slurp(p.root + "/.panta/.gitignore"), "*\n");
}

TEST(Backups, AReusedRunIdNeverOverwritesACopy) {
  Project p;
  p.write("from the old journal's run 1");
  auto store = BackupStore::open(p.root);
  ASSERT_TRUE(store.ok());
  ASSERT_TRUE(store->back_up(p.test_file, "1", "").ok());
  p.write("from the new journal's run 1");
  auto again = store->back_up(p.test_file, "1", "");
  ASSERT_TRUE(again.ok()) << again.error().message;
  EXPECT_EQ(again->id, "1.2");
  EXPECT_EQ(again->run, "1");
  EXPECT_EQ(test::slurp(store->copy_path(store->backups()[0])), "from the old journal's run 1");
}

TEST(Backups, ACopyThatChangedIsNotRestored) {
  Project p;
  BackupStore store = two_runs(p);
  std::ofstream(store.copy_path(store.backups()[0])) << "edited by hand";
  auto bytes = store.read(store.backups()[0]);
  ASSERT_FALSE(bytes.ok());
  EXPECT_NE(bytes.error().message.find("changed since it was taken"), std::string::npos);
  auto restored = restore_backup(store, store.backups()[0]);
  ASSERT_FALSE(restored.ok());
  EXPECT_EQ(test::slurp(p.test_file), "after run 2");
}

TEST(Backups, FilesOutsideTheProjectAndDamagedIndexesAreRefused) {
  Project p;
  p.write("x");
  auto store = BackupStore::open(p.root);
  ASSERT_TRUE(store.ok());
  std::string outside = p.dir.write("Other.java", "y");
  auto refused = store->back_up(outside, "1", "");
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("is not in the project"), std::string::npos);
  EXPECT_EQ(store->relative(p.root + "/src/../" + kTest).value(), kTest);

  fs::create_directories(p.root + "/.panta/backup");
  std::ofstream(p.root + "/.panta/backup/index.json") << "{\"backups\": [{\"id\": ";
  auto damaged = BackupStore::open(p.root);
  ASSERT_FALSE(damaged.ok());
  EXPECT_NE(damaged.error().message.find(p.root + "/.panta/backup/index.json"), std::string::npos);
}

TEST(Backups, ChoosesBeforeTheNewestRunTheOriginalOrANamedRun) {
  Project p;
  BackupStore store = two_runs(p);
  auto newest = choose_backup(store, {});
  ASSERT_TRUE(newest.ok()) << newest.error().message;
  EXPECT_EQ(newest->run, "2");
  RestoreRequest original;
  original.original = true;
  EXPECT_EQ(choose_backup(store, original)->run, "1");
  RestoreRequest by_run;
  by_run.run = "1";
  EXPECT_EQ(choose_backup(store, by_run)->run, "1");
  RestoreRequest by_nested_class;
  by_nested_class.class_name = "org.example.shop.Cart.Line";
  EXPECT_EQ(choose_backup(store, by_nested_class)->run, "2");

  RestoreRequest missing_run;
  missing_run.file = kTest;
  missing_run.run = "9";
  auto none = choose_backup(store, missing_run);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("from run 9; it has backups from runs 1, 2"),
            std::string::npos)
      << none.error().message;
  RestoreRequest other_class;
  other_class.class_name = "org.example.shop.Order";
  auto no_class = choose_backup(store, other_class);
  ASSERT_FALSE(no_class.ok());
  EXPECT_NE(no_class.error().message.find("no backups of class org.example.shop.Order"),
            std::string::npos);
}

TEST(Backups, SeveralFilesNeedAName) {
  Project p;
  BackupStore store = two_runs(p);
  std::string other = p.root + "/src/test/java/org/example/shop/OrderTest.java";
  std::ofstream(other) << "order";
  ASSERT_TRUE(store.back_up(other, "3", "org.example.shop.Order").ok());
  auto ambiguous = choose_backup(store, {});
  ASSERT_FALSE(ambiguous.ok());
  EXPECT_NE(ambiguous.error().message.find("several test files"), std::string::npos);
  RestoreRequest by_run;
  by_run.run = "3";
  EXPECT_EQ(choose_backup(store, by_run)->file, "src/test/java/org/example/shop/OrderTest.java");
  EXPECT_EQ(matching_backups(store, by_run).size(), 1u);
}

TEST(Backups, ARestoreBacksTheCurrentFileUpFirstAndCanBeUndone) {
  Project p;
  BackupStore store = two_runs(p);
  auto done = restore_backup(store, *choose_backup(store, {}));
  ASSERT_TRUE(done.ok()) << done.error().message;
  EXPECT_EQ(test::slurp(p.test_file), "after run 1");
  ASSERT_TRUE(done->saved.has_value());
  EXPECT_EQ(done->saved->run, "restore-1");
  EXPECT_EQ(test::slurp(store.copy_path(*done->saved)), "after run 2");
  // Again: the same file is already there, nothing is written or backed up.
  auto again = restore_backup(store, *choose_backup(store, {}));
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again->unchanged);
  EXPECT_EQ(store.backups().size(), 3u);
  RestoreRequest undo;
  undo.run = "restore-1";
  ASSERT_TRUE(restore_backup(store, *choose_backup(store, undo)).ok());
  EXPECT_EQ(test::slurp(p.test_file), "after run 2");
}

TEST(StateDir, WritesAGitignoreOnceAndKeepsTheUsers) {
  test::TempDir dir;
  auto made = ensure_state_dir(dir.path());
  ASSERT_TRUE(made.ok()) << made.error().message;
  EXPECT_EQ(*made, dir.path() + "/.panta");
  EXPECT_EQ(test::slurp(dir.path() + "/.panta/.gitignore"), "*\n");
  std::ofstream(dir.path() + "/.panta/.gitignore") << "journal.sqlite\n";
  ASSERT_TRUE(ensure_state_dir(dir.path()).ok());
  EXPECT_EQ(test::slurp(dir.path() + "/.panta/.gitignore"), "journal.sqlite\n");
}

TEST(StateDir, GitIgnoresTheStateOfEveryCommand) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  if (test::run_command("git --version >/dev/null 2>&1").exit_code != 0) GTEST_SKIP() << "no git";
  ASSERT_EQ(test::run_command("cd " + root + " && git init -q . && git add -A && git -c " +
                              "user.email=t@t -c user.name=t commit -qm base 2>&1")
                .exit_code,
            0);
  // restore --list creates nothing; a restore takes the project lock, which creates .panta/.
  auto run = test::run_panta(dir, "restore --project " + root);
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(fs::exists(root + "/.panta/lock"));
  auto status =
      test::run_command("cd " + root + " && git status --porcelain --untracked-files=all");
  EXPECT_EQ(status.out, "");
}

}  // namespace
}  // namespace panta::project
