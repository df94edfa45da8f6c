#pragma once

#include <string>

namespace panta {

/// Where Panta's files lie (the JVM helper's jars, prompts/, test-stack/, pitest/): beside the
/// binary in a build folder (build/panta, build/panta-runner.jar), else PREFIX/share/panta for a
/// binary installed as PREFIX/bin/panta (`cmake --install`, the Debian package). Found from the
/// binary's own path, so an installed or moved tree works wherever it lies.
std::string data_dir();

/// `entry` of a classpath.txt in `dir`: as written when absolute, else relative to `dir` (the
/// installed listings name their jars relative to themselves).
std::string listed_path(const std::string& dir, const std::string& entry);

}  // namespace panta
