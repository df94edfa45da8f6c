#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "project/dependency.h"

namespace panta::project {

/// The test dependencies declared in a build.gradle or build.gradle.kts as string notation,
/// `testImplementation 'g:a:v'` or `testImplementation("g:a:v")` (also testRuntimeOnly,
/// testCompileOnly and the old testCompile), one per line. A line-by-line scan, not a Groovy or
/// Kotlin parser: map notation, platform(...) and version catalogs are skipped.
std::vector<Dependency> scan_gradle_test_dependencies(std::string_view build_script);

/// The Java release of a Gradle build: `sourceCompatibility` (`= '17'`, `= 1.8`,
/// `JavaVersion.VERSION_17`) or a toolchain's `JavaLanguageVersion.of(17)`; "" if none.
std::string scan_gradle_java_release(std::string_view build_script);

}  // namespace panta::project
