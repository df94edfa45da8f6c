// The strategies behind one interface: what each plans for a round, its limits, and the loop
// run with a fake strategy's plans (the loop asks what the strategy plans, stops when it says
// nothing is left).
#include "engine/strategy.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/cancel.h"
#include "engine/generation.h"
#include "engine_fakes.h"
#include "test_support.h"

namespace panta::engine {
namespace {

const EventSink kQuiet = [](const Event&) {};

coverage::SourceCoverage half_covered() {
  coverage::SourceCoverage c;
  c.lines[5] = {5, 0, 2, 1, 1};  // partly
  c.lines[6] = {6, 0, 2, 0, 0};  // covered
  c.lines[8] = {8, 2, 0, 0, 0};  // missed
  return c;
}

struct Round {
  ClassUnderTest cut;
  LoopState state;
  std::vector<std::string> events;
  EventSink sink = [this](const Event& e) { events.push_back(render(e)); };

  Round() {
    cut.max_cyc = 4;
    cut.max_cyc_all = 9;
    state.coverage = half_covered();
    state.failed.push_back({"broken", "void broken() {}", "expected: <1> but was: <2>"});
  }
  RoundPlan plan(Strategy& s) {
    RoundInputs in{cut, state, {}, sink};
    return s.plan(in);
  }
};

TEST(Strategy, EveryNameMakesItsStrategyAndNoOtherNameDoes) {
  for (const std::string& name : strategy_names()) {
    auto s = make_strategy(name);
    ASSERT_NE(s, nullptr) << name;
    EXPECT_EQ(s->name(), name);
  }
  EXPECT_EQ(strategy_names().front(), "panta");
  EXPECT_EQ(strategy_names().back(), "focused");
  EXPECT_EQ(make_strategy("fancy"), nullptr);
}

TEST(Strategy, TheOnePassStrategiesMakeOneRoundWithoutRepair) {
  ClassUnderTest cut;
  cut.max_cyc = 4;
  cut.max_cyc_all = 9;
  for (const char* name : {"baseline", "symprompt"}) {
    auto s = make_strategy(name);
    EXPECT_EQ(s->iteration_limit(cut, 5), 1) << name;
    EXPECT_EQ(s->repair_attempts(3), 0) << name;
  }
  for (const char* name : {"panta", "cov", "basic"}) {
    auto s = make_strategy(name);
    EXPECT_EQ(s->iteration_limit(cut, 0), 4) << name;  // the paper's: the largest complexity
    EXPECT_EQ(s->iteration_limit(cut, 5), 5) << name;
    EXPECT_EQ(s->repair_attempts(3), 3) << name;
    EXPECT_EQ(s->repair_prompt(), RepairPrompt::kWholeSource) << name;
  }
  auto focused = make_strategy("focused");
  EXPECT_EQ(focused->iteration_limit(cut, 0), 9);  // private methods count too
  EXPECT_EQ(focused->repair_prompt(), RepairPrompt::kSlicedWithDefects);
}

TEST(Strategy, OnlyThePathStrategiesUseTheCovTemplateForMutantsAndOnlyPantaSelectsPaths) {
  EXPECT_EQ(make_strategy("panta")->mutants_template(), prompt::Template::kCov);
  EXPECT_EQ(make_strategy("symprompt")->mutants_template(), prompt::Template::kCov);
  EXPECT_EQ(make_strategy("cov")->mutants_template(), prompt::Template::kStrategy);
  EXPECT_EQ(make_strategy("focused")->mutants_template(), prompt::Template::kStrategy);
  for (const std::string& name : strategy_names())
    EXPECT_EQ(make_strategy(name)->selects_paths(), name == "panta") << name;
}

TEST(Strategy, TheIterativePaperStrategiesShowTheUnrepairedTestsAndTheMissedLines) {
  for (const char* name : {"basic", "cov"}) {
    Round r;
    RoundPlan p = r.plan(*make_strategy(name));
    ASSERT_EQ(p.prompts.size(), 1u) << name;
    EXPECT_EQ(p.prompts[0].which, prompt::Template::kStrategy) << name;
    ASSERT_EQ(p.prompts[0].inputs.failed_tests.size(), 1u) << name;
    EXPECT_EQ(p.prompts[0].inputs.uncovered_lines, (std::vector<uint32_t>{8})) << name;
    EXPECT_EQ(p.prompts[0].inputs.partly_lines, (std::vector<uint32_t>{5})) << name;
  }
  Round baseline;
  RoundPlan p = baseline.plan(*make_strategy("baseline"));
  ASSERT_EQ(p.prompts.size(), 1u);
  EXPECT_TRUE(p.prompts[0].inputs.failed_tests.empty());  // nothing is fed back in one pass
}

TEST(Strategy, CovAndPantaSendTheBasicPromptWhileNothingIsCovered) {
  for (const char* name : {"cov", "panta"}) {
    Round r;
    r.state.coverage.lines.clear();
    r.state.coverage.lines[5] = {5, 2, 0, 2, 0};
    r.state.coverage.lines[6] = {6, 2, 0, 0, 0};
    RoundPlan p = r.plan(*make_strategy(name));
    ASSERT_EQ(p.prompts.size(), 1u) << name;
    EXPECT_EQ(p.prompts[0].which, prompt::Template::kBasic) << name;
  }
  Round basic;
  basic.state.coverage.lines.clear();
  EXPECT_EQ(basic.plan(*make_strategy("basic")).prompts[0].which, prompt::Template::kStrategy);
}

TEST(Strategy, PantaWithNoPathLeftNamesTheMissedLinesWithTheCovTemplateAndSaysSo) {
  Round r;  // no method has a path
  RoundPlan p = r.plan(*make_strategy("panta"));
  ASSERT_EQ(p.prompts.size(), 1u);
  EXPECT_EQ(p.prompts[0].which, prompt::Template::kCov);
  EXPECT_EQ(p.prompts[0].inputs.uncovered_lines, (std::vector<uint32_t>{8}));
  EXPECT_TRUE(p.selections.empty());
  ASSERT_EQ(r.events.size(), 1u);
}

TEST(Strategy, SympromptAsksOncePerMethodAndPath) {
  Round r;
  auto step = [](uint32_t line) {
    cfg::PathStep s;
    s.line = line;
    return s;
  };
  r.cut.methods.push_back({"Gate.open(int)", {{step(5)}, {step(5), step(6)}}});
  r.cut.methods.push_back({"Gate.close(int)", {{step(12)}}});
  RoundPlan p = r.plan(*make_strategy("symprompt"));
  ASSERT_EQ(p.prompts.size(), 3u);
  EXPECT_EQ(p.prompts[0].inputs.symprompt_method, "Gate.open(int)");
  EXPECT_EQ(p.prompts[2].inputs.symprompt_method, "Gate.close(int)");
  EXPECT_EQ(p.prompts[1].inputs.symprompt_path.size(), 2u);
}

TEST(Strategy, OnlyFocusedStopsWhenEveryGapLeftIsSetAsideAndReportsThem) {
  std::vector<Gap> gaps(1);
  gaps[0].line = 8;
  gaps[0].aside = Aside::kAnswer;
  gaps[0].infeasible = "an answer said no test can reach it: guarded above";
  for (const std::string& name : strategy_names()) {
    auto s = make_strategy(name);
    EXPECT_EQ(s->nothing_left(gaps), name == "focused") << name;
    EXPECT_EQ(s->possibly_infeasible(gaps).size(), name == "focused" ? 1u : 0u) << name;
  }
  gaps[0].aside = Aside::kNo;
  EXPECT_FALSE(make_strategy("focused")->nothing_left(gaps));
}

// A strategy the test scripts: two prompts a round, nothing left after the first round, an
// iteration limit of its own, no repair.
class FakeStrategy final : public Strategy {
 public:
  explicit FakeStrategy(int* rounds) : rounds_(rounds) {}
  std::string_view name() const override { return "fake"; }
  int iteration_limit(const ClassUnderTest&, int) const override { return 7; }
  int repair_attempts(int) const override { return 0; }
  RoundPlan plan(RoundInputs& round) override {
    ++*rounds_;
    RoundPlan p;
    p.prompts.push_back({round.base, prompt::Template::kBasic});
    p.prompts.push_back({round.base, prompt::Template::kBasic});
    return p;
  }
  bool nothing_left(const std::vector<Gap>&) const override { return *rounds_ >= 1; }

