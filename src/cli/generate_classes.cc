// The classes of one `panta generate`, one or several at once (--jobs): each worker has its
// own JVM helper with its scratch folder, its own connection to the journal and its own model
// client; the model clients share one CallGovernor, the journal file and the project lock.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <thread>

#include "cli/commands.h"
#include "cli/generate_run.h"
#include "cli/pit_run.h"
#include "cli/progress_display.h"
#include "cli/terminal.h"
#include "core/cancel.h"
#include "llm/client_spec.h"
#include "llm/llm_error.h"

namespace panta::cli {
namespace {

// What one worker owns. The first worker uses the run's helper (the one that holds the lock
// and compiled the main classes); the others start their own.
struct Worker {
  std::unique_ptr<HelperSession> helper;
  std::optional<runner::TestSession> own_session;  // refers to helper's runner
  runner::TestSession* session = nullptr;
  std::string scratch;  // the helper's scratch folder
  std::shared_ptr<llm::Journal> journal;
  std::unique_ptr<llm::LlmClient> model;
  std::unique_ptr<llm::GovernedClient> client;  // model, through the run's governor
};

// --resume goes on with the run's own settings: say which flags given now are not used.
std::string ignored_flags_note(const GenerateArgs& args, const llm::RunRecord& run) {
  auto settings = engine::RunJournal::settings_of(run);
  std::string ignored;
  for (const auto& [option, value_of] : args.loop_options) {
    if (option->count() == 0) continue;
    std::string given = option->as<std::string>();
    std::string kept = settings ? value_of(*settings, run) : "";
    if (given == kept) continue;
    ignored += fmt::format("{}{} {} (the run's: {})", ignored.empty() ? "" : ", ",
                           option->get_name(), given, kept.empty() ? "default" : kept);
  }
  if (ignored.empty()) return "";
  return "panta: " + run.class_name + ": --resume goes on with run " + std::to_string(run.id) +
         "'s own settings; not used: " + ignored;
}

// On the heap: `session` may point into the worker itself.
Result<std::unique_ptr<Worker>> make_worker(GenerateRun& run, size_t index) {
  auto made = std::make_unique<Worker>();
  Worker& w = *made;
  if (index == 0) {
    w.session = &run.prepared->session();
    w.scratch = run.prepared->scratch();
    w.journal = run.journal;
  } else {
    auto helper = HelperSession::start(run.project, run.args.project);
    if (!helper) return helper.error();
    w.helper = std::move(*helper);
    auto session = runner::TestSession::open(run.project, w.helper->runner(), w.helper->scratch());
    if (!session) return session.error();
    w.own_session.emplace(std::move(*session));
    w.session = &*w.own_session;
    w.scratch = w.helper->scratch();
    // Its own connection: a journal connection keeps the run an exchange belongs to.
    auto journal = llm::Journal::open(run.journal->path(), llm::Journal::Mode::kWrite);
    if (!journal) return journal.error();
    w.journal = std::make_shared<llm::Journal>(std::move(*journal));
  }
  if (!run.args.llm.empty()) {
    auto model = model_client(run.args, w.journal, *run.governor);
    if (!model) return model.error();
    w.model = std::move(*model);
    w.client = std::make_unique<llm::GovernedClient>(*w.model, *run.governor);
  }
  return made;
}

// Everything the workers share while they run.
struct Pool {
  GenerateRun& run;
  const std::vector<std::string>& classes;
  ProgressDisplay& display;
  std::mutex mutex;
  size_t next = 0;
  std::vector<ClassOutcome> outcomes;
};

ClassOutcome generate_one(Pool& pool, Worker& w, size_t worker, const std::string& cls) {
  GenerateRun& run = pool.run;
  if (panta::stop_requested()) return {cls, std::nullopt, "not run", "interrupted before it began"};
  if (auto f = run.plan.finished.find(cls); f != run.plan.finished.end()) {
    pool.display.note("panta: " + cls + ": " + f->second +
                      "; nothing to resume (run without --resume to start a new one)");
    return {cls, std::nullopt, "already done", ""};
  }
  if (auto s = run.skipped.find(cls); s != run.skipped.end()) {
    return {cls, std::nullopt, "skipped", s->second};
  }
  if (std::string spent = run.governor->spent(); !spent.empty()) {
    return {cls, std::nullopt, "not run", "budget spent: " + spent + "; --resume runs it"};
  }
  engine::GenerateOptions options = run.args.engine;
  options.class_name = cls;
  options.test_timeout = test_timeout(run.args.project);
  options.journal = w.journal;
  options.stop_cause = [governor = run.governor.get()] { return governor->spent(); };
  if (auto r = run.plan.resumable.find(cls); r != run.plan.resumable.end()) {
    options.resume = r->second;
    if (std::string note = ignored_flags_note(run.args, r->second); !note.empty())
      pool.display.note(note);
  } else if (run.args.resume) {
    pool.display.note("panta: " + cls + ": no earlier run in the journal; starting a new one");
  }
  // A resumed run goes on with its own --mutants (the engine takes the run's settings).
  int mutants = options.mutants;
  if (options.resume) {
    if (auto s = engine::RunJournal::settings_of(*options.resume)) mutants = s->mutants;
  }
  if (mutants > 0) {
    options.mutation_probe =
        std::make_shared<PitProbe>(run.project, run.args.project, *w.session, w.scratch, cls,
                                   std::chrono::seconds(run.args.pit_timeout_s));
  }
  if (run.args.dry_run) options.dry_run = [](const std::string& prompt) { std::cout << prompt; };
  pool.display.started(worker, cls);
  engine::EventSink events = [&pool, worker, &cls](const engine::Event& e) {
    pool.display.event(worker, cls, engine::render(e));
  };
  if (!w.client) return {cls, std::nullopt, "error", "no model given: use --llm"};
  auto report = engine::generate_tests(run.project, *w.session, *w.client, run.args.llm,
                                       run.args.prompt_dir, options, events);
  if (!report) {
    bool skip = report.error().kind == ErrorKind::kNothingToTest &&
                std::find(run.batch.begin(), run.batch.end(), cls) != run.batch.end();
    pool.display.note("panta: " + cls + ": " + report.error().message);
    if (!skip) run.exit_code = kFailed;
    return {cls, std::nullopt, skip ? "skipped" : "error", report.error().message};
  }
  std::string status = report->interrupted ? "interrupted" : "done";
  if (report->stop_reason.starts_with("budget spent")) status = "not done";
  return {cls, std::move(*report), status, ""};
}

// The class's result line and the --fail-under check.
std::string conclude(GenerateRun& run, const ClassOutcome& o, ProgressDisplay& display) {
  if (!o.report) return "";
  if (run.args.fail_under >= 0 && o.report->branch_coverage < run.args.fail_under) {
    display.note(fmt::format("panta: {}: branch coverage {:.1f}% is under --fail-under {:g}",
                             o.class_name, o.report->branch_coverage, run.args.fail_under));
    run.exit_code = kFailed;
  }
  for (const auto& [test, tried] : o.report->tampering) {
    display.note("panta: " + o.class_name + ": " + test + " was dropped for tampering: it tried " +
                 tried + " (a test the model wrote; see the report)");
    if (run.exit_code == kOk) run.exit_code = kTampering;
  }
  return one_line_result(*o.report, run.args.price_in, run.args.price_out);
}

// Takes the next class until none is left (or a dry run has shown its prompt).
void work(Pool& pool, Worker& w, size_t worker) {
  for (;;) {
    size_t i = 0;
    {
      std::lock_guard lock(pool.mutex);
      if (pool.next >= pool.classes.size()) return;
      i = pool.next++;
    }
    const std::string& cls = pool.classes[i];
    ClassOutcome o = generate_one(pool, w, worker, cls);
    if (pool.run.args.dry_run && o.report) {
      if (o.report->stop_reason == "full coverage")
        pool.display.note("panta: " + cls + " is fully covered already: no prompt to show");
      std::lock_guard lock(pool.mutex);
      pool.next = pool.classes.size();
      return;  // the prompt on stdout is the whole output
    }
    std::string result = conclude(pool.run, o, pool.display);
    if (o.status == "not done" ||
        (o.status == "not run" && !o.note.empty() && o.note.starts_with("budget spent"))) {
      pool.run.exit_code = kFailed;
    }
    pool.display.finished(worker, cls, o.status, result);
    std::lock_guard lock(pool.mutex);
    pool.outcomes[i] = std::move(o);
  }
}

ProgressDisplay::Mode display_mode(size_t jobs) {
  if (jobs <= 1) return ProgressDisplay::Mode::kSequential;
  return stderr_is_terminal() ? ProgressDisplay::Mode::kLive : ProgressDisplay::Mode::kLines;
}

}  // namespace

Result<std::unique_ptr<llm::LlmClient>> model_client(const GenerateArgs& args,
                                                     const std::shared_ptr<llm::Journal>& journal,
                                                     llm::CallGovernor& governor) {
  llm::ClientOptions options;
  options.base_url = args.llm_base_url;
  options.timeout = std::chrono::milliseconds(static_cast<long>(args.llm_timeout_s * 1000));
  if (args.llm.rfind("replay:", 0) != 0) options.journal = journal;
  options.max_retries = args.llm_retries;
  options.on_retry = [journal](const std::string& notice) {
    std::cerr << "  " << notice << "\n";
    (void)journal->note(notice);
  };
  options.on_throttled = [&governor](std::chrono::milliseconds delay) {
    governor.throttled(delay);
  };
  return llm::make_client(args.llm, options);
}

std::vector<ClassOutcome> generate_classes(GenerateRun& run,
                                           const std::vector<std::string>& classes) {
  size_t jobs = std::clamp<size_t>(static_cast<size_t>(std::max(run.args.jobs, 1)), 1,
                                   std::max<size_t>(classes.size(), 1));
  if (run.args.dry_run) jobs = 1;  // one prompt is shown
  auto start = std::chrono::steady_clock::now();
  ProgressDisplay display(
      display_mode(jobs), classes.size(), jobs, std::cout, std::cerr,
      [start] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      },
      [&run] {
        llm::CallUsage u = run.governor->usage();
        return ProgressTotals{u.prompt_tokens + u.completion_tokens, u.cost,
                              run.args.price_in > 0 || run.args.price_out > 0};
      },
      terminal_width());
  Pool pool{run, classes, display, {}, 0, std::vector<ClassOutcome>(classes.size())};
  auto first = make_worker(run, 0);
  if (!first) {
    display.note("panta: " + first.error().message);
    run.exit_code = kUsage;
    return {};
  }
  // The other workers start their helpers at the same time, each in its own thread.
  std::vector<std::thread> threads;
  for (size_t i = 1; i < jobs; ++i) {
    threads.emplace_back([&pool, &run, i] {
      auto w = make_worker(run, i);
      if (!w) {
        pool.display.note(fmt::format("panta: worker {} cannot start, the others go on: {}", i + 1,
                                      w.error().message));
        return;
      }
      work(pool, **w, i);
    });
  }
  work(pool, **first, 0);
  for (std::thread& t : threads) t.join();
  display.close();
  std::vector<ClassOutcome> out;  // a dry run stops after its first prompt: the rest not begun
  for (ClassOutcome& o : pool.outcomes) {
    if (!o.class_name.empty()) out.push_back(std::move(o));
  }
  return out;
}

}  // namespace panta::cli
