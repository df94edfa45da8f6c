#include "mutation/pit_command.h"

#include <filesystem>
#include <fstream>

#include "core/data_dir.h"

namespace panta::mutation {
namespace fs = std::filesystem;

namespace {

std::string joined(const std::vector<std::string>& parts, char separator) {
  std::string out;
  for (const std::string& p : parts) {
    if (!out.empty()) out += separator;
    out += p;
  }
  return out;
}

}  // namespace

std::vector<std::string> pit_command_line(const PitRequest& r) {
  std::vector<std::string> argv = {r.java};
  argv.insert(argv.end(), r.jvm_options.begin(), r.jvm_options.end());
  argv.insert(argv.end(), {"-cp", joined(r.pit_jars, ':'),
                           "org.pitest.mutationtest.commandline.MutationCoverageReport"});
  argv.insert(argv.end(),
              {"--reportDir", r.report_dir, "--targetClasses",
               r.target_class + "," + r.target_class + "$*", "--targetTests", joined(r.tests, ','),
               "--sourceDirs", joined(r.source_dirs, ','), "--classPath", joined(r.classpath, ','),
               "--outputFormats", "XML", "--timestampedReports=false",
               "--failWhenNoMutations=false", "--threads", std::to_string(r.threads)});
  if (!r.jvm_options.empty()) {
    argv.push_back("--jvmArgs");
    argv.push_back(joined(r.jvm_options, ','));
  }
  return argv;
}

Result<std::vector<std::string>> read_pit_jars(const std::string& dir) {
  std::string list = (fs::path(dir) / "classpath.txt").string();
  std::ifstream in(list);
  if (!in) {
    return Error{"PIT is not installed (no " + list +
                 "): it comes from Maven Central; run `make setup` online, then `make build`"};
  }
  std::vector<std::string> jars;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) jars.push_back(listed_path(dir, line));
  }
  if (jars.empty()) return Error{list + " lists no jar"};
  return jars;
}

std::string mutations_xml_path(const std::string& report_dir) {
  return (fs::path(report_dir) / "mutations.xml").string();
}

}  // namespace panta::mutation
