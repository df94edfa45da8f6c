#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"
#include "core/secret_names.h"

namespace panta::sandbox {

/// An environment as name/value pairs.
using Environment = std::vector<std::pair<std::string, std::string>>;

using panta::looks_secret;  // core/secret_names.h

/// The values (8 characters or more) of the variables of `env` whose names look secret.
std::vector<std::string> secret_values(const Environment& env);

/// Fails naming the first of `names` that is not a valid variable name or that looks like a
/// secret (those never reach tests, --test-env or not).
Status check_pass_through(const std::vector<std::string>& names);

/// The whole environment of the JVM that runs tests, built from `parent` (ours): PATH, LANG,
/// LC_ALL, TZ and JAVA_HOME as they are set there, HOME=`home`, TMPDIR=`tmp`, and each name of
/// `pass_through` set in `parent`. Nothing else: no API keys, tokens or other user variables.
Environment test_environment(const Environment& parent,
                             const std::vector<std::string>& pass_through, const std::string& home,
                             const std::string& tmp);

}  // namespace panta::sandbox
