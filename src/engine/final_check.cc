#include "engine/final_check.h"

#include <algorithm>

#include "core/utf8.h"

namespace panta::engine {
namespace {

// "" when the class compiles and only tests that failed before the run fail; else what failed:
// the test and the first line of its exception ("pkg.T#t: java.sql.SQLException: No suitable
// driver"), so that a user sees why.
std::string failure_of(const ClassRun& run, const TestValidator& validator) {
  if (!run.compiled) return "the test class no longer compiles";
  for (const auto& r : run.failures) {
    if (validator.known_failures().count(r.id) != 0) continue;
    std::string what = r.exception;
    if (!r.message.empty()) {
      what +=
          (what.empty() ? "" : ": ") + utf8_prefix(r.message.substr(0, r.message.find('\n')), 200);
    }
    return what.empty() ? r.id : r.id + ": " + what;
  }
  return "";
}

struct Rebuild {
  TestValidator& validator;
  const EventSink& events;
  junit::ExtractedTests all;  // the final file read as an answer: its tests and members
  junit::TestFile current;
  std::vector<std::string> kept;
  coverage::SourceCoverage coverage;

  // Adds `names` to `current` when the class still passes with them.
  Result<bool> try_add(const std::vector<std::string>& names) {
    junit::TestFile candidate = current;
    std::vector<junit::TestFile::Addition> adds;
    for (const std::string& n : names) {
      auto t = std::find_if(all.tests.begin(), all.tests.end(),
                            [&n](const junit::TestMethod& m) { return m.name == n; });
      if (t != all.tests.end()) adds.push_back({*t, &all});
    }
    candidate.add_tests(adds);
    auto run = validator.run_class(candidate);
    if (!run) return run.error();
    std::string why = failure_of(*run, validator);
    if (!why.empty()) {
      if (names.size() == 1) {
        events(event::TestDropped{names.front(), "it breaks the whole test class: " + why});
      }
      return false;
    }
    current = std::move(candidate);
    kept.insert(kept.end(), names.begin(), names.end());
    coverage = run->coverage;
    return true;
  }
};

}  // namespace

Status check_whole_class(TestValidator& validator, const std::vector<Checkpoint>& checkpoints,
                         LoopState& state, const EventSink& events) {
  auto whole = validator.run_class(*state.file);
  if (!whole) return whole.error();
  std::string why = failure_of(*whole, validator);
  if (why.empty()) {
    state.coverage = whole->coverage;
    return ok_status();
  }
  events(event::FinalCheckFailed{why});
  // The newest checkpoint that still passes (the first is the file as the run found it).
  size_t good = 0;
  coverage::SourceCoverage good_coverage = state.coverage;
  for (size_t k = checkpoints.size(); k-- > 1;) {
    if (checkpoints[k].file.text() == state.file->text()) continue;  // the file just run
    auto run = validator.run_class(checkpoints[k].file);
    if (!run) return run.error();
    if (failure_of(*run, validator).empty()) {
      good = k;
      good_coverage = run->coverage;
      break;
    }
  }
  auto answer = junit::extract_tests("```java\n" + state.file->text() + "\n```\n");
  Rebuild r{validator,
            events,
            answer ? std::move(*answer) : junit::ExtractedTests{},
            checkpoints[good].file,
            std::vector<std::string>(
                state.kept.begin(), state.kept.begin() + static_cast<long>(checkpoints[good].kept)),
            good_coverage};
  if (good == 0) {
    auto run = validator.run_class(r.current);
    if (!run) return run.error();
    r.coverage = run->coverage;
  }
  for (size_t k = good + 1; k < checkpoints.size(); ++k) {
    std::vector<std::string> added(state.kept.begin() + static_cast<long>(checkpoints[k - 1].kept),
                                   state.kept.begin() + static_cast<long>(checkpoints[k].kept));
    if (added.empty()) continue;
    auto all_in = r.try_add(added);
    if (!all_in) return all_in.error();
    for (size_t i = 0; !*all_in && i < added.size(); ++i) {
      auto one = r.try_add({added[i]});
      if (!one) return one.error();
    }
  }
  state.file = std::move(r.current);
  state.kept = std::move(r.kept);
  state.coverage = std::move(r.coverage);
  return ok_status();
}

}  // namespace panta::engine
