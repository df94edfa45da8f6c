#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace pugi {
class xml_node;
}

namespace panta::project {

class MavenTool;

/// A formatter the build runs on its Java sources, as its effective POM declares it: Panta runs
/// its apply goal on the files it wrote, so that the build's own check (spotless:check,
/// spring-javaformat:validate) passes on them. google-java-format, palantir-java-format and
/// Eclipse settings come through Spotless's steps.
struct BuildFormatter {
  enum class Kind { kSpotless, kSpringJavaFormat };
  Kind kind = Kind::kSpotless;
  std::string group;
  std::string artifact;
  std::string version;  ///< As the effective POM resolved it; "" when it names none.
  /// The execution whose configuration formats Java when the plugin-wide one does not (a goal
  /// typed on the command line takes only the plugin-wide one: `apply@<id>` takes this one).
  std::string execution;
  /// The POM fixes the files it formats (spring-javaformat's <includes>, Spotless's
  /// <spotlessFiles>), which a -D property cannot narrow: Panta does not run it.
  bool selection_fixed = false;

  /// "spotless-maven-plugin 3.8.0".
  std::string name() const;
  bool operator==(const BuildFormatter&) const = default;
};

/// The formatter a plugin of the effective model is, if it is one: spotless-maven-plugin when
/// it formats Java (`formats_java`: a <java> configuration, plugin-wide or in an execution),
/// spring-javaformat-maven-plugin.
std::optional<BuildFormatter> formatter_of_plugin(std::string_view group, std::string_view artifact,
                                                  std::string_view version, bool formats_java);

/// The formatter `plugin` (a <plugin> of an effective POM) is, if it is one (formatter_of_plugin),
/// with the execution that configures its Java step and whether its POM fixes its files.
std::optional<BuildFormatter> formatter_of_plugin_xml(const pugi::xml_node& plugin);

/// Where the files to format lie.
struct FormatTarget {
  std::string reactor_root;  ///< Where Maven runs (the module's reactor, or the module).
  std::string module_root;   ///< The module the files belong to.
  std::string artifact;      ///< Its artifactId, for -pl when it is not the reactor itself.
  /// The module's source folders the formatter walks (test sources first), absolute.
  std::vector<std::string> source_roots;
};

/// The Maven arguments that run `formatter`'s apply goal on `files` (absolute paths under
/// `target.module_root`) and on no other file: Spotless's `spotlessFiles` (a pattern per file,
/// anchored at the module-relative path), spring-javaformat's `includes` (paths relative to the
/// source folder holding each), limited to the module with `-pl :artifact` when it is part of a
/// reactor. Fails when a file lies outside the module's source folders, or when the POM fixes
/// the formatter's files.
Result<std::vector<std::string>> apply_arguments(const BuildFormatter& formatter,
                                                 const FormatTarget& target,
                                                 const std::vector<std::string>& files);

/// Runs `formatter` on `files` through `maven` (apply_arguments). Fails with Maven's first error
/// line; the files are then as they were, or as far as the formatter got.
Status apply_formatter(MavenTool& maven, const BuildFormatter& formatter,
                       const FormatTarget& target, const std::vector<std::string>& files);

}  // namespace panta::project
