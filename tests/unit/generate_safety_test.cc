// End to end: `panta generate` never loses the user's test file: an edit made during a run
// survives, every run keeps its backup, a test file outside the test folder is refused, and a
// folder it cannot write is found before any model call.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

const char* kTestFile = "/src/test/java/org/example/shop/CartTest.java";

std::string fenced(const std::string& name, const std::string& body) {
  return "```java\n@Test\nvoid " + name + "() {\n  " + body + "\n}\n```\n";
}

// A cmd: model answering call n with answer<n>.txt; before answering call `edit_at` it runs
// `edit` (a shell command), as a user editing the file while the model thinks would.
std::string scripted_model(const test::TempDir& dir, const std::vector<std::string>& answers,
                           int edit_at = 0, const std::string& edit = "") {
  for (size_t i = 0; i < answers.size(); ++i) {
    dir.write("answer" + std::to_string(i + 1) + ".txt", answers[i]);
  }
  std::string counter = dir.path() + "/calls";
  std::string script = "cat >/dev/null\nn=$(cat '" + counter + "' 2>/dev/null || echo 0)\n" +
                       "n=$((n + 1)); echo $n > '" + counter + "'\n" + "if [ $n -eq " +
                       std::to_string(edit_at) + " ]; then\n" +
                       (edit.empty() ? std::string(":") : edit) + "\nfi\n" + "cat '" + dir.path() +
                       "/answer'$n.txt 2>/dev/null\n";
  return "'cmd:sh " + dir.write("model.sh", script) + "'";
}

int calls(const test::TempDir& dir) {
  std::ifstream in(dir.path() + "/calls");
  int n = 0;
  in >> n;
  return n;
}

TEST(GenerateSafety, ATestFileInTheMainSourcesIsRefused) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string cart = root + "/src/main/java/org/example/shop/Cart.java";
  std::string before = test::slurp(cart);
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --test-file " + cart +
               " --llm " +
               scripted_model(dir, {fenced("t", "assertEquals(0, new Cart().size());")}));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(root + "/src/test/java"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(root + "/src/main/java"), std::string::npos) << r.err;
  EXPECT_EQ(test::slurp(cart), before);
  EXPECT_EQ(calls(dir), 0);
}

TEST(GenerateSafety, AnEditTheUserMakesDuringTheRunSurvives) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string file = root + kTestFile;
  // While the model thinks about the second prompt, the user adds a test of their own.
  std::string edit =
      "sed -i 's/^}$/  @Test\\n  void addedByTheUser() {\\n    assertEquals(0, new "
      "Cart().size());\\n  }\\n}/' '" +
      file + "'";
  test::PantaRun r = test::run_panta(
      dir,
      "generate --project " + root +
          " --class org.example.shop.Cart --max-iterations 2 --max-no-increase 5 --llm " +
          scripted_model(dir,
                         {fenced("first", "assertEquals(1, new Cart().size() + 1);"),
                          fenced("second",
                                 "Cart c = new Cart();\n  c.add(new Cart.Item(\"a\", "
                                 "Cart.Category.FOOD, 1, 100));\n  assertEquals(1, c.size());")},
                         2, edit));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("was changed during the run: kept as changed"), std::string::npos) << r.err;
  std::string written = test::slurp(file);
  EXPECT_NE(written.find("void addedByTheUser()"), std::string::npos) << written;
  EXPECT_NE(written.find("void first()"), std::string::npos) << written;
  EXPECT_NE(written.find("void second()"), std::string::npos) << written;
  EXPECT_NE(written.find("void emptyCartCostsNothing()"), std::string::npos);
  test::PantaRun check =
      test::run_panta(dir, "test --project " + root + " --test org.example.shop.CartTest");
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
}

TEST(GenerateSafety, ATestFileTheUserCreatesDuringTheRunIsMergedNotOverwritten) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string file = root + kTestFile;
  fs::remove(file);
  // While the model thinks about the first prompt, the user writes a test class of their own.
  std::string users =
      "package org.example.shop;\n\nimport static org.junit.jupiter.api.Assertions.*;\n\n"
      "import org.junit.jupiter.api.Test;\n\nclass CartTest {\n  @Test\n"
      "  void writtenByTheUser() {\n    assertEquals(0, new Cart().size());\n  }\n}\n";
  std::string saved = dir.write("users.java", users);
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --max-iterations 1 " +
               "--llm " +
               scripted_model(dir, {fenced("first", "assertEquals(1, new Cart().size() + 1);")}, 1,
                              "cp '" + saved + "' '" + file + "'"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("was changed during the run: kept as changed"), std::string::npos) << r.err;
  std::string written = test::slurp(file);
  EXPECT_NE(written.find("void writtenByTheUser()"), std::string::npos) << written;
  EXPECT_NE(written.find("void first()"), std::string::npos) << written;
  // The user's file as it was before Panta wrote into it is backed up.
  EXPECT_EQ(test::slurp(root + "/.panta/backup/1" + kTestFile), users);
}

