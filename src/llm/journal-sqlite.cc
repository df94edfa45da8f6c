#include <sqlite3.h>

#include <filesystem>

#include "llm/journal.h"
#include "llm/prompt_hash.h"

namespace panta::llm {
namespace {

struct Finalize {
  void operator()(sqlite3_stmt* statement) const { sqlite3_finalize(statement); }
};
using Statement = std::unique_ptr<sqlite3_stmt, Finalize>;

constexpr const char* kCreate =
    "CREATE TABLE IF NOT EXISTS exchanges(prompt_hash TEXT, prompt TEXT, answer TEXT, "
    "prompt_tokens INT, completion_tokens INT, kind TEXT, seq INT)";
constexpr const char* kInsert =
    "INSERT INTO exchanges(prompt_hash, prompt, answer, prompt_tokens, completion_tokens, kind, "
    "seq) SELECT ?1, ?2, ?3, ?4, ?5, ?6, COALESCE(MAX(seq), 0) + 1 FROM exchanges";

Error sqlite_error(const std::string& path, sqlite3* db, std::string_view doing) {
  return Error{"journal " + path + ": " + std::string(doing) + ": " +
               (db != nullptr ? sqlite3_errmsg(db) : "out of memory")};
}

Result<Statement> prepare(sqlite3* db, const std::string& path, const std::string& sql) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
    return sqlite_error(path, db, "cannot read the exchanges table");
  }
  return Statement(raw);
}

void bind_text(sqlite3_stmt* statement, int index, std::string_view text) {
  sqlite3_bind_text(statement, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

std::string column_text(sqlite3_stmt* statement, int column) {
  const auto* text = sqlite3_column_text(statement, column);
  if (text == nullptr) return "";
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<size_t>(sqlite3_column_bytes(statement, column)));
}

}  // namespace

void Journal::Close::operator()(sqlite3* db) const {
  sqlite3_close(db);
}

Result<Journal> Journal::open(const std::string& path, Mode mode) {
  if (mode == Mode::kRead && !std::filesystem::exists(path)) {
    return Error{"journal " + path + ": no such file"};
  }
  int flags =
      mode == Mode::kRead ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  std::unique_ptr<sqlite3, Close> db(raw);
  if (rc != SQLITE_OK) return sqlite_error(path, raw, "cannot open");
  sqlite3_busy_timeout(raw, 5000);
  if (mode == Mode::kWrite && sqlite3_exec(raw, kCreate, nullptr, nullptr, nullptr) != SQLITE_OK) {
    return sqlite_error(path, raw, "cannot create the exchanges table");
  }
  Journal journal(path, std::move(db));
  if (mode == Mode::kRead) {
    auto probe = prepare(raw, path, "SELECT seq FROM exchanges LIMIT 1");
    if (!probe.ok()) return probe.error();
  }
  return journal;
}

Status Journal::record(const Prompt& prompt, const Completion& completion) {
  auto statement = prepare(db_.get(), path_, kInsert);
  if (!statement.ok()) return statement.error();
  sqlite3_stmt* s = statement->get();
  std::string text = render_prompt(prompt);
  bind_text(s, 1, sha256_hex(text));
  bind_text(s, 2, text);
  bind_text(s, 3, completion.text);
  sqlite3_bind_int64(s, 4, completion.prompt_tokens);
  sqlite3_bind_int64(s, 5, completion.completion_tokens);
  bind_text(s, 6, prompt.kind);
  if (sqlite3_step(s) != SQLITE_DONE) return sqlite_error(path_, db_.get(), "cannot record");
  return ok_status();
}

Result<std::vector<JournalEntry>> Journal::find(std::string_view prompt_hash) const {
  return select("prompt_hash", prompt_hash);
}

Result<std::vector<JournalEntry>> Journal::of_kind(std::string_view kind) const {
  return select("kind", kind);
}

Result<std::vector<JournalEntry>> Journal::select(const char* where, std::string_view value) const {
  auto statement = prepare(db_.get(), path_,
                           std::string("SELECT seq, prompt_hash, prompt, answer, prompt_tokens, "
                                       "completion_tokens, kind FROM exchanges WHERE ") +
                               where + " = ?1 ORDER BY seq");
  if (!statement.ok()) return statement.error();
  sqlite3_stmt* s = statement->get();
  bind_text(s, 1, value);
  std::vector<JournalEntry> entries;
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    JournalEntry& e = entries.emplace_back();
    e.seq = sqlite3_column_int64(s, 0);
    e.prompt_hash = column_text(s, 1);
    e.prompt = column_text(s, 2);
    e.answer = column_text(s, 3);
    e.prompt_tokens = sqlite3_column_int64(s, 4);
    e.completion_tokens = sqlite3_column_int64(s, 5);
    e.kind = column_text(s, 6);
  }
  if (rc != SQLITE_DONE) return sqlite_error(path_, db_.get(), "cannot read");
  return entries;
}

}  // namespace panta::llm
