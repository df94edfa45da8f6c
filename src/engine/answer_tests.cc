#include "engine/answer_tests.h"

#include <algorithm>
#include <map>

#include "core/cancel.h"

namespace panta::engine {
namespace {

std::string first_line(const std::string& s) {
  return s.substr(0, s.find('\n'));
}

}  // namespace

// The answer's tests that repeat neither a test of the file nor an earlier one of the answer.
std::vector<junit::TestMethod> AnswerTaker::fresh_tests(const junit::ExtractedTests& extracted,
                                                        const junit::TestFile& file) const {
  std::vector<junit::TestMethod> fresh;
  std::map<std::string, std::string> in_file = file.test_bodies();
  std::map<std::string, std::string> in_answer;  // repeats within the answer too
  for (const junit::TestMethod& test : extracted.tests) {
    auto key = junit::test_body_key(test.code);
    std::string same;
    if (auto f = in_file.find(key); f != in_file.end()) same = f->second;
    if (auto a = in_answer.find(key); same.empty() && a != in_answer.end()) same = a->second;
    if (!same.empty()) {
      (*events_)(event::TestRepeats{test.name, same});
      continue;
    }
    in_answer.emplace(key, test.name);
    fresh.push_back(test);
  }
  return fresh;
}

void AnswerTaker::drop(const Verdict& v, LoopState& state, IterationReport& it) {
  ++it.tests_failed;
  (*events_)(event::TestDropped{v.name, first_line(v.error)});
  state.failed.push_back({v.name, v.code, v.error});
}

Result<bool> AnswerTaker::take(const std::string& answer, LoopState& state, IterationReport& it) {
  auto extracted = junit::extract_tests(answer);
  if (!extracted) {
    (*events_)(event::NoUsableTests{extracted.error().message});
    return true;
  }
  for (const std::string& note : extracted->notes) (*events_)(event::AnswerNote{note});
  std::vector<junit::TestMethod> fresh = fresh_tests(*extracted, *state.file);
  if (fresh.empty()) return true;
  if (panta::stop_requested()) return false;
  auto verdicts = validator_->try_tests(*state.file, fresh, *extracted);
  if (!verdicts) return verdicts.error();
  // The tests that passed come first in the file, the repaired ones after them; a repair is
  // tried with all of those, as they will stand in the file.
  std::vector<Candidate> accepted;
  for (const Verdict& v : *verdicts) {
    if (v.passed) accepted.push_back({{v.name, v.code}, *extracted});
  }
  std::vector<std::string> repaired;
  for (Verdict& v : *verdicts) {
    if (panta::stop_requested()) return false;
    ++it.tests_generated;
    ++state.generated_total;
    if (!v.passed) {
      auto outcome = repairer_->repair(*state.file, v, accepted, it);
      if (!outcome) return outcome.error();
      if (panta::stop_requested()) return false;
      v = std::move(outcome->verdict);
      if (!outcome->fixed) {
        drop(v, state, it);
        continue;
      }
      ++it.tests_repaired;
      repaired.push_back(outcome->fixed->test.name);
      accepted.push_back(std::move(*outcome->fixed));
    }
    (*events_)(event::TestKept{v.name});
  }
  if (auto s = keep(accepted, repaired, state, it); !s) return s.error();
  return true;
}

// The answer's passing tests go into the file, those that break the others come out again.
Status AnswerTaker::keep(std::vector<Candidate>& accepted, const std::vector<std::string>& repaired,
                         LoopState& state, IterationReport& it) {
  if (accepted.empty()) return ok_status();
  auto commit = validator_->commit(*state.file, accepted);
  if (!commit) return commit.error();
  if (!commit->not_together.empty()) {
    (*events_)(event::NotTogether{first_line(commit->not_together)});
  }
  for (const Verdict& v : commit->dropped) {
    if (std::find(repaired.begin(), repaired.end(), v.name) != repaired.end()) --it.tests_repaired;
    drop(v, state, it);
  }
  state.file = std::move(commit->file);
  state.kept.insert(state.kept.end(), commit->kept.begin(), commit->kept.end());
  state.coverage = std::move(commit->coverage);
  return ok_status();
}

}  // namespace panta::engine