TEST(GenerateSafety, ATestFileCreatedDuringTheRunThatCannotTakeTheTestsIsLeftAlone) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string file = root + kTestFile;
  fs::remove(file);
  std::string args =
      "generate --project " + root + " --class org.example.shop.Cart --max-iterations 1 --llm ";
  // Twice: each run's version is kept in a pending folder of its own.
  for (int run = 1; run <= 2; ++run) {
    test::TempDir model;
    std::string half = "class CartTest { // being written (" + std::to_string(run) + ")\n";
    test::PantaRun r = test::run_panta(
        dir, args + scripted_model(model, {fenced("first", "assertEquals(0, new Cart().size());")},
                                   1, "printf '%s' '" + half + "' > '" + file + "'"));
    EXPECT_NE(r.exit_code, 0) << r.err;
    EXPECT_EQ(test::slurp(file), half) << "the user's file is untouched";
    EXPECT_NE(r.err.find("was changed during the run"), std::string::npos) << r.err;
    std::string pending = root + "/.panta/pending/" + std::to_string(run) + kTestFile;
    EXPECT_NE(r.err.find(pending), std::string::npos) << r.err;
    ASSERT_TRUE(fs::exists(pending)) << r.err;
    EXPECT_NE(test::slurp(pending).find("void first()"), std::string::npos);
    fs::remove(file);
  }
}

TEST(GenerateSafety, EveryRunKeepsItsBackupSoTheOriginalSurvivesTwoRuns) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string file = root + kTestFile;
  std::string original = test::slurp(file);
  const std::string args =
      "generate --project " + root + " --class org.example.shop.Cart --max-iterations 1 --llm ";
  test::TempDir first_model;
  ASSERT_EQ(test::run_panta(
                dir, args + scripted_model(first_model,
                                           {fenced("one", "assertEquals(0, new Cart().size());")}))
                .exit_code,
            0);
  std::string after_first = test::slurp(file);
  test::TempDir second_model;
  test::PantaRun second = test::run_panta(
      dir,
      args + scripted_model(second_model,
                            {fenced("two",
                                    "Cart cart = new Cart();\n  cart.add(new Cart.Item(\"rice\", "
                                    "Cart.Category.FOOD, 10, 100));\n  assertEquals(900, "
                                    "cart.total());")}));
  ASSERT_EQ(second.exit_code, 0) << second.err;
  ASSERT_NE(test::slurp(file), after_first) << second.err;  // (a run that changes nothing
                                                            // takes no backup)
  EXPECT_EQ(test::slurp(root + "/.panta/backup/1" + kTestFile), original);
  EXPECT_EQ(test::slurp(root + "/.panta/backup/2" + kTestFile), after_first);
  test::PantaRun list = test::run_panta(dir, "restore --project " + root + " --list");
  EXPECT_EQ(list.exit_code, 0) << list.err;
  test::PantaRun restore = test::run_panta(
      dir, "restore --project " + root + " --class org.example.shop.Cart --original");
  EXPECT_EQ(restore.exit_code, 0) << restore.err;
  EXPECT_EQ(test::slurp(file), original);
}

// The folder is made immutable (root ignores permission bits), and writable again at the end.
class Immutable {
 public:
  explicit Immutable(std::string path) : path_(std::move(path)) {
    ok_ = test::run_command("chattr +i '" + path_ + "' 2>/dev/null").exit_code == 0 ||
          (getuid() != 0 && test::run_command("chmod 555 '" + path_ + "'").exit_code == 0);
  }
  ~Immutable() {
    (void)test::run_command("chattr -i '" + path_ + "' 2>/dev/null; chmod 755 '" + path_ + "'");
  }
  bool ok() const { return ok_; }

 private:
  std::string path_;
  bool ok_ = false;
};

