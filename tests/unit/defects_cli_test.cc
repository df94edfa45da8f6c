// End-to-end, issue 28's held-out check: `panta generate` on a class whose Javadoc and code
// disagree (tests/fixtures/projects/defects), with a scripted answer holding a correct test, a
// real reproducer, one whose claim is wrong and one that fails for its own reason; then
// `mvn test`, and `panta defects` on the buggy and on the fixed class.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

std::string copy_fixture(const test::TempDir& dir) {
  std::string root = dir.path() + "/postage";
  fs::copy(std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/projects/defects", root,
           fs::copy_options::recursive);
  return root;
}

// The project's own build passes with what Panta wrote (the reproducers are skipped there).
void expect_mvn_test_passes(const std::string& root) {
  test::CommandResult mvn =
      test::run_command("cd " + root + " && mvn -B -q -o -Dstyle.color=never test > mvn.log 2>&1");
  EXPECT_EQ(mvn.exit_code, 0) << test::slurp(root + "/mvn.log");
}

const char* kAnswer =
    "```java\n"
    "import static org.junit.jupiter.api.Assertions.*;\n"
    "import org.junit.jupiter.api.Test;\n"
    "\n"
    "class PostageTest {\n"
    "  @Test\n"
    "  void feesByBand() {\n"
    "    assertEquals(500, Postage.fee(1));\n"
    "    assertEquals(900, Postage.fee(5000));\n"
    "    assertEquals(1500, Postage.fee(5001));\n"
    "    assertThrows(IllegalArgumentException.class, () -> Postage.fee(0));\n"
    "  }\n"
    "\n"
    "  // Suspected defect: line 17 - 1000 g costs 900; the Javadoc says 500 up to and "
    "including 1000 g\n"
    "  @Test\n"
    "  void thousandGramsIsTheFirstBand() {\n"
    "    assertEquals(500, Postage.fee(1000));\n"
    "  }\n"
    "\n"
    "  // Suspected defect: line 20 - 5000 g costs 1500; expected 900\n"
    "  @Test\n"
    "  void fiveKilosIsTheSecondBand() {\n"
    "    assertEquals(900, Postage.fee(5000));\n"
    "    assertEquals(900, Postage.fee(1001));\n"
    "  }\n"
    "\n"
    "  // Suspected defect: line 14 - a null weight is not rejected\n"
    "  @Test\n"
    "  void nullWeight() {\n"
    "    Integer grams = null;\n"
    "    int weight = grams;\n"
    "    assertThrows(IllegalArgumentException.class, () -> Postage.fee(weight));\n"
    "  }\n"
    "}\n"
    "```\n";

