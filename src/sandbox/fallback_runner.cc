#include "sandbox/fallback_runner.h"

#include <utility>

namespace panta::sandbox {

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
                               std::string aside, std::vector<std::string> secrets)
    : inner_(std::move(inner)),
      tree_(std::move(tree)),
      aside_(std::move(aside)),
      secrets_(std::move(secrets)) {}

Result<runner::CompileResult> FallbackRunner::compile(const runner::CompileRequest& request) {
  return inner_->compile(request);
}

Result<runner::RunResult> FallbackRunner::run(const runner::RunRequest& request) {
  if (auto s = tree_.refresh(); !s) return Error{"cannot check the project: " + s.error().message};
  auto result = inner_->run(request);
  if (result) redact(*result, secrets_);
  auto changes = tree_.changes();
  if (!changes) return Error{"cannot check the project: " + changes.error().message};
  if (changes->empty()) return result;
  std::string what = describe_changes(*changes);
  std::string aside = aside_ + "/" + std::to_string(++undone_runs_);
  if (auto s = tree_.restore(*changes, aside); !s) {
    return Error{"the tests changed the project (" + what + ") and " + s.error().message};
  }
  if (!result) return result;
  reject_all(
      *result, request.tests,
      "the test changed the project: " + what + " (undone; what it wrote is in " + aside + ")");
  return result;
}

}  // namespace panta::sandbox
