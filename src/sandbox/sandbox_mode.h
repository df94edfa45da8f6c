#pragma once

#include <optional>
#include <string_view>

namespace panta::sandbox {

/// How the JVM that runs tests is confined (docs/sandbox.md).
enum class SandboxMode {
  /// bubblewrap: read-only file system but the scratch folder, own network, PID namespace.
  kStrict,
  /// No namespaces: a scrubbed environment and a check (and restore) of the project tree
  /// around every run of tests.
  kFallback,
  /// Unconfined, as the user's own processes.
  kOff,
};

/// "strict", "fallback" or "off".
std::string_view mode_name(SandboxMode mode);

/// The mode of one of those names; nullopt for any other text.
std::optional<SandboxMode> parse_mode(std::string_view name);

}  // namespace panta::sandbox
