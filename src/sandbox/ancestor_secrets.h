#pragma once

#include <string>
#include <vector>

namespace panta::sandbox {

/// A process above Panta whose environment holds variables that look like secrets.
struct AncestorSecrets {
  int pid = 0;
  std::string command;             ///< Its command name (/proc/PID/comm), e.g. "timeout".
  std::vector<std::string> names;  ///< The variables' names (looks_secret), never their values.
};

/// The processes above this one (its parent, the parent's parent, up to PID 1) whose
/// environment this process may read (/proc/PID/environ: the same user, dumpable) and holds
/// variables whose names look like secrets. What a test in fallback mode can read too: Panta
/// wipes only its own environment. Never fails: an unreadable process is skipped.
std::vector<AncestorSecrets> ancestor_secrets();

/// One line naming them ("OPENAI_API_KEY in timeout (pid 812)"), "" when there are none.
std::string describe(const std::vector<AncestorSecrets>& found);

}  // namespace panta::sandbox
