#include "engine/answer_tests.h"

#include <algorithm>
#include <map>

#include "core/cancel.h"
#include "junit/junit_dialect.h"

namespace panta::engine {
namespace {

std::string first_line(const std::string& s) {
  return s.substr(0, s.find('\n'));
}

}  // namespace

// The answer's tests that repeat neither a test of the file nor an earlier one of the answer;
// the others are said in one line.
std::vector<junit::TestMethod> AnswerTaker::fresh_tests(const junit::ExtractedTests& extracted,
                                                        const junit::TestFile& file) const {
  std::vector<junit::TestMethod> fresh;
  std::map<std::string, std::string> in_file = file.test_bodies();
  std::map<std::string, std::string> in_answer;  // repeats within the answer too
  event::TestsRepeat repeats;
  for (const junit::TestMethod& test : extracted.tests) {
    auto key = junit::test_body_key(test.code);
    std::string same;
    if (auto f = in_file.find(key); f != in_file.end()) same = f->second;
    if (auto a = in_answer.find(key); same.empty() && a != in_answer.end()) same = a->second;
    if (!same.empty()) {
      if (repeats.count++ == 0) repeats.example = test.name + ": the same as " + same;
      continue;
    }
    in_answer.emplace(key, test.name);
    fresh.push_back(test);
  }
  if (repeats.count > 0) (*events_)(repeats);
  return fresh;
}

void AnswerTaker::drop(const Verdict& v, LoopState& state, IterationReport& it) {
  ++it.tests_failed;
  (*events_)(event::TestDropped{v.name, first_line(v.error)});
  state.failed.push_back({v.name, v.code, v.error});
}

Result<bool> AnswerTaker::take(const std::string& answer, LoopState& state, IterationReport& it) {
  auto extracted = junit::extract_tests_for(answer, *state.file);
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
  Taken taken;
  std::vector<Verdict> failing;
  for (const Verdict& v : *verdicts) {
    if (v.skipped) {
      (*events_)(event::TestSkipped{v.name, first_line(v.error)});
      taken.skipped.push_back(v.name);
      ++it.tests_skipped;
    } else {
      ++it.tests_generated;
      ++state.generated_total;
    }
    if (v.passed || v.skipped) {
      if (v.passed) (*events_)(event::TestKept{v.name});
      taken.accepted.push_back({{v.name, v.code}, *extracted});
    } else {
      failing.push_back(v);
    }
  }
  for (const auto& group : group_by_cause(failing)) {
    if (panta::stop_requested()) return false;
    auto outcome = repairer_->repair(*state.file, group, taken.accepted, it);
    if (!outcome) return outcome.error();
    if (panta::stop_requested()) return false;
    for (Candidate& fix : outcome->fixed) {
      (*events_)(event::TestKept{fix.test.name});
      taken.repaired.push_back(fix.test.name);
      taken.accepted.push_back(std::move(fix));
    }
    it.tests_repaired += static_cast<int>(outcome->repaired.size());
    for (const Verdict& v : outcome->unrepaired) drop(v, state, it);
  }
  if (auto s = keep(taken, state, it); !s) return s.error();
  return true;
}

// The answer's passing tests go into the file, those that break the others come out again.
Status AnswerTaker::keep(Taken& taken, LoopState& state, IterationReport& it) {
  if (taken.accepted.empty()) return ok_status();
  auto commit = validator_->commit(*state.file, taken.accepted);
  if (!commit) return commit.error();
  if (!commit->not_together.empty()) {
    (*events_)(event::NotTogether{first_line(commit->not_together)});
  }
  auto in = [](const std::vector<std::string>& names, const std::string& n) {
    return std::find(names.begin(), names.end(), n) != names.end();
  };
  for (const Verdict& v : commit->dropped) {
    if (in(taken.repaired, v.name)) --it.tests_repaired;
    drop(v, state, it);
  }
  state.file = std::move(commit->file);
  for (const std::string& name : commit->kept) {
    state.kept.push_back(name);
    if (in(taken.skipped, name)) state.skipped.push_back(name);
  }
  state.coverage = std::move(commit->coverage);
  return ok_status();
}

}  // namespace panta::engine
