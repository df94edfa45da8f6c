#include "engine/generation.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <set>

#include "core/cancel.h"
#include "core/durable_file.h"
#include "core/sha256.h"
#include "engine/answer_tests.h"
#include "engine/class_under_test.h"
#include "engine/compiled_members.h"
#include "engine/defect_check.h"
#include "engine/defects_keeper.h"
#include "engine/final_check.h"
#include "engine/gaps.h"
#include "engine/loop_state.h"
#include "engine/model_caller.h"
#include "engine/mutants_step.h"
#include "engine/other_tests.h"
#include "engine/prompt_dependencies.h"
#include "engine/repair.h"
#include "engine/report_detail.h"
#include "engine/run_journal.h"
#include "engine/stop_reason.h"
#include "engine/strategy.h"
#include "engine/test_file_writer.h"
#include "engine/test_validator.h"
#include "engine/user_edits.h"
#include "llm/llm_error.h"
#include "project/test_file_location.h"
#include "project/type_index.h"
#include "runner/jvm_runner.h"

namespace panta::engine {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// The loop of one class; see generate_tests().
class Generation {
 public:
  Generation(const project::Project& project, runner::TestSession& session, llm::LlmClient& llm,
             std::string llm_name, GenerateOptions options, std::unique_ptr<Strategy> strategy,
             const EventSink& events)
      : strategy_(std::move(strategy)),
        project_(project),
        session_(session),
        llm_(llm),
        llm_name_(std::move(llm_name)),
        options_(std::move(options)),
        journal_(options_.journal),
        events_([this, &events](const Event& e) {
          events(e);
          journal_.note(e);
        }) {}

  Status load(const std::string& prompt_dir);
  Result<GenerateReport> run();
  void mark_failed() { (void)journal_.set_status("failed"); }

 private:
  Status apply_resumed_settings();
  Status measure_initial();
  StopFacts facts() const;
  Status begin_or_resume(int max_iter, int& first_iter);
  Status resume();
  std::vector<Gap> current_gaps() const;
  Result<bool> one_iteration(int n, int max_iter, Clock::time_point start);
  Result<IterationReport> iteration(int n, int max_iter);
  std::vector<PlannedPrompt> plan(IterationReport& it);
  prompt::GenerateInputs base_inputs() const;
  void forget_unsent(const std::vector<prompt::MethodTarget>& sent, IterationReport& it);
  Status ask_and_take(PlannedPrompt& p, size_t prompts, IterationReport& it,
                      std::vector<prompt::FailedTest>& feedback, bool& done);
  Result<GenerateReport> finish(Clock::time_point start);
  Status save();
  Status adopt_user_edit(const std::string& user_text);
  std::string run_name() const {
    return journal_.active() ? std::to_string(journal_.run_id()) : "run";
  }

