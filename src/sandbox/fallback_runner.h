#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "runner/jvm_runner.h"
#include "sandbox/guard_store.h"
#include "sandbox/project_tree.h"

namespace panta::sandbox {

/// Where the fallback guard puts what it undoes and how it speaks.
struct FallbackGuardOptions {
  /// A folder below which each undone change gets its own numbered folder.
  std::string aside;
  /// Values replaced by "[redacted]" in everything the tests report.
  std::vector<std::string> secrets;
  /// Told, once each, of changes found and undone outside a run of tests.
  std::function<void(const std::string&)> notice;
  /// Where the baseline is kept on disk, saved, for recover_interrupted_run(); none: in memory
  /// only.
  std::optional<GuardStore> store;
};

/// The fallback sandbox's guard around a JVM helper, for a whole command. The project tree as
/// it was when the command began is the baseline; only Panta's own writes (accept_changes)
/// and the user's edits of the test file being written (allow_edits) change it. Before each
/// run of tests, a change found is undone and said (a thread a test left in the JVM, or another
/// program); after it, every process that left the helper's tree is killed, and a change (or
/// such a process) makes every test of the run an error ("the test changed the project:
/// deleted ..."), which the generation loop drops, the change undone. When the guard ends, the
/// helper is stopped and the tree checked once more. What was undone is kept below `aside`.
/// With a store, the baseline (saved again after Panta's own writes) and a marker for the time
/// tests run are kept on disk, so that the next panta puts the project back should this one die
/// during a run.
/// Compilation is not watched: it runs no project code (annotation processing is off).
class FallbackRunner final : public runner::JvmRunner {
 public:
  FallbackRunner(std::unique_ptr<runner::JvmRunner> inner, ProjectTree tree,
                 FallbackGuardOptions options);
  ~FallbackRunner() override;
  FallbackRunner(const FallbackRunner&) = delete;
  FallbackRunner& operator=(const FallbackRunner&) = delete;

  Result<runner::CompileResult> compile(const runner::CompileRequest& request) override;
  /// Fails (an error, not a result) when the tree cannot be read or not be put back.
  Result<runner::RunResult> run(const runner::RunRequest& request) override;
  Status accept_changes(const std::vector<std::string>& paths) override;
  void allow_edits(const std::string& path) override;

 private:
  Status undo_between_runs();
  Status save_baseline();
  Status undo(const std::vector<TreeChange>& changes, std::string& aside);

  std::unique_ptr<runner::JvmRunner> inner_;
  ProjectTree tree_;
  FallbackGuardOptions options_;
  std::vector<std::string> editable_;  // relative to the root
  int undone_ = 0;
  bool saved_ = false;  // the store holds the baseline as it is
};

/// Marks every test of `result` (or of `tests` when it holds none) as an error with `message`.
void reject_all(runner::RunResult& result, const std::vector<std::string>& tests,
                const std::string& message);

/// Replaces each of `secrets` (non-empty) by "[redacted]" in the texts of every test result.
void redact(runner::RunResult& result, const std::vector<std::string>& secrets);

}  // namespace panta::sandbox