TEST(GenerateSafety, ATestFolderThatCannotBeWrittenIsFoundBeforeAnyModelCall) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  Immutable frozen(fs::path(root + kTestFile).parent_path().string());
  ASSERT_TRUE(frozen.ok()) << "cannot make a folder read-only here (chattr +i, chmod)";
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --llm " +
               scripted_model(dir, {fenced("t", "assertEquals(0, new Cart().size());")}));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("org/example/shop"), std::string::npos) << r.err;
  EXPECT_TRUE(r.err.find("not permitted") != std::string::npos ||
              r.err.find("permission denied") != std::string::npos)
      << r.err;
  EXPECT_EQ(calls(dir), 0) << "the model was asked before the folder was checked";
}

TEST(GenerateSafety, AnIso88591SourceAndTestFileAreReadAndWrittenInTheirEncoding) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string file = root + kTestFile;
  // "é" as ISO-8859-1 (one byte 0xE9) in a comment of the source and of the test file.
  std::string cart = root + "/src/main/java/org/example/shop/Cart.java";
  std::string source = test::slurp(cart);
  std::ofstream(cart, std::ios::binary) << "// caf\xE9\n" << source;
  std::string tests = test::slurp(file);
  std::ofstream(file, std::ios::binary) << "// th\xE9 tests\n" << tests;
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root +
               " --class org.example.shop.Cart --encoding ISO-8859-1 --max-iterations 1 --llm " +
               scripted_model(
                   dir, {fenced("accents",
                                "assertEquals(1, \"\xC3\xA9\".length() + new Cart().size());")}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string written = test::slurp(file);
  EXPECT_EQ(written.rfind("// th\xE9 tests\n", 0), 0u) << "the user's byte is kept as it was";
  EXPECT_NE(written.find("assertEquals(1, \"\xE9\".length() + new Cart().size())"),
            std::string::npos)
      << "the model's UTF-8 is written in the file's encoding";
}

}  // namespace
}  // namespace panta

namespace panta {
namespace {

// A small tmpfs mounted over a folder for the test's life (root only).
class SmallDisk {
 public:
  SmallDisk(std::string path, int kib) : path_(std::move(path)) {
    mounted_ = getuid() == 0 && test::run_command("mount -t tmpfs -o size=" + std::to_string(kib) +
                                                  "k tmpfs '" + path_ + "' 2>&1")
                                        .exit_code == 0;
  }
  ~SmallDisk() {
    if (mounted_) (void)test::run_command("umount -l '" + path_ + "'");
  }
  bool mounted() const { return mounted_; }
  // Fills the disk until `free_bytes` are left (as far as tmpfs's pages allow).
  void leave_free(size_t free_bytes) const {
    (void)test::run_command("dd if=/dev/zero of='" + path_ + "/filler' bs=1024 2>/dev/null; true");
    if (free_bytes == 0) return;
    std::string shrink = std::to_string((free_bytes + 4095) / 4096 * 4096);
    (void)test::run_command("truncate -s -" + shrink + " '" + path_ + "/filler'");
  }

 private:
  std::string path_;
  bool mounted_ = false;
};

TEST(GenerateSafety, AFullDiskNeverEmptiesOrCorruptsTheTestFile) {
  if (getuid() != 0) GTEST_SKIP() << "mounting a small tmpfs needs root (CI runs as root)";
  for (size_t free_bytes : {size_t{0}, size_t{4096}, size_t{8192}}) {
    test::TempDir dir;
    std::string root = test::copy_shop(dir);
    std::string folder = fs::path(root + kTestFile).parent_path().string();
    std::string original = test::slurp(root + kTestFile);
    std::string saved = dir.write("CartTest.java", original);
    SmallDisk disk(folder, 64);
    ASSERT_TRUE(disk.mounted());
    fs::copy_file(saved, root + kTestFile);
    disk.leave_free(free_bytes);
    // An answer whose test makes the file larger than the space left.
    std::string big = "assertEquals(0, new Cart().size()); // " + std::string(9000, 'x');
    test::PantaRun r = test::run_panta(
        dir, "generate --project " + root + " --class org.example.shop.Cart --max-iterations 1 " +
                 "--llm " + scripted_model(dir, {fenced("big", big)}));
    EXPECT_NE(r.exit_code, 0) << free_bytes << " bytes free: " << r.err;
    EXPECT_NE(r.err.find("no space left on device"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("src/test/java/org/example/shop"), std::string::npos) << r.err;
    EXPECT_EQ(test::slurp(root + kTestFile), original) << free_bytes << " bytes free";
  }
}

}  // namespace
}  // namespace panta
