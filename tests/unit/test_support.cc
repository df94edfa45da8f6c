#include "test_support.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "java/source_text.h"
#include "marked_source.h"

namespace panta::test {
namespace {

class CallerSettingsIgnored : public ::testing::Environment {
 public:
  void SetUp() override {
    for (const char* name : kCallerSettings) unsetenv(name);
  }
};

// Registered before main() runs; GoogleTest owns it and calls SetUp before the first test.
[[maybe_unused]] ::testing::Environment* const kCallerSettingsIgnored =
    ::testing::AddGlobalTestEnvironment(new CallerSettingsIgnored);

}  // namespace

void check_golden(const std::string& path, const std::string& actual) {
  std::error_code ec;
  bool exists = std::filesystem::exists(path, ec);
  if (std::getenv("PANTA_UPDATE_GOLDEN") == nullptr) {
    ASSERT_TRUE(exists) << path << " missing; run with PANTA_UPDATE_GOLDEN=1";
    EXPECT_EQ(slurp(path), actual) << "golden " << path << " differs";
    return;
  }
  if (exists && slurp(path) == actual) return;
  std::ofstream out(path, std::ios::binary);
  out << actual;
  out.close();
  ADD_FAILURE() << "PANTA_UPDATE_GOLDEN is set: " << (out ? "wrote " : "could not write ") << path
                << " (review the diff, then run the tests without PANTA_UPDATE_GOLDEN)";
}

namespace {

std::string fixture_source(const std::string& name) {
  return std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/analyze/" + name;
}

}  // namespace

std::string fixture(const std::string& name) {
  std::string path = fixture_source(name);
  if (!name.ends_with(".java") || !std::filesystem::exists(path)) return path;
  std::string text = slurp(path);
  MarkedSource marked(text);
  if (marked.text() == text) return path;
  // A fixture with marks: what every reader gets is its text without them, under the same name.
  static const TempDir* const kUnmarked = new TempDir;  // lives as long as the test process
  std::filesystem::path out = std::filesystem::path(kUnmarked->path()) / name;
  if (!std::filesystem::exists(out)) {
    std::filesystem::create_directories(out.parent_path());
    kUnmarked->write(name, marked.text());
  }
  return out.string();
}

MarkedSource fixture_marks(const std::string& name) {
  return MarkedSource(slurp(fixture_source(name)));
}

std::string java_answer(const std::string& java) {
  return "Here are the tests.\n```java\n" + java + "```\n";
}

std::string slurp(const std::string& path) {
  auto text = java::read_file(path);
  EXPECT_TRUE(text.ok()) << path;
  return text.ok() ? *text : std::string();
}

analyze::FileAnalysis analyze_fixture(const std::string& name, bool all_methods) {
  analyze::AnalyzeOptions options;
  options.all_methods = all_methods;
  return analyze::analyze_file(fixture(name), options);
}

const analyze::MethodAnalysis& method(const analyze::FileAnalysis& file,
                                      const std::string& signature) {
  for (const auto& c : file.classes) {
    for (const auto& m : c.methods) {
      if (m.method->signature == signature) return m;
    }
  }
  ADD_FAILURE() << "no method " << signature << " in " << file.path;
  static const analyze::MethodAnalysis none;
  return none;
}

CommandResult run_command(const std::string& command) {
  CommandResult r;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 65536> buf{};
  size_t n = 0;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

TempDir::TempDir() {
  std::string templ = (std::filesystem::temp_directory_path() / "panta-test-XXXXXX").string();
  char* made = mkdtemp(templ.data());
  path_ = made != nullptr ? made : "";
}

TempDir::~TempDir() {
  std::error_code ec;
  if (!path_.empty()) std::filesystem::remove_all(path_, ec);
}

std::string TempDir::write(const std::string& name, const std::string& content) const {
  std::string full = path_ + "/" + name;
  std::filesystem::create_directories(std::filesystem::path(full).parent_path());
  std::ofstream(full, std::ios::binary) << content;
  return full;
}

PantaRun run_panta(const TempDir& dir, const std::string& args) {
  std::string err_file = dir.path() + "/stderr.txt";
  // `generate` runs PIT's mutants rounds by default (focused): the tests of anything else say
  // --mutants 0, those of the rounds give --mutants themselves.
  std::string all = args;
  if (all.rfind("generate ", 0) == 0 && all.find("--mutants") == std::string::npos)
    all += " --mutants 0";
  auto r = run_command(std::string(PANTA_BINARY) + " " + all + " 2>" + err_file);
  return {r.exit_code, r.out, slurp(err_file)};
}

std::string copy_shop(const TempDir& dir, const std::string& name) {
  std::string root = dir.path() + "/" + name;
  std::filesystem::copy(std::string(PANTA_SOURCE_DIR) + "/examples/shop", root,
                        std::filesystem::copy_options::recursive);
  std::filesystem::remove_all(root + "/.panta");
  return root;
}

// The model is a shell script: it counts its calls in `state`, interrupts panta (its nearest
// ancestor of that name) at the chosen call, and prints that call's answer file.
std::string counting_model(const TempDir& dir, const std::vector<std::string>& answers,
                           const std::string& state, int interrupt_at) {
  for (size_t i = 0; i < answers.size(); ++i) {
    dir.write("answer" + std::to_string(i + 1) + ".txt", answers[i]);
  }
  std::string script =
      "cat >/dev/null\n"
      "n=$(cat '" +
      state + "' 2>/dev/null || echo 0); n=$((n + 1)); echo $n > '" + state +
      "'\n"
      "if [ $n -eq " +
      std::to_string(interrupt_at) +
      " ]; then\n"
      "  p=$PPID\n"
      "  while [ \"$p\" -gt 1 ] && [ \"$(cat /proc/$p/comm)\" != panta ]; do\n"
      "    p=$(cut -d' ' -f4 /proc/$p/stat)\n"
      "  done\n"
      "  kill -INT \"$p\"\n"
      "fi\n"
      "cat '" +
      dir.path() + "/answer'$n.txt 2>/dev/null\n";
  return "'cmd:sh " +
         dir.write("model-" + std::filesystem::path(state).filename().string() + ".sh", script) +
         "'";
}

int calls(const std::string& state) {
  std::ifstream in(state);
  int n = 0;
  in >> n;
  return n;
}

}  // namespace panta::test
