// The one file of eval that calls SQLite.
#include <sqlite3.h>

#include "eval/results_store.h"

namespace panta::eval {
namespace {

struct Finalize {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Statement = std::unique_ptr<sqlite3_stmt, Finalize>;

constexpr const char* kSchema =
    "CREATE TABLE IF NOT EXISTS cells ("
    " subject TEXT NOT NULL, class TEXT NOT NULL, strategy TEXT NOT NULL, llm TEXT NOT NULL,"
    " repeat INTEGER NOT NULL, status TEXT NOT NULL, metrics TEXT NOT NULL, error TEXT NOT NULL,"
    " finished_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),"
    " PRIMARY KEY (subject, class, strategy, llm, repeat))";

Error failure(const std::string& path, sqlite3* db, const std::string& doing) {
  return Error{path + ": " + doing + ": " + (db != nullptr ? sqlite3_errmsg(db) : "out of memory")};
}

std::string text_at(sqlite3_stmt* s, int column) {
  const auto* t = sqlite3_column_text(s, column);
  return t == nullptr ? "" : std::string(reinterpret_cast<const char*>(t));
}

void bind_text(sqlite3_stmt* s, int index, const std::string& text) {
  sqlite3_bind_text(s, index, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

}  // namespace

void ResultsStore::Close::operator()(sqlite3* db) const {
  sqlite3_close(db);
}

ResultsStore::ResultsStore(std::string path, sqlite3* db)
    : path_(std::move(path)), db_(db), lock_(std::make_unique<std::mutex>()) {}
ResultsStore::ResultsStore(ResultsStore&&) noexcept = default;
ResultsStore::~ResultsStore() = default;

Result<ResultsStore> ResultsStore::open(const std::string& path) {
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  ResultsStore store(path, raw);
  if (rc != SQLITE_OK) return failure(path, raw, "cannot open the results database");
  sqlite3_busy_timeout(raw, 10000);
  char* message = nullptr;
  if (sqlite3_exec(raw, kSchema, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string why = message != nullptr ? message : "unknown error";
    sqlite3_free(message);
    return Error{path + ": not a results database of panta eval: " + why};
  }
  return store;
}

Result<std::vector<CellResult>> ResultsStore::all() const {
  std::lock_guard<std::mutex> hold(*lock_);
  sqlite3_stmt* raw = nullptr;
  const char* sql =
      "SELECT subject, class, strategy, llm, repeat, status, metrics, error FROM cells "
      "ORDER BY rowid";
  if (sqlite3_prepare_v2(db_.get(), sql, -1, &raw, nullptr) != SQLITE_OK) {
    return failure(path_, db_.get(), "cannot read the results");
  }
  Statement s(raw);
  std::vector<CellResult> out;
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
    CellResult c;
    c.key = {text_at(raw, 0), text_at(raw, 1), text_at(raw, 2), text_at(raw, 3),
             sqlite3_column_int(raw, 4)};
    c.status = text_at(raw, 5);
    c.metrics = metrics_from_json(nlohmann::json::parse(text_at(raw, 6), nullptr, false));
    c.error = text_at(raw, 7);
    out.push_back(std::move(c));
  }
  if (rc != SQLITE_DONE) return failure(path_, db_.get(), "cannot read the results");
  return out;
}

Status ResultsStore::record(const CellResult& cell) {
  std::lock_guard<std::mutex> hold(*lock_);
  sqlite3_stmt* raw = nullptr;
  const char* sql =
      "INSERT OR REPLACE INTO cells (subject, class, strategy, llm, repeat, status, metrics, "
      "error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
  if (sqlite3_prepare_v2(db_.get(), sql, -1, &raw, nullptr) != SQLITE_OK) {
    return failure(path_, db_.get(), "cannot record a result");
  }
  Statement s(raw);
  bind_text(raw, 1, cell.key.subject);
  bind_text(raw, 2, cell.key.class_name);
  bind_text(raw, 3, cell.key.strategy);
  bind_text(raw, 4, cell.key.llm);
  sqlite3_bind_int(raw, 5, cell.key.repeat);
  bind_text(raw, 6, cell.status);
  bind_text(raw, 7, metrics_json(cell.metrics).dump());
  bind_text(raw, 8, cell.error);
  if (sqlite3_step(raw) != SQLITE_DONE) return failure(path_, db_.get(), "cannot record a result");
  return ok_status();
}

Result<int> ResultsStore::forget_failed() {
  std::lock_guard<std::mutex> hold(*lock_);
  if (sqlite3_exec(db_.get(), "DELETE FROM cells WHERE status = 'failed'", nullptr, nullptr,
                   nullptr) != SQLITE_OK) {
    return failure(path_, db_.get(), "cannot forget the failed cells");
  }
  return sqlite3_changes(db_.get());
}

}  // namespace panta::eval
