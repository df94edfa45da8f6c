// The journal never loses a failure: a write that fails (disk full, read-only, any error) fails
// the journal, the recording client then stops asking the model, and a damaged file is found
// when it is opened, before any model call.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <memory>

#include "llm/journal.h"
#include "llm/llm_error.h"
#include "llm/recording_client.h"
#include "small_tmpfs.h"
#include "test_support.h"

namespace panta::llm {
namespace {

namespace fs = std::filesystem;

Prompt prompt_of(std::string user) {
  Prompt p;
  p.system = "You write JUnit 5 tests.";
  p.user = std::move(user);
  p.kind = "generate";
  p.class_name = "Foo";
  return p;
}

Completion answer(std::string text) {
  Completion c;
  c.text = std::move(text);
  c.prompt_tokens = 10;
  c.completion_tokens = 5;
  return c;
}

// A model that counts how often it is asked.
class CountingModel final : public LlmClient {
 public:
  explicit CountingModel(int& asked) : asked_(asked) {}
  Result<Completion> complete(const Prompt& prompt) override {
    ++asked_;
    return answer("answer to " + prompt.user.substr(0, 20));
  }

 private:
  int& asked_;
};

struct CloseDb {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};

// Runs SQL on the journal file through a second connection, as another program would.
void exec_on(const std::string& path, const std::string& sql) {
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK);
  std::unique_ptr<sqlite3, CloseDb> db(raw);
  char* message = nullptr;
  ASSERT_EQ(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, &message), SQLITE_OK)
      << (message != nullptr ? message : "");
}

constexpr const char* kFailInserts =
    "CREATE TRIGGER fail_exchanges BEFORE INSERT ON exchanges "
    "BEGIN SELECT RAISE(ABORT, 'simulated write failure'); END";

// A journal with enough runs, iterations and exchanges to fill some dozens of pages.
void fill_journal(const std::string& path) {
  auto journal = Journal::open(path, Journal::Mode::kWrite);
  ASSERT_TRUE(journal.ok()) << journal.error().message;
  for (int run = 0; run < 3; ++run) {
    auto id =
        journal->begin_run({0, "org.example.Foo", "panta", "cmd:x", "FooTest.java", "{}", ""});
    ASSERT_TRUE(id.ok());
    journal->set_context(*id, 1);
    for (int i = 0; i < 20; ++i) {
      std::string big(2000, static_cast<char>('a' + i % 26));
      ASSERT_TRUE(journal->record(prompt_of(std::to_string(i) + big), answer(big)).ok());
      ASSERT_TRUE(journal->note("kept test " + std::to_string(i)).ok());
    }
    ASSERT_TRUE(journal->record_iteration(*id, {1, 50, 40, "{}"}).ok());
  }
}

void overwrite(const std::string& path, std::streamoff at, const std::string& bytes) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(at);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

TEST(JournalSafety, AFailedWriteFailsTheJournalForGood) {
  test::TempDir dir;
  std::string path = dir.path() + "/journal.sqlite";
  auto journal = Journal::open(path, Journal::Mode::kWrite);
  ASSERT_TRUE(journal.ok()) << journal.error().message;
  auto run = journal->begin_run({0, "Foo", "panta", "cmd:x", "FooTest.java", "{}", ""});
  ASSERT_TRUE(run.ok());
  journal->set_context(*run, 1);
  ASSERT_TRUE(journal->record(prompt_of("one"), answer("A1")).ok());
  EXPECT_TRUE(journal->check().ok());
  exec_on(path, kFailInserts);

  Status failed = journal->record(prompt_of("two"), answer("A2"));
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.error().message.find("simulated write failure"), std::string::npos);
  EXPECT_NE(failed.error().message.find(path), std::string::npos);
  Status check = journal->check();
  ASSERT_FALSE(check.ok());
  EXPECT_NE(check.error().message.find("simulated write failure"), std::string::npos);
  EXPECT_NE(check.error().message.find("stops before the next model call"), std::string::npos);
  // Later writes, even to tables that could take them, return the first failure untried.
  Status note = journal->note("a progress line");
  ASSERT_FALSE(note.ok());
  EXPECT_EQ(note.error().message, failed.error().message);
  EXPECT_FALSE(journal->record_iteration(*run, {1, 10, 10, "{}"}).ok());
  EXPECT_FALSE(journal->set_run_status(*run, "done").ok());
  EXPECT_FALSE(journal->begin_run({0, "Bar", "panta", "cmd:x", "BarTest.java", "{}", ""}).ok());
  auto notes = journal->notes(*run);
  ASSERT_TRUE(notes.ok());
  EXPECT_TRUE(notes->empty());
}

