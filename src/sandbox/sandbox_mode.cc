#include "sandbox/sandbox_mode.h"

namespace panta::sandbox {

std::string_view mode_name(SandboxMode mode) {
  switch (mode) {
    case SandboxMode::kStrict:
      return "strict";
    case SandboxMode::kFallback:
      return "fallback";
    case SandboxMode::kOff:
      return "off";
  }
  return "off";
}

std::optional<SandboxMode> parse_mode(std::string_view name) {
  for (SandboxMode m : {SandboxMode::kStrict, SandboxMode::kFallback, SandboxMode::kOff}) {
    if (mode_name(m) == name) return m;
  }
  return std::nullopt;
}

}  // namespace panta::sandbox
