// Shrinking a generation prompt, step by step, and the model calls that use it.
#include "prompt/prompt_builder.h"

#include <gtest/gtest.h>

#include "engine/model_caller.h"
#include "engine_fakes.h"
#include "llm/llm_error.h"

namespace panta::prompt {
namespace {

std::string prompt_dir() {
  return std::string(PANTA_SOURCE_DIR) + "/prompts";
}

std::string source(int lines) {
  std::string out;
  for (int i = 1; i <= lines; ++i) out += "int line" + std::to_string(i) + ";\n";
  return out;
}

MethodTarget target(const std::string& method, uint32_t line, int score) {
  cfg::PathStep step;
  step.line = line;
  step.text = "return 1;";
  return {method, {{step}}, score, ""};
}

GenerateInputs inputs() {
  GenerateInputs in;
  in.source_text = source(100);
  in.class_name = "demo.Gate";
  in.test_class_name = "GateTest";
  in.test_file = "class GateTest { @Test void a() { big(); } }";
  in.targets = {target("a()", 10, 1), target("b()", 50, 7), target("c()", 90, 3),
                target("d()", 95, 7)};
  return in;
}

TEST(PromptShrinking, GoesFromTestBodiesToFarSourceToHalfTheMethodsMissingMost) {
  auto builder = PromptBuilder::load(prompt_dir(), "panta");
  ASSERT_TRUE(builder.ok()) << builder.error().message;
  GenerateInputs in = inputs();
  ShrinkState state;
  const std::string whole = in.source_text;
  EXPECT_EQ(builder->shrink(in, state, whole, {"a"}), ShrinkStep::kTestBodies);
  EXPECT_EQ(in.test_file, "// GateTest exists with tests: a");
  EXPECT_EQ(builder->shrink(in, state, whole, {"a"}), ShrinkStep::kFarSource);
  EXPECT_LT(in.source_text.size(), whole.size());
  EXPECT_NE(in.source_text.find("int line50;"), std::string::npos);
  EXPECT_EQ(in.source_text.find("int line30;"), std::string::npos);
  EXPECT_EQ(builder->shrink(in, state, whole, {"a"}), ShrinkStep::kHalfTargets);
  ASSERT_EQ(in.targets.size(), 2u);
  EXPECT_EQ(in.targets[0].method, "b()");  // the two scoring 7, in their order
  EXPECT_EQ(in.targets[1].method, "d()");
  EXPECT_EQ(in.source_text.find("int line10;"), std::string::npos) << "a()'s lines went too";
  EXPECT_EQ(builder->shrink(in, state, whole, {"a"}), ShrinkStep::kHalfTargets);
  EXPECT_EQ(in.targets.size(), 1u);
  EXPECT_FALSE(builder->shrink(in, state, whole, {"a"}).has_value());
}

TEST(PromptShrinking, FailedTestsGoFirstTheirCodeThenThemselves) {
  auto builder = PromptBuilder::load(prompt_dir(), "panta");
  ASSERT_TRUE(builder.ok());
  GenerateInputs in = inputs();
  in.failed_tests = {{"f", "@Test void f() { big(); }", "expected 1 but was 2"}};
  ShrinkState state;
  const std::string whole = in.source_text;
  EXPECT_EQ(builder->shrink(in, state, whole, {"a"}), ShrinkStep::kFailedCode);
  ASSERT_EQ(in.failed_tests.size(), 1u);
  EXPECT_EQ(in.failed_tests[0].code, "");
  EXPECT_EQ(in.failed_tests[0].error, "expected 1 but was 2");
  EXPECT_EQ(builder->shrink(in, state, whole, {"a"}), ShrinkStep::kTestBodies);
  EXPECT_EQ(builder->shrink(in, state, whole, {"a"}), ShrinkStep::kFarSource);
  EXPECT_EQ(builder->shrink(in, state, whole, {"a"}), ShrinkStep::kNoFailed);
  EXPECT_TRUE(in.failed_tests.empty());
  EXPECT_EQ(builder->shrink(in, state, whole, {"a"}), ShrinkStep::kHalfTargets);
}

TEST(FailedTestBounds, EachTestIsCutTheSectionIsBoundedAndAClassFileLimitIsNamedOnly) {
  std::string long_code;
  for (int i = 0; i < 500; ++i) long_code += "  assertEquals(" + std::to_string(i) + ", f());\n";
  std::vector<FailedTest> tests = {
      {"huge", long_code, "line 14: error: code too large\n  void huge() {\n  ^"},
      {"long", long_code, std::string(5000, 'e')},
  };
  for (int i = 0; i < 20; ++i) tests.push_back({"t" + std::to_string(i), long_code, "failed"});
  bound_failed_tests(tests, FailedTestLimits{1000, 300, 6000});
  ASSERT_GE(tests.size(), 2u);
  EXPECT_EQ(tests[0].error, "javac: code too large");
  EXPECT_EQ(tests[0].code.find("assertEquals"), std::string::npos) << tests[0].code;
  EXPECT_NE(tests[0].code.find("whatever its text"), std::string::npos);
  EXPECT_LE(tests[1].code.size(), 1100u);
  EXPECT_NE(tests[1].code.find("more lines cut)"), std::string::npos);
  EXPECT_LE(tests[1].error.size(), 400u);
  size_t total = 0;
  for (const FailedTest& t : tests) total += t.name.size() + t.code.size() + t.error.size();
  EXPECT_LE(total, 6000u + 1200u);
  EXPECT_LT(tests.size(), 22u);
}

TEST(PromptShrinking, AStepThatWouldRemoveNothingIsSkipped) {
  auto builder = PromptBuilder::load(prompt_dir(), "basic");
  ASSERT_TRUE(builder.ok());
  GenerateInputs in = inputs();
  in.targets.clear();
  ShrinkState state;
  // No test in the file and no line named: nothing can be left out.
  EXPECT_FALSE(builder->shrink(in, state, in.source_text, {}).has_value());
}

struct Caller {
  std::optional<PromptBuilder> builder = *PromptBuilder::load(prompt_dir(), "panta");
  std::vector<std::string> events;
  test::ScriptedModel model;
  std::optional<engine::ModelCaller> caller;

