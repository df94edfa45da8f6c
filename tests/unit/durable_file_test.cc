#include "core/durable_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cerrno>
#include <filesystem>
#include <map>

#include "small_tmpfs.h"
#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

// The real calls, with one of them made to fail on its n-th use, and writes cut short.
class FailingSyscalls final : public FileSyscalls {
 public:
  std::string fail_op;  // "create", "write", "mode", "sync", "close", "rename", "sync_folder"
  int fail_at = 1;      // the n-th call of fail_op fails
  int error = EIO;
  size_t max_write = 0;  // when set, each write takes at most this many bytes
  std::map<std::string, int> calls;

  int create_new(const std::string& path, int& fd) override {
    if (int e = fails("create")) return e;
    return real().create_new(path, fd);
  }
  int write(int fd, const char* data, size_t size, size_t& written) override {
    if (int e = fails("write")) return e;
    return real().write(fd, data, max_write > 0 ? std::min(size, max_write) : size, written);
  }
  int set_mode(int fd, unsigned mode) override {
    if (int e = fails("mode")) return e;
    return real().set_mode(fd, mode);
  }
  int sync(int fd) override {
    if (int e = fails("sync")) return e;
    return real().sync(fd);
  }
  int close(int fd) override {
    int closed = real().close(fd);  // a failing close still releases the descriptor
    if (int e = fails("close")) return e;
    return closed;
  }
  int rename(const std::string& from, const std::string& to) override {
    if (int e = fails("rename")) return e;
    return real().rename(from, to);
  }
  int remove(const std::string& path) override {
    ++calls["remove"];
    return real().remove(path);
  }
  int sync_folder(const std::string& path) override {
    if (int e = fails("sync_folder")) return e;
    return real().sync_folder(path);
  }
  int file_mode(const std::string& path, unsigned& mode) override {
    return real().file_mode(path, mode);
  }

 private:
  static FileSyscalls& real() { return real_file_syscalls(); }
  int fails(const std::string& op) {
    int n = ++calls[op];
    return op == fail_op && n == fail_at ? error : 0;
  }
};

std::string original_text() {
  std::string text;
  for (int i = 0; i < 500; ++i) text += "  @Test void original" + std::to_string(i) + "() {}\n";
  return text;
}

std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

unsigned mode_of(const std::string& path) {
  return static_cast<unsigned>(fs::status(path).permissions()) & 07777;
}

TEST(DurableFile, WritesANewFileAndItsFolders) {
  test::TempDir dir;
  std::string path = dir.path() + "/src/test/java/shop/CartTest.java";
  ASSERT_TRUE(write_durably(path, "class CartTest {}\n").ok());
  EXPECT_EQ(test::slurp(path), "class CartTest {}\n");
  EXPECT_EQ(names_in(dir.path() + "/src/test/java/shop"),
            std::vector<std::string>{"CartTest.java"});
}

TEST(DurableFile, ReplacesAFileKeepingItsMode) {
  test::TempDir dir;
  std::string path = dir.write("FooTest.java", "old");
  fs::permissions(path, fs::perms(0664));
  ASSERT_TRUE(write_durably(path, "new").ok());
  EXPECT_EQ(test::slurp(path), "new");
  EXPECT_EQ(mode_of(path), 0664u);
  fs::permissions(path, fs::perms(0600));
  ASSERT_TRUE(write_durably(path, "newer").ok());
  EXPECT_EQ(mode_of(path), 0600u);
}

TEST(DurableFile, ANewFileGetsTheUmaskDefault) {
  test::TempDir dir;
  mode_t mask = ::umask(027);
  std::string path = dir.path() + "/New.java";
  Status s = write_durably(path, "x");
  ::umask(mask);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(mode_of(path), 0640u);
}

TEST(DurableFile, WritesThroughASymlink) {
  test::TempDir dir;
  std::string real = dir.write("real/FooTest.java", "old");
  std::string link = dir.path() + "/FooTest.java";
  fs::create_symlink(real, link);
  ASSERT_TRUE(write_durably(link, "new").ok());
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(test::slurp(real), "new");
}

struct StepCase {
  const char* op;
  int fail_at;
  int error;
  const char* cause;
  const char* step;
};

class DurableFileFailure : public ::testing::TestWithParam<StepCase> {};

// Each step failing leaves the old file byte for byte, no temporary file, and says why.
TEST_P(DurableFileFailure, LeavesTheFileAsItWas) {
  const StepCase& c = GetParam();
  test::TempDir dir;
  std::string path = dir.write("CartTest.java", original_text());
  fs::permissions(path, fs::perms(0664));
  FailingSyscalls calls;
  calls.fail_op = c.op;
  calls.fail_at = c.fail_at;
  calls.error = c.error;
  calls.max_write = 4096;  // several writes for the text below
  Status s = write_durably(path, original_text() + original_text() + "// more\n", calls);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find(c.cause), std::string::npos) << s.error().message;
  EXPECT_NE(s.error().message.find(c.step), std::string::npos) << s.error().message;
  EXPECT_NE(s.error().message.find(path), std::string::npos) << s.error().message;
  EXPECT_NE(s.error().message.find("the file is as it was"), std::string::npos);
  EXPECT_EQ(test::slurp(path), original_text());
  EXPECT_EQ(mode_of(path), 0664u);
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"CartTest.java"});
}

