#include "process/subprocess.h"

#include <gtest/gtest.h>

namespace panta::process {
namespace {

using namespace std::chrono_literals;

TEST(Subprocess, RunCapturesOutputAndExitCode) {
  auto r = run({{"sh", "-c", "echo out; echo err >&2; exit 3"}, "", {}, ""}, 10s);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->exit_code, 3);
  EXPECT_EQ(r->out, "out\n");
  EXPECT_EQ(r->err, "err\n");
  EXPECT_FALSE(r->timed_out);
}

TEST(Subprocess, RunFeedsStdinAndSetsEnvironmentAndCwd) {
  auto r = run({{"sh", "-c", "cat; echo \"$PANTA_X\"; pwd"}, "/tmp", {{"PANTA_X", "42"}}, ""}, 10s,
               "hello\n");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->out, "hello\n42\n/tmp\n");
}

TEST(Subprocess, RunKillsOnTimeout) {
  auto start = Clock::now();
  auto r = run({{"sh", "-c", "sleep 30"}, "", {}, ""}, 300ms);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->timed_out);
  EXPECT_LT(Clock::now() - start, 5s);
}

TEST(Subprocess, MissingProgramIsAnError) {
  auto r = run({{"no-such-program-panta"}, "", {}, ""}, 1s);
  // posix_spawnp reports a missing program either at spawn or as exit code 127.
  EXPECT_TRUE(!r.ok() || r->exit_code == 127);
}

TEST(Subprocess, ChildLinesTimeoutsAndKill) {
  auto child = spawn({{"sh", "-c", "read x; echo got $x; sleep 30"}, "", {}, ""});
  ASSERT_TRUE(child.ok());
  ASSERT_TRUE((*child)->write("abc\n").ok());
  auto line = (*child)->read_line(Clock::now() + 5s);
  ASSERT_TRUE(line.ok()) << line.error().message;
  EXPECT_EQ(*line, "got abc");
  auto none = (*child)->read_line(Clock::now() + 100ms);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().message, "timeout");
  (*child)->kill();
  auto code = (*child)->wait(Clock::now() + 5s);
  ASSERT_TRUE(code.has_value());
  EXPECT_EQ(*code, 128 + 9);
}

TEST(Subprocess, EndOfOutputIsReported) {
  auto child = spawn({{"sh", "-c", "echo last"}, "", {}, ""});
  ASSERT_TRUE(child.ok());
  EXPECT_EQ(*(*child)->read_line(Clock::now() + 5s), "last");
  auto eof = (*child)->read_line(Clock::now() + 5s);
  ASSERT_FALSE(eof.ok());
  EXPECT_EQ(eof.error().message, "end of output");
  EXPECT_EQ((*child)->wait(Clock::now() + 5s), 0);
}

}  // namespace
}  // namespace panta::process
