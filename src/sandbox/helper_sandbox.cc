#include "sandbox/helper_sandbox.h"

#include <cstdlib>
#include <filesystem>

#include "process/subprocess.h"
#include "sandbox/ancestor_secrets.h"
#include "sandbox/bubblewrap.h"
#include "sandbox/test_environment.h"

namespace panta::sandbox {
namespace fs = std::filesystem;

namespace {

// The JDK that `java` (a path, or a name on PATH) belongs to: the folder above its bin/.
std::string jdk_home(const std::string& java) {
  std::error_code ec;
  fs::path real = fs::canonical(process::find_program(java), ec);
  if (ec) return "";
  return real.parent_path().parent_path().string();
}

BubblewrapLayout layout_of(const HelperSandboxSpec& spec, const runner::HelperConfig& config) {
  BubblewrapLayout layout;
  layout.scratch = spec.scratch;
  layout.workdir = spec.workdir;
  layout.visible = spec.visible;
  layout.visible.push_back(config.jar);
  if (std::string jdk = jdk_home(config.java); !jdk.empty()) layout.visible.push_back(jdk);
  if (const char* java_home = std::getenv("JAVA_HOME"); java_home != nullptr && *java_home)
    layout.visible.push_back(java_home);
  layout.hidden = default_hidden_folders();
  return layout;
}

Status prepare_scratch(const std::string& scratch, runner::HelperConfig& config,
                       const std::vector<std::string>& test_env) {
  std::string home = scratch + "/home";
  std::string tmp = scratch + "/tmp";
  std::error_code ec;
  fs::create_directories(home, ec);
  fs::create_directories(tmp, ec);
  if (ec) return Error{"cannot prepare the scratch folder " + scratch + ": " + ec.message()};
  config.environment = test_environment(process::current_environment(), test_env, home, tmp);
  config.jvm_options.insert(config.jvm_options.end(),
                            {"-Djava.io.tmpdir=" + tmp, "-Duser.home=" + home, "-XX:-UsePerfData"});
  return ok_status();
}

// Fallback mode: the tests can read what Panta's parents hold in their environments (Panta
// wipes only its own); said once, naming what looks like a secret there.
void add_ancestor_note(HelperSandbox& out) {
  std::string found = describe(ancestor_secrets());
  if (found.empty()) return;
  out.notice += (out.notice.empty() ? "" : "\npanta: ") +
                std::string(
                    "warning: in fallback mode the tests can read the environment of "
                    "Panta's parent processes, which holds what looks like secrets: ") +
                found +
                " (start panta without them there, e.g. `env -u NAME`, or use strict mode; "
                "docs/sandbox.md)";
}

// Sets the build's variables in the helper's environment (ours, when it has none of its own),
// but for those whose name looks like a secret (a pom may fill one from the user's
// environment): the tests are untrusted code (--sandbox off gives them everything). Says which
// it left out in `out`.
void set_build_env(const HelperSandboxSpec& spec, runner::HelperConfig& config,
                   HelperSandbox& out) {
  if (spec.build_env.empty()) return;
  if (!config.environment) config.environment = process::current_environment();
  std::string left_out;
  for (const auto& [name, value] : spec.build_env) {
    if (looks_secret(name) && out.mode != SandboxMode::kOff) {
      left_out += (left_out.empty() ? "" : ", ") + name;
      continue;
    }
    std::erase_if(*config.environment, [&](const auto& kv) { return kv.first == name; });
    config.environment->emplace_back(name, value);
  }
  if (!left_out.empty()) {
    out.notice += (out.notice.empty() ? "" : "\npanta: ") +
                  ("note: the build sets " + left_out +
                   " for its tests; they do not get what looks like a secret here (only with "
                   "--sandbox off)");
  }
}

Result<HelperSandbox> confine(const HelperSandboxSpec& spec, runner::HelperConfig& config) {
  if (auto s = check_pass_through(spec.test_env); !s) return s.error();
  HelperSandbox out;
  out.mode = spec.requested.value_or(SandboxMode::kStrict);
  // In every mode: nothing the helper starts outlives it, nor Panta; and when Panta dies
  // first, the keeper removes the scratch folder.
  config.end_descendants = true;
  config.remove_if_orphaned = spec.scratch;
  if (out.mode == SandboxMode::kOff) {
    out.notice =
        "warning: --sandbox off: the tests run unconfined, with your rights, files, network and "
        "environment";
    return out;
  }
  if (auto s = prepare_scratch(spec.scratch, config, spec.test_env); !s) return s.error();
  if (out.mode == SandboxMode::kFallback) {
    add_ancestor_note(out);
    return out;
  }
  BubblewrapLayout layout = layout_of(spec, config);
  if (auto probe = probe_bubblewrap("bwrap", layout); !probe) {
    if (spec.requested) {
      return Error{"--sandbox strict cannot start here: " + probe.error().message};
    }
    out.mode = SandboxMode::kFallback;
    out.notice = "note: the strict sandbox cannot start here (" + probe.error().message +
                 "); the tests run in fallback mode: a scrubbed environment, and the project "
                 "is checked and put back after each run (docs/sandbox.md)";
    add_ancestor_note(out);
    return out;
  }
  config.jvm_options.push_back("-Dpanta.runner.ownPidNamespace=true");
  // In the sandbox's cgroup namespace the JDK's container detection reads cgroup (v1) paths that
  // are not there, and ManagementFactory.getOperatingSystemMXBean() fails with a
  // NullPointerException (Spring Boot's ProcessorMetrics, in every @SpringBootTest).
  config.jvm_options.push_back("-XX:-UseContainerSupport");
  std::error_code ec;
  layout.project = fs::weakly_canonical(spec.project, ec).string();
  layout.overlay = spec.scratch + "/.overlay";
  fs::create_directories(layout.overlay, ec);
  if (auto overlay = probe_overlay("bwrap", layout); !overlay) {
    out.notice = "note: the strict sandbox cannot show the project as an overlay here (" +
                 overlay.error().message +
                 "): it is read-only to the tests, so a test that hides a failed write into it "
                 "is not caught (docs/sandbox.md)";
    layout.project.clear();
    layout.overlay.clear();
    config.command_prefix = bubblewrap_prefix("bwrap", layout);
    return out;
  }
  config.command_prefix = overlay_prefix("bwrap", layout);
  out.overlay = layout.overlay;
  return out;
}

}  // namespace

Result<HelperSandbox> confine_helper(const HelperSandboxSpec& spec, runner::HelperConfig& config) {
  auto out = confine(spec, config);
  if (out) set_build_env(spec, config, *out);
  return out;
}

}  // namespace panta::sandbox
