#include "engine/run_journal.h"

#include <fmt/format.h>

#include "core/sha256.h"

namespace panta::engine {
namespace {

nlohmann::json settings_json(const RunSettings& s) {
  return {{"max_iterations", s.max_iterations},
          {"max_no_increase", s.max_no_increase},
          {"max_path_selections", s.max_path_selections},
          {"max_methods", s.max_methods},
          {"max_prompt_tokens", s.max_prompt_tokens},
          {"check_each_test_in_class", s.check_each_test_in_class},
          {"repair_attempts", s.repair_attempts},
          {"initial_line_coverage", s.initial_line_coverage},
          {"initial_branch_coverage", s.initial_branch_coverage},
          {"edge_scores", s.edge_scores},
          {"mutants", s.mutants}};
}

}  // namespace

Result<RunSettings> RunJournal::settings_of(const llm::RunRecord& run) {
  auto j = nlohmann::json::parse(run.settings, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    return Error{"the journal's run " + std::to_string(run.id) + " has unreadable settings"};
  }
  RunSettings s;
  s.max_iterations = j.value("max_iterations", s.max_iterations);
  s.max_no_increase = j.value("max_no_increase", s.max_no_increase);
  s.max_path_selections = j.value("max_path_selections", s.max_path_selections);
  s.max_methods = j.value("max_methods", s.max_methods);
  s.max_prompt_tokens = j.value("max_prompt_tokens", s.max_prompt_tokens);
  s.check_each_test_in_class = j.value("check_each_test_in_class", s.check_each_test_in_class);
  s.repair_attempts = j.value("repair_attempts", s.repair_attempts);
  s.initial_line_coverage = j.value("initial_line_coverage", 0.0);
  s.initial_branch_coverage = j.value("initial_branch_coverage", 0.0);
  s.edge_scores = j.value("edge_scores", s.edge_scores);
  s.mutants = j.value("mutants", s.mutants);
  return s;
}

Status RunJournal::begin(const llm::RunRecord& run, const RunSettings& settings) {
  if (!journal_) return ok_status();
  llm::RunRecord r = run;
  r.settings = settings_json(settings).dump();
  auto id = journal_->begin_run(r);
  if (!id) return id.error();
  run_id_ = *id;
  return ok_status();
}

Result<ResumePoint> RunJournal::resume(int64_t run_id) {
  run_id_ = run_id;
  ResumePoint point;
  auto its = journal_->iterations(run_id);
  if (!its) return its.error();
  for (const auto& rec : *its) {
    auto state = nlohmann::json::parse(rec.state, nullptr, false);
    if (state.is_discarded() || !state.is_object()) {
      return Error{
          fmt::format("the journal's iteration {} of run {} is unreadable", rec.n, run_id)};
    }
    point.iterations.push_back(iteration_from_json(state.value("iteration", nlohmann::json())));
    point.wall_s = state.value("wall_s", 0.0);
    point.test_file_sha256 = state.value("test_file_sha256", "");
    point.state = std::move(state);
  }
  auto recorded = journal_->exchanges_after(run_id, point.next_iteration() - 1);
  if (!recorded) return recorded.error();
  point.answers = std::move(*recorded);
  if (auto s = journal_->set_run_status(run_id, "running"); !s) return s.error();
  return point;
}

void RunJournal::set_iteration(int n) {
  if (journal_) journal_->set_context(run_id_, n);
}

Status RunJournal::record_iteration(const IterationReport& it, const LoopState& state,
                                    double wall_s, bool interrupted, const std::string& file_text) {
  if (!active()) return ok_status();
  nlohmann::ordered_json j = {{"iteration", iteration_json(it)}};
  nlohmann::ordered_json loop = state.to_json();
  for (auto& [key, value] : loop.items()) j[key] = value;
  j["wall_s"] = wall_s;
  j["interrupted"] = interrupted;
  j["test_file_sha256"] = panta::sha256_hex(file_text);
  return journal_->record_iteration(
      run_id_, {it.n, state.line_pct(), state.branch_pct(),
                j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)});
}

Status RunJournal::set_status(std::string_view status) {
  if (!active()) return ok_status();
  journal_->set_context(0, 0);
  return journal_->set_run_status(run_id_, status);
}

Status RunJournal::check() const {
  return journal_ ? journal_->check() : ok_status();
}

void RunJournal::note(const Event& e) {
  if (active()) (void)journal_->note(render(e));
}

}  // namespace panta::engine
