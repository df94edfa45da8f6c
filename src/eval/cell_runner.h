#pragma once

#include <string>
#include <vector>

#include "eval/cell.h"
#include "eval/eval_spec.h"
#include "eval/mutation_measure.h"

namespace panta::eval {

/// Runs one cell of the evaluation and measures it.
class CellRunner {
 public:
  virtual ~CellRunner() = default;
  /// The finished cell ("done" or "failed"), or nullopt when it was interrupted (Ctrl-C twice):
  /// then nothing of it is kept and a later `panta eval` runs it again.
  virtual std::optional<CellResult> run(const CellKey& key, const Subject& subject) = 0;
  /// A finished cell with its mutation score measured now, when it has none, its scratch copy
  /// was kept and no mutation run was tried on it (the panta of its run had no `mutate`);
  /// nullopt when there is nothing to measure again.
  virtual std::optional<CellResult> measure_again(const CellResult& /*cell*/,
                                                  const Subject& /*subject*/) {
    return std::nullopt;
  }
};

/// The real runner: copies the subject into a scratch folder (without `.panta`, `target` and
/// `.git`), removes the class's test file when the spec says so, runs `panta generate` as a
/// child process (its own process group and keeper: a crash or hang of one cell cannot take
/// eval down, and everything it started ends with it) with `--report`, reads the report, and
/// asks `mutation` (when given) for the mutation score of the final test file.
class GenerateProcessRunner : public CellRunner {
 public:
  /// `spec` and `mutation` outlive the runner; `mutation` may be null ("not measured").
  GenerateProcessRunner(const EvalSpec& spec, std::string panta_binary, MutationMeasure* mutation,
                        std::string no_mutation_reason);
  std::optional<CellResult> run(const CellKey& key, const Subject& subject) override;
  std::optional<CellResult> measure_again(const CellResult& cell, const Subject& subject) override;

  /// The cell's folder under the spec's work_dir: `<subject>/<class>/<strategy>/m<k>/r<n>`.
  std::string cell_dir(const CellKey& key) const;
  /// The `panta generate` flags that point it at a subject copied to `scratch`.
  static std::vector<std::string> project_args(const Subject& subject, const std::string& scratch);
  /// The test files of `class_name` (FooTest, FooTests, FooTestCase, TestFoo) that exist in
  /// the copy's test folder.
  static std::vector<std::string> existing_test_files(const Subject& subject,
                                                      const std::string& scratch,
                                                      const std::string& class_name);

 private:
  std::vector<std::string> generate_argv(const CellKey& key, const Subject& subject,
                                         const std::string& scratch,
                                         const std::string& report) const;
  void measure_mutation(const CellKey& key, const Subject& subject, const std::string& scratch,
                        CellMetrics& metrics) const;
  /// With the fixed version of the class in the copy: its kept tests that fail (the bug pinned)
  /// and its confirmed reproducers that pass (revealed) or still fail (false alarms).
  void measure_fixed(const CellKey& key, const Subject& subject, const std::string& scratch,
                     CellMetrics& metrics) const;

  const EvalSpec* spec_;
  std::string panta_;
  MutationMeasure* mutation_;
  std::string no_mutation_reason_;
};

/// The real mutation measure: `panta mutate --class C --test T --format json` (issue 13; PIT)
/// on the cell's copy as a child process, with the project flags the cell's generate had and
/// `extra_args` (the spec's --sandbox, --heap, --test-timeout); its stderr goes to the target's
/// log. Fails with the command's last words when it gives no JSON.
class MutateProcessMeasure : public MutationMeasure {
 public:
  MutateProcessMeasure(std::string panta_binary, std::vector<std::string> extra_args);
  Result<MutationFigures> measure(const MutationTarget& target) override;

 private:
  std::string panta_;
  std::vector<std::string> extra_args_;
};

/// The flags of `generate_args` that `panta mutate` takes too (--sandbox, --heap,
/// --test-timeout), with their values.
std::vector<std::string> mutate_flags(const std::vector<std::string>& generate_args);

/// Reads `panta generate --report` output into metrics (mutation left unmeasured); fails
/// naming the file when it is missing or not a report of one class.
Result<CellMetrics> metrics_from_report(const std::string& report_path);

}  // namespace panta::eval
