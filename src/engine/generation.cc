#include "engine/generation.h"

#include <fmt/format.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "analyze/analysis.h"
#include "core/cancel.h"
#include "coverage/coverage.h"
#include "java/source_text.h"
#include "junit/test_code.h"
#include "llm/llm_error.h"
#include "llm/prompt_hash.h"
#include "llm/reuse_client.h"
#include "runner/jvm_runner.h"
#include "select/path_selection.h"

namespace panta::engine {
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

Status write_atomically(const std::string& path, const std::string& text) {
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  std::string tmp = path + ".panta-tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    if (!out) return Error{tmp + ": cannot write"};
  }
  fs::rename(tmp, path, ec);
  if (ec) return Error{path + ": cannot replace: " + ec.message()};
  return ok_status();
}

std::string package_of(const std::string& fqn) {
  size_t dot = fqn.rfind('.');
  return dot == std::string::npos ? "" : fqn.substr(0, dot);
}

// "1 round", "2 rounds".
std::string counted(int n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

nlohmann::ordered_json iteration_json(const IterationReport& i) {
  nlohmann::ordered_json j = {{"n", i.n},
                              {"line_coverage", i.line_coverage},
                              {"branch_coverage", i.branch_coverage},
                              {"tests_generated", i.tests_generated},
                              {"tests_passed_first_try", i.tests_passed_first_try},
                              {"tests_repaired", i.tests_repaired},
                              {"tests_failed", i.tests_failed},
                              {"prompt_tokens", i.prompt_tokens},
                              {"completion_tokens", i.completion_tokens},
                              {"selected_paths", i.selected_paths},
                              {"wall_s", i.wall_s},
                              {"llm_s", i.llm_s}};
  if (i.interrupted) j["interrupted"] = true;
  return j;
}

IterationReport iteration_from_json(const nlohmann::json& j) {
  IterationReport i;
  i.n = j.value("n", 0);
  i.line_coverage = j.value("line_coverage", 0.0);
  i.branch_coverage = j.value("branch_coverage", 0.0);
  i.tests_generated = j.value("tests_generated", 0);
  i.tests_passed_first_try = j.value("tests_passed_first_try", 0);
  i.tests_repaired = j.value("tests_repaired", 0);
  i.tests_failed = j.value("tests_failed", 0);
  i.prompt_tokens = j.value("prompt_tokens", int64_t{0});
  i.completion_tokens = j.value("completion_tokens", int64_t{0});
  i.selected_paths = j.value("selected_paths", std::vector<std::string>{});
  i.wall_s = j.value("wall_s", 0.0);
  i.llm_s = j.value("llm_s", 0.0);
  return i;
}

nlohmann::ordered_json report_object(const GenerateReport& r);

// Outcome of trying one test in the test class.
struct Trial {
  bool passed = false;
  bool compile_error = false;
  std::string error;
  std::optional<junit::TestFile> file;  // the class with the test, when it passed
  std::string name;                     // the name the test got
  std::string code;                     // its code as added
};

class Generator {
 public:
  Generator(const project::Project& project, runner::TestSession& session, llm::LlmClient& llm,
            const GenerateOptions& options, const Progress& progress)
      : project_(project),
        session_(session),
        llm_(llm),
        options_(options),
        progress_([this, &progress](const std::string& line) {
          progress(line);
          // The journal keeps the run's progress too; losing a line is not worth stopping for.
          if (options_.journal && run_id_ != 0) (void)options_.journal->note(line);
        }) {}

  Status load(const std::string& prompt_dir) {
    if (options_.resume) {
      if (auto s = apply_resumed_settings(); !s) return s;
    }
    auto templates = prompt::PromptTemplates::load(prompt_dir, options_.strategy);
    if (!templates) return templates.error();
    templates_.emplace(std::move(*templates));
    auto basic = prompt::PromptTemplates::load(prompt_dir, "basic");
    if (!basic) return basic.error();
    basic_.emplace(std::move(*basic));
    auto cov = prompt::PromptTemplates::load(prompt_dir, "cov");
    if (!cov) return cov.error();
    cov_.emplace(std::move(*cov));
    source_path_ = project_.source_file_for(options_.class_name);
    auto text = java::read_file(source_path_);
    if (!text) return Error{"class " + options_.class_name + ": " + text.error().message};
    source_text_ = std::move(*text);
    if (auto s = load_paths(); !s) return s;
    if (methods_.empty()) {
      return Error{
          "no methods under test (interfaces, abstract methods, getters and setters are left "
          "out)"};
    }
    choose_prompt_dependencies();
    test_path_ = options_.test_file.empty() ? project_.test_file_for(options_.class_name)
                                            : options_.test_file;
    test_class_ = fs::path(test_path_).stem().string();
    package_ = package_of(options_.class_name);
    test_fqn_ = package_.empty() ? test_class_ : package_ + "." + test_class_;
    std::error_code ec;
    std::string initial;
    if (fs::exists(test_path_, ec)) {
      auto existing = java::read_file(test_path_);
      if (!existing) return existing.error();
      initial = std::move(*existing);
      existed_ = true;
    } else {
      auto version = project_.junit == project::JUnitFlavour::kJUnit4 ? junit::JUnitVersion::k4
                                                                      : junit::JUnitVersion::k5;
      initial = junit::test_class_skeleton(package_, test_class_, version);
    }
    auto file = junit::TestFile::parse(initial);
    if (!file) return Error{test_path_ + ": " + file.error().message};
    file_.emplace(std::move(*file));
    return ok_status();
  }

  Result<GenerateReport> run(const std::string& llm_name) {
    Clock::time_point start = Clock::now();
    report_.class_name = options_.class_name;
    report_.strategy = options_.strategy;
    report_.llm = llm_name;
    report_.test_file = test_path_;
    if (auto s = measure(true); !s) return s.error();
    report_.initial_line_coverage = line_pct();
    report_.initial_branch_coverage = branch_pct();
    progress_(
        fmt::format("{}: {} under test, max CYC {}, coverage now {:.1f}% lines, {:.1f}% branches",
                    options_.class_name, counted(static_cast<int>(methods_.size()), "method"),
                    max_cyc_, line_pct(), branch_pct()));
    bool single_pass = options_.strategy == "baseline" || options_.strategy == "symprompt";
    int max_iter =
        single_pass ? 1 : (options_.max_iterations > 0 ? options_.max_iterations : max_cyc_);
    int no_increase = 0;
    int first_iter = 1;
    if (options_.resume) {
      if (auto s = resume_from_journal(no_increase, first_iter); !s) return s.error();
    } else if (options_.journal && !options_.dry_run) {
      if (auto s = begin_run(max_iter); !s) return s.error();
    }
    report_.stop_reason = "iteration limit";
    for (int iter = first_iter; iter <= max_iter; ++iter) {
      if (complete_coverage()) {
        report_.stop_reason = "full coverage";
        break;
      }
      if (no_increase >= options_.max_no_increase) {
        report_.stop_reason = counted(no_increase, "round") + " without coverage gain";
        break;
      }
      if (panta::stop_requested()) {
        report_.stop_reason = options_.dry_run ? "dry run" : "interrupted";
        break;
      }
      auto counters = std::make_pair(lines_covered(), branches_covered());
      Clock::time_point iter_start = Clock::now();
      double llm_before = llm_seconds_;
      if (options_.journal) options_.journal->set_context(run_id_, iter);
      Snapshot before = snapshot();
      auto it = iteration(iter, max_iter);
      if (!it) return it.error();
      it->wall_s = seconds_since(iter_start);
      it->llm_s = llm_seconds_ - llm_before;
      if (options_.dry_run) {
        report_.stop_reason = "dry run";
        break;
      }
      if (panta::stop_requested() && cut_) {
        // Cut short: the iteration is undone (the file on disk is still the last whole
        // iteration's) and not kept in the journal, so --resume does it again, from the
        // answers already received, without asking the model for them a second time.
        restore(std::move(before));
        it->interrupted = true;
        it->line_coverage = line_pct();  // undone: the coverage of the last whole iteration
        it->branch_coverage = branch_pct();
        report_.iterations.push_back(*it);
        report_.stop_reason = "interrupted";
        progress_(fmt::format(
            "interrupted in iteration {}: its tests are not kept; --resume does it again{}", iter,
            it->answers == 0 ? std::string()
                             : fmt::format(", reusing the {} already received",
                                           counted(it->answers, "answer"))));
        break;
      }
      report_.iterations.push_back(*it);
      bool gained = lines_covered() > counters.first || branches_covered() > counters.second;
      no_increase = gained ? 0 : no_increase + 1;
      if (auto s = record_iteration(*it, no_increase, start); !s) return s.error();
      progress_(fmt::format(
          "iteration {} of {}: coverage {:.1f}% lines, {:.1f}% branches; tests kept {}, repaired "
          "{}, dropped {}; tokens {} in, {} out",
          iter, max_iter, line_pct(), branch_pct(), it->tests_passed_first_try + it->tests_repaired,
          it->tests_repaired, it->tests_failed, it->prompt_tokens, it->completion_tokens));
    }
    if (complete_coverage()) report_.stop_reason = "full coverage";
    if (no_increase >= options_.max_no_increase && !complete_coverage()) {
      report_.stop_reason = counted(no_increase, "round") + " without coverage gain";
    }
    if (panta::stop_requested() && !options_.dry_run) {
      report_.stop_reason = "interrupted";
      report_.interrupted = true;
    }
    if (answers_ == 0 && !report_.iterations.empty() && !report_.interrupted) {
      return Error{"the model gave no answer in " +
                   counted(static_cast<int>(report_.iterations.size()), "iteration") +
                   "; last error: " + last_model_error_};
    }
    if (!existed_ && kept_names_.empty() && !options_.dry_run && !report_.interrupted) {
      return Error{"no test passed, so no test file was written (" + test_path_ + ")"};
    }
    report_.line_coverage = line_pct();
    report_.branch_coverage = branch_pct();
    int kept = static_cast<int>(kept_names_.size());
    report_.tests_kept = kept;
    report_.pass_rate = generated_total_ == 0 ? 0 : 100.0 * kept / generated_total_;
    report_.wall_s = earlier_wall_s_ + seconds_since(start);
    report_.llm_s = llm_seconds_;
    if (reuse_ && reuse_->unused() > 0 && !report_.interrupted) {
      progress_(fmt::format("  note: {} from the journal could not be reused (the prompts changed)",
                            counted(static_cast<int>(reuse_->unused()), "recorded answer")));
    }
    if (auto s = set_status(report_.interrupted ? "interrupted" : "done"); !s) return s.error();
    return report_;
  }

  /// Marks the journal's run as failed (the run ended with an error).
  void mark_failed() { (void)set_status("failed"); }

 private:
  // What an iteration changes, to undo an iteration a stop request cut short.
  struct Snapshot {
    std::optional<junit::TestFile> file;
    select::PathHistory history;
    std::vector<prompt::FailedTest> failed;
    int generated_total = 0;
    std::vector<std::string> kept_names;
    int answers = 0;
  };

  Snapshot snapshot() const {
    return {file_, history_, failed_, generated_total_, kept_names_, answers_};
  }

  void restore(Snapshot s) {
    file_ = std::move(s.file);
    history_ = std::move(s.history);
    failed_ = std::move(s.failed);
    generated_total_ = s.generated_total;
    kept_names_ = std::move(s.kept_names);
    answers_ = s.answers;
  }

  // The test dependencies the prompt names: those the tests can use here, that is JUnit,
  // Hamcrest and Mockito (from the machine's jars) and what is on the project's classpath. The
  // others (a pom's easymock, say) would only make the model write tests that cannot compile.
  void choose_prompt_dependencies() {
    auto provided = [this](const std::string& artifact) {
      for (const char* prefix : {"junit-jupiter", "junit-platform", "junit-vintage", "hamcrest",
                                 "opentest4j", "apiguardian"}) {
        if (artifact.rfind(prefix, 0) == 0) return true;
      }
      if (artifact == "junit" || artifact == "mockito-core") return true;
      return std::any_of(project_.classpath.begin(), project_.classpath.end(),
                         [&artifact](const std::string& entry) {
                           return fs::path(entry).filename().string().rfind(artifact, 0) == 0;
                         });
    };
    // The machine's jar of an artifact, whose version the tests really run with.
    auto machine_jar = [](const std::string& artifact) -> std::string {
      if (artifact.rfind("junit-jupiter", 0) == 0) return "junit-jupiter-api";
      if (artifact == "junit") return "junit4";
      if (artifact.rfind("hamcrest", 0) == 0) return "hamcrest";
      if (artifact == "mockito-core") return "mockito-core";
      return "";
    };
    static const std::map<std::string, std::string> versions = runner::test_api_versions();
    std::string left_out;
    for (auto d : project_.test_dependencies) {
      if (provided(d.artifact)) {
        auto v = versions.find(machine_jar(d.artifact));
        if (v != versions.end() && v->second != d.version) {
          progress_(
              "note: " + d.artifact + " runs as version " + v->second + " here" +
              (d.version.empty() ? std::string() : " (the build asks for " + d.version + ")") +
              "; the prompt names " + v->second);
          d.version = v->second;
        }
        prompt_dependencies_.push_back(d.coordinate());
      } else {
        left_out += (left_out.empty() ? "" : ", ") + d.artifact;
      }
    }
    if (!left_out.empty()) {
      progress_("note: test dependencies not on the classpath are left out of the prompt: " +
                left_out + " (give their jars with --classpath to let tests use them)");
    }
  }

  // --resume: the interrupted run's settings win over this invocation's.
  Status apply_resumed_settings() {
    auto j = nlohmann::json::parse(options_.resume->settings, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      return Error{"the journal's run " + std::to_string(options_.resume->id) +
                   " has unreadable settings"};
    }
    options_.strategy = options_.resume->strategy;
    options_.test_file = options_.resume->test_file;
    options_.max_iterations = j.value("max_iterations", options_.max_iterations);
    options_.max_no_increase = j.value("max_no_increase", options_.max_no_increase);
    options_.max_path_selections = j.value("max_path_selections", options_.max_path_selections);
    options_.max_methods = j.value("max_methods", options_.max_methods);
    options_.max_prompt_tokens = j.value("max_prompt_tokens", options_.max_prompt_tokens);
    options_.check_each_test_in_class =
        j.value("check_each_test_in_class", options_.check_each_test_in_class);
    options_.repair_attempts = j.value("repair_attempts", options_.repair_attempts);
    initial_ = {j.value("initial_line_coverage", 0.0), j.value("initial_branch_coverage", 0.0)};
    run_id_ = options_.resume->id;
    return ok_status();
  }

  Status begin_run(int max_iter) {
    nlohmann::json settings = {{"max_iterations", max_iter},
                               {"max_no_increase", options_.max_no_increase},
                               {"max_path_selections", options_.max_path_selections},
                               {"max_methods", options_.max_methods},
                               {"max_prompt_tokens", options_.max_prompt_tokens},
                               {"check_each_test_in_class", options_.check_each_test_in_class},
                               {"repair_attempts", options_.repair_attempts},
                               {"initial_line_coverage", report_.initial_line_coverage},
                               {"initial_branch_coverage", report_.initial_branch_coverage}};
    llm::RunRecord run;
    run.class_name = options_.class_name;
    run.strategy = options_.strategy;
    run.llm = report_.llm;
    run.test_file = test_path_;
    run.settings = settings.dump();
    auto id = options_.journal->begin_run(run);
    if (!id) return id.error();
    run_id_ = *id;
    return ok_status();
  }

  Status set_status(std::string_view status) {
    if (!options_.journal || run_id_ == 0) return ok_status();
    options_.journal->set_context(0, 0);
    return options_.journal->set_run_status(run_id_, status);
  }

  // Everything the loop needs to go on after this iteration, as JSON for the journal.
  Status record_iteration(const IterationReport& it, int no_increase, Clock::time_point start) {
    if (!options_.journal || run_id_ == 0) return ok_status();
    nlohmann::ordered_json history = nlohmann::ordered_json::array();
    for (const auto& [method, paths] : history_.counts()) {
      for (const auto& [path, count] : paths) history.push_back({method, path, count});
    }
    nlohmann::ordered_json failed = nlohmann::ordered_json::array();
    for (const auto& f : failed_) {
      failed.push_back({{"name", f.name}, {"code", f.code}, {"error", f.error}});
    }
    nlohmann::ordered_json state = {{"iteration", iteration_json(it)},
                                    {"no_increase", no_increase},
                                    {"history", std::move(history)},
                                    {"failed", std::move(failed)},
                                    {"generated_total", generated_total_},
                                    {"kept", kept_names_},
                                    {"answers", answers_},
                                    {"llm_s", llm_seconds_},
                                    {"wall_s", earlier_wall_s_ + seconds_since(start)},
                                    {"interrupted", panta::stop_requested()},
                                    {"test_file_sha256", llm::sha256_hex(file_->text())}};
    return options_.journal->record_iteration(
        run_id_, {it.n, line_pct(), branch_pct(),
                  state.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace)});
  }

  // --resume: the state after the last iteration the earlier run finished, and its answers
  // received since then ready for reuse.
  Status resume_from_journal(int& no_increase, int& first_iter) {
    report_.initial_line_coverage = initial_.first;
    report_.initial_branch_coverage = initial_.second;
    auto its = options_.journal->iterations(run_id_);
    if (!its) return its.error();
    for (const auto& rec : *its) {
      auto state = nlohmann::json::parse(rec.state, nullptr, false);
      if (state.is_discarded()) {
        return Error{
            fmt::format("the journal's iteration {} of run {} is unreadable", rec.n, run_id_)};
      }
      report_.iterations.push_back(iteration_from_json(state["iteration"]));
      if (&rec != &its->back()) continue;
      no_increase = state.value("no_increase", 0);
      for (const auto& h : state["history"]) {
        history_.set(h[0].get<std::string>(), h[1].get<size_t>(), h[2].get<int>());
      }
      failed_.clear();
      for (const auto& f : state["failed"]) {
        failed_.push_back({f.value("name", ""), f.value("code", ""), f.value("error", "")});
      }
      generated_total_ = state.value("generated_total", 0);
      // The generated tests kept so far that the file (perhaps edited since) still has.
      kept_names_.clear();
      std::vector<std::string> names = file_->test_names();
      for (const std::string& k : state.value("kept", std::vector<std::string>{})) {
        if (std::find(names.begin(), names.end(), k) != names.end()) kept_names_.push_back(k);
      }
      answers_ = state.value("answers", 0);
      llm_seconds_ = state.value("llm_s", 0.0);
      earlier_wall_s_ = state.value("wall_s", 0.0);
      if (state.value("test_file_sha256", "") != llm::sha256_hex(file_->text())) {
        progress_("  note: " + test_path_ +
                  " changed since the run stopped; going on from it as it is now");
      }
    }
    first_iter = its->empty() ? 1 : its->back().n + 1;
    report_.resumed_from = static_cast<int>(its->size());
    kept_at_last_good_ = kept_names_.size();  // measure(true) ran before they were restored
    auto recorded = options_.journal->exchanges_after(run_id_, first_iter - 1);
    if (!recorded) return recorded.error();
    reuse_.emplace(llm_, *recorded);
    model_ = &*reuse_;
    backed_up_ = true;  // the backup taken when the run began holds the user's file
    if (auto s = options_.journal->set_run_status(run_id_, "running"); !s) return s;
    progress_(fmt::format(
        "  resuming run {} after iteration {}; {} received since then {} reused where the prompt "
        "is the same",
        run_id_, first_iter - 1, counted(static_cast<int>(recorded->size()), "answer"),
        recorded->size() == 1 ? "is" : "are"));
    return ok_status();
  }

  Status load_paths() {
    analyze::AnalyzeOptions opts;
    analyze::FileAnalysis fa = analyze::analyze_file(source_path_, opts);
    if (!fa.file)
      return Error{fa.errors.empty() ? source_path_ + ": cannot analyse" : fa.errors.front()};
    for (const auto& c : fa.classes) {
      for (const auto& m : c.methods) {
        if (!m.graph) continue;
        max_cyc_ = std::max(max_cyc_, m.graph->cyclomatic());
        methods_.push_back({c.java_class->name + "." + m.method->signature, m.path_steps});
      }
    }
    return ok_status();
  }

  // Before any test ran there are no counters: that is 0 %, not "nothing to cover".
  double line_pct() const {
    return coverage_.lines.empty() ? 0 : coverage_.line_counter().percent();
  }
  double branch_pct() const {
    return coverage_.lines.empty() ? 0 : coverage_.branch_counter().percent();
  }
  int lines_covered() const { return coverage_.line_counter().covered; }
  int branches_covered() const { return coverage_.branch_counter().covered; }
  bool complete_coverage() const {
    return coverage_.line_counter().missed == 0 && coverage_.branch_counter().missed == 0 &&
           !coverage_.lines.empty();
  }

  // Runs the current test class with coverage of the class under test. Failures found on the
  // first run are the user's and are left alone; a later new failure (a flaky test) rolls the
  // file back to the last one that passed.
  Status measure(bool initial = false) {
    auto compiled = session_.compile_test_text(test_path_, file_->text());
    if (!compiled) return compiled.error();
    if (!compiled->success) {
      if (!initial && last_good_) {
        progress_("  the test class no longer compiles; going back to the last good version");
        file_ = last_good_;
        kept_names_.resize(kept_at_last_good_);
        return measure();
      }
      return Error{test_path_ + " does not compile:\n" +
                   runner::format_diagnostics(compiled->diagnostics)};
    }
    if (file_->test_names().empty()) {
      // Nothing to run yet: no coverage counters either (reported as 0 %).
      coverage_ = {};
      last_good_ = file_;
      kept_at_last_good_ = kept_names_.size();
      return ok_status();
    }
    auto run = session_.run({test_fqn_}, {options_.class_name}, options_.test_timeout);
    if (!run) return run.error();
    std::vector<std::string> new_failures;
    for (const auto& r : run->results) {
      if (r.status == runner::TestStatus::kPassed || r.status == runner::TestStatus::kSkipped)
        continue;
      if (initial) {
        known_failures_.insert(r.id);
        progress_("  note: the existing test " + r.id + " fails; it is left as it is");
      } else if (known_failures_.count(r.id) == 0) {
        new_failures.push_back(r.id);
      }
    }
    if (!new_failures.empty() && last_good_) {
      progress_("  " + new_failures.front() +
                " fails in the class (flaky?); going back to the last good version");
      file_ = last_good_;
      kept_names_.resize(kept_at_last_good_);
      return measure();
    }
    auto sources = coverage::by_source(run->coverage);
    coverage_ = sources.empty() ? coverage::SourceCoverage{} : sources.front();
    last_good_ = file_;
    kept_at_last_good_ = kept_names_.size();
    return ok_status();
  }

  prompt::GenerateInputs base_inputs() const {
    prompt::GenerateInputs in;
    in.source_text = source_text_;
    in.class_name = options_.class_name;
    in.test_class_name = test_class_;
    in.package_name = package_;
    in.test_file = file_->text();
    in.dependencies = prompt_dependencies_;
    in.junit = project_.junit == project::JUnitFlavour::kJUnit4 ? "JUnit 4 (org.junit)"
                                                                : "JUnit 5 (org.junit.jupiter)";
    return in;
  }

  // Makes the prompt smaller, one step per call: the test file's method bodies go first, then
  // the source lines far from the selected paths (or uncovered lines), then half the methods.
  // False when there is nothing left to take out.
  bool shrink(prompt::GenerateInputs& in, int& step, const std::string& why) {
    while (step < 3) {
      int s = step++;
      if (s == 0 && !file_->test_names().empty()) {
        progress_("  " + why + ": the test file's method bodies are left out");
        std::string names;
        for (const std::string& n : file_->test_names()) names += (names.empty() ? "" : ", ") + n;
        in.test_file = "// " + test_class_ + " exists with tests: " + names;
        return true;
      }
      if (s == 1) {
        std::string near = near_lines_source(in);
        if (near == source_text_ || near.size() >= in.source_text.size()) continue;
        progress_("  " + why + ": only the source lines near the selected paths are kept");
        in.source_text = std::move(near);
        return true;
      }
      if (s == 2 && in.targets.size() > 1) {
        keep_most_missed_targets(in.targets, in.targets.size() / 2);
        if (in.source_text != source_text_) in.source_text = near_lines_source(in);
        progress_(fmt::format("  {}: only the paths of the {} methods missing most are asked for",
                              why, in.targets.size()));
        step = 2;  // halve again next time
        return true;
      }
    }
    return false;
  }

  // A shrunk prompt asked for fewer methods than Algorithm 2 chose: the paths left out were not
  // sent, so they do not count as selected (history, report).
  void forget_unsent(const std::vector<select::Selection>& selections,
                     const std::vector<prompt::MethodTarget>& sent, IterationReport& it) {
    it.selected_paths.clear();
    for (const auto& s : selections) {
      bool was_sent = std::any_of(sent.begin(), sent.end(), [&s](const prompt::MethodTarget& t) {
        return t.method == s.method;
      });
      for (size_t p : s.paths) {
        if (was_sent) {
          it.selected_paths.push_back(fmt::format("{}: path {}", s.method, p + 1));
        } else {
          history_.set(s.method, p, std::max(0, history_.count(s.method, p) - 1));
        }
      }
    }
  }

  // Keeps the `n` targets whose first (exploitation) path misses most, in their order.
  void keep_most_missed_targets(std::vector<prompt::MethodTarget>& targets, size_t n) const {
    std::vector<std::pair<int, size_t>> ranked;
    for (size_t i = 0; i < targets.size(); ++i) {
      int score =
          targets[i].paths.empty() ? 0 : select::missed_score(targets[i].paths[0], coverage_);
      ranked.emplace_back(-score, i);
    }
    std::stable_sort(ranked.begin(), ranked.end());
    std::vector<size_t> kept;
    for (size_t k = 0; k < n && k < ranked.size(); ++k) kept.push_back(ranked[k].second);
    std::sort(kept.begin(), kept.end());
    std::vector<prompt::MethodTarget> out;
    for (size_t i : kept) out.push_back(std::move(targets[i]));
    targets = std::move(out);
  }

  // One prompt: shrunk beforehand when it is over --max-prompt-tokens, and again when the
  // model says it is too long. `in` is left as it was sent.
  Result<llm::Completion> ask(prompt::GenerateInputs& in, const prompt::PromptTemplates& t,
                              const std::string& kind) {
    int step = 0;
    for (;;) {
      llm::Prompt p;
      p.user = t.render_generate(in);
      p.kind = kind;
      p.class_name = options_.class_name;
      p.options = options_.prompt_options;
      if (options_.max_prompt_tokens > 0) {
        int64_t tokens = llm::estimate_tokens(llm::render_prompt(p));
        if (tokens > options_.max_prompt_tokens) {
          std::string why =
              fmt::format("the prompt has about {} tokens, over --max-prompt-tokens {}", tokens,
                          options_.max_prompt_tokens);
          if (shrink(in, step, why)) continue;
          progress_("  " + why + ", and nothing more can be left out: it is sent as it is");
        }
      }
      if (options_.dry_run) {
        options_.dry_run(llm::render_prompt(p));
        panta::request_stop();
        return Error{"dry run: the first prompt was printed"};
      }
      Clock::time_point start = Clock::now();
      auto answer = model_->complete(p);
      llm_seconds_ += seconds_since(start);
      if (answer && answer->from_journal) progress_("  answer reused from the journal");
      if (answer || !llm::is_context_length_error(answer.error())) return answer;
      if (!shrink(in, step, "the prompt is too long for the model")) return answer;
    }
  }

  // The source with only the lines within 3 of a selected path's line or of an uncovered or
  // partly covered line the prompt names (the others left empty, so line numbers stay true);
  // the whole source when the prompt names no line.
  std::string near_lines_source(const prompt::GenerateInputs& in) const {
    std::set<uint32_t> keep;
    auto near = [&keep](uint32_t line) {
      for (uint32_t l = line > 3 ? line - 3 : 1; l <= line + 3; ++l) keep.insert(l);
    };
    for (const auto& t : in.targets) {
      for (const auto& path : t.paths) {
        for (const auto& s : path) near(s.line);
      }
    }
    for (uint32_t l : in.uncovered_lines) near(l);
    for (uint32_t l : in.partly_lines) near(l);
    for (const auto& s : in.symprompt_path) near(s.line);
    if (keep.empty()) return source_text_;
    java::SourceText src(source_path_, source_text_);
    std::string out;
    for (uint32_t l = 1; l <= src.line_count(); ++l) {
      out += keep.empty() || keep.count(l) ? std::string(src.line(l)) + "\n" : std::string("\n");
    }
    // No line past the source's own last one.
    while (out.size() > source_text_.size() && !out.empty() && out.back() == '\n') out.pop_back();
    return out;
  }

  Result<IterationReport> iteration(int n, int max_iter) {
    IterationReport it;
    it.n = n;
    cut_ = false;
    progress_(
        fmt::format("iteration {} of {}: asking the model ({})", n, max_iter, options_.strategy));
    std::vector<std::pair<prompt::GenerateInputs, const prompt::PromptTemplates*>> prompts;
    std::vector<select::Selection> selections;  // panta: Algorithm 2's choice
    prompt::GenerateInputs in = base_inputs();
    bool zero = lines_covered() == 0;
    if (options_.strategy == "panta" && zero) {
      in.failed_tests = failed_;
      prompts.emplace_back(in, &*basic_);  // Algorithm 3, line 18
    } else if (options_.strategy == "panta") {
      in.failed_tests = failed_;
      selections = select::select_paths(methods_, coverage_, history_, options_.max_path_selections,
                                        static_cast<size_t>(std::max(0, options_.max_methods)));
      for (const auto& s : selections) {
        prompt::MethodTarget target{s.method, {}};
        for (size_t p : s.paths) {
          target.paths.push_back(methods_paths(s.method)[p]);
          it.selected_paths.push_back(fmt::format("{}: path {}", s.method, p + 1));
        }
        in.targets.push_back(std::move(target));
      }
      if (in.targets.empty()) {
        // No path is left to select: each path that misses something was selected
        // --max-path-selections times already, or what is missed lies outside the methods'
        // paths (getters and setters, implicit constructors, field initializers, lambda
        // bodies). The prompt names the missed lines, as the cov strategy does (the paper
        // sends the basic prompt here).
        progress_(
            "  no path is left to select (each covered, or selected --max-path-selections "
            "times); the prompt names the uncovered lines");
        in.uncovered_lines = coverage_.missed_lines();
        in.partly_lines = coverage_.partly_lines();
        prompts.emplace_back(in, &*cov_);
      } else {
        prompts.emplace_back(in, &*templates_);
      }
    } else if (options_.strategy == "symprompt") {
      for (const auto& m : methods_) {
        for (const auto& path : m.paths) {
          prompt::GenerateInputs one = in;
          one.symprompt_method = m.method;
          one.symprompt_path = path;
          prompts.emplace_back(std::move(one), &*templates_);
        }
      }
    } else {
      if (options_.strategy != "baseline") in.failed_tests = failed_;
      in.uncovered_lines = coverage_.missed_lines();
      in.partly_lines = coverage_.partly_lines();
      prompts.emplace_back(in, &*templates_);
    }
    std::vector<prompt::FailedTest> feedback = std::move(failed_);  // now in the prompts
    failed_.clear();
    int repairs = options_.strategy == "baseline" || options_.strategy == "symprompt"
                      ? 0
                      : options_.repair_attempts;
    for (auto& [inputs, templ] : prompts) {
      if (panta::stop_requested()) {
        cut_ = true;
        break;
      }
      inputs.test_file = file_->text();  // as it is now: earlier prompts may have added tests
      size_t targets = inputs.targets.size();
      auto answer = ask(inputs, *templ, "generate");
      if (inputs.targets.size() < targets) forget_unsent(selections, inputs.targets, it);
      if (options_.dry_run) return it;
      if (panta::stop_requested()) {
        if (answer) {  // paid for, and kept in the journal for --resume
          ++it.answers;
          it.prompt_tokens += answer->prompt_tokens;
          it.completion_tokens += answer->completion_tokens;
        }
        cut_ = true;
        break;
      }
      if (!answer) {
        last_model_error_ = answer.error().message;
        if (llm::llm_error_kind(answer.error()) == llm::LlmErrorKind::kReplayMiss) {
          // A replay cannot go on: every later prompt differs from the recording too.
          return Error{answer.error().message +
                       "\n(the run has left the recorded one: the prompts, the code or Panta "
                       "changed since the journal was recorded)"};
        }
        progress_("  model error: " + answer.error().message);
        if (prompts.size() == 1) {        // the round counts as one without gain
          failed_ = std::move(feedback);  // not seen by the model: the next prompt shows it
          it.line_coverage = line_pct();
          it.branch_coverage = branch_pct();
          it.selected_paths.clear();
          return it;
        }
        continue;
      }
      ++answers_;
      ++it.answers;
      it.prompt_tokens += answer->prompt_tokens;
      it.completion_tokens += answer->completion_tokens;
      auto extracted = junit::extract_tests(answer->text);
      if (!extracted) {
        progress_("  no usable tests in the answer: " + extracted.error().message);
        continue;
      }
      for (const std::string& note : extracted->notes) progress_("  note: " + note);
      // Each test is validated alone; the class as a whole is checked once per answer, and only
      // when that fails are the answer's tests checked in it one by one (see check_in_class).
      junit::TestFile before_answer = *file_;
      std::vector<Accepted> accepted;
      std::vector<junit::TestMethod> fresh;
      std::map<std::string, std::string> answer_bodies;  // repeats within the answer too
      for (const junit::TestMethod& test : extracted->tests) {
        std::string same = file_->same_test_as(test);
        auto key = junit::test_body_key(test.code);
        if (auto earlier = answer_bodies.find(key); same.empty() && earlier != answer_bodies.end())
          same = earlier->second;
        if (!same.empty()) {
          progress_("  skipped " + test.name + ": the same as " + same);
          continue;
        }
        answer_bodies.emplace(key, test.name);
        fresh.push_back(test);
      }
      std::optional<std::vector<Trial>> together;
      if (!options_.check_each_test_in_class && !panta::stop_requested()) {
        together = validate_together(fresh, *extracted);
      }
      for (size_t i = 0; i < fresh.size(); ++i) {
        const junit::TestMethod& test = fresh[i];
        if (panta::stop_requested()) {
          cut_ = true;
          break;
        }
        ++it.tests_generated;
        ++generated_total_;
        Trial trial = together ? std::move((*together)[i])
                               : try_test(test, *extracted, options_.check_each_test_in_class);
        junit::TestMethod kept_as = test;
        std::optional<junit::ExtractedTests> kept_from;
        bool was_repaired = false;
        for (int attempt = 1; !trial.passed && attempt <= repairs; ++attempt) {
          progress_(fmt::format("  {} fails ({}); repair attempt {} of {}", trial.name,
                                trial.compile_error ? "does not compile" : "does not pass", attempt,
                                repairs));
          auto repaired = repair(trial, it, kept_as, kept_from);
          if (panta::stop_requested()) break;
          if (!repaired) break;
          trial = std::move(*repaired);
          if (trial.passed) {
            ++it.tests_repaired;
            was_repaired = true;
          }
        }
        if (panta::stop_requested()) {
          cut_ = true;
          break;
        }
        if (trial.passed) {
          if (trial.file) file_ = std::move(trial.file);  // else validate_together put it there
          kept_names_.push_back(trial.name);
          accepted.push_back(
              {kept_as, kept_from ? std::move(*kept_from) : *extracted, trial.name, was_repaired});
          progress_("  kept " + trial.name);
        } else {
          ++it.tests_failed;
          progress_("  dropped " + trial.name + ": " + first_line(trial.error));
          failed_.push_back({trial.name, trial.code, trial.error});
        }
      }
      if (!cut_ && !options_.check_each_test_in_class && !accepted.empty()) {
        check_in_class(before_answer, accepted, it);
      }
      if (cut_) break;
    }
    it.tests_passed_first_try = it.tests_generated - it.tests_repaired - it.tests_failed;
    if (cut_) return it;  // undone by the caller
    if (auto s = measure(); !s) return s.error();
    if (auto s = save(); !s) return s.error();
    it.line_coverage = line_pct();
    it.branch_coverage = branch_pct();
    return it;
  }

  const std::vector<std::vector<cfg::PathStep>>& methods_paths(const std::string& method) const {
    for (const auto& m : methods_) {
      if (m.method == method) return m.paths;
    }
    static const std::vector<std::vector<cfg::PathStep>> none;
    return none;
  }

  static std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

  // Adds the test to a copy of the class, compiles it and runs the test alone.
  // A test of the current answer that passed alone and was added to the file.
  struct Accepted {
    junit::TestMethod test;
    junit::ExtractedTests from;  // the answer it came from (a repair's answer when repaired)
    std::string name;            // the name it got
    bool repaired = false;
  };

  // One run of the whole class for all the tests an answer added. When something fails (tests
  // that pass alone but not together: shared static state, class-level setup), the answer's
  // tests are added again one at a time, each kept only if the class still passes with it.
  void check_in_class(const junit::TestFile& before_answer, const std::vector<Accepted>& accepted,
                      IterationReport& it) {
    std::string broken = breaks_the_class(*file_);
    if (broken.empty()) return;
    progress_("  the new tests pass alone but not all together (" + first_line(broken) +
              "); checking them in the class one by one");
    file_ = before_answer;
    kept_names_.resize(kept_names_.size() - accepted.size());
    for (const Accepted& a : accepted) {
      junit::TestFile candidate = *file_;
      std::string name = candidate.add_test(a.test, a.from);
      std::string why = breaks_the_class(candidate);
      if (why.empty()) {
        file_ = std::move(candidate);
        kept_names_.push_back(name);
        continue;
      }
      ++it.tests_failed;
      if (a.repaired) --it.tests_repaired;
      std::string error = "it passes alone but breaks the test class: " + why;
      progress_("  dropped " + name + ": " + first_line(error));
      failed_.push_back({name, candidate.test_code(name), error});
    }
  }

  // Adds the test to a copy of the class, compiles it and runs the test alone; then, when
  // `class_check` is set (--check-each-test-in-class), the whole class as well.
  Trial try_test(const junit::TestMethod& test, const junit::ExtractedTests& from,
                 bool class_check) {
    Trial t;
    junit::TestFile candidate = *file_;
    t.name = candidate.add_test(test, from);
    t.code = candidate.test_code(t.name);
    auto compiled = session_.compile_test_text(test_path_, candidate.text());
    if (!compiled) {
      t.error = compiled.error().message;
      return t;
    }
    if (!compiled->success) {
      t.compile_error = true;
      t.error = diagnostics_with_lines(compiled->diagnostics, candidate.text());
      return t;
    }
    t.error = run_alone(t.name);
    t.passed = t.error.empty();
    if (!t.passed) return t;
    if (class_check) {
      if (auto broken = breaks_the_class(); !broken.empty()) {
        t.passed = false;
        t.error = "it passes alone but breaks the test class: " + broken;
        return t;
      }
    }
    t.file.emplace(std::move(candidate));
    return t;
  }

  // Runs one test of the class as last compiled: "" when it passes, else why not.
  std::string run_alone(const std::string& name) {
    auto run = session_.run({test_fqn_ + "#" + name}, {}, options_.test_timeout);
    if (!run) return run.error().message;
    if (run->results.empty()) return "the test did not run";
    for (const auto& r : run->results) {
      if (r.status == runner::TestStatus::kPassed) continue;
      return fmt::format("{}: {}{}\n{}", runner::to_string(r.status),
                         r.exception.empty() ? "" : r.exception + ": ", r.message, r.stack_trace);
    }
    return "";
  }

  // An answer's tests validated with one compilation: all are added, errors javac places in a
  // test fail that test (which is taken out, and the rest compiled again), then each test that
  // compiles runs alone. The file becomes the one before the answer plus the tests that passed
  // (with just the helpers they use). Nothing (and nothing changed) when an error lies outside
  // the new tests or the class still does not compile after three rounds: then each test is
  // tried on its own (try_test).
  std::optional<std::vector<Trial>> validate_together(const std::vector<junit::TestMethod>& tests,
                                                      const junit::ExtractedTests& from) {
    if (tests.size() < 2) return std::nullopt;
    junit::TestFile candidate = *file_;
    std::vector<Trial> trials(tests.size());
    for (size_t i = 0; i < tests.size(); ++i) {
      trials[i].name = candidate.add_test(tests[i], from);
      trials[i].code = candidate.test_code(trials[i].name);
    }
    std::vector<bool> out(tests.size(), false);
    for (int round = 0;; ++round) {
      auto compiled = session_.compile_test_text(test_path_, candidate.text());
      if (!compiled) return std::nullopt;
      if (compiled->success) break;
      if (round == 2) return std::nullopt;
      std::map<size_t, std::vector<runner::Diagnostic>> by_test;
      for (const auto& d : compiled->diagnostics) {
        if (d.kind != "error") continue;
        if (!d.file.empty() && fs::path(d.file).filename() != fs::path(test_path_).filename()) {
          return std::nullopt;  // in another source javac compiled along
        }
        std::optional<size_t> owner;
        for (size_t i = 0; i < tests.size() && !owner; ++i) {
          auto [first, last] = candidate.test_lines(trials[i].name);
          if (!out[i] && d.line >= static_cast<int64_t>(first) &&
              d.line <= static_cast<int64_t>(last))
            owner = i;
        }
        if (!owner) return std::nullopt;  // in a helper, an import, the user's code...
        by_test[*owner].push_back(d);
      }
      for (auto& [i, diagnostics] : by_test) {
        trials[i].compile_error = true;
        trials[i].error = diagnostics_with_lines(diagnostics, candidate.text());
        out[i] = true;
      }
      for (auto& [i, diagnostics] : by_test) candidate.remove_test(trials[i].name);
    }
    for (size_t i = 0; i < tests.size(); ++i) {
      if (out[i]) continue;
      trials[i].error = run_alone(trials[i].name);
      trials[i].passed = trials[i].error.empty();
    }
    junit::TestFile rebuilt = *file_;
    for (size_t i = 0; i < tests.size(); ++i) {
      if (!trials[i].passed) continue;
      trials[i].name = rebuilt.add_test(tests[i], from);
      trials[i].code = rebuilt.test_code(trials[i].name);
    }
    file_ = std::move(rebuilt);
    return trials;
  }

  // Runs the test class as last compiled: "" when every test that passed before still passes
  // and class-level setup and teardown succeed, else what failed first.
  std::string breaks_the_class() {
    auto whole = session_.run({test_fqn_}, {}, options_.test_timeout);
    if (!whole) return whole.error().message;
    for (const auto& r : whole->results) {
      if (r.status == runner::TestStatus::kPassed || r.status == runner::TestStatus::kSkipped)
        continue;
      if (known_failures_.count(r.id) != 0) continue;
      return fmt::format("{} {}: {}{}\n{}", r.id, runner::to_string(r.status),
                         r.exception.empty() ? "" : r.exception + ": ", r.message, r.stack_trace);
    }
    return "";
  }

  // The class with `file` compiled: "" when it compiles and breaks_the_class() finds nothing.
  std::string breaks_the_class(const junit::TestFile& file) {
    auto compiled = session_.compile_test_text(test_path_, file.text());
    if (!compiled) return compiled.error().message;
    if (!compiled->success) return "the test class no longer compiles";
    return breaks_the_class();
  }

  static std::string diagnostics_with_lines(const std::vector<runner::Diagnostic>& diags,
                                            const std::string& text) {
    java::SourceText src("test", text);
    std::string out;
    for (const auto& d : diags) {
      if (d.kind != "error") continue;
      // javac's message has its details on more lines ("symbol: ...", "location: ...").
      out += fmt::format("line {}: error: {}\n", d.line, java::collapse_whitespace(d.message, 500));
      if (d.line > 0)
        out += fmt::format("    {}\n",
                           java::collapse_whitespace(src.line(static_cast<uint32_t>(d.line)), 300));
    }
    return out;
  }

  // Asks for a corrected test and tries it; `as`/`from` become the repaired test and its answer.
  Result<Trial> repair(const Trial& failed, IterationReport& it, junit::TestMethod& as,
                       std::optional<junit::ExtractedTests>& from) {
    prompt::RepairInputs in;
    in.source_text = source_text_;
    in.test_class_name = test_class_;
    in.package_name = package_;
    in.junit = base_inputs().junit;
    in.test_code = failed.code;
    in.compile_error = failed.compile_error;
    in.error = failed.error;
    llm::Prompt p;
    p.user = templates_->render_repair(in);
    p.kind = "repair";
    p.class_name = options_.class_name;
    p.options = options_.prompt_options;
    auto without_source = [&](const std::string& why) {
      progress_("  " + why + ": the repair prompt leaves the source out");
      in.source_text = "// (left out: the prompt would be too long; the test and its error follow)";
      p.user = templates_->render_repair(in);
    };
    if (options_.max_prompt_tokens > 0) {
      int64_t tokens = llm::estimate_tokens(llm::render_prompt(p));
      if (tokens > options_.max_prompt_tokens) {
        without_source(fmt::format("about {} tokens, over --max-prompt-tokens {}", tokens,
                                   options_.max_prompt_tokens));
      }
    }
    Clock::time_point start = Clock::now();
    auto answer = model_->complete(p);
    if (!answer && llm::is_context_length_error(answer.error()) && in.source_text == source_text_) {
      without_source("too long for the model");
      answer = model_->complete(p);
    }
    llm_seconds_ += seconds_since(start);
    if (answer && answer->from_journal) progress_("  repair answer reused from the journal");
    if (!answer) {
      progress_("  model error during repair: " + answer.error().message);
      return answer.error();
    }
    it.prompt_tokens += answer->prompt_tokens;
    it.completion_tokens += answer->completion_tokens;
    auto extracted = junit::extract_tests(answer->text);
    if (!extracted) {
      Trial t = failed;
      t.error += "\n(the repair answer had no usable test: " + extracted.error().message + ")";
      return t;
    }
    if (std::string same = file_->same_test_as(extracted->tests.front()); !same.empty()) {
      progress_("  the repair of " + failed.name + " repeats the existing test " + same);
      return Error{"the repair repeats " + same};
    }
    Trial t = try_test(extracted->tests.front(), *extracted, options_.check_each_test_in_class);
    as = extracted->tests.front();
    from = std::move(*extracted);
    return t;
  }

  Status save() {
    std::error_code ec;
    if (existed_ && !backed_up_) {
      fs::path rel = fs::relative(test_path_, project_.root, ec);
      fs::path backup = fs::path(project_.root) / ".panta" / "backup" /
                        (ec ? fs::path(test_path_).filename() : rel);
      {
        // The file as it was before this run (a later run backs up its own starting point).
        fs::create_directories(backup.parent_path(), ec);
        fs::copy_file(test_path_, backup, fs::copy_options::overwrite_existing, ec);
        if (ec)
          return Error{"cannot back up " + test_path_ + " to " + backup.string() + ": " +
                       ec.message()};
        progress_("  backed up the existing test file to " + backup.string());
      }
      backed_up_ = true;
    }
    if (!existed_ && file_->test_names().empty()) return ok_status();
    auto s = write_atomically(test_path_, file_->text());
    if (s) existed_ = true;
    backed_up_ = true;
    return s;
  }

  const project::Project& project_;
  runner::TestSession& session_;
  llm::LlmClient& llm_;
  GenerateOptions options_;
  Progress progress_;  // the caller's, and the journal's notes
  std::optional<prompt::PromptTemplates> templates_;
  std::optional<prompt::PromptTemplates> basic_;
  std::optional<prompt::PromptTemplates> cov_;  // panta, when no path is selected
  std::string source_path_;
  std::string source_text_;
  std::string test_path_;
  std::string test_class_;
  std::string test_fqn_;
  std::string package_;
  std::optional<junit::TestFile> file_;  // always compiles and passes
  bool existed_ = false;
  bool backed_up_ = false;
  std::vector<select::MethodPaths> methods_;
  int max_cyc_ = 1;
  select::PathHistory history_;
  std::vector<prompt::FailedTest> failed_;
  std::set<std::string> known_failures_;      // failing before the run: the user's to fix
  std::optional<junit::TestFile> last_good_;  // the last version that passed in the class
  size_t kept_at_last_good_ = 0;
  coverage::SourceCoverage coverage_;
  GenerateReport report_;
  int generated_total_ = 0;
  std::vector<std::string> kept_names_;           // the generated tests kept, by the names they got
  std::vector<std::string> prompt_dependencies_;  // group:artifact:version the prompt names
  double llm_seconds_ = 0;
  int answers_ = 0;
  std::string last_model_error_;
  llm::LlmClient* model_ = &llm_;  // llm_, or reuse_ on --resume
  std::optional<llm::ReuseClient> reuse_;
  int64_t run_id_ = 0;  // the journal's run, 0 without a journal
  std::pair<double, double> initial_{0, 0};
  double earlier_wall_s_ = 0;  // wall time of the run before --resume
  bool cut_ = false;           // the current iteration was cut short by a stop request
};

}  // namespace