TEST(JournalSafety, TheRecordingClientKeepsThePaidAnswerThenStopsAsking) {
  test::TempDir dir;
  std::string path = dir.path() + "/journal.sqlite";
  auto opened = Journal::open(path, Journal::Mode::kWrite);
  ASSERT_TRUE(opened.ok()) << opened.error().message;
  auto journal = std::make_shared<Journal>(std::move(*opened));
  int asked = 0;
  RecordingClient client(std::make_unique<CountingModel>(asked), journal);
  ASSERT_TRUE(client.complete(prompt_of("first")).ok());
  exec_on(path, kFailInserts);

  auto paid = client.complete(prompt_of("second"));
  ASSERT_TRUE(paid.ok()) << "an answer paid for is not thrown away";
  EXPECT_EQ(asked, 2);
  EXPECT_FALSE(journal->check().ok());
  auto refused = client.complete(prompt_of("third"));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(llm_error_kind(refused.error()), LlmErrorKind::kJournal);
  EXPECT_NE(refused.error().message.find("simulated write failure"), std::string::npos);
  EXPECT_EQ(asked, 2) << "the model must not be asked once the journal failed";
}

TEST(JournalSafety, AFullDiskFailsTheCommitAndKeepsWhatWasCommitted) {
  test::SmallTmpfs disk(512);
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
  std::string path = disk.path() + "/journal.sqlite";
  {
    auto journal = Journal::open(path, Journal::Mode::kWrite);
    ASSERT_TRUE(journal.ok()) << journal.error().message;
    ASSERT_TRUE(journal->record(prompt_of("kept"), answer("K")).ok());
    ASSERT_TRUE(disk.leave_free(0));
    Status full = journal->record(prompt_of("lost" + std::string(60000, 'x')), answer("L"));
    ASSERT_FALSE(full.ok());
    EXPECT_NE(full.error().message.find("database or disk is full"), std::string::npos)
        << full.error().message;
    EXPECT_NE(full.error().message.find("no space left on device"), std::string::npos)
        << full.error().message;
    EXPECT_FALSE(journal->check().ok());
  }
  fs::remove(disk.path() + "/filler");
  auto reopened = Journal::open(path, Journal::Mode::kWrite);
  ASSERT_TRUE(reopened.ok()) << reopened.error().message;
  auto kept = reopened->of_kind("generate");
  ASSERT_TRUE(kept.ok());
  ASSERT_EQ(kept->size(), 1u);
  EXPECT_EQ((*kept)[0].answer, "K");
}

TEST(JournalSafety, ANewJournalOnAFullDiskSaysSoAndNothingOfAnOlderJournal) {
  // A new journal is made in steps (its tables, then columns added as for an older journal):
  // the disk may fill at any of them.
  for (size_t free_bytes = 0; free_bytes <= 65536; free_bytes += 4096) {
    test::SmallTmpfs disk(512);
    if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
    ASSERT_TRUE(disk.leave_free(free_bytes));
    auto journal = Journal::open(disk.path() + "/journal.sqlite", Journal::Mode::kWrite);
    if (journal.ok()) continue;  // room enough for its tables
    EXPECT_EQ(journal.error().message.find("older journal"), std::string::npos)
        << free_bytes << ": " << journal.error().message;
    EXPECT_NE(journal.error().message.find("no space left on device"), std::string::npos)
        << free_bytes << ": " << journal.error().message;
  }
}

TEST(JournalSafety, AReadOnlyJournalIsRefusedWhenOpened) {
  test::SmallTmpfs disk(512);
  if (!disk.mounted()) GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
  std::string path = disk.path() + "/journal.sqlite";
  {
    auto journal = Journal::open(path, Journal::Mode::kWrite);
    ASSERT_TRUE(journal.ok()) << journal.error().message;
    ASSERT_TRUE(journal->record(prompt_of("one"), answer("A")).ok());
  }
  ASSERT_TRUE(disk.remount_read_only());
  auto opened = Journal::open(path, Journal::Mode::kWrite);
  ASSERT_FALSE(opened.ok());
  EXPECT_NE(opened.error().message.find(path), std::string::npos);
  EXPECT_NE(opened.error().message.find("read-only"), std::string::npos) << opened.error().message;
}

