#include "engine/answer_tests.h"

#include <algorithm>
#include <map>

#include "core/cancel.h"
#include "engine/local_fixes.h"
#include "junit/junit_dialect.h"
#include "junit/reproducer.h"

namespace panta::engine {
namespace {

std::string first_line(const std::string& s) {
  return s.substr(0, s.find('\n'));
}

// An answer without a test: said, and shown in the next prompt, unless it only states
// (`Unreachable: G1 - ...` and an empty code block), which is a whole answer.
void without_tests(const std::string& why, LoopState& state, const EventSink& events) {
  if (state.answer_stated) {
    events(event::AnswerNote{"no test in the answer, only statements (" + why + ")"});
    return;
  }
  events(event::NoUsableTests{why});
  state.unusable_answer = why;
}

}  // namespace

AnswerTaker::AnswerTaker(TestValidator& validator, Repairer& repairer, const EventSink& events,
                         AnswerContext context)
    : validator_(&validator),
      repairer_(&repairer),
      events_(&events),
      types_(context.types),
      defects_(context.defects),
      package_(std::move(context.test_package)),
      cut_fqn_(std::move(context.class_fqn)) {
  // A nested class (pkg.Outer.Inner) is named through its top-level class's name.
  std::string top = cut_fqn_.substr(package_.empty() ? 0 : package_.size() + 1);
  cut_simple_ = top.substr(0, top.find('.'));
}

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

// The tests of `fresh` that name neither the class under test nor a member of it imported
// statically, taken out of `fresh`: they must add coverage to be kept.
std::vector<junit::TestMethod> AnswerTaker::not_naming_the_class(
    std::vector<junit::TestMethod>& fresh, const junit::ExtractedTests& extracted,
    const junit::TestFile& file) const {
  if (cut_simple_.empty()) return {};
  std::vector<std::string> names = {cut_simple_};
  const std::string prefix = "import static " + cut_fqn_ + ".";
  std::vector<std::string> imports = extracted.imports;
  for (std::string& i : file.imports()) imports.push_back(std::move(i));
  for (const std::string& i : imports) {
    if (i.rfind(prefix, 0) != 0) continue;
    std::string member = i.substr(prefix.size(), i.size() - prefix.size() - 1);
    if (member == "*") return {};  // every unqualified call may be the class's
    names.push_back(std::move(member));
  }
  // Through the fields and helpers of the answer and of the file (`DoubleMetaphone dm`).
  junit::Members members = extracted.members;
  for (auto& m : file.members()) members.push_back(std::move(m));
  std::vector<junit::TestMethod> out;
  std::erase_if(fresh, [&](const junit::TestMethod& t) {
    bool names_it = junit::names_any(t.code, names, members);
    if (!names_it) out.push_back(t);
    return !names_it;
  });
  return out;
}

// Tests that do not name the class under test are kept only when they add coverage of it.
Status AnswerTaker::try_for_gain(const std::vector<junit::TestMethod>& tests,
                                 const junit::ExtractedTests& extracted,
                                 std::vector<Verdict>& verdicts, LoopState& state,
                                 IterationReport& it) {
  std::vector<Candidate> accepted;
  for (const Verdict& v : verdicts) {
    if (v.passed || v.skipped) accepted.push_back({{v.name, v.code}, extracted});
  }
  for (const junit::TestMethod& t : tests) {
    bool gained = false;
    auto v = validator_->try_for_gain(*state.file, t, extracted, accepted, gained);
    if (!v) return v.error();
    if (v->passed && !gained) {  // passed, so not fed back as a failure
      ++it.tests_generated;
      ++state.generated_total;
      ++it.tests_failed;
      std::string why = "it neither names " + cut_simple_ + " nor adds coverage of it";
      (*events_)(event::TestDropped{v->name, why});
      state.set_aside.push_back({v->name, v->code, why});
      continue;
    }
    if (v->passed || v->skipped) accepted.push_back({{v->name, v->code}, extracted});
    verdicts.push_back(std::move(*v));
  }
  return ok_status();
}

// Tests that did not compile for want of an import only a type index can give are tried
// again with it, without a model call.
Status AnswerTaker::retry_with_imports(junit::ExtractedTests& extracted,
                                       std::vector<Verdict>& verdicts, const LoopState& state) {
  if (types_ == nullptr) return ok_status();
  auto added = add_missing_imports(extracted, verdicts, *types_, package_);
  if (added.empty()) return ok_status();
  std::string list;
  for (const std::string& i : added) list += (list.empty() ? "" : ", ") + i;
  (*events_)(event::AnswerNote{"added what javac could not find: " + list});
  std::vector<Candidate> accepted;
  std::vector<junit::TestMethod> again;
  for (const Verdict& v : verdicts) {
    if (v.passed || v.skipped) accepted.push_back({{v.name, v.code}, extracted});
    if (v.compile_error) again.push_back({v.name, v.code});
  }
  auto retried = validator_->try_tests(*state.file, again, extracted, accepted);
  if (!retried) return retried.error();
  for (Verdict& r : *retried) {
    auto same = std::find_if(verdicts.begin(), verdicts.end(),
                             [&r](const Verdict& v) { return v.name == r.name; });
    if (same != verdicts.end()) *same = std::move(r);
  }
  return ok_status();
}

void AnswerTaker::drop(const Verdict& v, LoopState& state, IterationReport& it) {
  ++it.tests_failed;
  if (!v.tampering.empty()) {
    // Not fed back for repair: what it did is not a mistake to fix.
    (*events_)(event::TestDropped{v.name, "tampering: it tried " + v.tampering});
    state.tampered.push_back({v.name, v.tampering});
    return;
  }
  (*events_)(event::TestDropped{v.name, first_line(v.error)});
  state.failed.push_back({v.name, v.code, v.error});
  if (Disagreement d; defects_ != nullptr && defects_->disagreement(v, d))
    state.disagreements.push_back(std::move(d));
}

Candidate AnswerTaker::refuted(const Verdict& v, const junit::ExtractedTests& from,
                               LoopState& state) {
  auto claim = junit::reproducer_mark(v.code);
  DefectEntry e = defects_->entry(v, *claim, DefectStatus::kRefuted, "it passes");
  (*events_)(event::DefectChecked{v.name, "refuted", junit::defect_text(*claim), e.why});
  state.other_defects.push_back(std::move(e));
  return {{v.name, junit::without_reproducer_mark(v.code)}, from};
}

Status AnswerTaker::check_reproducer(const Verdict& v, const junit::ExtractedTests& from,
                                     LoopState& state, IterationReport& it, bool calls_the_class) {
  auto claim = junit::reproducer_mark(v.code);
  // One that does not call the class shows nothing about it, however it fails.
  Result<DefectEntry> e = !calls_the_class ? defects_->entry(v, *claim, DefectStatus::kUnconfirmed,
                                                             "it does not call " + cut_simple_)
                          : v.compile_error
                              ? defects_->entry(v, *claim, DefectStatus::kUnconfirmed,
                                                "it does not compile: " + first_line(v.error))
                              : defects_->confirm(v, *claim);
  if (!e) return e.error();
  (*events_)(event::DefectChecked{v.name, std::string(to_string(e->status)),
                                  junit::defect_text(*claim), e->why});
  // A confirmed reproducer is a finding, not a test that failed: not counted as generated (the
  // pass rate is that of the tests meant to pass); any other is a test dropped.
  if (e->status == DefectStatus::kConfirmed) {
    --it.tests_generated;
    --state.generated_total;
    state.reproducers.push_back({{v.name, v.code}, from, *claim, std::move(*e)});
  } else {
    ++it.tests_failed;
    // Shown in the next focused prompt with the tests not kept, and why.
    state.set_aside.push_back({v.name, v.code, "a reproducer not confirmed: " + e->why});
    state.other_defects.push_back(std::move(*e));
  }
  return ok_status();
}

Result<bool> AnswerTaker::take(const std::string& answer, LoopState& state, IterationReport& it) {
  auto extracted = junit::extract_tests_for(answer, *state.file);
  state.unusable_answer.clear();
  if (!extracted) {
    without_tests(extracted.error().message, state, *events_);
    return true;
  }
  for (const std::string& note : extracted->notes) (*events_)(event::AnswerNote{note});
  std::vector<junit::TestMethod> fresh = fresh_tests(*extracted, *state.file);
  if (fresh.empty()) return true;
  if (panta::stop_requested()) return false;
  std::vector<junit::TestMethod> elsewhere = not_naming_the_class(fresh, *extracted, *state.file);
  auto verdicts = validator_->try_tests(*state.file, fresh, *extracted);
  if (!verdicts) return verdicts.error();
  if (auto s = try_for_gain(elsewhere, *extracted, *verdicts, state, it); !s) return s.error();
  if (auto s = retry_with_imports(*extracted, *verdicts, state); !s) return s.error();
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
    bool marked = defects_ != nullptr && junit::reproducer_mark(v.code).has_value();
    if (v.passed && marked) {
      (*events_)(event::TestKept{v.name});
      taken.accepted.push_back(refuted(v, *extracted, state));
    } else if (v.passed || v.skipped) {
      if (v.passed) (*events_)(event::TestKept{v.name});
      taken.accepted.push_back({{v.name, v.code}, *extracted});
    } else if (!v.tampering.empty()) {
      drop(v, state, it);
    } else if (marked && !v.compile_error) {
      // Never repaired: what it expects is its claim.
      bool calls = std::none_of(elsewhere.begin(), elsewhere.end(),
                                [&v](const junit::TestMethod& t) { return t.name == v.name; });
      if (auto s = check_reproducer(v, *extracted, state, it, calls); !s) return s.error();
    } else {
      failing.push_back(v);
    }
  }
  if (auto s = repair(failing, *extracted, taken, state, it); !s) return s.error();
  if (panta::stop_requested()) return false;
  if (auto s = keep(taken, state, it); !s) return s.error();
  return true;
}

