#include <sqlite3.h>

#include <cerrno>
#include <filesystem>

#include "core/errno_text.h"
#include "core/sha256.h"
#include "llm/journal.h"

namespace panta::llm {
namespace {

struct Finalize {
  void operator()(sqlite3_stmt* statement) const { sqlite3_finalize(statement); }
};
using Statement = std::unique_ptr<sqlite3_stmt, Finalize>;

constexpr const char* kCreate =
    "CREATE TABLE IF NOT EXISTS exchanges(prompt_hash TEXT, prompt TEXT, answer TEXT, "
    "prompt_tokens INT, completion_tokens INT, kind TEXT, seq INT);"
    "CREATE TABLE IF NOT EXISTS runs(id INTEGER PRIMARY KEY, class TEXT, strategy TEXT, "
    "llm TEXT, test_file TEXT, settings TEXT, status TEXT, started TEXT, updated TEXT);"
    "CREATE TABLE IF NOT EXISTS iterations(run_id INT, n INT, line_coverage REAL, "
    "branch_coverage REAL, state TEXT, PRIMARY KEY(run_id, n));"
    "CREATE TABLE IF NOT EXISTS events(run_id INT, iteration INT, message TEXT, at TEXT)";
constexpr const char* kInsert =
    "INSERT INTO exchanges(prompt_hash, prompt, answer, prompt_tokens, completion_tokens, kind, "
    "seq, run_id, iteration) SELECT ?1, ?2, ?3, ?4, ?5, ?6, COALESCE(MAX(seq), 0) + 1, ?7, ?8 "
    "FROM exchanges";
constexpr const char* kEntryColumns =
    "SELECT seq, prompt_hash, prompt, answer, prompt_tokens, completion_tokens, kind FROM "
    "exchanges WHERE ";

// SQLite's message, with the system's cause when a system call failed ("database or disk is
// full (no space left on device)").
std::string sqlite_cause(sqlite3* db) {
  if (db == nullptr) return "out of memory";
  std::string cause = sqlite3_errmsg(db);
  int code = sqlite3_errcode(db) & 0xff;
  bool system = code == SQLITE_FULL || code == SQLITE_IOERR || code == SQLITE_CANTOPEN ||
                code == SQLITE_READONLY;
  if (system && sqlite3_system_errno(db) != 0) {
    cause += " (" + errno_text(sqlite3_system_errno(db)) + ")";
  } else if (code == SQLITE_FULL) {
    // The unix VFS forgets ENOSPC when it turns it into SQLITE_FULL; Panta sets no page limit.
    cause += " (" + errno_text(ENOSPC) + ")";
  }
  return cause;
}

Error sqlite_error(const std::string& path, sqlite3* db, std::string_view doing) {
  return Error{"journal " + path + ": " + std::string(doing) + ": " + sqlite_cause(db)};
}

bool is_damage(int rc) {
  rc &= 0xff;
  return rc == SQLITE_CORRUPT || rc == SQLITE_NOTADB;
}

Error damaged(const std::string& path, std::string_view detail) {
  std::error_code ec;
  std::string wal = path + "-wal";
  std::string also = std::filesystem::exists(wal, ec)
                         ? " and mv " + wal + " " + path + ".damaged-wal"
                         : std::string();
  return Error{"journal " + path + " is damaged (" + std::string(detail) +
               "); nothing was sent to a model. Move it aside to start a new journal (the runs "
               "it holds can then not be resumed): mv " +
               path + " " + path + ".damaged" + also};
}

Result<Statement> prepare(sqlite3* db, const std::string& path, const std::string& sql) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
    return sqlite_error(path, db, "cannot read its tables");
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

bool has_column(sqlite3* db, const char* table, std::string_view column) {
  sqlite3_stmt* raw = nullptr;
  std::string sql = std::string("PRAGMA table_info(") + table + ")";
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) return false;
  Statement statement(raw);
  while (sqlite3_step(raw) == SQLITE_ROW) {
    if (column_text(raw, 1) == column) return true;
  }
  return false;
}

// Journals from before runs existed have exchanges without run and iteration columns.
bool upgrade(sqlite3* db) {
  for (const char* column : {"run_id", "iteration"}) {
    if (has_column(db, "exchanges", column)) continue;
    std::string sql = std::string("ALTER TABLE exchanges ADD COLUMN ") + column + " INT";
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) return false;
  }
  return true;
}

// PRAGMA quick_check: the whole file's structure, without comparing indexes to their tables.
Status check_integrity(sqlite3* db, const std::string& path) {
  sqlite3_stmt* raw = nullptr;
  int rc = sqlite3_prepare_v2(db, "PRAGMA quick_check(1)", -1, &raw, nullptr);
  Statement statement(raw);
  if (rc == SQLITE_OK) rc = sqlite3_step(raw);
  if (rc == SQLITE_ROW) {
    std::string verdict = column_text(raw, 0);
    if (verdict == "ok") return ok_status();
    return damaged(path, verdict);
  }
  if (is_damage(rc)) return damaged(path, sqlite3_errmsg(db));
  return sqlite_error(path, db, "cannot check it");
}

}  // namespace

