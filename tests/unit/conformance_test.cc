// The conformance suite: answers in each style capable models write (tests/fixtures/conformance/
// answers/<project>/<style>.md), given by a scripted model to `panta generate` on the fixture
// project of that JUnit generation. Every correct test must be kept with no repair prompt, a
// skipped one reported as skipped, and the final file must pass as a whole.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <regex>

#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

struct Style {
  std::string project;  // junit5 or junit4
  std::string answer;   // the answer file's name without .md
};

void PrintTo(const Style& s, std::ostream* os) {
  *os << s.project << "/" << s.answer;
}

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

// `panta generate` on a copy of the fixture `project` for conf.Ledger, one iteration of the
// basic strategy, a scripted model answering `answer`; the prompt kinds it was asked for.
struct AnswerRun {
  test::PantaRun run;
  nlohmann::json report;
  std::string kinds;
  std::string root;
};

AnswerRun run_answer(const test::TempDir& dir, const std::string& project,
                     const std::string& answer) {
  const fs::path fixtures = fs::path(PANTA_SOURCE_DIR) / "tests/fixtures/conformance";
  AnswerRun r;
  r.root = dir.path() + "/project";
  fs::copy(fixtures / project, r.root, fs::copy_options::recursive);
  std::string answer_file = dir.write("answer.md", answer);
  std::string kinds = dir.path() + "/kinds";
  std::string model = dir.write("model.sh", "cat >/dev/null\necho \"$PANTA_PROMPT_KIND\" >> '" +
                                                kinds + "'\ncat '" + answer_file + "'\n");
  std::string report = dir.path() + "/report.json";
  r.run = test::run_panta(
      dir, "generate --project " + r.root +
               " --class conf.Ledger --strategy basic --max-iterations 1 --report " + report +
               " --llm 'cmd:sh " + model + "'");
  if (fs::exists(report)) r.report = nlohmann::json::parse(test::slurp(report));
  r.kinds = fs::exists(kinds) ? test::slurp(kinds) : "";
  return r;
}

TEST_P(Conformance, EveryCorrectTestIsKeptWithoutRepair) {
  const Style& s = GetParam();
  const fs::path fixtures = fs::path(PANTA_SOURCE_DIR) / "tests/fixtures/conformance";
  std::string answer =
      test::slurp((fixtures / "answers" / s.project / (s.answer + ".md")).string());
  auto [kept, skipped] = expected_counts(answer);
  test::TempDir dir;
  AnswerRun r = run_answer(dir, s.project, answer);
  ASSERT_EQ(r.run.exit_code, 0) << r.run.err;
  EXPECT_EQ(r.kinds, "generate\n") << "a repair prompt was sent:\n" << r.run.err;
  EXPECT_EQ(r.report["final"]["tests_kept"], kept) << r.run.err;
  EXPECT_EQ(r.report["final"]["tests_skipped"], skipped) << r.run.err;
  EXPECT_EQ(r.report["iterations"][0]["tests_failed"], 0) << r.run.err;
  test::PantaRun check =
      test::run_panta(dir, "test --project " + r.root + " --test conf.LedgerTest");
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
}