  Caller(std::vector<std::string> answers, engine::ModelCallerOptions options)
      : model(std::move(answers)) {
    caller.emplace(model, *builder, std::move(options),
                   [this](const engine::Event& e) { events.push_back(engine::render(e)); });
  }
};

TEST(ModelCaller, AContextLengthErrorShrinksThePromptAndAsksAgain) {
  Caller c({"ERROR:LLM context length exceeded: 9000 tokens", "```java\n@Test void t() {}\n```"},
           {});
  GenerateInputs in = inputs();
  auto answer = c.caller->generate(in, Template::kStrategy, in.source_text, {"a"});
  ASSERT_TRUE(answer.ok()) << answer.error().message;
  ASSERT_EQ(c.model.prompts.size(), 2u);
  EXPECT_LT(c.model.prompts[1].user.size(), c.model.prompts[0].user.size());
  ASSERT_EQ(c.events.size(), 1u);
  EXPECT_NE(c.events[0].find("too long for the model: the test file's method bodies"),
            std::string::npos);
}

TEST(ModelCaller, APromptOverTheTokenLimitIsShrunkBeforeItIsSent) {
  engine::ModelCallerOptions options;
  options.max_prompt_tokens = 450;
  Caller c({"answer"}, options);
  GenerateInputs in = inputs();
  auto answer = c.caller->generate(in, Template::kStrategy, in.source_text, {"a"});
  ASSERT_TRUE(answer.ok());
  ASSERT_EQ(c.model.prompts.size(), 1u);
  EXPECT_LE(llm::estimate_tokens(llm::render_prompt(c.model.prompts[0])), 450)
      << c.model.prompts[0].user.size();
}

TEST(ModelCaller, ARepairPromptOverTheLimitEvenWithoutTheSourceIsNotSent) {
  engine::ModelCallerOptions options;
  options.max_prompt_tokens = 100;
  Caller c({"answer"}, options);
  RepairInputs in;
  in.source_text = source(100);
  in.test_view = "@Test void t() {" + std::string(2000, ' ') + "x(); }";
  in.error = "failed";
  auto answer = c.caller->repair(in);
  ASSERT_FALSE(answer.ok());
  EXPECT_NE(answer.error().message.find("even without the source: not sent"), std::string::npos);
  EXPECT_TRUE(c.model.prompts.empty());
}

TEST(ModelCaller, AnAnswerOverTheSizeLimitIsAnError) {
  engine::ModelCallerOptions options;
  options.max_answer_bytes = 10;
  Caller c({std::string(11, 'x')}, options);
  GenerateInputs in = inputs();
  auto answer = c.caller->generate(in, Template::kStrategy, in.source_text, {});
  ASSERT_FALSE(answer.ok());
  EXPECT_NE(answer.error().message.find("11 bytes, over --max-answer-bytes 10"), std::string::npos);
}

// The limits are inclusive: a prompt of exactly --max-prompt-tokens is sent as it is, an
// answer of exactly --max-answer-bytes is used.
TEST(ModelCaller, APromptAndAnAnswerExactlyAtTheirLimitsPass) {
  Caller measure({"answer"}, {});
  GenerateInputs in = inputs();
  ASSERT_TRUE(measure.caller->generate(in, Template::kStrategy, in.source_text, {"a"}).ok());
  int64_t tokens = llm::estimate_tokens(llm::render_prompt(measure.model.prompts[0]));
  engine::ModelCallerOptions options;
  options.max_prompt_tokens = tokens;
  options.max_answer_bytes = 6;
  Caller c({"answer"}, options);
  GenerateInputs same = inputs();
  auto answer = c.caller->generate(same, Template::kStrategy, same.source_text, {"a"});
  ASSERT_TRUE(answer.ok()) << answer.error().message;
  EXPECT_EQ(answer->text, "answer");
  ASSERT_EQ(c.model.prompts.size(), 1u);
  EXPECT_EQ(c.model.prompts[0].user, measure.model.prompts[0].user);
  EXPECT_TRUE(c.events.empty()) << c.events[0];
}

TEST(ModelCaller, ARepairPromptTooLongForTheModelIsSentAgainWithoutTheSource) {
  Caller c({"ERROR:LLM context length exceeded: 9000 tokens", "```java\n@Test void t() {}\n```"},
           {});
  RepairInputs in;
  in.source_text = source(100);
  in.test_view = "@Test void t() { x(); }";
  in.error = "failed";
  auto answer = c.caller->repair(in);
  ASSERT_TRUE(answer.ok()) << answer.error().message;
  ASSERT_EQ(c.model.prompts.size(), 2u);
  EXPECT_NE(c.model.prompts[0].user.find("int line100;"), std::string::npos);
  EXPECT_EQ(c.model.prompts[1].user.find("int line100;"), std::string::npos);
  EXPECT_NE(c.model.prompts[1].user.find("@Test void t() { x(); }"), std::string::npos);
}

// focused: the repair prompt shows the slice it is given, said to be one; without the
// source when too long, neither.
TEST(ModelCaller, ASlicedRepairPromptShowsTheSliceAndLeavesItOutWhenTooLong) {
  Caller c({"ERROR:LLM context length exceeded: 9000 tokens", "```java\n@Test void t() {}\n```"},
           {});
  RepairInputs in;
  in.source_text = source(100);
  in.sliced_source = "3: int line3;\n      ...\n";
  in.test_names = {"t"};
  in.test_view = "@Test void t() { x(); }";
  in.error = "failed";
  auto answer = c.caller->repair(in);
  ASSERT_TRUE(answer.ok()) << answer.error().message;
  ASSERT_EQ(c.model.prompts.size(), 2u);
  const std::string& first = c.model.prompts[0].user;
  EXPECT_NE(first.find("Here is the source file under test, sliced to what the failing test "
                       "runs: every member's signature with its lines, and the whole text of the "
                       "methods it calls and of those these call in turn."),
            std::string::npos)
      << first;
  EXPECT_NE(first.find("```java\n3: int line3;\n      ...\n```"), std::string::npos) << first;
  EXPECT_EQ(first.find("int line100;"), std::string::npos);
  const std::string& second = c.model.prompts[1].user;
  EXPECT_EQ(second.find("int line3;"), std::string::npos) << second;
  EXPECT_EQ(second.find("sliced"), std::string::npos);
  EXPECT_NE(second.find("Here is the source file under test.\n"), std::string::npos);
}

TEST(ModelCaller, ADryRunGivesThePromptToItsSink) {
  engine::ModelCallerOptions options;
  std::string printed;
  options.dry_run = [&printed](const std::string& p) { printed = p; };
  Caller c({}, options);
  GenerateInputs in = inputs();
  auto answer = c.caller->generate(in, Template::kStrategy, in.source_text, {});
  ASSERT_FALSE(answer.ok());
  EXPECT_EQ(answer.error().kind, ErrorKind::kDryRun);
  EXPECT_NE(printed.find("int line1;"), std::string::npos);
  EXPECT_TRUE(c.model.prompts.empty());
}

}  // namespace
}  // namespace panta::prompt