TEST(DefectsCli, TheRealReproducerIsConfirmedKeptDisabledAndFailsUntilTheCodeIsFixed) {
  test::TempDir dir;
  std::string root = copy_fixture(dir);
  std::string report = dir.path() + "/report.json";
  std::string state = dir.path() + "/calls";
  test::PantaRun run = test::run_panta(
      dir, "generate --project " + root + " --class demo.Postage --max-iterations 1 --llm " +
               test::counting_model(dir, {kAnswer}, state, 0) + " --report " + report);
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_EQ(test::calls(state), 1);  // no repair prompt: reproducers are never repaired
  // The run's end lists the confirmed defect first, with its place and its reproducer.
  EXPECT_NE(run.out.find("demo.Postage: confirmed defect at src/main/java/demo/Postage.java:17: "
                         "1000 g costs 900; the Javadoc says 500 up to and including 1000 g "
                         "(expected 500, actual 900); reproducer "
                         "demo.PostageDefectsTest#thousandGramsIsTheFirstBand"),
            std::string::npos)
      << run.out << run.err;

  auto j = nlohmann::json::parse(test::slurp(report));
  ASSERT_EQ(j["defects"].size(), 3u) << j["defects"].dump(2);
  const auto& confirmed = j["defects"][0];
  EXPECT_EQ(confirmed["status"], "confirmed");
  EXPECT_EQ(confirmed["test"], "demo.PostageDefectsTest#thousandGramsIsTheFirstBand");
  EXPECT_EQ(confirmed["file"], "src/main/java/demo/Postage.java");
  EXPECT_EQ(confirmed["line"], 17);
  EXPECT_EQ(confirmed["expected"], "500");
  EXPECT_EQ(confirmed["actual"], "900");
  std::map<std::string, std::string> status;
  for (const auto& d : j["defects"]) status[d["test"]] = d["status"];
  EXPECT_EQ(status["demo.PostageTest#fiveKilosIsTheSecondBand"], "refuted");
  EXPECT_EQ(status["demo.PostageTest#nullWeight"], "unconfirmed");
  EXPECT_NE(j["defects"][2]["why"].get<std::string>().find(
                "java.lang.NullPointerException thrown by the test's own code"),
            std::string::npos)
      << j["defects"].dump(2);

  std::string tests = test::slurp(root + "/src/test/java/demo/PostageTest.java");
  EXPECT_NE(tests.find("void feesByBand()"), std::string::npos) << tests;
  EXPECT_NE(tests.find("void fiveKilosIsTheSecondBand()"), std::string::npos) << tests;
  EXPECT_EQ(tests.find("thousandGrams"), std::string::npos) << tests;
  EXPECT_EQ(tests.find("nullWeight"), std::string::npos) << tests;
  EXPECT_EQ(tests.find("Suspected defect"), std::string::npos) << tests;
  std::string kept = test::slurp(root + "/src/test/java/demo/PostageDefectsTest.java");
  EXPECT_NE(kept.find("  @Disabled(\"suspected defect: line 17: 1000 g costs 900; the Javadoc "
                      "says 500 up to and including 1000 g\")\n  @Test\n  void "
                      "thousandGramsIsTheFirstBand()"),
            std::string::npos)
      << kept;

  // The build stays green: the reproducer is skipped.
  expect_mvn_test_passes(root);
  std::string surefire =
      test::slurp(root + "/target/surefire-reports/TEST-demo.PostageDefectsTest.xml");
  EXPECT_NE(surefire.find("skipped=\"1\""), std::string::npos) << surefire;

  // `panta defects` runs it enabled: it fails on the buggy class, passes on the fixed one.
  test::PantaRun buggy = test::run_panta(dir, "defects --project " + root);
  EXPECT_EQ(buggy.exit_code, 1) << buggy.out << buggy.err;
  EXPECT_NE(buggy.out.find("still fails  demo.PostageDefectsTest#thousandGramsIsTheFirstBand"),
            std::string::npos)
      << buggy.out;
  EXPECT_NE(buggy.out.find("expected 500, actual 900"), std::string::npos) << buggy.out;
  fs::copy_file(root + "/fixed/demo/Postage.java", root + "/src/main/java/demo/Postage.java",
                fs::copy_options::overwrite_existing);
  test::PantaRun fixed =
      test::run_panta(dir, "defects --project " + root + " --class demo.Postage --format json");
  EXPECT_EQ(fixed.exit_code, 0) << fixed.out << fixed.err;
  auto after = nlohmann::json::parse(fixed.out);
  ASSERT_EQ(after["reproducers"].size(), 1u) << fixed.out;
  EXPECT_EQ(after["reproducers"][0]["status"], "passes");

  // The next run moves it, enabled, into the test class: the code was fixed.
  std::string second_report = dir.path() + "/second.json";
  test::PantaRun again = test::run_panta(
      dir, "generate --project " + root + " --class demo.Postage --max-iterations 1 --llm " +
               test::counting_model(dir, {"```java\n```\n"}, dir.path() + "/calls2", 0) +
               " --report " + second_report);
  ASSERT_EQ(again.exit_code, 0) << again.out << again.err;
  auto j2 = nlohmann::json::parse(test::slurp(second_report));
  ASSERT_GE(j2["defects"].size(), 1u) << j2.dump(2);
  EXPECT_EQ(j2["defects"][0]["status"], "fixed");
  EXPECT_FALSE(fs::exists(root + "/src/test/java/demo/PostageDefectsTest.java"));
  std::string moved = test::slurp(root + "/src/test/java/demo/PostageTest.java");
  EXPECT_NE(moved.find("void thousandGramsIsTheFirstBand()"), std::string::npos) << moved;
  EXPECT_EQ(moved.find("@Disabled"), std::string::npos) << moved;
  test::PantaRun none = test::run_panta(dir, "defects --project " + root);
  EXPECT_EQ(none.exit_code, 0) << none.out << none.err;
  EXPECT_NE(none.out.find("no reproducers"), std::string::npos) << none.out;
  test::PantaRun nowhere = test::run_panta(dir, "defects --project " + dir.path() + "/nowhere");
  EXPECT_EQ(nowhere.exit_code, 2) << nowhere.out << nowhere.err;
}

