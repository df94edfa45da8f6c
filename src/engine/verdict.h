#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engine/probe.h"
#include "junit/test_answer.h"
#include "runner/jvm_runner.h"

namespace panta::engine {

/// What became of one generated test in a validation.
struct Verdict {
  std::string name;  ///< The name it got (renamed when its own was taken).
  std::string code;  ///< Its code under that name, as the model wrote it.
  bool passed = false;
  bool skipped = false;  ///< It ran but was skipped (@Disabled, a failed assumption).
  bool compile_error = false;
  std::string error;  ///< javac's errors with their lines, or the failure and its trace.
  /// The run's result that failed it, as the JVM helper reported it (exception, message, trace
  /// in the probe's lines, compared values); none when it passed, was skipped or did not compile.
  std::optional<runner::TestResult> failure;
  /// What it tried that the sandbox refused ("tried reflection on org.panta..."): such a test
  /// is dropped as it is, never repaired. "" for any other outcome.
  std::string tampering;
  /// The probe it was compiled in (its error's line numbers refer to it), for repair prompts.
  std::shared_ptr<const Probe> context;
};

/// A test that passed, with the answer it came from (for the imports and members it needs).
struct Candidate {
  junit::TestMethod test;  ///< Under the name it got.
  junit::ExtractedTests from;
};

}  // namespace panta::engine
