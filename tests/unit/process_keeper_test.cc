// SpawnOptions::end_descendants: the keeper ends everything a child started, also what left
// its process group, when the child ends or is killed; exit codes pass through it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "process/subprocess.h"

namespace panta::process {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::string unique_sleep() {
  std::random_device random;
  return "1000." + std::to_string(100000000 + random() % 800000000);
}

int processes_with(const std::string& mark) {
  int n = 0;
  for (const auto& e : fs::directory_iterator("/proc")) {
    std::string name = e.path().filename().string();
    if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
    std::ifstream in(e.path() / "cmdline", std::ios::binary);
    std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (cmdline.find(mark) != std::string::npos) ++n;
  }
  return n;
}

// Polls (bounded) until no process holds `mark`.
bool gone_within(const std::string& mark, std::chrono::seconds limit) {
  auto end = Clock::now() + limit;
  while (processes_with(mark) > 0) {
    if (Clock::now() > end) return false;
    std::this_thread::sleep_for(20ms);
  }
  return true;
}

SpawnOptions kept(const std::string& script) {
  SpawnOptions o;
  o.argv = {"sh", "-c", script};
  o.end_descendants = true;
  return o;
}

TEST(ProcessKeeper, WhatTheChildLeftBehindEndsWithIt) {
  std::string mark = unique_sleep();
  // One child in the group, one detached into a session of its own.
  auto r = run(kept("sleep " + mark + " & setsid sleep " + mark + " & echo started; exit 3"), 30s);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->exit_code, 3);
  EXPECT_EQ(r->out, "started\n");
  EXPECT_TRUE(gone_within(mark, 20s));
}

TEST(ProcessKeeper, KillEndsDetachedDescendantsToo) {
  std::string mark = unique_sleep();
  auto child =
      spawn(kept("setsid sh -c 'sleep " + mark + "' & sleep " + mark + " & echo started; wait"));
  ASSERT_TRUE(child.ok()) << child.error().message;
  auto line = (*child)->read_line(Clock::now() + 30s);
  ASSERT_TRUE(line.ok()) << line.error().message;
  auto end = Clock::now() + 20s;
  // The shell and the two sleeps (the detached one may still be its sh for a moment).
  // Counted once per look: a process that is exec'ing (setsid into sh into sleep) may be
  // missing from one look at /proc, so the count of a later look can be lower.
  int seen = 0;
  while ((seen = processes_with(mark)) < 3 && Clock::now() < end) std::this_thread::sleep_for(20ms);
  EXPECT_GE(seen, 3);
  (*child)->kill();
  auto code = (*child)->wait(Clock::now() + 20s);
  ASSERT_TRUE(code.has_value());
  EXPECT_EQ(*code, 128 + 9);
  EXPECT_TRUE(gone_within(mark, 20s));
}

TEST(ProcessKeeper, EnvironmentCanBeReplacedAndAMissingProgramIsAnError) {
  SpawnOptions o = kept("echo \"[$HOME][$PANTA_ONLY]\"");
  o.argv[0] = "/bin/sh";
  o.env = {{"PANTA_ONLY", "1"}};
  o.replace_environment = true;
  auto r = run(o, 30s);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(r->out, "[][1]\n");
  SpawnOptions missing = kept("");
  missing.argv = {"no-such-program-panta"};
  auto m = run(missing, 30s);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().message.find("cannot start no-such-program-panta"), std::string::npos)
      << m.error().message;
}

}  // namespace
}  // namespace panta::process
