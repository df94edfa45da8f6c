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

/// Mutant rounds (beyond the paper; on by default for `focused`, `--mutants N`): once coverage
/// stops rising, up to N rounds that ask the strategy's prompt for tests killing PIT's surviving
/// mutants, all of them in one prompt, each with an id (`[M3]`) an answer's `Equivalent: M3 -
/// why` names; a round whose tests detect more mutants is a gain for the loop's stop rule. They
/// end when N rounds ran, a round detects nothing new, or no mutant survives but those said
/// equivalent.
class MutantsStep {
 public:
  /// Off when `probe` is null or `max_rounds` is 0. `probe` outlives the step.
  /// The test class is `test_class` (simple name) of `package`, its file `test_path`.
  /// `source` is the class's source text: a survivor is named with its line's code.
  MutantsStep(MutationProbe* probe, int max_rounds, std::string test_path,
              const std::string& package, const std::string& test_class, std::string source);

  /// Called when the loop's stop rule says stop: measures the test file as it is with PIT
  /// (unless measure_round() just did) and says whether a mutants round runs now. Never fails:
  /// why it stops is kept for the report (PIT's failure too).
  bool next_round(const junit::TestFile& file, const LoopState& state, const EventSink& events);
  /// Whether next_round started a round that the loop has not planned yet; takes it, puts its
  /// survivors ("[M3] line 42: ... survives") and the coverage gaps into `in`, and what each id
  /// stands for into `state`.
  bool take_round(LoopState& state, prompt::GenerateInputs& in);
  /// After the iteration of a round: measures the test file; true when its tests detect more
  /// mutants than before the round (the loop counts that as a gain). False when the iteration
  /// was no round.
  bool measure_round(const junit::TestFile& file, const EventSink& events);
  /// After the loop: measures once more when the last iteration was a round not yet measured,
  /// then writes the scores, the rounds and the mutants said equivalent into `report`.
  void finish(const junit::TestFile& file, const LoopState& state, const EventSink& events,
              GenerateReport& report);
  /// The lines of the last round's survivors (a focused prompt shows their methods).
  const std::set<uint32_t>& round_lines() const { return round_lines_; }

 private:
  std::optional<mutation::MutationReport> measure(const std::string& test_text,
                                                  const EventSink& events);

  MutationProbe* probe_;
  int max_rounds_;
  std::string test_path_;
  std::string test_fqn_;
  std::string source_;
  std::vector<mutation::Mutant> round_;  ///< the survivors the pending round asks for ...
  std::vector<std::string> round_keys_;  ///< ... and their keys (mutant_keys)
  std::set<uint32_t> round_lines_;
  std::optional<double> before_;
  std::optional<double> after_;
  std::optional<mutation::MutationReport> last_;  ///< PIT's last report ...
  std::string last_text_;                         ///< ... of this test file text
  int detected_before_round_ = -1;
  int rounds_ = 0;
  bool pending_ = false;   // a round started and not yet planned
  bool in_round_ = false;  // the round was planned and its iteration not yet measured
  std::string stop_;
};

}  // namespace panta::engine
