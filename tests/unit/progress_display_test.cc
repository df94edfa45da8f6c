#include "cli/progress_display.h"

#include <gtest/gtest.h>

#include <sstream>

namespace panta::cli {
namespace {

ProgressDisplay make(ProgressDisplay::Mode mode, std::ostringstream& out, std::ostringstream& err) {
  return ProgressDisplay(
      mode, 4, 2, out, err, [] { return 65.0; },
      [] {
        return ProgressTotals{1234, 0.5, true};
      },
      80);
}

TEST(ProgressDisplay, PlainLinesNameTheirClass) {
  std::ostringstream out, err;
  ProgressDisplay d = make(ProgressDisplay::Mode::kLines, out, err);
  d.started(0, "a.A");
  d.started(1, "a.B");
  d.event(1, "a.B", "  iteration 1 of 3");
  d.finished(0, "a.A", "done", "a.A: lines 10% -> 90%\n");
  d.close();
  EXPECT_EQ(out.str(), "a.A: lines 10% -> 90%\n");
  EXPECT_EQ(err.str(),
            "panta: [a.A] started (0 of 4 done)\n"
            "panta: [a.B] started (0 of 4 done)\n"
            "[a.B]   iteration 1 of 3\n"
            "panta: [a.A] done; [#####---------------] 1/4 classes, 1234 tokens, cost 0.5000, "
            "1m05s elapsed, about 3m15s left\n");
  EXPECT_EQ(err.str().find('\x1b'), std::string::npos);  // no terminal codes in a log
}

TEST(ProgressDisplay, SequentialIsTheOldOutput) {
  std::ostringstream out, err;
  ProgressDisplay d = make(ProgressDisplay::Mode::kSequential, out, err);
  d.started(0, "a.A");
  d.event(0, "a.A", "  iteration 1 of 3");
  d.finished(0, "a.A", "done", "result\n");
  EXPECT_EQ(err.str(), "panta: a.A\n  iteration 1 of 3\n");
  EXPECT_EQ(out.str(), "result\n");
}

TEST(ProgressDisplay, LiveRedrawsALinePerRunningClassAndTheBar) {
  std::ostringstream out, err;
  ProgressDisplay d = make(ProgressDisplay::Mode::kLive, out, err);
  d.started(0, "a.A");
  d.event(0, "a.A", "  iteration 2 of 3");
  std::string s = err.str();
  // The first draw: the class line and the bar; the second erases those two lines first.
  EXPECT_NE(s.find("  a.A: starting\n[--------------------] 0/4 classes"), std::string::npos) << s;
  EXPECT_NE(s.find("\x1b[2F\x1b[J  a.A: iteration 2 of 3\n"), std::string::npos) << s;
  d.note("panta: a note");
  d.close();
  s = err.str();
  EXPECT_NE(s.find("\x1b[2F\x1b[Jpanta: a note\n"), std::string::npos) << s;
  EXPECT_TRUE(s.ends_with("\x1b[2F\x1b[J")) << s;  // closing leaves only the log
}

}  // namespace
}  // namespace panta::cli