 private:
  int* rounds_;
};

const char* kGate =
    "package demo;\n\npublic class Gate {\n  public int open(int a) {\n    if (a > 0) {\n"
    "      return 1;\n    }\n    return 0;\n  }\n}\n";

TEST(Strategy, TheLoopSendsWhatTheStrategyPlansAndStopsWhenItHasNothingLeft) {
  test::TempDir dir;
  test::FakeJvm jvm{"demo.Gate", {{5, 2, 2}, {6, 2, 0}, {8, 2, 0}}};
  project::Project project = test::fake_project(dir.path(), "demo.Gate", kGate, "");
  auto session = runner::TestSession::open(project, jvm, project.root);
  ASSERT_TRUE(session.ok());
  test::ScriptedModel model(
      {test::answer_with({test::test_method("one", "covers(8);")}),
       test::answer_with({test::test_method("two", "covers(5); branch(5, 1); fail();")})});
  GenerateOptions options;
  options.class_name = "demo.Gate";
  options.strategy = "basic";  // its templates
  int rounds = 0;
  std::vector<std::string> events;
  auto report = generate_tests(project, *session, model, "scripted",
                               std::string(PANTA_SOURCE_DIR) + "/prompts", options,
                               std::make_unique<FakeStrategy>(&rounds),
                               [&events](const Event& e) { events.push_back(render(e)); });
  panta::clear_stop_requests();
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(rounds, 1);
  EXPECT_EQ(model.prompts.size(), 2u);  // both prompts of the plan, no repair prompt
  EXPECT_EQ(report->iterations.size(), 1u);
  EXPECT_EQ(report->stop_reason, "only possibly unreachable code is left");
  EXPECT_EQ(report->tests_kept, 1);
  EXPECT_NE(std::find(events.begin(), events.end(), "iteration 1 of 7: asking the model (basic)"),
            events.end());
}

// Mutants rounds are on by default for focused (issue 28), off for the paper's strategies.
TEST(Strategy, OnlyFocusedHasMutantsRoundsByDefault) {
  EXPECT_EQ(default_mutant_rounds("focused"), 2);
  for (const char* paper : {"panta", "cov", "basic", "baseline", "symprompt"})
    EXPECT_EQ(default_mutant_rounds(paper), 0) << paper;
  EXPECT_EQ(default_mutant_rounds("nonsense"), 0);
}

}  // namespace
}  // namespace panta::engine