Status AnswerTaker::repair(const std::vector<Verdict>& failing,
                           const junit::ExtractedTests& extracted, Taken& taken, LoopState& state,
                           IterationReport& it) {
  for (const auto& group : group_by_cause(failing)) {
    if (panta::stop_requested()) return ok_status();
    auto outcome = repairer_->repair(*state.file, group, extracted, taken.accepted, it);
    if (!outcome) return outcome.error();
    if (panta::stop_requested()) return ok_status();
    for (Candidate& fix : outcome->fixed) {
      (*events_)(event::TestKept{fix.test.name});
      taken.repaired.push_back(fix.test.name);
      if (defects_ != nullptr && junit::reproducer_mark(fix.test.code)) {
        Verdict passed;
        passed.name = fix.test.name;
        passed.code = fix.test.code;
        passed.passed = true;
        taken.accepted.push_back(refuted(passed, fix.from, state));
      } else {
        taken.accepted.push_back(std::move(fix));
      }
    }
    it.tests_repaired += static_cast<int>(outcome->repaired.size());
    for (auto& [v, from] : outcome->reproducers) {
      if (defects_ == nullptr) continue;
      if (auto s = check_reproducer(v, from, state, it); !s) return s;
    }
    junit::AnswerStatements said;
    said.defects = outcome->suspected_defects;
    state.take_statements(said);
    for (const Verdict& v : outcome->unrepaired) {
      if (defects_ != nullptr && v.compile_error && junit::reproducer_mark(v.code)) {
        if (auto s = check_reproducer(v, extracted, state, it); !s) return s;  // never compiled
      } else {
        drop(v, state, it);
      }
    }
  }
  return ok_status();
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
