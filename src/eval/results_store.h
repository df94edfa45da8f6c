#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/result.h"
#include "eval/cell.h"

struct sqlite3;

namespace panta::eval {

/// The evaluation's results in SQLite (`<spec stem>.sqlite` beside the spec): one row per
/// finished cell, written in one transaction when the cell ends, so an interruption loses only
/// the cells still running. Safe to use from several threads.
class ResultsStore {
 public:
  /// Opens or creates the database. Fails naming the file and SQLite's cause.
  static Result<ResultsStore> open(const std::string& path);
  ResultsStore(ResultsStore&&) noexcept;
  ~ResultsStore();

  /// Every finished cell, in the order they were recorded.
  Result<std::vector<CellResult>> all() const;
  /// Records a finished cell (replacing an earlier row of the same key).
  Status record(const CellResult& cell);
  /// Forgets the cells that failed (for --retry-failed); returns how many.
  Result<int> forget_failed();

 private:
  struct Close {
    void operator()(sqlite3* db) const;
  };
  ResultsStore(std::string path, sqlite3* db);
  std::string path_;
  std::unique_ptr<sqlite3, Close> db_;
  std::unique_ptr<std::mutex> lock_;
};

}  // namespace panta::eval
