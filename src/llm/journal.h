#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "llm/llm_client.h"

struct sqlite3;
struct sqlite3_stmt;

namespace panta::llm {

/// One recorded exchange: the rendered prompt (see render_prompt), its SHA-256 and the answer.
struct JournalEntry {
  int64_t seq = 0;  ///< 1, 2, ... in recording order.
  std::string prompt_hash;
  std::string prompt;
  std::string answer;
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
  std::string kind;
};

/// One `panta generate` run of one class, as the journal keeps it for --resume.
struct RunRecord {
  int64_t id = 0;
  std::string class_name;
  std::string strategy;
  std::string llm;        ///< The --llm spec (never a key: keys come from the environment).
  std::string test_file;  ///< The test file the run writes.
  std::string settings;   ///< JSON: the loop's limits, as the engine resolved them.
  std::string status;     ///< "running", "interrupted", "failed" or "done".
};

/// What the journal keeps of one finished iteration of a run.
struct IterationRecord {
  int n = 0;
  double line_coverage = 0;
  double branch_coverage = 0;
  std::string state;  ///< JSON: the engine's state after the iteration, enough to go on from it.
};

/// The record of Panta's runs: a SQLite file with the tables
///   exchanges(prompt_hash TEXT, prompt TEXT, answer TEXT, prompt_tokens INT,
///             completion_tokens INT, kind TEXT, seq INT, run_id INT, iteration INT)
///   runs(id INTEGER PRIMARY KEY, class TEXT, strategy TEXT, llm TEXT, test_file TEXT,
///        settings TEXT, status TEXT, started TEXT, updated TEXT)
///   iterations(run_id INT, n INT, line_coverage REAL, branch_coverage REAL, state TEXT)
///   events(run_id INT, iteration INT, message TEXT, at TEXT)
/// Journals written before runs existed (exchanges only) are upgraded when opened for writing.
/// The first write that fails (a full disk, a read-only file) leaves the journal failed: every
/// later write returns that first error without trying, and check() reports it, so the caller
/// can stop before it pays for a model call whose answer could not be kept.
/// Owns its connection; not thread-safe.
class Journal {
 public:
  enum class Mode { kRead, kWrite };

  /// Opens the journal at `path`. kWrite creates the file and table when missing, and checks an
  /// existing file's integrity first (PRAGMA quick_check, which reads the whole file): a damaged
  /// one fails, naming the file and how to move it aside. kRead fails when the file does not
  /// exist or has no exchanges table.
  static Result<Journal> open(const std::string& path, Mode mode);

  /// The first write that failed, naming the file and the cause (with errno's, such as "no
  /// space left on device"), or ok while every write has succeeded. Call it before each model
  /// call: nothing can be recorded once it fails.
  Status check() const;

  /// Appends an exchange with the next seq, tagged with the current run and iteration.
  Status record(const Prompt& prompt, const Completion& completion);
  /// The run and iteration that record() tags exchanges with from now on (0, 0: none).
  void set_context(int64_t run_id, int iteration) {
    run_id_ = run_id;
    iteration_ = iteration;
  }

  /// Keeps a progress line (a model error, a retry, a dropped test...) under the current run
  /// and iteration.
  Status note(std::string_view message);
  /// The notes of a run, oldest first.
  Result<std::vector<std::string>> notes(int64_t run_id) const;

  /// Starts a run (status "running") and returns its id.
  Result<int64_t> begin_run(const RunRecord& run);
  Status set_run_status(int64_t run_id, std::string_view status);
  /// Keeps an iteration of a run; a second record of the same n replaces the first.
  Status record_iteration(int64_t run_id, const IterationRecord& iteration);
  /// The newest run of this class, if any.
  Result<std::optional<RunRecord>> last_run(std::string_view class_name) const;
  /// The iterations kept for a run, by n.
  Result<std::vector<IterationRecord>> iterations(int64_t run_id) const;
  /// The exchanges of a run tagged with an iteration after `iteration`, by seq.
  Result<std::vector<JournalEntry>> exchanges_after(int64_t run_id, int iteration) const;
  /// The exchanges whose prompt has this hash, by seq.
  Result<std::vector<JournalEntry>> find(std::string_view prompt_hash) const;
  /// The exchanges of this prompt kind ("generate", "repair"), by seq.
  Result<std::vector<JournalEntry>> of_kind(std::string_view kind) const;

  const std::string& path() const { return path_; }

 private:
  struct Close {
    void operator()(sqlite3* db) const;
  };
  Journal(std::string path, std::unique_ptr<sqlite3, Close> db)
      : path_(std::move(path)), db_(std::move(db)) {}
  Result<std::vector<JournalEntry>> select(const std::string& where,
                                           const std::vector<std::string>& values) const;

  // Runs a write statement; a failure is kept as the journal's first failure.
  Status write(sqlite3_stmt* statement, std::string_view doing);
  Status fail(Error error);

  std::string path_;
  std::unique_ptr<sqlite3, Close> db_;
  std::optional<Error> failure_;  // the first write that failed
  int64_t run_id_ = 0;
  int iteration_ = 0;
};

}  // namespace panta::llm
