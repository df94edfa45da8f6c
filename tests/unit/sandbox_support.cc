#include "sandbox_support.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

namespace panta::test {
namespace fs = std::filesystem;

std::string unique_digits() {
  std::random_device random;
  return std::to_string(100000000 + random() % 800000000);
}

bool strict_available() {
  static const bool available =
      run_command(
          "bwrap --ro-bind / / --dev /dev --unshare-all --cap-drop ALL -- true "
          ">/dev/null 2>&1")
          .exit_code == 0;
  return available;
}

bool overlay_available() {
  static const bool available = [] {
    TempDir dir;
    std::string d = dir.path();
    return run_command("mkdir " + d + "/l " + d + "/u " + d + "/w && unshare --user " +
                       "--map-current-user --keep-caps --mount sh -c 'mount -t overlay overlay " +
                       "-o lowerdir=" + d + "/l,upperdir=" + d + "/u,workdir=" + d +
                       "/w,userxattr " + d + "/l' >/dev/null 2>&1")
               .exit_code == 0;
  }();
  return available;
}

std::map<std::string, std::string> tree_of(const std::string& root, const std::string& skip) {
  std::map<std::string, std::string> out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    std::string rel = fs::relative(it->path(), root).string();
    if (rel == ".panta") {
      it.disable_recursion_pending();
      continue;
    }
    if (rel == skip) continue;
    out[rel] = it->is_regular_file() ? slurp(it->path().string()) : std::string("<dir>");
  }
  return out;
}

bool any_file_holds(const std::string& root, const std::string& text) {
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::string contents((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (contents.find(text) != std::string::npos) return true;
  }
  return false;
}

int processes_with(const std::string& mark) {
  int n = 0;
  for (const auto& e : fs::directory_iterator("/proc")) {
    std::string name = e.path().filename().string();
    if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
    std::ifstream in(e.path() / "cmdline", std::ios::binary);
    std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (cmdline.find(mark) != std::string::npos) ++n;
  }
  return n;
}

bool gone_within(const std::string& mark, std::chrono::seconds limit) {
  auto end = std::chrono::steady_clock::now() + limit;
  while (processes_with(mark) > 0) {
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

std::string one_test_answer(const std::string& name, const std::string& body) {
  return "```java\n@Test\nvoid " + name + "() throws Exception {\n" + body + "\n}\n```\n";
}

std::string scripted_model(const TempDir& dir, const std::vector<std::string>& answers,
                           const std::map<int, std::string>& before) {
  for (size_t i = 0; i < answers.size(); ++i) {
    dir.write("answer" + std::to_string(i + 1) + ".txt", answers[i]);
  }
  std::string counter = dir.path() + "/calls";
  std::string script = "n=$(cat '" + counter + "' 2>/dev/null || echo 0)\n" +
                       "n=$((n + 1)); echo $n > '" + counter + "'\n" + "cat > '" + dir.path() +
                       "/prompt'$n.txt\n";
  for (const auto& [call, command] : before) {
    script += "if [ $n -eq " + std::to_string(call) + " ]; then\n" + command + "\nfi\n";
  }
  script += "cat '" + dir.path() + "/answer'$n.txt 2>/dev/null\n";
  return "'cmd:sh " + dir.write("model.sh", script) + "'";
}

}  // namespace panta::test
