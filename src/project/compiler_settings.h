#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace panta::project {

/// How a build compiles one set of sources (its main or its test sources).
struct CompilerSettings {
  /// --release; nullopt: the JDK's own.
  std::optional<int> release;
  /// Ant patterns over paths relative to a source root ("**/*.java", "module-info.java");
  /// empty includes take every .java file.
  std::vector<std::string> includes;
  std::vector<std::string> excludes;
  /// The javac options the build adds that Panta takes (see taken_compiler_args), and those its
  /// settings stand for (-parameters, --enable-preview, -proc:, -processor).
  std::vector<std::string> options;
  /// Where annotation processors come from (the build's annotationProcessorPaths, resolved);
  /// empty: javac finds them on the class path, as it does for the build.
  std::vector<std::string> processor_path;
  /// More source folders of the build (build-helper-maven-plugin's add-source), absolute.
  std::vector<std::string> extra_source_roots;

  bool operator==(const CompilerSettings&) const = default;
};

/// The javac options of `settings` beyond release and encoding: its options, then
/// --processor-path when it has one.
std::vector<std::string> javac_options(const CompilerSettings& settings);

/// A text that changes whenever the settings do (for fingerprints of compiled classes).
std::string settings_key(const CompilerSettings& settings);

/// The .java files below `roots` that `settings` compiles (its includes minus its excludes,
/// each pattern relative to the root it is found in), sorted; roots that do not exist are
/// skipped. Fails when a root cannot be listed.
Result<std::vector<std::string>> compiled_sources(const std::vector<std::string>& roots,
                                                  const CompilerSettings& settings);

/// Whether `relative` ("org/x/Foo.java", below a source root) is compiled under `settings`.
bool compiles(const CompilerSettings& settings, const std::string& relative);

/// The build's compiler arguments a compilation of Panta's takes: everything that changes what
/// is compiled or how it runs (-parameters, --enable-preview, -A..., -proc:..., -processor,
/// --add-exports and the like). Left out, and named in `dropped`: the build's checks, which
/// change no class (-Werror, -Xlint..., -Xdoclint..., -Xplugin:... such as Error Prone,
/// -XD..., --should-stop..., -Xmaxerrs/-Xmaxwarns, -nowarn, -deprecation, -verbose), -J...
/// options of a forked javac, and those naming their own output folders (-d, -s, -h).
std::vector<std::string> taken_compiler_args(const std::vector<std::string>& args,
                                             std::vector<std::string>& dropped);

/// The Java release a build's version text stands for: 8 for "1.8" or "8", 17 for "17";
/// nullopt for text that is not one.
std::optional<int> release_number(const std::string& text);

}  // namespace panta::project
