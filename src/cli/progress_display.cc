#include "cli/progress_display.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace panta::cli {
namespace {

std::string duration(double seconds) {
  long s = std::lround(std::max(seconds, 0.0));
  if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, s % 3600 / 60);
  if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}s", s);
}

std::string cut(const std::string& text, int width) {
  std::string line = text.substr(0, text.find('\n'));
  size_t max = static_cast<size_t>(std::max(width - 1, 10));
  return line.size() <= max ? line : line.substr(0, max - 3) + "...";
}

}  // namespace

ProgressDisplay::ProgressDisplay(Mode mode, size_t classes, size_t workers, std::ostream& out,
                                 std::ostream& err, Elapsed elapsed, Totals totals, int width)
    : mode_(mode),
      classes_(classes),
      out_(out),
      err_(err),
      elapsed_(std::move(elapsed)),
      totals_(std::move(totals)),
      width_(width),
      running_(workers) {}

std::string ProgressDisplay::overall_line() const {
  constexpr size_t kBar = 20;
  size_t filled = classes_ == 0 ? kBar : done_ * kBar / classes_;
  ProgressTotals t = totals_();
  double elapsed = elapsed_();
  std::string left;
  if (done_ > 0 && done_ < classes_) {
    left = ", about " +
           duration(elapsed / static_cast<double>(done_) * static_cast<double>(classes_ - done_)) +
           " left";
  }
  return fmt::format("[{}{}] {}/{} classes, {} tokens{}, {} elapsed{}", std::string(filled, '#'),
                     std::string(kBar - filled, '-'), done_, classes_, t.tokens,
                     t.priced ? fmt::format(", cost {:.4f}", t.cost) : "", duration(elapsed), left);
}

void ProgressDisplay::erase_live() {
  if (drawn_ == 0) return;
  err_ << fmt::format("\x1b[{}F\x1b[J", drawn_);
  drawn_ = 0;
}

void ProgressDisplay::draw_live() {
  for (const std::string& line : running_) {
    if (line.empty()) continue;
    err_ << "  " << cut(line, width_ - 2) << "\n";
    ++drawn_;
  }
  err_ << cut(overall_line(), width_) << "\n";
  ++drawn_;
  err_.flush();
}

void ProgressDisplay::started(size_t worker, const std::string& class_name) {
  std::lock_guard lock(mutex_);
  if (mode_ == Mode::kSequential) {
    if (classes_ > 1) err_ << "panta: " << class_name << "\n";
    return;
  }
  if (mode_ == Mode::kLines) {
    err_ << fmt::format("panta: [{}] started ({} of {} done)\n", class_name, done_, classes_);
    return;
  }
  erase_live();
  running_.at(worker) = class_name + ": starting";
  draw_live();
}

void ProgressDisplay::event(size_t worker, const std::string& class_name, const std::string& line) {
  std::lock_guard lock(mutex_);
  if (mode_ == Mode::kSequential) {
    err_ << line << "\n";
    return;
  }
  if (mode_ == Mode::kLines) {
    err_ << "[" << class_name << "] " << line << "\n";
    return;
  }
  erase_live();
  size_t start = line.find_first_not_of(' ');
  running_.at(worker) = class_name + ": " + (start == std::string::npos ? "" : line.substr(start));
  draw_live();
}

void ProgressDisplay::note(const std::string& line) {
  std::lock_guard lock(mutex_);
  erase_live();
  err_ << line << "\n";
  if (mode_ == Mode::kLive) draw_live();
}

void ProgressDisplay::finished(size_t worker, const std::string& class_name,
                               const std::string& status, const std::string& result) {
  std::lock_guard lock(mutex_);
  ++done_;
  erase_live();
  if (mode_ == Mode::kLive) running_.at(worker).clear();
  out_ << result;
  out_.flush();
  if (mode_ != Mode::kSequential) {
    err_ << fmt::format("panta: [{}] {}; {}\n", class_name, status, overall_line());
  }
  if (mode_ == Mode::kLive) draw_live();
}

void ProgressDisplay::close() {
  std::lock_guard lock(mutex_);
  erase_live();
  err_.flush();
}

}  // namespace panta::cli
