// The manual keeps up with the binary (issue 29): every option a command's --help prints is
// explained on its page of docs/cli, every relative link of the README and docs/ leads to a file,
// and the README stays a front page (at most 300 lines).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "test_support.h"

namespace panta::test {
namespace {

namespace fs = std::filesystem;
const std::string kRoot = PANTA_SOURCE_DIR;

// The long option names an --help text lists ("  -h,--help", "  --class TEXT ...").
std::set<std::string> listed_options(const std::string& help) {
  std::set<std::string> out;
  static const std::regex line(R"((^|\n)  (-[a-zA-Z],)?(--[a-z][a-z0-9-]*))");
  for (auto it = std::sregex_iterator(help.begin(), help.end(), line); it != std::sregex_iterator();
       ++it) {
    std::string name = (*it)[3];
    if (name != "--help") out.insert(name);
  }
  return out;
}

// Whether `page` has "`--name" with no longer option name starting the same way.
bool explains(const std::string& page, const std::string& name) {
  std::regex written("`" + name + "([^a-z0-9-]|$)");
  return std::regex_search(page, written);
}

struct CommandPage {
  std::string command;  ///< as typed after `panta`
  std::string page;     ///< docs/cli/<page>.md
};

void PrintTo(const CommandPage& p, std::ostream* os) {
  *os << "panta " << p.command;
}

class DocsPerCommand : public testing::TestWithParam<CommandPage> {};

TEST_P(DocsPerCommand, EveryOptionOfItsHelpIsExplained) {
  TempDir dir;
  std::string help = run_panta(dir, GetParam().command + " --help").out;
  std::set<std::string> options = listed_options(help);
  ASSERT_NE(help.find("Usage: panta " + GetParam().command), std::string::npos) << help;
  std::string path = kRoot + "/docs/cli/" + GetParam().page + ".md";
  ASSERT_TRUE(fs::exists(path)) << path;
  std::string page = slurp(path);
  for (const std::string& option : options) {
    EXPECT_TRUE(explains(page, option)) << path << " does not explain `" << option << "`";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Commands, DocsPerCommand,
    testing::Values(CommandPage{"analyze", "analyze"}, CommandPage{"coverage", "coverage"},
                    CommandPage{"test", "test"}, CommandPage{"defects", "defects"},
                    CommandPage{"mutate", "mutate"}, CommandPage{"generate", "generate"},
                    CommandPage{"report html", "report"}, CommandPage{"report merge", "report"},
                    CommandPage{"restore", "restore"}, CommandPage{"eval", "eval"},
                    CommandPage{"select", "select"}),
    [](const testing::TestParamInfo<CommandPage>& info) {
      std::string name = info.param.command;
      std::replace(name.begin(), name.end(), ' ', '_');
      return name;
    });

// Every command `panta --help` lists has a page.
TEST(Docs, EveryCommandHasAPage) {
  TempDir dir;
  std::string help = run_panta(dir, "--help").out;
  static const std::regex command(R"(\n  ([a-z]+) )");
  int commands = 0;
  for (auto it = std::sregex_iterator(help.begin(), help.end(), command);
       it != std::sregex_iterator(); ++it, ++commands) {
    EXPECT_TRUE(fs::exists(kRoot + "/docs/cli/" + std::string((*it)[1]) + ".md")) << (*it)[1];
  }
  EXPECT_GE(commands, 10) << help;
}

// Links to files of the repository ("docs/x.md", "../README.md#set-up") lead somewhere.
TEST(Docs, RelativeLinksLeadToFiles) {
  std::vector<std::string> pages = {kRoot + "/README.md"};
  for (const auto& e : fs::recursive_directory_iterator(kRoot + "/docs")) {
    if (e.path().extension() == ".md") pages.push_back(e.path().string());
  }
  static const std::regex link(R"(\]\(([^)#:\s]+)(#[^)]*)?\))");
  for (const std::string& page : pages) {
    std::string text = slurp(page);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), link);
         it != std::sregex_iterator(); ++it) {
      fs::path target = fs::path(page).parent_path() / std::string((*it)[1]);
      EXPECT_TRUE(fs::exists(target)) << page << " links to " << (*it)[1];
    }
  }
}

TEST(Docs, TheReadmeIsAFrontPage) {
  std::string readme = slurp(kRoot + "/README.md");
  EXPECT_LE(std::count(readme.begin(), readme.end(), '\n'), 300);
  // Exactly the two set-up commands of a newcomer.
  EXPECT_NE(readme.find("make demo"), std::string::npos);
  EXPECT_NE(readme.find("make test"), std::string::npos);
}

}  // namespace
}  // namespace panta::test