void request_stop() {
  panta::request_stop();
}

bool stop_requested() {
  return panta::stop_requested();
}

Result<GenerateReport> generate_tests(const project::Project& project, runner::TestSession& session,
                                      llm::LlmClient& llm, const std::string& llm_name,
                                      const std::string& prompt_dir, const GenerateOptions& options,
                                      const Progress& progress) {
  Generator g(project, session, llm, options, progress);
  if (auto s = g.load(prompt_dir); !s) return s.error();
  auto report = g.run(llm_name);
  if (!report) g.mark_failed();
  return report;
}

std::string report_json(const GenerateReport& r) {
  return report_object(r).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
         "\n";
}

std::string report_json(const std::vector<GenerateReport>& reports) {
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (const auto& r : reports) all.push_back(report_object(r));
  return all.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

namespace {

nlohmann::ordered_json report_object(const GenerateReport& r) {
  nlohmann::ordered_json its = nlohmann::ordered_json::array();
  for (const auto& i : r.iterations) its.push_back(iteration_json(i));
  nlohmann::ordered_json j = {{"class", r.class_name},
                              {"strategy", r.strategy},
                              {"llm", r.llm},
                              {"initial",
                               {{"line_coverage", r.initial_line_coverage},
                                {"branch_coverage", r.initial_branch_coverage}}},
                              {"iterations", std::move(its)},
                              {"final",
                               {{"line_coverage", r.line_coverage},
                                {"branch_coverage", r.branch_coverage},
                                {"pass_rate", r.pass_rate},
                                {"tests_kept", r.tests_kept}}},
                              {"stop_reason", r.stop_reason},
                              {"resumed_after", r.resumed_from},
                              {"test_file", r.test_file},
                              {"wall_s", r.wall_s},
                              {"llm_s", r.llm_s}};
  return j;
}

}  // namespace

}  // namespace panta::engine
