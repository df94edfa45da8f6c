#include "sandbox/fallback_runner.h"

#include <algorithm>
#include <filesystem>
#include <utility>

namespace panta::sandbox {
namespace fs = std::filesystem;

void reject_all(runner::RunResult& result, const std::vector<std::string>& tests,
                const std::string& message) {
  if (result.results.empty()) {
    for (const std::string& id : tests) {
      runner::TestResult t;
      t.id = id;
      result.results.push_back(std::move(t));
    }
  }
  for (runner::TestResult& t : result.results) {
    t.status = runner::TestStatus::kError;
    t.exception.clear();
    t.message = message;
    t.stack_trace.clear();
  }
}

void redact(runner::RunResult& result, const std::vector<std::string>& secrets) {
  for (runner::TestResult& t : result.results) {
    for (std::string* text :
         {&t.message, &t.stack_trace, &t.exception, &t.stdout_text, &t.stderr_text}) {
      for (const std::string& secret : secrets) {
        if (secret.empty()) continue;
        for (size_t at = text->find(secret); at != std::string::npos; at = text->find(secret, at)) {
          text->replace(at, secret.size(), "[redacted]");
        }
      }
    }
  }
}

FallbackRunner::FallbackRunner(std::unique_ptr<runner::JvmRunner> inner, ProjectTree tree,
                               FallbackGuardOptions options)
    : inner_(std::move(inner)), tree_(std::move(tree)), options_(std::move(options)) {}

FallbackRunner::~FallbackRunner() {
  inner_.reset();  // the helper, and all it started, end first
  if (auto s = undo_between_runs(); !s && options_.notice) options_.notice(s.error().message);
  if (options_.store) options_.store->close();
}

Status FallbackRunner::save_baseline() {
  if (!options_.store || saved_) return ok_status();
  if (auto s = options_.store->save(tree_); !s) {
    return Error{"cannot keep the project's baseline for the fallback sandbox: " +
                 s.error().message};
  }
  saved_ = true;
  return ok_status();
}

Result<runner::CompileResult> FallbackRunner::compile(const runner::CompileRequest& request) {
  return inner_->compile(request);
}

Status FallbackRunner::accept_changes(const std::vector<std::string>& paths) {
  saved_ = false;
  return tree_.accept(paths);
}

void FallbackRunner::allow_edits(const std::string& path) {
  fs::path p(path);
  editable_.push_back(
      (p.is_absolute() ? p.lexically_relative(tree_.root()) : p.lexically_normal()).string());
}

// Puts `changes` back; `aside` is set to where what they made is kept.
Status FallbackRunner::undo(const std::vector<TreeChange>& changes, std::string& aside) {
  aside = options_.aside + "/" + std::to_string(++undone_);
  saved_ = false;
  return tree_.restore(changes, aside);
}

// A change found while no test runs: the user's edit of the test file is taken as it is,
// anything else undone and said.
Status FallbackRunner::undo_between_runs() {
  auto changes = tree_.changes();
  if (!changes) return Error{"cannot check the project: " + changes.error().message};
  std::vector<TreeChange> undone;
  std::vector<std::string> edited;
  for (const TreeChange& c : *changes) {
    if (std::find(editable_.begin(), editable_.end(), c.path) != editable_.end()) {
      edited.push_back(c.path);
    } else {
      undone.push_back(c);
    }
  }
  if (!edited.empty()) saved_ = false;
  if (auto s = tree_.accept(edited); !s) return s;
  if (undone.empty()) return ok_status();
  std::string what = describe_changes(undone);
  std::string aside;
  if (auto s = undo(undone, aside); !s) {
    return Error{"the project changed while no test ran (" + what + ") and " + s.error().message};
  }
  if (options_.notice) {
    options_.notice("the project changed while no test ran: " + what +
                    "; put back as it was (what was there is in " + aside +
                    "). A test run earlier may have left a thread or a process behind, or "
                    "another program (an editor, a build) wrote into the project: in fallback "
                    "mode only the test file may be edited during a run");
  }
  return ok_status();
}

Result<runner::RunResult> FallbackRunner::run(const runner::RunRequest& request) {
  if (auto s = undo_between_runs(); !s) return s.error();
  if (auto s = save_baseline(); !s) return s.error();
  if (options_.store) {
    if (auto s = options_.store->begin_run(); !s) return s.error();
  }
  auto result = inner_->run(request);
  if (result) redact(*result, options_.secrets);
  auto changes = tree_.changes();
  if (!changes) return Error{"cannot check the project: " + changes.error().message};
  int strays = result ? result->stray_processes : 0;
  if (changes->empty() && strays == 0) {
    if (options_.store) options_.store->end_run();
    return result;
  }
  std::string why;
  if (!changes->empty()) {
    std::string what = describe_changes(*changes);
    std::string aside;
    if (auto s = undo(*changes, aside); !s) {
      return Error{"the tests changed the project (" + what + ") and " + s.error().message};
    }
    why = "the test changed the project: " + what + " (undone; what it wrote is in " + aside + ")";
  }
  if (options_.store) options_.store->end_run();  // put back: nothing left to recover
  if (strays > 0) {
    why += std::string(why.empty() ? "the test" : "; it") + " left " + std::to_string(strays) +
           " process" + (strays == 1 ? "" : "es") +
           " running that had left the JVM (setsid, a double fork); killed";
  }
  if (!result) return result;
  reject_all(*result, request.tests, why);
  return result;
}

}  // namespace panta::sandbox