TEST(ConformanceDefects, ATestThatNeitherNamesTheClassNorAddsCoverageOfItIsDropped) {
  test::TempDir dir;
  AnswerRun r = run_answer(dir, "junit5", R"(```java
import static org.junit.jupiter.api.Assertions.*;
import org.junit.jupiter.api.Test;
class LedgerTest {
  @Test void credit() { Ledger l = new Ledger(); l.record(Ledger.Kind.CREDIT, 5); assertEquals(5, l.balance()); }
  @Test void withdrawThroughTheBank() { Bank b = new Bank("b"); b.withdraw(3); assertEquals(-3, b.balance()); }
  @Test void bankName() { assertEquals("b", new Bank("b").name()); }
}
```)");
  ASSERT_EQ(r.run.exit_code, 0) << r.run.err;
  EXPECT_EQ(r.kinds, "generate\n") << r.run.err;
  EXPECT_EQ(r.report["final"]["tests_kept"], 2) << r.run.err;
  EXPECT_NE(r.run.err.find("dropped bankName: it neither names Ledger nor adds coverage of it"),
            std::string::npos)
      << r.run.err;
  std::string file = test::slurp(r.root + "/src/test/java/conf/LedgerTest.java");
  EXPECT_NE(file.find("withdrawThroughTheBank"), std::string::npos);
  EXPECT_EQ(file.find("bankName"), std::string::npos);
}

TEST(ConformanceDefects, ATestJUnitDoesNotRunIsFedBackWithTheReason) {
  test::TempDir dir;
  AnswerRun r = run_answer(dir, "junit5", R"(```java
import static org.junit.jupiter.api.Assertions.*;
import org.junit.jupiter.api.Test;
class LedgerTest {
  @Test private void hidden() { assertEquals(0, new Ledger().size()); }
  @Test void shown() { assertEquals(0, new Ledger().balance()); }
}
```)");
  ASSERT_EQ(r.run.exit_code, 0) << r.run.err;
  EXPECT_NE(r.run.err.find("JUnit Jupiter does not run private test methods: hidden"),
            std::string::npos)
      << r.run.err;
  EXPECT_EQ(r.run.err.find("the test did not run"), std::string::npos) << r.run.err;
}

TEST(ConformanceDefects, ADryRunSaysSoWithThePromptsSize) {
  test::TempDir dir;
  std::string root = dir.path() + "/project";
  fs::copy(fs::path(PANTA_SOURCE_DIR) / "tests/fixtures/conformance/junit5", root,
           fs::copy_options::recursive);
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root + " --class conf.Ledger --dry-run --strategy cov");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("dry run: the first prompt (about "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("no model was asked"), std::string::npos) << r.err;
  // cov without coverage sends the basic prompt, not "uncovered: none".
  EXPECT_EQ(r.out.find("none"), std::string::npos) << r.out;
}

TEST(FocusedStrategy, ARunKeepsTestsAndCollectsSuspectedDefects) {
  test::TempDir dir;
  const fs::path fixtures = fs::path(PANTA_SOURCE_DIR) / "tests/fixtures/conformance";
  std::string root = dir.path() + "/project";
  fs::copy(fixtures / "junit5", root, fs::copy_options::recursive);
  std::string prompts = dir.path() + "/prompts";
  std::string model = dir.write(
      "model.sh",
      "cat > '" + prompts + "'.$$\ncat '" +
          dir.write("answer.md", test::slurp((fixtures / "answers/junit5/plain.md").string()) +
                                     "\nDefect: line 40 - a FEE costs ten "
                                     "cents more than it says\n") +
          "'\n");
  std::string report = dir.path() + "/report.json";
  test::PantaRun r = test::run_panta(dir, "generate --project " + root +
                                              " --class conf.Ledger --strategy focused "
                                              "--max-iterations 2 --report " +
                                              report + " --llm 'cmd:sh " + model + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(test::slurp(report));
  EXPECT_EQ(j["strategy"], "focused");
  EXPECT_EQ(j["final"]["tests_kept"], 2) << r.err;
  EXPECT_EQ(j["suspected_defects"],
            nlohmann::json::array({"line 40: a FEE costs ten cents more than it says"}));
  EXPECT_TRUE(j["possibly_infeasible"].is_array());
  // The second prompt is a later-iteration one: sliced source and the gaps named.
  std::string second;
  for (const auto& e : fs::directory_iterator(dir.path())) {
    std::string name = e.path().filename().string();
    if (name.rfind("prompts.", 0) != 0) continue;
    std::string text = test::slurp(e.path().string());
    if (text.find("## What no test has run yet") != std::string::npos) second = text;
  }
  ASSERT_FALSE(second.empty()) << "no later-iteration prompt";
  EXPECT_NE(second.find("Tests it has (they stay; do not write them again): "
                        "creditRaisesTheBalance, emptyLedgerHasNoEntries"),
            std::string::npos)
      << second;
  EXPECT_NE(second.find("{ ... } // lines"), std::string::npos) << second;
}

INSTANTIATE_TEST_SUITE_P(Styles, Conformance, ::testing::ValuesIn(styles()),
                         [](const ::testing::TestParamInfo<Style>& info) {
                           return info.param.project + "_" + info.param.answer;
                         });

}  // namespace
}  // namespace panta