INSTANTIATE_TEST_SUITE_P(
    EachStep, DurableFileFailure,
    ::testing::Values(
        StepCase{"create", 1, EACCES, "permission denied", "creating a temporary file"},
        StepCase{"create", 1, EROFS, "read-only file system", "creating a temporary file"},
        StepCase{"write", 1, ENOSPC, "no space left on device", "writing the temporary file"},
        StepCase{"write", 2, ENOSPC, "no space left on device", "writing the temporary file"},
        StepCase{"write", 5, EDQUOT, "disk quota exceeded", "writing the temporary file"},
        StepCase{"mode", 1, EPERM, "operation not permitted", "setting the permissions"},
        StepCase{"sync", 1, EIO, "input/output error", "flushing"},
        StepCase{"sync", 1, ENOSPC, "no space left on device", "flushing"},
        StepCase{"close", 1, EIO, "input/output error", "closing"},
        StepCase{"close", 1, ENOSPC, "no space left on device", "closing"},
        StepCase{"rename", 1, EROFS, "read-only file system", "renaming"}),
    [](const ::testing::TestParamInfo<StepCase>& info) {
      return std::string(info.param.op) + std::to_string(info.param.fail_at) + "_errno" +
             std::to_string(info.param.error);
    });

TEST(DurableFile, AnInterruptedWriteIsRetried) {
  test::TempDir dir;
  std::string path = dir.write("A.java", "old");
  FailingSyscalls calls;
  calls.fail_op = "write";
  calls.fail_at = 2;
  calls.error = EINTR;
  calls.max_write = 3;
  ASSERT_TRUE(write_durably(path, "0123456789", calls).ok());
  EXPECT_EQ(test::slurp(path), "0123456789");
}

TEST(DurableFile, AFolderThatCannotBeFlushedIsReportedAfterTheRename) {
  test::TempDir dir;
  std::string path = dir.write("A.java", "old");
  FailingSyscalls calls;
  calls.fail_op = "sync_folder";
  calls.error = EIO;
  Status s = write_durably(path, "new", calls);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("may not survive a crash"), std::string::npos);
  EXPECT_EQ(test::slurp(path), "new");
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"A.java"});
}

TEST(DurableFile, ANewFileThatFailsIsNotCreated) {
  test::TempDir dir;
  FailingSyscalls calls;
  calls.fail_op = "sync";
  calls.error = ENOSPC;
  Status s = write_durably(dir.path() + "/New.java", "text", calls);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("no file was created"), std::string::npos);
  EXPECT_TRUE(names_in(dir.path()).empty());
}

TEST(DurableFile, CheckWritableSaysWhyNot) {
  test::TempDir dir;
  EXPECT_TRUE(check_writable(dir.path()).ok());
  EXPECT_TRUE(check_writable(dir.path() + "/not/yet/made").ok());
  EXPECT_TRUE(names_in(dir.path()).empty());  // the probe is gone, nothing was made
  FailingSyscalls calls;
  calls.fail_op = "create";
  calls.error = EROFS;
  Status s = check_writable(dir.path() + "/src/test/java", calls);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message, "cannot write in " + dir.path() +
                                   "/src/test/java: read-only file system (it would be made in " +
                                   dir.path() + ")");
}

// A real full disk: a small tmpfs left with 0, 4 KiB, 8 KiB and just under the new text's size
// free (whole pages: tmpfs counts pages).
TEST(DurableFileDiskFull, TheFileIsNeverEmptiedOrCorrupted) {
  std::string before = original_text();  // about 14 KiB
  std::string after = before + before;   // about 29 KiB
  size_t just_under = after.size() / 4096 * 4096;
  for (size_t free : {size_t{0}, size_t{4096}, size_t{8192}, just_under}) {
    test::SmallTmpfs disk(128);
    if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
    std::string path = disk.path() + "/CartTest.java";
    ASSERT_TRUE(write_durably(path, before).ok());
    ASSERT_TRUE(disk.leave_free(free)) << "free " << disk.free_bytes();
    for (const std::string* text : {&after, &before}) {
      if (text->size() <= free) continue;  // it would fit
      Status s = write_durably(path, *text);
      ASSERT_FALSE(s.ok()) << free;
      EXPECT_NE(s.error().message.find("no space left on device"), std::string::npos)
          << s.error().message;
      EXPECT_NE(s.error().message.find(path), std::string::npos);
      EXPECT_EQ(test::slurp(path), before) << "with " << free << " bytes free";
      EXPECT_EQ(names_in(disk.path()), (std::vector<std::string>{"CartTest.java", "filler"}));
    }
    Status probe = check_writable(disk.path());
    if (free == 0) {
      ASSERT_FALSE(probe.ok());
      EXPECT_NE(probe.error().message.find("no space left on device"), std::string::npos);
    } else {
      EXPECT_TRUE(probe.ok()) << probe.error().message;
    }
  }
}

TEST(DurableFileDiskFull, AWriteThatFitsSucceeds) {
  test::SmallTmpfs disk(64);
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
  std::string path = disk.path() + "/A.java";
  ASSERT_TRUE(write_durably(path, std::string(5000, 'a')).ok());
  ASSERT_TRUE(disk.leave_free(8192));
  ASSERT_TRUE(write_durably(path, std::string(8000, 'b')).ok());
  EXPECT_EQ(test::slurp(path), std::string(8000, 'b'));
}

TEST(DurableFileReadOnly, ARealReadOnlyFileSystemIsNamed) {
  test::SmallTmpfs disk(64);
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
  std::string path = disk.path() + "/A.java";
  ASSERT_TRUE(write_durably(path, "old").ok());
  ASSERT_TRUE(disk.remount_read_only());
  Status s = write_durably(path, "new");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("read-only file system"), std::string::npos);
  EXPECT_EQ(test::slurp(path), "old");
  Status probe = check_writable(disk.path());
  ASSERT_FALSE(probe.ok());
  EXPECT_NE(probe.error().message.find("read-only file system"), std::string::npos);
}

}  // namespace
}  // namespace panta
