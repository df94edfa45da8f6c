#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "llm/llm_client.h"

struct sqlite3;

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

/// The record of a run's LLM exchanges: a SQLite file with the table
///   exchanges(prompt_hash TEXT, prompt TEXT, answer TEXT, prompt_tokens INT,
///             completion_tokens INT, kind TEXT, seq INT).
/// Owns its connection; not thread-safe.
class Journal {
 public:
  enum class Mode { kRead, kWrite };

  /// Opens the journal at `path`. kWrite creates the file and table when missing; kRead fails
  /// when the file does not exist or has no exchanges table.
  static Result<Journal> open(const std::string& path, Mode mode);

  /// Appends an exchange with the next seq.
  Status record(const Prompt& prompt, const Completion& completion);
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
  Result<std::vector<JournalEntry>> select(const char* where, std::string_view value) const;

  std::string path_;
  std::unique_ptr<sqlite3, Close> db_;
};

}  // namespace panta::llm
