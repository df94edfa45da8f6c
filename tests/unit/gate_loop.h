#pragma once

// The generation loop on a small class with a fake JVM and a scripted model (engine_fakes.h),
// for the tests of the loop and of what it keeps.

#include <optional>
#include <string>
#include <vector>

#include "core/cancel.h"
#include "engine/generation.h"
#include "engine_fakes.h"
#include "runner/test_session.h"
#include "test_support.h"

namespace panta::test {

/// demo.Gate: two methods, lines 5 and 12 decide (two branches each).
extern const char* const kGate;
/// What the fake JVM measures of kGate.
std::vector<FakeLine> gate_lines();
/// demo.GateTest with one test of the user's (covers line 15).
extern const char* const kUserTests;

/// One run of the loop on demo.Gate in a fake plain project in a temporary folder.
struct LoopRun {
  TempDir dir;
  project::Project project;
  FakeJvm jvm{"demo.Gate", gate_lines()};
  std::optional<runner::TestSession> session;
  ScriptedModel model;
  std::vector<std::string> events;
  engine::GenerateOptions options;

  explicit LoopRun(std::vector<std::string> answers, const std::string& tests = kUserTests);
  ~LoopRun() { panta::clear_stop_requests(); }
  LoopRun(const LoopRun&) = delete;
  LoopRun& operator=(const LoopRun&) = delete;

  Result<engine::GenerateReport> go();
  static std::string prompts();
  /// The test file as the run left it.
  std::string written() const;
  /// Whether an event line holds `part`.
  bool said(const std::string& part) const;
  std::string all_events() const;
};

}  // namespace panta::test
