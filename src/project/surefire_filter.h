#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "project/project.h"

namespace panta::project {

/// Which test classes run, as Surefire chooses them: its includes (default Test*, *Test,
/// *Tests, *TestCase) minus its excludes (default nested classes) and panta.toml's
/// exclude_tests. Patterns are Surefire's: "**/*Test.java", "**/Slow*", "org/x/FooTest.java",
/// "%regex[.*Check.*]" (on the class file's path); a pattern without '/' matches at any depth;
/// exclude_tests also takes class names ("org.x.FooTest", "org.x.*").
class SurefireFilter {
 public:
  explicit SurefireFilter(const Project& project);
  /// Whether the test file at `relative` ("org/x/FooTest.java", below the test folder) runs.
  bool runs(std::string_view relative) const;

 private:
  std::vector<std::string> includes_;  ///< As regular expressions over "org/x/FooTest".
  std::vector<std::string> excludes_;
};

/// An Ant pattern ("**/*Test", "org/*/Foo?") as a regular expression over '/'-separated paths:
/// "**/" any folders (none too), "*" and "?" within one name.
std::string ant_glob_regex(std::string_view glob);

/// Whether one of `regexes` (ECMAScript) matches the whole of `path`; one std::regex cannot read
/// matches nothing.
bool matches_any(const std::vector<std::string>& regexes, const std::string& path);

/// A Surefire pattern as a regular expression over a class file's path without extension.
std::string surefire_pattern_regex(std::string_view pattern);

/// The fully qualified names of the test classes the project runs (SurefireFilter over the
/// test files its build compiles), sorted. Fails when the folder cannot be listed.
Result<std::vector<std::string>> surefire_test_classes(const Project& project);

}  // namespace panta::project

namespace panta::project {

/// The JVM options of Surefire's argLine that the test JVM takes: system properties (-D),
/// -XX:/-X options, --add-opens/--add-exports/--add-modules/--add-reads, -ea/-da. Left out (and
/// named in `dropped`): agents (-javaagent: JaCoCo's argLine; Panta measures coverage itself),
/// heap sizes (--heap rules), class paths, and tokens with unreplaced @{...} or ${...}.
std::vector<std::string> arg_line_options(std::string_view arg_line,
                                          std::vector<std::string>& dropped);

}  // namespace panta::project
