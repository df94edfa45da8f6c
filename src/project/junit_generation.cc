#include "project/junit_generation.h"

#include <filesystem>
#include <fstream>

namespace panta::project {
namespace fs = std::filesystem;

namespace {

std::optional<JUnitChoice> from_dependencies(const Project& p) {
  bool four = false;
  for (const Dependency& d : p.test_dependencies) {
    if (d.group == "org.junit.jupiter" || d.group == "org.junit.platform") {
      return JUnitChoice{JUnitFlavour::kJUnit5,
                         "the build's test dependencies (" + d.artifact + ")"};
    }
    if (d.group == "junit" && d.artifact == "junit") four = true;
  }
  if (!four) return std::nullopt;
  return JUnitChoice{JUnitFlavour::kJUnit4, "the build's test dependencies (junit:junit only)"};
}

std::optional<JUnitChoice> from_classpath(const Project& p) {
  std::string four;
  for (const std::string& entry : p.classpath) {
    std::string name = fs::path(entry).filename().string();
    if (name.starts_with("junit-jupiter") || name.starts_with("junit-platform")) {
      return JUnitChoice{JUnitFlavour::kJUnit5, "the classpath (" + name + ")"};
    }
    if (name == "junit.jar" || name == "junit4.jar" || name.starts_with("junit-4")) four = name;
  }
  if (four.empty()) return std::nullopt;
  return JUnitChoice{JUnitFlavour::kJUnit4, "the classpath (" + four + ", no JUnit 5)"};
}

std::optional<JUnitChoice> from_test_files(const Project& p) {
  auto files = list_java_files(p.test_dir);
  if (!files) return std::nullopt;
  int four = 0;
  size_t read = 0;
  for (const std::string& f : *files) {
    if (++read > 200) break;
    std::ifstream in(f, std::ios::binary);
    std::string head(8192, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<size_t>(in.gcount()));
    if (head.find("import org.junit.jupiter.") != std::string::npos ||
        head.find("import static org.junit.jupiter.") != std::string::npos) {
      return JUnitChoice{JUnitFlavour::kJUnit5,
                         "the existing test files (" + fs::path(f).filename().string() + ")"};
    }
    if (head.find("import org.junit.Test;") != std::string::npos ||
        head.find("import static org.junit.Assert.") != std::string::npos) {
      ++four;
    }
  }
  if (four == 0) return std::nullopt;
  return JUnitChoice{JUnitFlavour::kJUnit4, "the existing test files (JUnit 4 imports only)"};
}

}  // namespace

JUnitChoice choose_junit(const Project& project) {
  if (auto c = from_dependencies(project)) return *c;
  if (auto c = from_classpath(project)) return *c;
  if (auto c = from_test_files(project)) return *c;
  return {JUnitFlavour::kJUnit5, "nothing tells (JUnit 5 by default)"};
}

}  // namespace panta::project
