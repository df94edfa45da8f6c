#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "runner/jvm_runner.h"
#include "sandbox/sandbox_mode.h"

namespace panta::sandbox {

/// What the sandbox of a JVM helper is made of.
struct HelperSandboxSpec {
  /// --sandbox / panta.toml; nullopt: strict where it can start, else fallback.
  std::optional<SandboxMode> requested;
  std::vector<std::string> test_env;  ///< --test-env: more variables the tests get.
  /// Variables the build sets for its tests (Surefire's environmentVariables, JAVA_HOME of
  /// the JDK that runs them), as they are given, in every mode.
  std::vector<std::pair<std::string, std::string>> build_env;
  std::string scratch;  ///< The helper's writable folder; it must exist.
  std::string workdir;  ///< Where it starts (the module root); "" for scratch.
  /// Paths the helper reads: the project, its class path and classes, the helper jar. The JDK
  /// of `config.java` is added.
  std::vector<std::string> visible;
  /// The project root: in strict mode shown through an overlay (overlay_prefix) where it can.
  std::string project;
};

/// The sandbox a helper got, and what to tell the user about it once.
struct HelperSandbox {
  SandboxMode mode = SandboxMode::kStrict;
  std::string notice;  ///< "" or a line for stderr: why strict is not used, or a warning.
  /// Strict mode with the project as an overlay: the layout's overlay folder, for an
  /// OverlayRunner to watch; "" when the project is shown read-only instead.
  std::string overlay;
};

/// Chooses the mode and sets `config` to start the helper in it: strict runs it under
/// bubblewrap (checked once, here, by starting one), with the project as an overlay where that
/// can start too (else read-only, said in the notice), fallback with the test environment, off
/// as it is; all under a keeper that ends what the helper started and removes the scratch
/// folder if Panta dies first. Every mode but off gives the helper the environment of
/// test_environment() (HOME and TMPDIR in the scratch folder, which also holds the JVM's
/// java.io.tmpdir and user.home). Fails when strict was asked for and cannot start (naming
/// why), and on a --test-env name that looks like a secret.
Result<HelperSandbox> confine_helper(const HelperSandboxSpec& spec, runner::HelperConfig& config);

}  // namespace panta::sandbox
