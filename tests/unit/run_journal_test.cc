// The run journal: a run's settings and the loop's state survive a round trip through SQLite.
#include "engine/run_journal.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace panta::engine {
namespace {

TEST(RunJournal, SettingsAndStateComeBackAsTheyWereKept) {
  test::TempDir dir;
  auto opened = llm::Journal::open(dir.path() + "/j.sqlite", llm::Journal::Mode::kWrite);
  ASSERT_TRUE(opened.ok());
  auto journal = std::make_shared<llm::Journal>(std::move(*opened));
  RunJournal run(journal);
  llm::RunRecord record;
  record.class_name = "demo.Gate";
  record.strategy = "panta";
  record.llm = "cmd:x";
  record.test_file = "GateTest.java";
  RunSettings settings{7, 2, 4, 1, 900, true, 5, 12.5, 6.25, true, 5};
  ASSERT_TRUE(run.begin(record, settings).ok());
  LoopState state;
  state.file.emplace(*junit::TestFile::parse("class GateTest {\n  @Test\n  void a() {}\n}\n"));
  state.history.add("Gate.open(int)", 1);
  state.history.add("Gate.open(int)", 1);
  state.failed.push_back({"b", "@Test void b() {}", "failed: expected"});
  state.kept = {"a"};
  state.generated_total = 3;
  state.answers = 2;
  state.no_increase = 1;
  state.gap_asks = {{"12:true", 2}};
  state.said_unreachable = {{"L230", "dead code"}};
  state.gap_ids = {{"L230", 4}};
  state.shown_gaps = {{4, {"L230"}}};
  state.suspected_defects = {"line 98: ignores maxCodeLen"};
  state.llm_s = 4.5;
  IterationReport it;
  it.n = 1;
  it.tests_generated = 3;
  it.selected_paths = {"Gate.open(int): path 2"};
  ASSERT_TRUE(run.record_iteration(it, state, 9.0, false, state.file->text()).ok());
  ASSERT_TRUE(run.set_status("interrupted").ok());

  auto last = journal->last_run("demo.Gate");
  ASSERT_TRUE(last.ok() && last->has_value());
  auto again = RunJournal::settings_of(**last);
  ASSERT_TRUE(again.ok());
  // Every setting, each with a value of its own, so that one read for another shows.
  EXPECT_EQ(again->max_iterations, 7);
  EXPECT_EQ(again->max_no_increase, 2);
  EXPECT_EQ(again->max_path_selections, 4);
  EXPECT_EQ(again->max_methods, 1);
  EXPECT_EQ(again->max_prompt_tokens, 900);
  EXPECT_TRUE(again->check_each_test_in_class);
  EXPECT_EQ(again->repair_attempts, 5);
  EXPECT_EQ(again->initial_line_coverage, 12.5);
  EXPECT_EQ(again->initial_branch_coverage, 6.25);
  EXPECT_TRUE(again->edge_scores);
  EXPECT_EQ(again->mutants, 5);
  RunJournal resumed(journal);
  auto point = resumed.resume((*last)->id);
  ASSERT_TRUE(point.ok()) << point.error().message;
  EXPECT_EQ(point->next_iteration(), 2);
  EXPECT_EQ(point->wall_s, 9.0);
  ASSERT_EQ(point->iterations.size(), 1u);
  EXPECT_EQ(point->iterations[0].selected_paths, it.selected_paths);
  ASSERT_TRUE(point->state.has_value());
  LoopState back;
  back.file = state.file;
  back.restore_from(*point->state);
  EXPECT_EQ(back.to_json(), state.to_json());
  EXPECT_EQ(back.history.count("Gate.open(int)", 1), 2);
  EXPECT_EQ(back.failed.at(0).error, "failed: expected");
  EXPECT_EQ(journal->last_run("demo.Gate")->value().status, "running");
}

TEST(RunJournal, KeptTestsTheFileNoLongerHasAreForgotten) {
  LoopState state;
  state.file.emplace(*junit::TestFile::parse("class T {\n  @Test\n  void a() {}\n}\n"));
  state.kept = {"a", "gone"};
  auto json = nlohmann::json::parse(state.to_json().dump());
  LoopState back;
  back.file = state.file;
  back.restore_from(json);
  EXPECT_EQ(back.kept, (std::vector<std::string>{"a"}));
}

TEST(RunJournal, UnreadableSettingsAreAnError) {
  llm::RunRecord r;
  r.id = 4;
  r.settings = "{not json";
  auto s = RunJournal::settings_of(r);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().message.find("run 4 has unreadable settings"), std::string::npos);
}

}  // namespace
}  // namespace panta::engine
