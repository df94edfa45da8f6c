#include "engine/mutants_step.h"

#include <fmt/format.h>

#include <map>
#include <set>

#include "engine/gaps.h"

namespace panta::engine {

namespace {

// At most this many survivor lines in one prompt (the rest come in the next round).
constexpr size_t kMaxSurvivorLines = 40;

// One line per survivor with its id, its line's code (PIT says what changed, not where on the
// line); PIT's equal descriptions on one line (`a < 0 || a > 100`) as one line with their ids.
// A survivor on the line of a confirmed defect says so: it may be the defect's correction,
// which only a test asserting the bug would kill.
std::vector<std::string> prompt_lines_of(const std::vector<mutation::Mutant>& survivors,
                                         const std::vector<int>& ids, const std::string& source,
                                         const std::map<uint32_t, std::string>& defects) {
  std::vector<std::string> lines;
  std::vector<std::vector<int>> line_ids;
  for (size_t i = 0; i < survivors.size(); ++i) {
    const mutation::Mutant& m = survivors[i];
    std::string line = mutation::survivor_line(m);
    std::string code = m.line > 0 ? line_text(source, static_cast<uint32_t>(m.line)) : "";
    if (!code.empty()) line += "; the line: `" + code + "`";
    if (auto d = defects.find(static_cast<uint32_t>(m.line)); d != defects.end())
      line += " (the line of the confirmed defect \"" + d->second + "\")";
    if (!lines.empty() && lines.back() == line) {
      line_ids.back().push_back(ids[i]);
    } else {
      lines.push_back(std::move(line));
      line_ids.push_back({ids[i]});
    }
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string named;
    for (int id : line_ids[i]) named += fmt::format("{}M{}", named.empty() ? "" : ", ", id);
    std::string count = line_ids[i].size() > 1
                            ? fmt::format(" ({} such mutants on the line)", line_ids[i].size())
                            : "";
    out.push_back("[" + named + "] " + lines[i] + count);
  }
  return out;
}

// A mutant's key: what stays the same for it from one PIT run to the next (its line, method,
// mutator and description).
std::string mutant_key(const mutation::Mutant& m) {
  return fmt::format("{}|{}|{}|{}", m.line, m.method, m.mutator, m.description);
}

// The keys of `mutants` (PIT's order), equal ones of a line told apart by "#2", "#3", ...
std::vector<std::string> mutant_keys(const std::vector<mutation::Mutant>& mutants) {
  std::map<std::string, int> seen;  // PIT's equal mutants of one line: "#2", "#3", ...
  std::vector<std::string> out;
  for (const mutation::Mutant& m : mutants) {
    std::string key = mutant_key(m);
    int n = ++seen[key];
    out.push_back(n == 1 ? key : fmt::format("{}#{}", key, n));
  }
  return out;
}

}  // namespace

MutantsStep::MutantsStep(MutationProbe* probe, int max_rounds, std::string test_path,
                         const std::string& package, const std::string& test_class,
                         std::string source)
    : probe_(probe),
      max_rounds_(max_rounds),
      test_path_(std::move(test_path)),
      test_fqn_(package.empty() ? test_class : package + "." + test_class),
      source_(std::move(source)) {}

std::optional<mutation::MutationReport> MutantsStep::measure(const std::string& test_text,
                                                             const EventSink& events) {
  if (last_ && last_text_ == test_text) return last_;
  auto report = probe_->measure(test_path_, test_fqn_, test_text);
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
  last_ = std::move(*report);
  last_text_ = test_text;
  return last_;
}

bool MutantsStep::next_round(const junit::TestFile& file, const LoopState& state,
                             const EventSink& events) {
  if (probe_ == nullptr || max_rounds_ <= 0 || !stop_.empty()) return false;
  auto report = measure(file.text(), events);
  if (!report) return false;
  int detected = report->counts().detected;
  if (rounds_ > 0 && detected <= detected_before_round_) {
    stop_ = "a mutants round killed nothing new";
    return false;
  }
  if (rounds_ >= max_rounds_) {
    stop_ = fmt::format("{} mutants round{} done (--mutants {})", rounds_, rounds_ == 1 ? "" : "s",
                        max_rounds_);
    return false;
  }
  std::vector<mutation::Mutant> all = report->survivors();
  std::vector<std::string> keys = mutant_keys(all);
  std::vector<mutation::Mutant> survivors;
  round_keys_.clear();
  for (size_t i = 0; i < all.size(); ++i) {
    if (state.equivalent_mutants.count(keys[i]) != 0) continue;  // not asked for again
    survivors.push_back(all[i]);
    round_keys_.push_back(keys[i]);
  }
  if (survivors.empty()) {
    stop_ = all.empty() ? "no mutant survives" : "only mutants said equivalent survive";
    return false;
  }
  detected_before_round_ = detected;
  round_ = std::move(survivors);
  round_lines_.clear();
  for (const mutation::Mutant& m : round_) round_lines_.insert(static_cast<uint32_t>(m.line));
  ++rounds_;
  pending_ = true;
  return true;
}

bool MutantsStep::take_round(LoopState& state, prompt::GenerateInputs& in) {
  if (!pending_) return false;
  pending_ = false;
  in_round_ = true;
  std::vector<int> ids;
  state.shown_mutants.clear();
  for (const std::string& key : round_keys_) {
    auto [it, added] = state.mutant_ids.try_emplace(key, state.next_mutant_id);
    if (added) ++state.next_mutant_id;
    ids.push_back(it->second);
    state.shown_mutants[it->second] = it->first;
  }
  std::map<uint32_t, std::string> defects;  // line -> claim, of the confirmed reproducers
  for (const Reproducer& r : state.reproducers) {
    for (uint32_t l = r.claim.first_line; l != 0 && l <= r.claim.last_line; ++l)
      defects.emplace(l, r.claim.claim);
  }
  in.surviving_mutants = prompt_lines_of(round_, ids, source_, defects);
  if (in.surviving_mutants.size() > kMaxSurvivorLines) {
    size_t left = in.surviving_mutants.size() - kMaxSurvivorLines;
    in.surviving_mutants.resize(kMaxSurvivorLines);
    in.surviving_mutants.push_back(
        fmt::format("({} more lines of survivors: the next round asks for them)", left));
  }
  in.uncovered_lines = state.coverage.missed_lines();
  in.partly_lines = state.coverage.partly_lines();
  return true;
}

bool MutantsStep::measure_round(const junit::TestFile& file, const EventSink& events) {
  if (!in_round_) return false;
  in_round_ = false;
  auto report = measure(file.text(), events);
  return report && report->counts().detected > detected_before_round_;
}

void MutantsStep::finish(const junit::TestFile& file, const LoopState& state,
                         const EventSink& events, GenerateReport& report) {
  if (probe_ == nullptr || max_rounds_ <= 0) return;
  if (stop_.empty()) {  // the loop ended at its iteration limit: the score of its last file
    (void)measure(file.text(), events);
    if (stop_.empty())
      stop_ = rounds_ > 0 ? "iteration limit" : "coverage still rising at the iteration limit";
  }
  report.mutation_score_before = before_;
  report.mutation_score_after = after_;
  report.mutants_rounds = rounds_;
  report.mutants_stop = stop_;
  report.equivalent_mutants.clear();
  for (const auto& [key, why] : state.equivalent_mutants) {
    auto id = state.mutant_ids.find(key);
    report.equivalent_mutants.push_back(
        {id == state.mutant_ids.end() ? key : fmt::format("M{} ({})", id->second, key), why});
  }
}

}  // namespace panta::engine
