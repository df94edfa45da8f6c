#include "engine/repair.h"

#include "core/cancel.h"

namespace panta::engine {

std::string unrepairable_reason(const Verdict& v) {
  if (!v.compile_error) return "";
  for (const char* limit : {"code too large", "too many constants"}) {
    if (v.error.find(limit) != std::string::npos) {
      return std::string("javac says \"") + limit + "\", a class file limit that no repair can fix";
    }
  }
  return "";
}

Repairer::Repairer(ModelCaller& model, TestValidator& validator, const ClassUnderTest& cut,
                   std::string junit, int attempts, EventSink events)
    : model_(&model),
      validator_(&validator),
      cut_(&cut),
      junit_(std::move(junit)),
      attempts_(attempts),
      events_(std::move(events)) {}

namespace {

// The name of a test of `file` or of `accepted` with the same body as `test`, or "".
std::string repeated(const junit::TestFile& file, const std::vector<Candidate>& accepted,
                     const junit::TestMethod& test) {
  std::string same = file.same_test_as(test);
  if (!same.empty()) return same;
  std::string key = junit::test_body_key(test.code);
  for (const Candidate& c : accepted) {
    if (junit::test_body_key(c.test.code) == key) return c.test.name;
  }
  return "";
}

}  // namespace

Result<std::optional<RepairOutcome>> Repairer::attempt(const junit::TestFile& file,
                                                       const Verdict& failed,
                                                       const std::vector<Candidate>& accepted,
                                                       IterationReport& it) {
  prompt::RepairInputs in;
  in.source_text = cut_->source_text;
  in.test_class_name = cut_->test_class;
  in.package_name = cut_->package;
  in.junit = junit_;
  in.test_code = failed.code;
  in.compile_error = failed.compile_error;
  in.error = failed.error;
  auto answer = model_->repair(in);
  if (!answer) {
    events_(event::ModelError{answer.error().message, true});
    return std::optional<RepairOutcome>();
  }
  it.prompt_tokens += answer->prompt_tokens;
  it.completion_tokens += answer->completion_tokens;
  auto extracted = junit::extract_tests(answer->text);
  if (!extracted) {
    Verdict v = failed;
    v.error += "\n(the repair answer had no usable test: " + extracted.error().message + ")";
    return std::optional<RepairOutcome>(RepairOutcome{std::move(v), std::nullopt});
  }
  const junit::TestMethod& fix = extracted->tests.front();
  if (std::string same = repeated(file, accepted, fix); !same.empty()) {
    events_(event::RepairRepeats{failed.name, same});
    return std::optional<RepairOutcome>();
  }
  auto verdicts = validator_->try_tests(file, {fix}, *extracted, accepted);
  if (!verdicts) return verdicts.error();
  RepairOutcome out{std::move(verdicts->front()), std::nullopt};
  if (out.verdict.passed) {
    out.fixed = Candidate{{out.verdict.name, out.verdict.code}, std::move(*extracted)};
  }
  return std::optional<RepairOutcome>(std::move(out));
}

Result<RepairOutcome> Repairer::repair(const junit::TestFile& file, const Verdict& failed,
                                       const std::vector<Candidate>& accepted,
                                       IterationReport& it) {
  RepairOutcome last{failed, std::nullopt};
  for (int n = 1; !last.verdict.passed && n <= attempts_; ++n) {
    if (std::string why = unrepairable_reason(last.verdict); !why.empty()) {
      events_(event::NotRepairable{last.verdict.name, why});
      break;
    }
    events_(event::RepairAttempt{last.verdict.name, last.verdict.compile_error, n, attempts_});
    auto next = attempt(file, last.verdict, accepted, it);
    if (!next) return next.error();
    if (panta::stop_requested() || !*next) break;
    last = std::move(**next);
  }
  return last;
}

}  // namespace panta::engine
