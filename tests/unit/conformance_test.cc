// The conformance suite: answers in each style capable models write (tests/fixtures/conformance/
// answers/<project>/<style>.md), given by a scripted model to `panta generate` on the fixture
// project of that JUnit generation. Every correct test must be kept with no repair prompt, a
// skipped one reported as skipped, and the final file must pass as a whole.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

struct Style {
  std::string project;  // junit5 or junit4
  std::string answer;   // the answer file's name without .md
};

std::vector<Style> styles() {
  std::vector<Style> out;
  for (const char* project : {"junit5", "junit4"}) {
    fs::path dir = fs::path(PANTA_SOURCE_DIR) / "tests/fixtures/conformance/answers" / project;
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) {
      if (e.path().extension() == ".md") names.push_back(e.path().stem().string());
    }
    std::sort(names.begin(), names.end());
    for (const std::string& n : names) out.push_back({project, n});
  }
  return out;
}

class Conformance : public ::testing::TestWithParam<Style> {};

// "<!-- expect kept=N skipped=M -->" on the answer's first line.
std::pair<int, int> expected_counts(const std::string& answer) {
  std::smatch m;
  static const std::regex expect(R"(<!-- expect kept=(\d+) skipped=(\d+) -->)");
  if (!std::regex_search(answer, m, expect)) {
    ADD_FAILURE() << "the answer lacks its <!-- expect kept=N skipped=M --> line";
    return {-1, -1};
  }
  return {std::stoi(m[1]), std::stoi(m[2])};
}

TEST_P(Conformance, EveryCorrectTestIsKeptWithoutRepair) {
  const Style& s = GetParam();
  const fs::path fixtures = fs::path(PANTA_SOURCE_DIR) / "tests/fixtures/conformance";
  std::string answer = test::slurp((fixtures / "answers" / s.project / (s.answer + ".md")).string());
  auto [kept, skipped] = expected_counts(answer);

  test::TempDir dir;
  std::string root = dir.path() + "/project";
  fs::copy(fixtures / s.project, root, fs::copy_options::recursive);
  std::string answer_file = dir.write("answer.md", answer);
  std::string kinds = dir.path() + "/kinds";
  std::string model = dir.write("model.sh", "cat >/dev/null\necho \"$PANTA_PROMPT_KIND\" >> '" +
                                                kinds + "'\ncat '" + answer_file + "'\n");
  std::string report = dir.path() + "/report.json";
  test::PantaRun run = test::run_panta(
      dir, "generate --project " + root +
               " --class conf.Ledger --strategy basic --max-iterations 1 --report " + report +
               " --llm 'cmd:sh " + model + "'");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(test::slurp(kinds), "generate\n") << "a repair prompt was sent:\n" << run.err;
  auto j = nlohmann::json::parse(test::slurp(report));
  EXPECT_EQ(j["final"]["tests_kept"], kept) << run.err;
  EXPECT_EQ(j["final"]["tests_skipped"], skipped) << run.err;
  EXPECT_EQ(j["iterations"][0]["tests_failed"], 0) << run.err;

  test::PantaRun check = test::run_panta(dir, "test --project " + root + " --test conf.LedgerTest");
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
}

INSTANTIATE_TEST_SUITE_P(Styles, Conformance, ::testing::ValuesIn(styles()),
                         [](const ::testing::TestParamInfo<Style>& info) {
                           return info.param.project + "_" + info.param.answer;
                         });

}  // namespace
}  // namespace panta
