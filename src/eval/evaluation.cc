#include "eval/evaluation.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "core/cancel.h"

namespace panta::eval {
namespace {

const Subject* subject_of(const std::vector<ChosenClasses>& chosen, const std::string& id) {
  for (const ChosenClasses& c : chosen) {
    if (c.subject.id == id) return &c.subject;
  }
  return nullptr;
}

Status pick_named(const EvalSpec& spec, std::vector<ChosenClasses>& out,
                  const std::vector<Survey>& surveys) {
  for (const std::string& name : spec.classes.names) {
    bool found = false;
    for (size_t i = 0; i < out.size() && !found; ++i) {
      for (const SurveyedClass& c : surveys[i].classes) {
        if (c.name != name) continue;
        out[i].classes.push_back(c);
        found = true;
        break;
      }
    }
    if (!found) {
      return Error{fmt::format("{}: class {} is in no subject's sources", spec.path, name)};
    }
  }
  return ok_status();
}

std::string cell_name(const CellKey& k) {
  return fmt::format("{} {} {} #{}", k.class_name, k.strategy, k.llm, k.repeat);
}

std::string outcome_line(const CellResult& r) {
  if (r.status != "done") return "failed: " + r.error;
  const CellMetrics& m = r.metrics;
  std::string mutation =
      m.mutation_score ? fmt::format("mutation score {:.1f}%, ", *m.mutation_score) : "";
  return fmt::format(
      "line {:.1f}%, branch {:.1f}%, pass rate {:.1f}%, {}{} tests kept, {} "
      "tokens, {:.1f} s",
      m.line_coverage, m.branch_coverage, m.pass_rate, mutation, m.tests_kept,
      m.prompt_tokens + m.completion_tokens, m.wall_s);
}

}  // namespace

Result<std::vector<ChosenClasses>> choose_classes(const EvalSpec& spec) {
  std::vector<ChosenClasses> out;
  std::vector<Survey> surveys;
  for (const Subject& s : spec.subjects) {
    auto survey = survey_sources(main_source_dir(s.root, s.main_src), s.encoding);
    if (!survey) return Error{"subject " + s.id + ": " + survey.error().message};
    ChosenClasses c{s, {}, survey->classes.size(), survey->errors};
    out.push_back(std::move(c));
    surveys.push_back(std::move(*survey));
  }
  if (!spec.classes.names.empty()) {
    if (auto st = pick_named(spec, out, surveys); !st) return st.error();
    return out;
  }
  for (size_t i = 0; i < out.size(); ++i) {
    std::vector<SurveyedClass> picked;
    for (const SurveyedClass& c : surveys[i].classes) {
      if (meets_criterion(c, spec.classes.min_cyc)) picked.push_back(c);
    }
    out[i].classes = sample_classes(std::move(picked), spec.classes.sample, spec.classes.seed);
  }
  return out;
}

std::vector<CellKey> plan_cells(const EvalSpec& spec, const std::vector<ChosenClasses>& chosen) {
  std::vector<CellKey> cells;
  for (const ChosenClasses& c : chosen) {
    for (const SurveyedClass& cls : c.classes) {
      for (const std::string& llm : spec.model.llms) {
        for (const std::string& strategy : spec.strategies) {
          for (int r = 1; r <= spec.repeats; ++r) {
            cells.push_back({c.subject.id, cls.name, strategy, llm, r});
          }
        }
      }
    }
  }
  return cells;
}

// The cells in turns over the classes (the first cell of each class, then the second, ...), so
// that cells running at once work on different classes: one class's cells do not queue for the
// same model conversation or contend for the same files.
static std::vector<CellKey> interleave_classes(const std::vector<CellKey>& cells) {
  std::vector<std::vector<CellKey>> per_class;
  for (const CellKey& k : cells) {
    auto same = [&](const std::vector<CellKey>& g) {
      return g.front().subject == k.subject && g.front().class_name == k.class_name;
    };
    auto group = std::find_if(per_class.begin(), per_class.end(), same);
    if (group == per_class.end()) {
      per_class.push_back({k});
    } else {
      group->push_back(k);
    }
  }
  std::vector<CellKey> out;
  for (size_t turn = 0; out.size() < cells.size(); ++turn) {
    for (const std::vector<CellKey>& g : per_class) {
      if (turn < g.size()) out.push_back(g[turn]);
    }
  }
  return out;
}

namespace {

// The stored result of cell `k`, null when the store holds none.
const CellResult* stored_result(const std::vector<CellResult>& finished, const CellKey& k) {
  auto r = std::find_if(finished.begin(), finished.end(),
                        [&](const CellResult& c) { return c.key == k; });
  return r == finished.end() ? nullptr : &*r;
}

}  // namespace

Result<RunTally> stored_tally(const std::vector<CellKey>& cells, ResultsStore& store) {
  auto finished = store.all();
  if (!finished) return finished.error();
  RunTally tally;
  for (const CellKey& k : cells) {
    const CellResult* r = stored_result(*finished, k);
    if (r == nullptr) {
      ++tally.not_run;
      continue;
    }
    ++tally.already_done;
    if (r->status == "failed") ++tally.failed;
  }
  return tally;
}

Result<RunTally> run_cells(const std::vector<CellKey>& cells,
                           const std::vector<ChosenClasses>& chosen, ResultsStore& store,
                           CellRunner& runner, int concurrency, const ProgressSink& progress) {
  auto finished = store.all();
  if (!finished) return finished.error();
  RunTally tally;
  std::vector<CellKey> todo;
  for (const CellKey& k : cells) {
    if (stored_result(*finished, k) != nullptr)
      ++tally.already_done;
    else
      todo.push_back(k);
  }
  todo = interleave_classes(todo);
  if (tally.already_done > 0) {
    progress(fmt::format("{} of {} cells finished earlier: not run again", tally.already_done,
                         cells.size()));
  }
  std::atomic<size_t> next{0};
  std::mutex lock;
  std::optional<Error> store_error;
  std::atomic<bool> give_up{false};  // a result could not be kept: do not pay for more
  auto work = [&] {
    for (size_t i = next++; i < todo.size(); i = next++) {
      if (stop_requested() || give_up) break;
      const CellKey& k = todo[i];
      {
        std::lock_guard<std::mutex> hold(lock);
        progress(fmt::format("[{}/{}] {}: started", i + 1, todo.size(), cell_name(k)));
      }
      std::optional<CellResult> r = runner.run(k, *subject_of(chosen, k.subject));
      std::lock_guard<std::mutex> hold(lock);
      if (!r) {
        progress(
            fmt::format("[{}/{}] {}: interrupted, not recorded", i + 1, todo.size(), cell_name(k)));
        continue;
      }
      if (auto s = store.record(*r); !s) {
        if (!store_error) store_error = s.error();
        give_up = true;
        continue;
      }
      (r->status == "done" ? tally.done : tally.failed)++;
      progress(fmt::format("[{}/{}] {}: {}", i + 1, todo.size(), cell_name(k), outcome_line(*r)));
    }
  };
  std::vector<std::thread> workers;
  size_t n = std::min<size_t>(static_cast<size_t>(std::max(1, concurrency)), todo.size());
  for (size_t t = 0; t < n; ++t) workers.emplace_back(work);
  for (std::thread& t : workers) t.join();
  if (store_error) return *store_error;
  tally.not_run = static_cast<int>(todo.size()) - tally.done - tally.failed;
  return tally;
}

Result<int> measure_missing_mutation(const std::vector<ChosenClasses>& chosen, ResultsStore& store,
                                     CellRunner& runner, const ProgressSink& progress) {
  auto finished = store.all();
  if (!finished) return finished.error();
  int measured = 0;
  for (const CellResult& cell : *finished) {
    if (stop_requested()) break;
    const Subject* subject = subject_of(chosen, cell.key.subject);
    if (subject == nullptr) continue;
    std::optional<CellResult> again = runner.measure_again(cell, *subject);
    if (!again) continue;
    if (auto s = store.record(*again); !s) return s.error();
    ++measured;
    progress(fmt::format("{}: mutation score measured now: {}", cell_name(cell.key),
                         again->metrics.mutation_score
                             ? fmt::format("{:.2f} %", *again->metrics.mutation_score)
                             : again->metrics.mutation_note));
  }
  return measured;
}

}  // namespace panta::eval
