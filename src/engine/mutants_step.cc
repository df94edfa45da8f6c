#include "engine/mutants_step.h"

#include <fmt/format.h>

#include "engine/gaps.h"

namespace panta::engine {

namespace {

// One line per survivor, with its line's code (PIT says what changed, not where on the line);
// PIT's equal descriptions on one line (`a < 0 || a > 100`) as one line saying how many.
std::vector<std::string> prompt_lines_of(const std::vector<mutation::Mutant>& survivors,
                                         const std::string& source) {
  std::vector<std::string> lines;
  std::vector<int> counts;
  for (const mutation::Mutant& m : survivors) {
    std::string line = mutation::survivor_line(m);
    std::string code = m.line > 0 ? line_text(source, static_cast<uint32_t>(m.line)) : "";
    if (!code.empty()) line += "; the line: `" + code + "`";
    if (!lines.empty() && lines.back() == line) {
      ++counts.back();
    } else {
      lines.push_back(std::move(line));
      counts.push_back(1);
    }
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    if (counts[i] > 1) lines[i] += fmt::format(" ({} such mutants on the line)", counts[i]);
  }
  return lines;
}

}  // namespace

MutantsStep::MutantsStep(MutationProbe* probe, int max_mutants, std::string test_path,
                         const std::string& package, const std::string& test_class,
                         std::string source)
    : probe_(probe),
      max_mutants_(max_mutants),
      test_path_(std::move(test_path)),
      test_fqn_(package.empty() ? test_class : package + "." + test_class),
      source_(std::move(source)) {}

std::optional<mutation::MutationReport> MutantsStep::measure(const std::string& test_text,
                                                             const EventSink& events) {
  auto report = probe_->measure(test_path_, test_fqn_, test_text);
  measured_ = true;
  if (!report) {
    stop_ = "PIT failed: " + report.error().message;
    events(event::AnswerNote{"mutants: " + stop_});
    return std::nullopt;
  }
  mutation::MutantCounts c = report->counts();
  if (!before_) before_ = report->score();
  after_ = report->score();
  events(event::AnswerNote{fmt::format("mutation score {:.1f}% ({} of {} mutants detected)",
                                       report->score(), c.detected, c.total)});
  return std::move(*report);
}

bool MutantsStep::next_round(const junit::TestFile& file, const EventSink& events) {
  if (probe_ == nullptr || max_mutants_ <= 0 || !stop_.empty()) return false;
  auto report = measure(file.text(), events);
  if (!report) return false;
  int detected = report->counts().detected;
  if (rounds_ > 0 && detected <= last_detected_) {
    stop_ = "a mutants round killed nothing new";
    return false;
  }
  last_detected_ = detected;
  std::vector<mutation::Mutant> survivors = report->survivors();
  if (survivors.empty()) {
    stop_ = "no mutant survives";
    return false;
  }
  if (static_cast<int>(survivors.size()) > max_mutants_) survivors.resize(max_mutants_);
  lines_ = prompt_lines_of(survivors, source_);
  round_lines_.clear();
  for (const mutation::Mutant& m : survivors) round_lines_.insert(static_cast<uint32_t>(m.line));
  ++rounds_;
  pending_ = true;
  measured_ = false;
  return true;
}

bool MutantsStep::take_round(const LoopState& state, prompt::GenerateInputs& in) {
  if (!pending_) return false;
  pending_ = false;
  in.surviving_mutants = lines_;
  in.uncovered_lines = state.coverage.missed_lines();
  in.partly_lines = state.coverage.partly_lines();
  return true;
}

void MutantsStep::finish(const junit::TestFile& file, const EventSink& events,
                         GenerateReport& report) {
  if (probe_ == nullptr || max_mutants_ <= 0) return;
  if (!measured_ && stop_.empty()) {
    (void)measure(file.text(), events);
    if (stop_.empty()) stop_ = "iteration limit";
  }
  if (stop_.empty()) stop_ = "coverage still rising at the iteration limit";
  report.mutation_score_before = before_;
  report.mutation_score_after = after_;
  report.mutants_rounds = rounds_;
  report.mutants_stop = stop_;
}

}  // namespace panta::engine