TEST(JournalSafety, ADamagedMiddleIsFoundWhenOpenedForWriting) {
  test::TempDir dir;
  std::string path = dir.path() + "/journal.sqlite";
  fill_journal(path);
  ASSERT_TRUE(Journal::open(path, Journal::Mode::kWrite).ok());
  auto size = static_cast<std::streamoff>(fs::file_size(path));
  ASSERT_GT(size, 40 * 4096);
  overwrite(path, size / 2 / 4096 * 4096, std::string(4096, '\xa5'));

  auto opened = Journal::open(path, Journal::Mode::kWrite);
  ASSERT_FALSE(opened.ok());
  const std::string& m = opened.error().message;
  EXPECT_NE(m.find("journal " + path + " is damaged"), std::string::npos) << m;
  EXPECT_NE(m.find("nothing was sent to a model"), std::string::npos) << m;
  EXPECT_NE(m.find("mv " + path + " " + path + ".damaged"), std::string::npos) << m;
}

TEST(JournalSafety, AGarbledHeaderIsDamageToo) {
  test::TempDir dir;
  std::string path = dir.path() + "/journal.sqlite";
  fill_journal(path);
  overwrite(path, 0, std::string(100, 'G'));
  auto opened = Journal::open(path, Journal::Mode::kWrite);
  ASSERT_FALSE(opened.ok());
  EXPECT_NE(opened.error().message.find("is damaged"), std::string::npos) << opened.error().message;
}

// End to end: panta generate stops at a damaged journal with exit 2, before the model is asked.
TEST(JournalSafetyCli, GenerateRefusesADamagedJournalBeforeAskingTheModel) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string path = root + "/.panta/journal.sqlite";
  fs::create_directories(root + "/.panta");
  fill_journal(path);
  auto size = static_cast<std::streamoff>(fs::file_size(path));
  overwrite(path, size / 2 / 4096 * 4096, std::string(8192, '\x5a'));
  std::string asked = dir.path() + "/asked";
  auto run = test::run_panta(dir, "generate --project " + root +
                                      " --class org.example.shop.Cart --llm 'cmd:touch " + asked +
                                      "; echo no'");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_NE(run.err.find(path + " is damaged"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("mv " + path), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(asked));
}

// End to end, with the engine as it is: the model's command makes the journal refuse records
// (as a full disk would); its answer is used, and the model is not asked a second time.
TEST(JournalSafetyCli, AJournalThatStopsTakingWritesStopsTheRunAfterOneModelCall) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string count = dir.path() + "/count";
  std::string trigger =
      dir.write("trigger.py",
                "import sqlite3, sys\n"
                "db = sqlite3.connect(sys.argv[1])\n"
                "db.execute(\"CREATE TRIGGER IF NOT EXISTS f BEFORE INSERT ON exchanges BEGIN \"\n"
                "           \"SELECT RAISE(ABORT, 'simulated disk full'); END\")\n"
                "db.commit()\n");
  std::string model = dir.write("model.sh", "cat > /dev/null\necho x >> " + count + "\npython3 " +
                                                trigger + " " + root +
                                                "/.panta/journal.sqlite\n"
                                                "cat <<'X'\n"
                                                "```java\n"
                                                "@Test\n"
                                                "void smallFoodOrderPaysFullPrice() {\n"
                                                "  Cart cart = new Cart();\n"
                                                "  cart.add(new Cart.Item(\"apple\", "
                                                "Cart.Category.FOOD, 2, 50));\n"
                                                "  assertEquals(100, cart.total());\n"
                                                "}\n"
                                                "```\n"
                                                "X\n");
  auto run = test::run_panta(dir, "generate --project " + root +
                                      " --class org.example.shop.Cart --max-iterations 3 "
                                      "--llm 'cmd:sh " +
                                      model + "'");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.err.find("cannot record an exchange: simulated disk full"), std::string::npos)
      << run.err;
  EXPECT_EQ(test::slurp(count), "x\n") << "the model was asked again after the journal failed";
}

}  // namespace
}  // namespace panta::llm
