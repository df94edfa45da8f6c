#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/events.h"
#include "engine/loop_state.h"
#include "engine/mutation_probe.h"
#include "engine/report.h"
#include "junit/test_file.h"
#include "prompt/prompt_builder.h"

namespace panta::engine {

/// generate --mutants N (beyond the paper): once coverage stops rising, rounds that ask the
/// strategy's prompt for tests killing up to N of PIT's surviving mutants, until a round kills
/// nothing new, none survives, or the iteration budget ends.
class MutantsStep {
 public:
  /// Off when `probe` is null or `max_mutants` is 0. `probe` outlives the step.
  /// The test class is `test_class` (simple name) of `package`, its file `test_path`.
  /// `source` is the class's source text: a survivor is named with its line's code.
  MutantsStep(MutationProbe* probe, int max_mutants, std::string test_path,
              const std::string& package, const std::string& test_class, std::string source);

  /// Called when the loop's stop rule says stop: measures the test file as it is with PIT and
  /// says whether a mutants round runs now (some survive, and the last round killed more).
  /// Never fails: why it stops is kept for the report (PIT's failure too).
  bool next_round(const junit::TestFile& file, const EventSink& events);
  /// Whether next_round started a round that the loop has not planned yet; takes it, and puts
  /// its survivors ("line 42: ... survives") and the coverage gaps into `in`.
  bool take_round(const LoopState& state, prompt::GenerateInputs& in);
  /// After the loop: measures once more when the last iteration was a round not yet measured,
  /// then writes the scores and rounds into `report`.
  void finish(const junit::TestFile& file, const EventSink& events, GenerateReport& report);
  /// The lines of the last round's survivors (a focused prompt shows their methods).
  const std::set<uint32_t>& round_lines() const { return round_lines_; }

 private:
  std::optional<mutation::MutationReport> measure(const std::string& test_text,
                                                  const EventSink& events);

  MutationProbe* probe_;
  int max_mutants_;
  std::string test_path_;
  std::string test_fqn_;
  std::string source_;
  std::vector<std::string> lines_;
  std::set<uint32_t> round_lines_;
  std::optional<double> before_;
  std::optional<double> after_;
  int last_detected_ = -1;
  int rounds_ = 0;
  bool pending_ = false;  // a round started and not yet planned
  bool measured_ = true;  // the file as the last round left it was measured
  std::string stop_;
};

}  // namespace panta::engine