void Journal::Close::operator()(sqlite3* db) const {
  // Back to a single file (the write-ahead log folded in) for copying and read-only replay;
  // harmless on a read-only connection or while another process still has the file open.
  if (!sqlite3_db_readonly(db, "main")) {
    sqlite3_exec(db, "PRAGMA journal_mode=DELETE", nullptr, nullptr, nullptr);
  }
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
  std::error_code ec;
  bool is_new = std::filesystem::file_size(path, ec) == 0 || ec;
  if (mode == Mode::kWrite && !is_new) {
    if (auto s = check_integrity(raw, path); !s) return s.error();
  }
  // SQLite opens a file it cannot write read-only; a run would then fail at its first record.
  if (mode == Mode::kWrite && sqlite3_db_readonly(raw, "main") == 1) {
    return Error{"journal " + path +
                 ": cannot write it (the file or its file system is read-only)"};
  }
  if (mode == Mode::kWrite && sqlite3_exec(raw, kCreate, nullptr, nullptr, nullptr) != SQLITE_OK) {
    if (is_damage(sqlite3_errcode(raw))) return damaged(path, sqlite3_errmsg(raw));
    return sqlite_error(path, raw, "cannot create its tables");
  }
  // Write-ahead logging with NORMAL sync: a commit (one per exchange, iteration or progress
  // line) costs no fsync, and the file stays consistent through a crash.
  if (mode == Mode::kWrite) {
    sqlite3_exec(raw, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL", nullptr, nullptr,
                 nullptr);
  }
  if (mode == Mode::kWrite && !upgrade(raw)) {
    return sqlite_error(
        path, raw,
        is_new ? "cannot create its tables" : "cannot add the run columns to an older journal");
  }
  Journal journal(path, std::move(db));
  if (mode == Mode::kRead) {
    auto probe = prepare(raw, path, "SELECT seq FROM exchanges LIMIT 1");
    if (!probe.ok()) return probe.error();
  }
  return journal;
}

Status Journal::check() const {
  if (!failure_) return ok_status();
  return Error{failure_->message +
               "; the journal takes no more writes, so the run stops before the next model call "
               "(make room or make it writable, then go on with --resume)"};
}

Status Journal::fail(Error error) {
  if (!failure_) failure_ = error;
  return error;
}

Status Journal::write(sqlite3_stmt* statement, std::string_view doing) {
  if (sqlite3_step(statement) == SQLITE_DONE) return ok_status();
  return fail(sqlite_error(path_, db_.get(), doing));
}

Status Journal::record(const Prompt& prompt, const Completion& completion) {
  if (failure_) return *failure_;
  auto statement = prepare(db_.get(), path_, kInsert);
  if (!statement.ok()) return fail(statement.error());
  sqlite3_stmt* s = statement->get();
  std::string text = render_prompt(prompt);
  bind_text(s, 1, sha256_hex(text));
  bind_text(s, 2, text);
  bind_text(s, 3, completion.text);
  sqlite3_bind_int64(s, 4, completion.prompt_tokens);
  sqlite3_bind_int64(s, 5, completion.completion_tokens);
  bind_text(s, 6, prompt.kind);
  if (run_id_ > 0) {
    sqlite3_bind_int64(s, 7, run_id_);
    sqlite3_bind_int(s, 8, iteration_);
  }
  return write(s, "cannot record an exchange");
}

Status Journal::note(std::string_view message) {
  if (failure_) return *failure_;
  auto statement = prepare(db_.get(), path_,
                           "INSERT INTO events(run_id, iteration, message, at) "
                           "VALUES (?1, ?2, ?3, datetime('now'))");
  if (!statement.ok()) return fail(statement.error());
  sqlite3_stmt* s = statement->get();
  sqlite3_bind_int64(s, 1, run_id_);
  sqlite3_bind_int(s, 2, iteration_);
  bind_text(s, 3, message);
  return write(s, "cannot keep a progress line");
}

Result<std::vector<std::string>> Journal::notes(int64_t run_id) const {
  auto statement =
      prepare(db_.get(), path_, "SELECT message FROM events WHERE run_id = ?1 ORDER BY rowid");
  if (!statement.ok()) return statement.error();
  sqlite3_stmt* s = statement->get();
  sqlite3_bind_int64(s, 1, run_id);
  std::vector<std::string> out;
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) out.push_back(column_text(s, 0));
  if (rc != SQLITE_DONE) return sqlite_error(path_, db_.get(), "cannot read the events");
  return out;
}

