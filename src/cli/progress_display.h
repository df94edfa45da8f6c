#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

namespace panta::cli {

/// Totals the overall line shows.
struct ProgressTotals {
  int64_t tokens = 0;
  double cost = 0;
  bool priced = false;  ///< a price was given, so the cost means something
};

/// The one place `panta generate` reports progress on stderr (and the classes' results on
/// stdout), from any number of worker threads. Thread-safe.
///  - kSequential: one class at a time, as Panta always printed it: a "panta: CLASS" line
///    before each class of several, then its progress lines.
///  - kLines (several at once, stderr not a terminal, as in CI logs): every progress line with
///    its class in brackets, a line when a class starts and when it ends with the totals.
///  - kLive (several at once on a terminal): a line per running class with its latest news and
///    an overall bar (classes done of all, tokens, cost, elapsed, estimate) redrawn in place;
///    notes and results are printed above it.
class ProgressDisplay {
 public:
  enum class Mode { kSequential, kLines, kLive };
  using Elapsed = std::function<double()>;  ///< seconds since the run began
  using Totals = std::function<ProgressTotals()>;

  /// `out` gets the results, `err` the rest; `workers` lines are kept for kLive, cut to `width`.
  ProgressDisplay(Mode mode, size_t classes, size_t workers, std::ostream& out, std::ostream& err,
                  Elapsed elapsed, Totals totals, int width = 100);

  void started(size_t worker, const std::string& class_name);
  /// A progress line of the class `worker` runs.
  void event(size_t worker, const std::string& class_name, const std::string& line);
  /// A line to keep in the log as it is ("panta: ...").
  void note(const std::string& line);
  /// The class's one-line result (stdout; "" for none) and its status.
  void finished(size_t worker, const std::string& class_name, const std::string& status,
                const std::string& result);
  /// Clears the live lines, leaving the log above them.
  void close();

  /// "[#####-----] 3/8 classes, 12345 tokens, cost 0.0123, 1m05s elapsed, about 2m10s left"
  std::string overall_line() const;

 private:
  void erase_live();
  void draw_live();

  Mode mode_;
  size_t classes_;
  size_t done_ = 0;
  std::ostream& out_;
  std::ostream& err_;
  Elapsed elapsed_;
  Totals totals_;
  int width_;
  std::vector<std::string> running_;  // per worker: "Class: latest line", "" when idle
  size_t drawn_ = 0;                  // live lines on screen now
  mutable std::mutex mutex_;
};

}  // namespace panta::cli