// The same with JUnit 4: the reproducer is @Ignore'd, the build stays green, `panta defects`
// runs it all the same.
TEST(DefectsCli, AJUnit4ReproducerIsIgnoredAndStillRunByPantaDefects) {
  test::TempDir dir;
  std::string root = copy_fixture(dir);
  std::string pom = test::slurp(root + "/pom.xml");
  const std::string jupiter =
      "<groupId>org.junit.jupiter</groupId>\n      <artifactId>junit-jupiter</artifactId>\n      "
      "<version>5.9.2</version>";
  ASSERT_NE(pom.find(jupiter), std::string::npos) << pom;
  pom.replace(pom.find(jupiter), jupiter.size(),
              "<groupId>junit</groupId>\n      <artifactId>junit</artifactId>\n      "
              "<version>4.13.2</version>");
  dir.write("postage/pom.xml", pom);
  const std::string answer =
      "```java\n"
      "import static org.junit.Assert.*;\n"
      "import org.junit.Test;\n\n"
      "public class PostageTest {\n"
      "  @Test\n"
      "  public void feesByBand() {\n"
      "    assertEquals(500, Postage.fee(1));\n"
      "    assertEquals(900, Postage.fee(5000));\n"
      "    assertEquals(1500, Postage.fee(5001));\n"
      "  }\n\n"
      "  // Suspected defect: line 17 - 1000 g costs 900; the Javadoc says 500\n"
      "  @Test\n"
      "  public void thousandGramsIsTheFirstBand() {\n"
      "    assertEquals(500, Postage.fee(1000));\n"
      "  }\n"
      "}\n```\n";
  std::string report = dir.path() + "/report.json";
  test::PantaRun run = test::run_panta(
      dir, "generate --project " + root + " --class demo.Postage --max-iterations 1 --llm " +
               test::counting_model(dir, {answer}, dir.path() + "/calls", 0) + " --report " +
               report);
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  auto j = nlohmann::json::parse(test::slurp(report));
  ASSERT_GE(j["defects"].size(), 1u) << j.dump(2);
  EXPECT_EQ(j["defects"][0]["status"], "confirmed");
  EXPECT_EQ(j["defects"][0]["expected"], "500");
  EXPECT_EQ(j["defects"][0]["actual"], "900");
  std::string kept = test::slurp(root + "/src/test/java/demo/PostageDefectsTest.java");
  EXPECT_NE(kept.find("import org.junit.Ignore;"), std::string::npos) << kept;
  EXPECT_NE(kept.find("  @Ignore(\"suspected defect: line 17: 1000 g costs 900; the Javadoc says "
                      "500\")\n  @Test\n  public void thousandGramsIsTheFirstBand()"),
            std::string::npos)
      << kept;
  expect_mvn_test_passes(root);
  test::PantaRun buggy = test::run_panta(dir, "defects --project " + root);
  EXPECT_EQ(buggy.exit_code, 1) << buggy.out << buggy.err;
  fs::copy_file(root + "/fixed/demo/Postage.java", root + "/src/main/java/demo/Postage.java",
                fs::copy_options::overwrite_existing);
  test::PantaRun fixed = test::run_panta(dir, "defects --project " + root);
  EXPECT_EQ(fixed.exit_code, 0) << fixed.out << fixed.err;
  EXPECT_NE(fixed.out.find("passes       demo.PostageDefectsTest#thousandGramsIsTheFirstBand"),
            std::string::npos)
      << fixed.out;
}

}  // namespace
}  // namespace panta