Result<int64_t> Journal::begin_run(const RunRecord& run) {
  if (failure_) return *failure_;
  auto statement = prepare(
      db_.get(), path_,
      "INSERT INTO runs(class, strategy, llm, test_file, settings, status, started, updated) "
      "VALUES (?1, ?2, ?3, ?4, ?5, 'running', datetime('now'), datetime('now'))");
  if (!statement.ok()) return fail(statement.error()).error();
  sqlite3_stmt* s = statement->get();
  bind_text(s, 1, run.class_name);
  bind_text(s, 2, run.strategy);
  bind_text(s, 3, run.llm);
  bind_text(s, 4, run.test_file);
  bind_text(s, 5, run.settings);
  if (auto w = write(s, "cannot start a run"); !w) return w.error();
  return static_cast<int64_t>(sqlite3_last_insert_rowid(db_.get()));
}

Status Journal::set_run_status(int64_t run_id, std::string_view status) {
  if (failure_) return *failure_;
  auto statement = prepare(db_.get(), path_,
                           "UPDATE runs SET status = ?1, updated = datetime('now') WHERE id = ?2");
  if (!statement.ok()) return fail(statement.error());
  bind_text(statement->get(), 1, status);
  sqlite3_bind_int64(statement->get(), 2, run_id);
  return write(statement->get(), "cannot update a run");
}

Status Journal::record_iteration(int64_t run_id, const IterationRecord& it) {
  if (failure_) return *failure_;
  auto statement = prepare(db_.get(), path_,
                           "INSERT OR REPLACE INTO iterations(run_id, n, line_coverage, "
                           "branch_coverage, state) VALUES (?1, ?2, ?3, ?4, ?5)");
  if (!statement.ok()) return fail(statement.error());
  sqlite3_stmt* s = statement->get();
  sqlite3_bind_int64(s, 1, run_id);
  sqlite3_bind_int(s, 2, it.n);
  sqlite3_bind_double(s, 3, it.line_coverage);
  sqlite3_bind_double(s, 4, it.branch_coverage);
  bind_text(s, 5, it.state);
  return write(s, "cannot record an iteration");
}

Result<std::optional<RunRecord>> Journal::last_run(std::string_view class_name) const {
  auto statement = prepare(db_.get(), path_,
                           "SELECT id, class, strategy, llm, test_file, settings, status FROM runs "
                           "WHERE class = ?1 ORDER BY id DESC LIMIT 1");
  if (!statement.ok()) return statement.error();
  sqlite3_stmt* s = statement->get();
  bind_text(s, 1, class_name);
  int rc = sqlite3_step(s);
  if (rc == SQLITE_DONE) return std::optional<RunRecord>();
  if (rc != SQLITE_ROW) return sqlite_error(path_, db_.get(), "cannot read the runs");
  RunRecord run;
  run.id = sqlite3_column_int64(s, 0);
  run.class_name = column_text(s, 1);
  run.strategy = column_text(s, 2);
  run.llm = column_text(s, 3);
  run.test_file = column_text(s, 4);
  run.settings = column_text(s, 5);
  run.status = column_text(s, 6);
  return std::optional<RunRecord>(std::move(run));
}

Result<std::vector<IterationRecord>> Journal::iterations(int64_t run_id) const {
  auto statement = prepare(db_.get(), path_,
                           "SELECT n, line_coverage, branch_coverage, state FROM iterations "
                           "WHERE run_id = ?1 ORDER BY n");
  if (!statement.ok()) return statement.error();
  sqlite3_stmt* s = statement->get();
  sqlite3_bind_int64(s, 1, run_id);
  std::vector<IterationRecord> out;
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    IterationRecord& it = out.emplace_back();
    it.n = sqlite3_column_int(s, 0);
    it.line_coverage = sqlite3_column_double(s, 1);
    it.branch_coverage = sqlite3_column_double(s, 2);
    it.state = column_text(s, 3);
  }
  if (rc != SQLITE_DONE) return sqlite_error(path_, db_.get(), "cannot read the iterations");
  return out;
}

Result<std::vector<JournalEntry>> Journal::exchanges_after(int64_t run_id, int iteration) const {
  return select("run_id = ?1 AND iteration > ?2",
                {std::to_string(run_id), std::to_string(iteration)});
}

Result<std::vector<JournalEntry>> Journal::find(std::string_view prompt_hash) const {
  return select("prompt_hash = ?1", {std::string(prompt_hash)});
}

Result<std::vector<JournalEntry>> Journal::of_kind(std::string_view kind) const {
  return select("kind = ?1", {std::string(kind)});
}

Result<std::vector<JournalEntry>> Journal::select(const std::string& where,
                                                  const std::vector<std::string>& values) const {
  auto statement = prepare(db_.get(), path_, kEntryColumns + where + " ORDER BY seq");
  if (!statement.ok()) return statement.error();
  sqlite3_stmt* s = statement->get();
  for (size_t i = 0; i < values.size(); ++i) bind_text(s, static_cast<int>(i + 1), values[i]);
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
