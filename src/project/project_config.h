#pragma once

#include <string>
#include <string_view>

#include <toml++/toml.h>

#include "core/result.h"
#include "project/project_settings.h"

namespace panta::project {

/// The contents of a project's panta.toml.
struct ProjectConfig {
  std::string path;  ///< The file it came from; empty when the project has none.
  ProjectSettings settings;
  /// The whole document, so later features can read their own tables (e.g. [llm]).
  toml::table document;
};

/// Parses panta.toml text. Top-level keys src_dir, test_dir, classes_dir, encoding, sandbox,
/// module (strings; sandbox one of strict, fallback, off), test_env and exclude_tests (arrays
/// of strings) and classpath
/// (array of strings, or one ':'-separated string) fill `settings`; tables pass
/// through untouched. Fails as "path:line:col: ..." on a syntax error, a wrong value type, or
/// an unknown top-level key that is not a table.
Result<ProjectConfig> parse_project_config(std::string_view text, const std::string& path);

/// Reads `<root>/panta.toml`; a project without one gets an empty config.
Result<ProjectConfig> load_project_config(const std::string& root);

}  // namespace panta::project
