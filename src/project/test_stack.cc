#include "project/test_stack.h"

#include <cctype>
#include <filesystem>

#include "core/data_dir.h"
#include "java/source_text.h"

namespace panta::project {
namespace fs = std::filesystem;

namespace {

std::string trimmed(std::string_view text) {
  size_t begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  size_t end = text.find_last_not_of(" \t\r\n");
  return std::string(text.substr(begin, end - begin + 1));
}

/// {artifact, version} of "artifact-1.2.3.jar" (the version starts at the first "-<digit>").
std::pair<std::string, std::string> split_name(const std::string& file) {
  std::string stem = file.substr(0, file.size() - 4);
  for (size_t i = 0; i + 1 < stem.size(); ++i) {
    if (stem[i] == '-' && std::isdigit(static_cast<unsigned char>(stem[i + 1]))) {
      return {stem.substr(0, i), stem.substr(i + 1)};
    }
  }
  return {stem, ""};
}

/// The version of a Debian jar without one in its name, from the versioned file beside it that
/// is the same file ("junit4.jar" -> "junit4-4.13.2.jar"), or "".
std::string debian_version(const fs::path& jar, const std::string& artifact) {
  std::error_code ec;
  auto target = fs::canonical(jar, ec);
  if (ec) return "";
  std::string prefix = artifact + "-";
  for (const auto& entry : fs::directory_iterator(jar.parent_path(), ec)) {
    std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) != 0 || !name.ends_with(".jar")) continue;
    std::string version = name.substr(prefix.size(), name.size() - prefix.size() - 4);
    if (version.empty() || !std::isdigit(static_cast<unsigned char>(version[0]))) continue;
    std::error_code same_ec;
    if (fs::canonical(entry.path(), same_ec) == target && !same_ec) return version;
  }
  return "";
}

std::pair<std::string, std::string> jar_version(const fs::path& jar) {
  std::string file = jar.filename().string();
  std::string version = jar.parent_path().filename().string();
  std::string artifact = jar.parent_path().parent_path().filename().string();
  if (!artifact.empty() && file.rfind(artifact + "-" + version, 0) == 0) return {artifact, version};
  auto [name, named_version] = split_name(file);
  if (named_version.empty()) named_version = debian_version(jar, name);
  return {name == "junit4" ? "junit" : name, named_version};
}

}  // namespace

std::string origin_text(StackOrigin origin) {
  switch (origin) {
    case StackOrigin::kProject:
      return "the project's build";
    case StackOrigin::kPantaDefault:
      return "Panta's default test stack";
    case StackOrigin::kDebian:
      break;
  }
  return "Debian's jars";
}

Result<TestStack> read_test_stack(const std::string& dir) {
  auto listing = java::read_file(dir + "/classpath.txt");
  if (!listing) return Error{dir + ": no test stack here (" + listing.error().message + ")"};
  auto origin = java::read_file(dir + "/origin");
  TestStack stack;
  stack.origin =
      origin && trimmed(*origin) == "debian" ? StackOrigin::kDebian : StackOrigin::kPantaDefault;
  size_t begin = 0;
  while (begin < listing->size()) {
    size_t end = std::min(listing->find('\n', begin), listing->size());
    std::string line = trimmed(std::string_view(*listing).substr(begin, end - begin));
    if (!line.empty()) stack.jars.push_back(listed_path(dir, line));
    begin = end + 1;
  }
  if (stack.jars.empty()) return Error{dir + "/classpath.txt: lists no jars"};
  return stack;
}

std::map<std::string, std::string> artifact_versions(const std::vector<std::string>& jars) {
  std::map<std::string, std::string> out;
  for (const std::string& jar : jars) {
    if (!jar.ends_with(".jar")) continue;
    auto [artifact, version] = jar_version(fs::path(jar));
    if (!artifact.empty() && !version.empty() && out.count(artifact) == 0) out[artifact] = version;
  }
  return out;
}

std::string mock_agent_jar(const std::vector<std::string>& jars) {
  for (const std::string& jar : jars) {
    std::string file = fs::path(jar).filename().string();
    if (file.rfind("byte-buddy-agent", 0) == 0 && file.ends_with(".jar")) return jar;
  }
  return "";
}

}  // namespace panta::project
