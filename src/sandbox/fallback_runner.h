#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "runner/jvm_runner.h"
#include "sandbox/project_tree.h"

namespace panta::sandbox {

/// The fallback sandbox's guard around a JVM helper. Before each run of tests the project tree
/// is taken as it is (ProjectTree::refresh), after it compared; on any change the tree is put
/// back (what the tests made or altered is kept below `aside`) and every test of the run is
/// reported as an error "the test changed the project: deleted ...", so the generation loop,
/// which drops failing tests, rejects them. The values of `secrets` are replaced by
/// "[redacted]" in everything the tests report. Compilation is not watched: it runs no project
/// code (annotation processing is off).
class FallbackRunner final : public runner::JvmRunner {
 public:
  /// `aside` is a folder name below which each undone run gets its own numbered folder.
  FallbackRunner(std::unique_ptr<runner::JvmRunner> inner, ProjectTree tree, std::string aside,
                 std::vector<std::string> secrets);
  Result<runner::CompileResult> compile(const runner::CompileRequest& request) override;
  /// Fails (an error, not a result) when the tree cannot be read or not be put back.
  Result<runner::RunResult> run(const runner::RunRequest& request) override;

 private:
  std::unique_ptr<runner::JvmRunner> inner_;
  ProjectTree tree_;
  std::string aside_;
  std::vector<std::string> secrets_;
  int undone_runs_ = 0;
};

/// Marks every test of `result` (or of `tests` when it holds none) as an error with `message`.
void reject_all(runner::RunResult& result, const std::vector<std::string>& tests,
                const std::string& message);

/// Replaces each of `secrets` (non-empty) by "[redacted]" in the texts of every test result.
void redact(runner::RunResult& result, const std::vector<std::string>& secrets);

}  // namespace panta::sandbox
