#include "engine/defect_check.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string_view>

#include "engine/stack_frames.h"

namespace panta::engine {
namespace fs = std::filesystem;

namespace {

// The top-level class of a binary name ("a.B" of "a.B$C").
std::string top_level(const std::string& binary_name) {
  return binary_name.substr(0, binary_name.find('$'));
}

// The frames of the thrown exception itself, not of its causes.
std::string own_trace(const std::string& trace) {
  return trace.substr(0, trace.find("Caused by:"));
}

}  // namespace

FailureReading read_failure(const runner::TestResult& failure,
                            const std::function<bool(const std::string&)>& is_test_code) {
  FailureReading out;
  if (failure.status == runner::TestStatus::kTimeout) {
    out.why = "it timed out";
    return out;
  }
  if (!failure.tampering.empty() || !failure.left_behind.empty()) {
    out.why = "the sandbox failed it (" +
              (failure.tampering.empty() ? failure.left_behind : failure.tampering) + ")";
    return out;
  }
  std::string first = first_project_frame(own_trace(failure.stack_trace));
  bool in_main = !first.empty() && !is_test_code(frame_class(first));
  out.main_line = in_main ? frame_line(first) : 0;
  out.signature = failure.exception + " at " + first;
  // The helper reports an AssertionError (JUnit's, opentest4j's, AssertJ's, Hamcrest's or the
  // language's) as "failed", any other throwable as "error".
  if (failure.status == runner::TestStatus::kFailed) {
    out.shows_defect = !first.empty();
    out.own_assertion = !in_main;
    if (!out.shows_defect) out.why = "it failed outside the project's code";
    return out;
  }
  if (in_main) {
    out.shows_defect = true;
    return out;
  }
  std::string exception = failure.exception.empty() ? "an error" : failure.exception;
  out.why = first.empty() ? exception + " thrown outside the project's code"
                          : exception + " thrown by the test's own code, at " + first;
  return out;
}

namespace {

// The values in the message of an assertion library that throws a bare AssertionError: JUnit 4's
// assertEquals of numbers and objects ("expected:<500> but was:<900>", after the test's own
// message) and Hamcrest's assertThat ("Expected: is <500>\n     but: was <900>").
std::optional<std::pair<std::string, std::string>> values_in_message(const std::string& m) {
  auto between = [&m](
                     std::string_view open, std::string_view middle,
                     std::string_view close) -> std::optional<std::pair<std::string, std::string>> {
    size_t a = m.find(open);
    if (a == std::string::npos) return std::nullopt;
    a += open.size();
    size_t b = m.find(middle, a);
    if (b == std::string::npos) return std::nullopt;
    size_t c = b + middle.size();
    size_t d = close.empty() ? m.size() : m.rfind(close);
    if (d == std::string::npos || d < c) return std::nullopt;
    return std::make_pair(m.substr(a, b - a), m.substr(c, d - c));
  };
  if (auto junit4 = between("expected:<", "> but was:<", ">")) return junit4;
  if (auto hamcrest = between("Expected: ", "\n     but: ", "")) return hamcrest;
  return std::nullopt;
}

}  // namespace

std::pair<std::string, std::string> expected_and_actual(const runner::TestResult& failure) {
  if (failure.compared) return {failure.expected, failure.actual};
  if (failure.exception == "java.lang.AssertionError") {
    if (auto values = values_in_message(failure.message)) return *values;
  }
  std::string thrown = failure.exception;
  if (!failure.message.empty()) thrown += (thrown.empty() ? "" : ": ") + failure.message;
  return {"", thrown};
}

DefectCheck::DefectCheck(TestValidator& validator, const ClassUnderTest& cut,
                         const project::Project& project)
    : validator_(&validator), cut_(&cut), project_(&project) {
  fs::path rel = fs::path(cut.source_path).lexically_relative(project.root);
  source_file_ = rel.empty() || rel.native().starts_with("..") ? cut.source_path : rel.string();
}

bool DefectCheck::is_test_code(const std::string& binary_name) const {
  std::string top = top_level(binary_name);
  if (top == cut_->test_fqn) return true;
  if (project_->test_dir.empty()) return false;
  std::string path = top;
  std::replace(path.begin(), path.end(), '.', '/');
  std::error_code ec;
  return fs::exists(fs::path(project_->test_dir) / (path + ".java"), ec);
}

DefectEntry DefectCheck::entry(const Verdict& v, const junit::AnswerStatements::Defect& claim,
                               DefectStatus status, std::string why) const {
  DefectEntry e;
  e.test = cut_->test_fqn + "#" + v.name;
  e.file = source_file_;
  e.line = claim.first_line;
  e.claim = claim.claim;
  e.status = status;
  e.why = std::move(why);
  if (v.failure) std::tie(e.expected, e.actual) = expected_and_actual(*v.failure);
  return e;
}

Result<DefectEntry> DefectCheck::confirm(const Verdict& failed,
                                         const junit::AnswerStatements::Defect& claim) {
  auto test_code = [this](const std::string& c) { return is_test_code(c); };
  if (!failed.failure) {
    return entry(failed, claim, DefectStatus::kUnconfirmed, "it did not run");
  }
  FailureReading first = read_failure(*failed.failure, test_code);
  if (!first.shows_defect) return entry(failed, claim, DefectStatus::kUnconfirmed, first.why);
  auto again = validator_->run_again(failed);
  if (!again) return again.error();
  if (again->passed || !again->failure) {
    return entry(failed, claim, DefectStatus::kUnconfirmed,
                 "it failed once and then passed (flaky)");
  }
  FailureReading second = read_failure(*again->failure, test_code);
  if (!second.shows_defect || second.signature != first.signature) {
    return entry(failed, claim, DefectStatus::kUnconfirmed,
                 "its second run failed differently: " +
                     (second.why.empty() ? second.signature : second.why));
  }
  DefectEntry e =
      entry(failed, claim, DefectStatus::kConfirmed,
            first.own_assertion ? "it fails at its own assertion, twice"
                                : "it fails in the main code, twice: " + failed.failure->exception);
  if (e.line == 0) e.line = first.main_line;
  return e;
}

bool DefectCheck::disagreement(const Verdict& dropped, Disagreement& out) const {
  if (dropped.compile_error || !dropped.failure) return false;
  FailureReading r =
      read_failure(*dropped.failure, [this](const std::string& c) { return is_test_code(c); });
  if (!r.shows_defect || !r.own_assertion) return false;
  out.test = cut_->test_fqn + "#" + dropped.name;
  std::string first = first_project_frame(own_trace(dropped.failure->stack_trace));
  out.line = frame_line(first);
  std::tie(out.expected, out.actual) = expected_and_actual(*dropped.failure);
  out.message = dropped.failure->exception +
                (dropped.failure->message.empty() ? "" : ": " + dropped.failure->message);
  return true;
}

}  // namespace panta::engine