  std::unique_ptr<Strategy> strategy_;
  const project::Project& project_;
  runner::TestSession& session_;
  llm::LlmClient& llm_;
  std::string llm_name_;
  GenerateOptions options_;
  RunJournal journal_;
  EventSink events_;
  std::optional<ClassUnderTest> cut_;
  std::optional<prompt::PromptBuilder> prompts_;
  std::optional<ModelCaller> model_;
  std::optional<TestValidator> validator_;
  std::optional<Repairer> repairer_;
  std::optional<DefectCheck> defect_check_;
  std::optional<DefectsKeeper> defects_;
  std::optional<TestFileWriter> writer_;
  std::optional<project::TypeIndex> types_;
  std::optional<MutantsStep> mutants_;
  std::vector<std::string> dependencies_;
  std::string junit_;
  LoopState state_;
  std::vector<Checkpoint> checkpoints_;
  std::vector<select::Selection> selections_;  // this iteration's, for panta
  GenerateReport report_;
  RunSettings resumed_;
  double earlier_wall_s_ = 0;  // wall time of the run before --resume
  std::string last_model_error_;
  size_t kept_at_last_save_ = 0;  // generated tests in the file Panta last wrote
  bool cut_short_ = false;        // the current iteration was cut short by a stop request
  bool no_answer_ = false;        // the iteration's one prompt got no answer: nothing to write
  bool dry_run_done_ = false;
  bool prompt_repeated_ = false;  // the next prompt was answered before: nothing new to ask
  std::string budget_stop_;       // why the run stopped for --max-cost / --max-tokens-total
};

Status Generation::apply_resumed_settings() {
  auto s = RunJournal::settings_of(*options_.resume);
  if (!s) return s.error();
  options_.strategy = options_.resume->strategy;
  options_.test_file = options_.resume->test_file;
  options_.max_iterations = s->max_iterations;
  options_.max_no_increase = s->max_no_increase;
  options_.max_path_selections = s->max_path_selections;
  options_.max_methods = s->max_methods;
  options_.edge_scores = s->edge_scores;
  options_.max_prompt_tokens = s->max_prompt_tokens;
  options_.check_each_test_in_class = s->check_each_test_in_class;
  options_.repair_attempts = s->repair_attempts;
  options_.mutants = s->mutants;
  resumed_ = *s;
  return ok_status();
}

Status Generation::load(const std::string& prompt_dir) {
  if (options_.resume) {
    if (auto s = apply_resumed_settings(); !s) return s;
  }
  if (!strategy_) {
    strategy_ = make_strategy(options_.strategy, {options_.max_path_selections,
                                                  options_.max_methods, options_.edge_scores});
  }
  if (!strategy_) return Error{"unknown strategy " + options_.strategy};
  auto builder = prompt::PromptBuilder::load(prompt_dir, options_.strategy);
  if (!builder) return builder.error();
  prompts_.emplace(std::move(*builder));
  auto cut = ClassUnderTest::load(project_, options_.class_name, options_.test_file);
  if (!cut) return cut.error();
  cut_.emplace(std::move(*cut));
  mutants_.emplace(options_.mutation_probe.get(), options_.mutants, cut_->test_path, cut_->package,
                   cut_->test_class, cut_->source_text);
  // Before any model call: where the tests go must be a test folder, and writable.
  if (auto s = project::check_test_file_location(project_, cut_->test_path); !s) return s;
  if (auto s = check_writable(fs::path(cut_->test_path).parent_path().string()); !s) return s;
  take_hidden_api(
      *cut_, [this](const std::string& name) { return session_.read_compiled(name); },
      [this](const std::string& fqn) { return fs::exists(project_.source_file_for(fqn)); });
  auto deps = prompt_dependencies(project_);
  for (const Event& note : deps.notes) events_(note);
  dependencies_ = std::move(deps.coordinates);
  junit_ = project_.junit == project::JUnitFlavour::kJUnit4 ? "JUnit 4 (org.junit)"
                                                            : "JUnit 5 (org.junit.jupiter)";
  state_.file.emplace(*junit::TestFile::parse(cut_->initial_test_text));
  state_.file->set_style(cut_->test_style);
  ModelCallerOptions mo{options_.class_name,
                        options_.prompt_options,
                        options_.max_prompt_tokens,
                        options_.max_answer_bytes,
                        options_.dry_run,
                        [this] { return journal_.check(); },
                        {}};
  strategy_->setup({project_, *cut_, junit_, dependencies_, state_}, mo);
  model_.emplace(llm_, *prompts_, std::move(mo), events_);
  validator_.emplace(session_, *cut_,
                     ValidatorOptions{options_.test_timeout, options_.check_each_test_in_class});
  defect_check_.emplace(*validator_, *cut_, project_);
  defects_.emplace(project_, session_, *cut_, *defect_check_, events_, options_.test_timeout);
  repairer_.emplace(*model_, *validator_, *cut_, junit_,
                    strategy_->repair_attempts(options_.repair_attempts), events_,
                    strategy_->repair_prompt());
  writer_.emplace(project_.root, cut_->test_path, project_.encoding, cut_->test_file_existed,
                  cut_->test_file_existed ? cut_->initial_test_text : std::string(),
                  options_.class_name, events_);
  writer_->on_write(
      [this](const std::vector<std::string>& paths) { return session_.accept_changes(paths); });
  session_.allow_edits(cut_->test_path);
  types_.emplace(project::TypeIndex::of(project_));
  return ok_status();
}

// The test class as found, with coverage, from what the project's test suite covers. Its
// failures are the user's and are left alone.
Status Generation::measure_initial() {
  auto others = count_other_tests(*cut_, *validator_, events_);
  if (!others) return others.error();
  if (*others) state_.coverage = **others;
  // A test class Panta has just made holds no test: nothing more to run; its compilation, with
  // javac still cold, would only make the first answer wait longer.
  if (!cut_->test_file_existed && state_.file->test_names().empty()) return ok_status();
  auto run = validator_->run_class(*state_.file);
  if (!run) return run.error();
  if (!run->compiled) return Error{cut_->test_path + " does not compile:\n" + run->compile_errors};
  std::set<std::string> known;
  for (const auto& r : run->failures) {
    known.insert(r.id);
    events_(event::ExistingTestFails{r.id});
  }
  validator_->set_known_failures(std::move(known));
  state_.coverage = run->coverage;
  return ok_status();
}

Status Generation::resume() {
  report_.initial_line_coverage = resumed_.initial_line_coverage;
  report_.initial_branch_coverage = resumed_.initial_branch_coverage;
  auto point = journal_.resume(options_.resume->id);
  if (!point) return point.error();
  report_.iterations = point->iterations;
  if (point->state) {
    try {
      state_.restore_from(*point->state);
      report_.suspected_defects = state_.suspected_defects;
    } catch (const nlohmann::json::exception& e) {
      return Error{"the journal's state of run " + std::to_string(options_.resume->id) +
                   " is unreadable: " + e.what()};
    }
    earlier_wall_s_ = point->wall_s;
    if (point->test_file_sha256 != panta::sha256_hex(state_.file->text())) {
      events_(event::TestFileChanged{cut_->test_path});
    }
  }
  report_.resumed_from = static_cast<int>(point->iterations.size());
  model_->reuse(point->answers);
  events_(event::Resuming{options_.resume->id, point->next_iteration() - 1, point->answers.size()});
  return ok_status();
}

Status Generation::begin_or_resume(int max_iter, int& first_iter) {
  if (options_.resume) {
    if (auto s = resume(); !s) return s;
    first_iter = report_.iterations.empty() ? 1 : report_.iterations.back().n + 1;
    return ok_status();
  }
  if (!options_.journal || options_.dry_run) return ok_status();
  llm::RunRecord run;
  run.class_name = options_.class_name;
  run.strategy = options_.strategy;
  run.llm = llm_name_;
  run.test_file = cut_->test_path;
  RunSettings settings{max_iter,
                       options_.max_no_increase,
                       options_.max_path_selections,
                       options_.max_methods,
                       options_.max_prompt_tokens,
                       options_.check_each_test_in_class,
                       options_.repair_attempts,
                       report_.initial_line_coverage,
                       report_.initial_branch_coverage,
                       options_.edge_scores,
                       options_.mutants};
  return journal_.begin(run, settings);
}

// What the run knows of its end (stop_reason).
StopFacts Generation::facts() const {
  return {state_.complete(),       state_.no_increase,    options_.max_no_increase,
          panta::stop_requested(), !budget_stop_.empty(), strategy_->nothing_left(current_gaps()),
          prompt_repeated_,        dry_run_done_};
}

std::vector<Gap> Generation::current_gaps() const {
  std::vector<Gap> gaps = find_gaps(*cut_, state_.coverage);
  mark_said_unreachable(gaps, state_.said_gaps(gaps), *cut_);
  mark_asked_too_often(gaps, state_.gap_asks);
  return gaps;
}

Result<GenerateReport> Generation::run() {
  Clock::time_point start = Clock::now();
  report_.class_name = options_.class_name;
  report_.strategy = options_.strategy;
  report_.llm = llm_name_;
  report_.test_file = cut_->test_path;
  bool moved = false;  // reproducers kept earlier that pass now, moved into the test class
  if (!options_.resume && !options_.dry_run) {
    auto rechecked = defects_->recheck(state_);
    if (!rechecked) return rechecked.error();
    moved = *rechecked;
  }
  if (auto s = measure_initial(); !s) return s.error();
  report_.initial_line_coverage = state_.line_pct();
  report_.initial_branch_coverage = state_.branch_pct();
  report_.not_analysed = cut_->not_analysed;
  events_(event::ClassLoaded{options_.class_name, static_cast<int>(cut_->methods.size()),
                             cut_->max_cyc, state_.line_pct(), state_.branch_pct(),
                             cut_->not_analysed});
  int max_iter = strategy_->iteration_limit(*cut_, options_.max_iterations);
  int first_iter = 1;
  if (auto s = begin_or_resume(max_iter, first_iter); !s) return s.error();
  writer_->set_run(run_name(), options_.resume.has_value() && state_.test_file_backed_up);
  if (moved) {
    if (auto s = defects_->write_pending(run_name()); !s) return s.error();
    if (auto s = save(); !s) return s.error();
  }
  checkpoints_.push_back({*state_.file, state_.kept.size()});
  kept_at_last_save_ = state_.kept.size();
  report_.stop_reason = "iteration limit";
  for (int n = first_iter; n <= max_iter; ++n) {
    if (std::string why = stop_reason(facts());
        !why.empty() &&
        (panta::stop_requested() || !mutants_->next_round(*state_.file, state_, events_))) {
      report_.stop_reason = why;
      break;
    }
    if (options_.stop_cause && !(budget_stop_ = options_.stop_cause()).empty()) break;
    auto go_on = one_iteration(n, max_iter, start);
    if (!go_on) return go_on.error();
    if (!*go_on) break;
  }
  return finish(start);
}

// One iteration and its bookkeeping; false when the loop must stop (a dry run, Ctrl-C).
Result<bool> Generation::one_iteration(int n, int max_iter, Clock::time_point start) {
  auto counters = std::make_pair(state_.lines_covered(), state_.branches_covered());
  Clock::time_point iter_start = Clock::now();
  double llm_before = model_->seconds();
  int calls_before = model_->calls();
  auto unused_before = model_->unused_tokens();
  journal_.set_iteration(n);
  LoopState before = state_;
  auto it = iteration(n, max_iter);
  if (!it) return it.error();
  // Answers too large to use were paid for all the same.
  it->prompt_tokens += model_->unused_tokens().first - unused_before.first;
  it->completion_tokens += model_->unused_tokens().second - unused_before.second;
  it->wall_s = seconds_since(iter_start);
  it->llm_s = model_->seconds() - llm_before;
  it->model_calls = model_->calls() - calls_before;
  state_.llm_s += it->llm_s;
  if (dry_run_done_ || prompt_repeated_) {  // nothing was asked: not an iteration
    if (prompt_repeated_) state_ = std::move(before);
    report_.stop_reason = stop_reason(facts());
    return false;
  }
  if ((panta::stop_requested() || !budget_stop_.empty()) && cut_short_) {
    // Cut short: the iteration is undone (the file on disk is still the last whole
    // iteration's) and not kept in the journal, so --resume does it again, from the answers
    // already received, without asking the model for them a second time.
    state_ = std::move(before);
    it->interrupted = true;
    it->line_coverage = state_.line_pct();
    it->branch_coverage = state_.branch_pct();
    report_.iterations.push_back(*it);
    report_.stop_reason = "interrupted";
    events_(event::IterationUndone{n, it->answers});
    return false;
  }
  if (state_.kept.size() > before.kept.size())
    it->tests_added.assign(state_.kept.begin() + before.kept.size(), state_.kept.end());
  report_.iterations.push_back(*it);
  checkpoints_.push_back({*state_.file, state_.kept.size()});
  // A mutants round whose tests detect more mutants is a gain too.
  bool mutation_gain = mutants_->measure_round(*state_.file, events_);
  bool gained = state_.lines_covered() > counters.first ||
                state_.branches_covered() > counters.second || mutation_gain;
  state_.no_increase = gained ? 0 : state_.no_increase + 1;
  double wall = earlier_wall_s_ + seconds_since(start);
  if (auto s = journal_.record_iteration(*it, state_, wall, panta::stop_requested(),
                                         state_.file->text());
      !s) {
    return s.error();
  }
  events_(event::IterationDone{n, max_iter, state_.line_pct(), state_.branch_pct(),
                               it->tests_passed_first_try + it->tests_repaired, it->tests_repaired,
                               it->tests_failed, it->prompt_tokens, it->completion_tokens});
  return true;
}

prompt::GenerateInputs Generation::base_inputs() const {
  prompt::GenerateInputs in;
  in.source_text = cut_->source_text;
  in.class_name = options_.class_name;
  in.test_class_name = cut_->test_class;
  in.package_name = cut_->package;
  in.test_file = state_.file->text();
  in.dependencies = dependencies_;
  in.junit = junit_;
  return in;
}

// The iteration's prompts, as the strategy makes them.
std::vector<PlannedPrompt> Generation::plan(IterationReport& it) {
  RoundInputs round{*cut_, state_, base_inputs(), events_};
  selections_.clear();
  if (mutants_->take_round(state_, round.base))  // generate --mutants
    return {strategy_->plan_mutants(round, mutants_->round_lines())};
  RoundPlan planned = strategy_->plan(round);
  selections_ = std::move(planned.selections);
  it.selected_paths = std::move(planned.selected_paths);
  return std::move(planned.prompts);
}

// A shrunk prompt asked for fewer methods than Algorithm 2 chose: the paths left out were not
// sent, so they do not count as selected (history, report).
void Generation::forget_unsent(const std::vector<prompt::MethodTarget>& sent, IterationReport& it) {
  it.selected_paths.clear();
  for (const auto& s : selections_) {
    bool was_sent = std::any_of(sent.begin(), sent.end(), [&s](const prompt::MethodTarget& t) {
      return t.method == s.method;
    });
    if (!was_sent) {
      state_.history.forget(s.method, s.paths);
      continue;
    }
    for (size_t p : s.paths)
      it.selected_paths.push_back(fmt::format("{}: path {}", s.method, p + 1));
  }
}

// Sends one prompt and takes the tests of its answer. `done`: the iteration ends here.
Status Generation::ask_and_take(PlannedPrompt& p, size_t prompts, IterationReport& it,
                                std::vector<prompt::FailedTest>& feedback, bool& done) {
  p.inputs.test_file = state_.file->text();  // as it is now: earlier prompts may have added tests
  size_t targets = p.inputs.targets.size();
  auto answer = model_->generate(p.inputs, p.which, cut_->source_text, state_.file->test_names());
  if (p.inputs.targets.size() < targets) forget_unsent(p.inputs.targets, it);
  if (!answer && (answer.error().kind == ErrorKind::kDryRun ||
                  answer.error().kind == ErrorKind::kRepeated)) {  // nothing was sent
    (answer.error().kind == ErrorKind::kDryRun ? dry_run_done_ : prompt_repeated_) = done = true;
    return ok_status();
  }
  if (answer && panta::stop_requested()) {  // paid for, and kept in the journal for --resume
    ++it.answers;
    it.prompt_tokens += answer->prompt_tokens;
    it.completion_tokens += answer->completion_tokens;
  }
  if (!answer && llm::llm_error_kind(answer.error()) == llm::LlmErrorKind::kBudget)
    budget_stop_ = answer.error().message;
  if (panta::stop_requested() || !budget_stop_.empty()) {
    cut_short_ = done = true;
    return ok_status();
  }
  if (!answer) {
    last_model_error_ = answer.error().message;
    if (llm::llm_error_kind(answer.error()) == llm::LlmErrorKind::kJournal) {
      return Error{answer.error().message + " (the test file keeps the last whole iteration)"};
    }
    if (llm::llm_error_kind(answer.error()) == llm::LlmErrorKind::kReplayMiss) {
      // A replay cannot go on: every later prompt differs from the recording too.
      return Error{answer.error().message +
                   "\n(the run has left the recorded one: the prompts, the code or Panta changed "
                   "since the journal was recorded)"};
    }
    events_(event::ModelError{answer.error().message, false});
    if (prompts == 1) {                     // the round counts as one without gain
      state_.failed = std::move(feedback);  // not seen by the model: the next prompt shows it
      it.selected_paths.clear();
      no_answer_ = done = true;
    }
    return ok_status();
  }
  ++state_.answers;
  ++it.answers;
  state_.sent_prompts.push_back(model_->last_prompt_sha256());
  for (const std::string& unread : state_.take_statements(junit::parse_statements(answer->text)))
    events_(event::AnswerNote{"not read (see the answer format): " + unread});
  it.prompt_tokens += answer->prompt_tokens;
  it.completion_tokens += answer->completion_tokens;
  AnswerTaker taker{*validator_,
                    *repairer_,
                    events_,
                    {&*types_, cut_->package, cut_->class_name, &*defect_check_}};
  auto taken = taker.take(answer->text, state_, it);
  if (!taken) return taken.error();
  report_.suspected_defects = state_.suspected_defects;  // repair answers may add some
  cut_short_ = done = !*taken;
  return ok_status();
}

// Writes the test file; a file the user changed during the run gets the run's new tests merged
// into it instead of being overwritten.
Status Generation::save() {
  auto edited = writer_->edited_since_last_write();
  if (!edited) return edited.error();
  if (*edited) {
    if (auto s = adopt_user_edit(**edited); !s) return s;
  }
  if (auto s = writer_->save(state_.file->text(), !state_.file->test_names().empty()); !s) {
    return s;
  }
  state_.test_file_backed_up = writer_->backed_up();
  kept_at_last_save_ = state_.kept.size();
  return ok_status();
}

// The user's version becomes the run's file, with the tests kept since the last write; the
// whole class is measured again with it (its failures are the user's). When that cannot be done
// the user's file is left alone and the run's version kept aside.
Status Generation::adopt_user_edit(const std::string& user_text) {
  std::vector<std::string> added(state_.kept.begin() + static_cast<long>(kept_at_last_save_),
                                 state_.kept.end());
  std::string why;
  auto merged = merge_user_edit(user_text, *state_.file, added);
  if (merged) {
    auto run = validator_->run_class(merged->file);
    if (!run) return run.error();
    if (run->compiled) {
      events_(event::UserEditMerged{cut_->test_path, merged->names.size()});
      std::set<std::string> known = validator_->known_failures();
      for (const auto& r : run->failures) known.insert(r.id);
      validator_->set_known_failures(std::move(known));
      auto user = junit::TestFile::parse(user_text);
      state_.kept.resize(kept_at_last_save_);
      checkpoints_ = {{*user, state_.kept.size()}};
      state_.kept.insert(state_.kept.end(), merged->names.begin(), merged->names.end());
      state_.file = std::move(merged->file);
      state_.coverage = run->coverage;
      checkpoints_.push_back({*state_.file, state_.kept.size()});
      return ok_status();
    }
    why = "it does not compile with them:\n" + run->compile_errors;
  } else {
    why = merged.error().message;
  }
  auto pending = writer_->keep_pending(state_.file->text());
  return Error{cut_->test_path +
               " was changed during the run and the new tests could not be "
               "merged into it (" +
               why + "); it is left as it is, and the run's version is in " +
               (pending ? *pending : "(not kept: " + pending.error().message + ")")};
}

Result<IterationReport> Generation::iteration(int n, int max_iter) {
  IterationReport it;
  it.n = n;
  cut_short_ = no_answer_ = false;
  events_(event::IterationStarted{n, max_iter, options_.strategy});
  std::map<std::string, int> asks_before = state_.gap_asks;
  std::vector<PlannedPrompt> prompts = plan(it);
  std::vector<prompt::FailedTest> feedback = std::move(state_.failed);  // now in the prompts
  state_.failed.clear();
  state_.set_aside.clear();
  bool done = false;
  for (PlannedPrompt& p : prompts) {
    if (panta::stop_requested()) {
      cut_short_ = true;
      break;
    }
    if (auto s = ask_and_take(p, prompts.size(), it, feedback, done); !s) return s.error();
    if (done) break;
  }
  // A prompt the model never answered asked for nothing: its gaps are not held against the
  // model (a gap asked for twice without progress is set aside).
  if (no_answer_) state_.gap_asks = std::move(asks_before);
  it.tests_passed_first_try = it.tests_generated - it.tests_repaired - it.tests_failed;
  it.line_coverage = state_.line_pct();
  it.branch_coverage = state_.branch_pct();
  if (cut_short_ || dry_run_done_ || no_answer_) return it;  // undone by the caller, or as it was
  if (auto s = save(); !s) return s.error();
  return it;
}

Result<GenerateReport> Generation::finish(Clock::time_point start) {
  if (std::string why = stop_reason(facts()); !why.empty()) report_.stop_reason = why;
  report_.interrupted = (panta::stop_requested() || !budget_stop_.empty()) && !dry_run_done_;
  if (state_.answers == 0 && !report_.iterations.empty() && !report_.interrupted) {
    return Error{"the model gave no answer in " +
                 counted(static_cast<int>(report_.iterations.size()), "iteration") +
                 "; last error: " + last_model_error_};
  }
  if (!cut_->test_file_existed && state_.kept.empty() && !dry_run_done_ && !report_.interrupted) {
    return Error{"no test passed, so no test file was written (" + cut_->test_path + ")"};
  }
  if (!dry_run_done_ && !panta::abort_requested() &&
      state_.file->text() != checkpoints_.front().file.text()) {
    std::string before = state_.file->text();
    size_t kept_before = state_.kept.size();
    if (auto s = check_whole_class(*validator_, checkpoints_, state_, events_); !s)
      return s.error();
    if (state_.file->text() != before) {
      if (auto s = save(); !s) return s.error();
    }
    if (state_.kept.size() < kept_before) {  // what the reason says may not hold any more
      report_.stop_reason += ", then the final check dropped " +
                             counted(static_cast<int>(kept_before - state_.kept.size()), "test");
    }
  }
  if (!report_.interrupted && !dry_run_done_) {
    auto kept = defects_->keep(state_, run_name());
    if (!kept) return kept.error();
    report_.defects_file = *kept;
    mutants_->finish(*state_.file, state_, events_, report_);
  }
  report_defects(state_, report_);
  report_.files_written = defects_->written();
  if (writer_->changed()) report_.files_written.insert(writer_->path());
  report_.line_coverage = state_.line_pct();
  report_.branch_coverage = state_.branch_pct();
  report_.possibly_infeasible = strategy_->possibly_infeasible(current_gaps());
  report_.detail = report_detail(*cut_, state_.coverage, current_gaps());
  report_.tests_skipped = static_cast<int>(state_.skipped.size());
  report_.tests_kept = static_cast<int>(state_.kept.size()) - report_.tests_skipped;
  report_.tampering = state_.tampered;
  report_.pass_rate =
      state_.generated_total == 0 ? 0 : 100.0 * report_.tests_kept / state_.generated_total;
  report_.wall_s = earlier_wall_s_ + seconds_since(start);
  report_.llm_s = state_.llm_s;
  if (model_->unused_recorded() > 0 && !report_.interrupted) {
    events_(event::UnusedRecordedAnswers{model_->unused_recorded()});
  }
  if (auto s = journal_.set_status(report_.interrupted ? "interrupted" : "done"); !s) {
    return s.error();
  }
  return report_;
}

}  // namespace

Result<GenerateReport> generate_tests(const project::Project& project, runner::TestSession& session,
                                      llm::LlmClient& llm, const std::string& llm_name,
                                      const std::string& prompt_dir, const GenerateOptions& options,
                                      const EventSink& events) {
  return generate_tests(project, session, llm, llm_name, prompt_dir, options, nullptr, events);
}

Result<GenerateReport> generate_tests(const project::Project& project, runner::TestSession& session,
                                      llm::LlmClient& llm, const std::string& llm_name,
                                      const std::string& prompt_dir, const GenerateOptions& options,
                                      std::unique_ptr<Strategy> strategy, const EventSink& events) {
  Generation g(project, session, llm, llm_name, options, std::move(strategy), events);
  if (auto s = g.load(prompt_dir); !s) return s.error();
  auto report = g.run();
  if (!report) g.mark_failed();
  return report;
}

}  // namespace panta::engine
