#include "llm/journal.h"

#include <gtest/gtest.h>

#include "core/sha256.h"
#include "llm/client_spec.h"
#include "llm/command_client.h"
#include "llm/llm_error.h"
#include "llm/recording_client.h"
#include "llm/replay_client.h"
#include "llm/reuse_client.h"
#include "test_support.h"

namespace panta::llm {
namespace {

using namespace std::chrono_literals;

Prompt prompt_of(std::string user, std::string kind = "generate") {
  Prompt p;
  p.system = "You write JUnit 5 tests.";
  p.user = std::move(user);
  p.kind = std::move(kind);
  p.class_name = "Foo";
  return p;
}

Completion answer(std::string text, int64_t in, int64_t out) {
  Completion c;
  c.text = std::move(text);
  c.prompt_tokens = in;
  c.completion_tokens = out;
  return c;
}

TEST(LlmJournal, RecordsAndFindsByHash) {
  panta::test::TempDir dir;
  std::string path = dir.path() + "/run.journal";
  {
    auto journal = Journal::open(path, Journal::Mode::kWrite);
    ASSERT_TRUE(journal.ok()) << journal.error().message;
    ASSERT_TRUE(journal->record(prompt_of("one"), answer("A1", 10, 2)).ok());
    ASSERT_TRUE(journal->record(prompt_of("two", "repair"), answer("A2", 20, 4)).ok());
  }
  auto journal = Journal::open(path, Journal::Mode::kRead);
  ASSERT_TRUE(journal.ok()) << journal.error().message;
  std::string text = render_prompt(prompt_of("two", "repair"));
  auto found = journal->find(sha256_hex(text));
  ASSERT_TRUE(found.ok());
  ASSERT_EQ(found->size(), 1u);
  const JournalEntry& e = (*found)[0];
  EXPECT_EQ(e.seq, 2);
  EXPECT_EQ(e.prompt, text);
  EXPECT_EQ(e.answer, "A2");
  EXPECT_EQ(e.prompt_tokens, 20);
  EXPECT_EQ(e.completion_tokens, 4);
  EXPECT_EQ(e.kind, "repair");
  auto generated = journal->of_kind("generate");
  ASSERT_TRUE(generated.ok());
  ASSERT_EQ(generated->size(), 1u);
  EXPECT_EQ((*generated)[0].answer, "A1");
}

TEST(LlmJournal, ReadingAMissingOrForeignFileFails) {
  panta::test::TempDir dir;
  auto missing = Journal::open(dir.path() + "/none.journal", Journal::Mode::kRead);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("none.journal"), std::string::npos);
  std::string text_file = dir.write("notes.txt", "not a database, just text that is long enough");
  auto foreign = Journal::open(text_file, Journal::Mode::kRead);
  ASSERT_FALSE(foreign.ok());
  EXPECT_NE(foreign.error().message.find("notes.txt"), std::string::npos);
}

TEST(LlmReplay, RecordedPromptsGetTheirAnswersInOrder) {
  panta::test::TempDir dir;
  std::string path = dir.path() + "/run.journal";
  {
    auto journal = Journal::open(path, Journal::Mode::kWrite);
    ASSERT_TRUE(journal.ok());
    ASSERT_TRUE(journal->record(prompt_of("same"), answer("first", 5, 1)).ok());
    ASSERT_TRUE(journal->record(prompt_of("same"), answer("second", 5, 2)).ok());
  }
  auto client = make_client("replay:" + path, {});
  ASSERT_TRUE(client.ok()) << client.error().message;
  auto first = (*client)->complete(prompt_of("same"));
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_EQ(first->text, "first");
  EXPECT_EQ(first->prompt_tokens, 5);
  EXPECT_EQ(first->completion_tokens, 1);
  EXPECT_FALSE(first->usage_estimated);
  EXPECT_EQ(first->model, "replay:" + path);
  EXPECT_EQ((*client)->complete(prompt_of("same"))->text, "second");
  EXPECT_EQ((*client)->complete(prompt_of("same"))->text, "second");
}

TEST(LlmReplay, MissShowsTheFirstDifferingLineOfTheClosestPrompt) {
  panta::test::TempDir dir;
  std::string path = dir.path() + "/run.journal";
  {
    auto journal = Journal::open(path, Journal::Mode::kWrite);
    ASSERT_TRUE(journal.ok());
    ASSERT_TRUE(journal->record(prompt_of("Class Foo\nmethod a()\nend"), answer("x", 1, 1)).ok());
    ASSERT_TRUE(
        journal->record(prompt_of("Class Foo\nmethod b()\nline 3\nend"), answer("y", 1, 1)).ok());
    ASSERT_TRUE(
        journal
            ->record(prompt_of("Class Foo\nmethod b()\nline 3\nend", "repair"), answer("z", 1, 1))
            .ok());
  }
  auto journal = Journal::open(path, Journal::Mode::kRead);
  ASSERT_TRUE(journal.ok());
  ReplayClient client(std::move(*journal));
  auto miss = client.complete(prompt_of("Class Foo\nmethod b()\nline 4\nend"));
  ASSERT_FALSE(miss.ok());
  EXPECT_EQ(llm_error_kind(miss.error()), LlmErrorKind::kReplayMiss);
  // The system text and a blank line come first, so the user's third line is line 5.
  EXPECT_NE(miss.error().message.find("generate prompt (class Foo)"), std::string::npos)
      << miss.error().message;
  EXPECT_NE(miss.error().message.find("closest recorded prompt (seq 2) first differs at line 5:\n"
                                      "  recorded: line 3\n"
                                      "  current:  line 4"),
            std::string::npos)
      << miss.error().message;

  auto shorter = client.complete(prompt_of("Class Foo\nmethod a()"));
  ASSERT_FALSE(shorter.ok());
  EXPECT_NE(shorter.error().message.find("line 5:\n  recorded: end\n  current:  <end of prompt>"),
            std::string::npos)
      << shorter.error().message;

  auto no_kind = client.complete(prompt_of("anything", "explain"));
  ASSERT_FALSE(no_kind.ok());
  EXPECT_NE(no_kind.error().message.find("no recorded explain prompts"), std::string::npos)
      << no_kind.error().message;
}

TEST(LlmRecording, RoundTripThroughReplay) {
  panta::test::TempDir dir;
  std::string path = dir.path() + "/run.journal";
  {
    auto journal = Journal::open(path, Journal::Mode::kWrite);
    ASSERT_TRUE(journal.ok()) << journal.error().message;
    RecordingClient recorder(
        std::make_unique<CommandClient>("cat; printf ' [%s]' \"$PANTA_PROMPT_KIND\"", 10s),
        std::make_shared<Journal>(std::move(*journal)));
    auto a = recorder.complete(prompt_of("alpha"));
    ASSERT_TRUE(a.ok()) << a.error().message;
    auto b = recorder.complete(prompt_of("beta", "repair"));
    ASSERT_TRUE(b.ok()) << b.error().message;
  }
  // A failing exchange is not recorded.
  {
    ClientOptions options;
    options.journal_path = path;
    auto failing = make_client("cmd:exit 1", options);
    ASSERT_TRUE(failing.ok()) << failing.error().message;
    EXPECT_FALSE((*failing)->complete(prompt_of("gamma")).ok());
  }
  auto replay = make_client("replay:" + path, {});
  ASSERT_TRUE(replay.ok()) << replay.error().message;
  auto a = (*replay)->complete(prompt_of("alpha"));
  ASSERT_TRUE(a.ok()) << a.error().message;
  EXPECT_EQ(a->text, "You write JUnit 5 tests.\n\nalpha [generate]");
  EXPECT_EQ(a->prompt_tokens, estimate_tokens("You write JUnit 5 tests.\n\nalpha"));
  auto b = (*replay)->complete(prompt_of("beta", "repair"));
  ASSERT_TRUE(b.ok()) << b.error().message;
  EXPECT_EQ(b->text, "You write JUnit 5 tests.\n\nbeta [repair]");
  auto gamma = (*replay)->complete(prompt_of("gamma"));
  ASSERT_FALSE(gamma.ok());
  EXPECT_EQ(llm_error_kind(gamma.error()), LlmErrorKind::kReplayMiss);
}

TEST(LlmJournal, KeepsRunsTheirIterationsAndTaggedExchanges) {
  panta::test::TempDir dir;
  std::string path = dir.path() + "/journal.sqlite";
  auto journal = Journal::open(path, Journal::Mode::kWrite);
  ASSERT_TRUE(journal.ok()) << journal.error().message;
  auto none = journal->last_run("a.Foo");
  ASSERT_TRUE(none.ok()) << none.error().message;
  EXPECT_FALSE(none->has_value());

  RunRecord run{0, "a.Foo", "panta", "openai:m", "/t/FooTest.java", "{\"max_iterations\":4}", ""};
  auto id = journal->begin_run(run);
  ASSERT_TRUE(id.ok()) << id.error().message;
  journal->set_context(*id, 1);
  ASSERT_TRUE(journal->record(prompt_of("one"), answer("A1", 1, 2)).ok());
  ASSERT_TRUE(journal->record_iteration(*id, {1, 50.0, 25.0, "{\"k\":1}"}).ok());
  journal->set_context(*id, 2);
  ASSERT_TRUE(journal->record(prompt_of("two"), answer("A2", 1, 2)).ok());
  ASSERT_TRUE(journal->record(prompt_of("fix", "repair"), answer("A3", 1, 2)).ok());
  ASSERT_TRUE(journal->set_run_status(*id, "interrupted").ok());

  auto last = journal->last_run("a.Foo");
  ASSERT_TRUE(last.ok() && last->has_value());
  EXPECT_EQ((*last)->id, *id);
  EXPECT_EQ((*last)->status, "interrupted");
  EXPECT_EQ((*last)->llm, "openai:m");
  EXPECT_EQ((*last)->settings, "{\"max_iterations\":4}");
  auto its = journal->iterations(*id);
  ASSERT_TRUE(its.ok());
  ASSERT_EQ(its->size(), 1u);
  EXPECT_EQ((*its)[0].n, 1);
  EXPECT_DOUBLE_EQ((*its)[0].line_coverage, 50.0);
  EXPECT_EQ((*its)[0].state, "{\"k\":1}");
  auto after = journal->exchanges_after(*id, 1);
  ASSERT_TRUE(after.ok());
  ASSERT_EQ(after->size(), 2u);
  EXPECT_EQ((*after)[0].answer, "A2");
  EXPECT_EQ((*after)[1].kind, "repair");
  EXPECT_EQ(journal->exchanges_after(*id, 0)->size(), 3u);

  // A newer run of the class is the one resumed.
  auto second = journal->begin_run(run);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ((*journal->last_run("a.Foo"))->id, *second);
  EXPECT_EQ((*journal->last_run("a.Foo"))->status, "running");
}

TEST(LlmJournal, AnOlderJournalGainsTheRunColumns) {
  panta::test::TempDir dir;
  std::string path = dir.path() + "/old.sqlite";
  auto made = panta::test::run_command(
      "python3 -c \"import sqlite3,sys; d=sqlite3.connect(sys.argv[1]); d.execute('CREATE TABLE "
      "exchanges(prompt_hash TEXT, prompt TEXT, answer TEXT, prompt_tokens INT, "
      "completion_tokens INT, kind TEXT, seq INT)'); d.commit()\" " +
      path);
  ASSERT_EQ(made.exit_code, 0);
  auto journal = Journal::open(path, Journal::Mode::kWrite);
  ASSERT_TRUE(journal.ok()) << journal.error().message;
  journal->set_context(7, 3);
  ASSERT_TRUE(journal->record(prompt_of("x"), answer("y", 1, 1)).ok());
  EXPECT_EQ(journal->exchanges_after(7, 2)->size(), 1u);
}

// A client that must not be asked.
class Unreachable final : public LlmClient {
 public:
  Result<Completion> complete(const Prompt& p) override {
    ++asked;
    return answer("asked: " + p.user, 0, 0);
  }
  int asked = 0;
};

TEST(LlmReuse, RecordedAnswersFirstEachOnceThenTheModel) {
  JournalEntry one{1,
                   sha256_hex(render_prompt(prompt_of("p"))),
                   render_prompt(prompt_of("p")),
                   "first",
                   3,
                   4,
                   "generate"};
  JournalEntry two = one;
  two.seq = 2;
  two.answer = "second";
  JournalEntry collision = one;  // same hash, other text: never served
  collision.prompt = "something else";
  Unreachable model;
  ReuseClient reuse(model, {collision, one, two});
  EXPECT_EQ(reuse.unused(), 3u);
  auto a = reuse.complete(prompt_of("p"));
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->text, "first");
  EXPECT_TRUE(a->from_journal);
  EXPECT_EQ(a->prompt_tokens, 3);
  EXPECT_EQ(reuse.complete(prompt_of("p"))->text, "second");
  EXPECT_EQ(model.asked, 0);
  auto c = reuse.complete(prompt_of("p"));
  EXPECT_EQ(c->text, "asked: p");
  EXPECT_FALSE(c->from_journal);
  EXPECT_EQ(reuse.complete(prompt_of("q"))->text, "asked: q");
  EXPECT_EQ(model.asked, 2);
  EXPECT_EQ(reuse.unused(), 0u);
}

}  // namespace
}  // namespace panta::llm
