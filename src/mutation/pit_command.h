#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace panta::mutation {

/// One run of PIT's command line (MutationCoverageReport) on one class.
struct PitRequest {
  std::string java = "java";
  std::vector<std::string> pit_jars;  ///< PIT and its JUnit 5 plugin: the launching class path.
  std::string target_class;           ///< FQN; its nested classes are mutated too.
  std::vector<std::string> tests;     ///< Test class FQNs.
  /// What the tests run with: test classes, main classes, resources, dependencies, in order.
  std::vector<std::string> classpath;
  std::vector<std::string> source_dirs;
  std::string report_dir;                ///< mutations.xml goes here.
  std::vector<std::string> jvm_options;  ///< Of PIT's JVM and of its minions (no ',' in any).
  int threads = 1;
};

/// The command line that runs PIT for `request`: java, its options, the launching class path,
/// MutationCoverageReport and its arguments (PIT's default mutators and per-mutant timeouts, an
/// XML report not time-stamped, no failure on a class without mutants).
std::vector<std::string> pit_command_line(const PitRequest& request);

/// The jars of PIT listed in `<dir>/classpath.txt` (java-runner/build.sh writes it). Fails
/// saying how to get them when the folder has none.
Result<std::vector<std::string>> read_pit_jars(const std::string& dir);

/// The path of mutations.xml in a report folder of PIT's.
std::string mutations_xml_path(const std::string& report_dir);

}  // namespace panta::mutation
