// End-to-end: `panta coverage` and `panta test` on small projects made in a temporary folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

const char* kTestDir = "/src/test/java/org/example/shop/";

TEST(CoverageCli, ShopExampleInTextAndJson) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  test::PantaRun text = test::run_panta(dir, "coverage --project " + root);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("org.example.shop.Cart"), std::string::npos);
  EXPECT_NE(text.out.find("tests: 1 passed, 0 failed"), std::string::npos);

  test::PantaRun json = test::run_panta(dir, "coverage --project " + root + " --format json");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["classes"].size(), 1u);
  const auto& c = j["classes"][0];
  EXPECT_EQ(c["name"], "org.example.shop.Cart");
  EXPECT_EQ(c["source"], root + "/src/main/java/org/example/shop/Cart.java");
  EXPECT_GT(c["lines"]["covered"].get<int>(), 0);
  EXPECT_GT(c["lines"]["missed"].get<int>(), 0);
  EXPECT_GT(c["branches"]["missed"].get<int>(), 0);
  EXPECT_FALSE(c["missed_lines"].empty());
  EXPECT_FALSE(c["line_detail"].empty());
  for (const char* key : {"line", "mi", "ci", "mb", "cb"})
    EXPECT_TRUE(c["line_detail"][0].contains(key));
  ASSERT_EQ(j["tests"].size(), 1u);
  EXPECT_EQ(j["tests"][0]["id"], "org.example.shop.CartTest#emptyCartCostsNothing");
  EXPECT_EQ(j["tests"][0]["status"], "passed");
  EXPECT_TRUE(fs::exists(root + "/.panta/main-classes.stamp"));
}

TEST(CoverageCli, MoreTestsMeanMoreCoverageAndFailuresExitOne) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  auto covered = [&](const test::PantaRun& r) {
    return nlohmann::json::parse(r.out)["classes"][0]["lines"]["covered"].get<int>();
  };
  int before = covered(test::run_panta(dir, "coverage --project " + root + " --format json"));
  dir.write("shop" + std::string(kTestDir) + "CouponTest.java", R"(package org.example.shop;
import static org.junit.jupiter.api.Assertions.*;
import org.junit.jupiter.api.Test;
class CouponTest {
  @Test void valid() { assertTrue(new Cart().applyCoupon("SAVE10")); }
  @Test void wrongExpectation() { assertEquals(1, new Cart().size()); }
  @Test void exits() { System.exit(3); }
}
)");
  test::PantaRun r = test::run_panta(dir, "coverage --project " + root + " --format json");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_GT(covered(r), before);
  std::map<std::string, std::string> status;
  auto parsed = nlohmann::json::parse(r.out);
  for (const auto& t : parsed["tests"]) status[t["id"]] = t["status"];
  EXPECT_EQ(status["org.example.shop.CouponTest#valid"], "passed");
  EXPECT_EQ(status["org.example.shop.CouponTest#wrongExpectation"], "failed");
  EXPECT_EQ(status["org.example.shop.CouponTest#exits"], "error");
}

TEST(CoverageCli, MainSourceChangesAreRecompiled) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  ASSERT_EQ(test::run_panta(dir, "coverage --project " + root).exit_code, 0);
  std::string cart = root + "/src/main/java/org/example/shop/Cart.java";
  std::string text = test::slurp(cart);
  text.replace(text.find("public int size() {"), 19,
               "public int size() {\n    if (items.isEmpty()) return 0;");
  std::ofstream(cart) << text;
  test::PantaRun r = test::run_panta(dir, "coverage --project " + root + " --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  bool has_new_line = false;
  for (const auto& l : j["classes"][0]["line_detail"])
    has_new_line = has_new_line || l["line"] == 24;
  EXPECT_TRUE(has_new_line);
}

TEST(CoverageCli, TestsThatDoNotCompileExitOneWithPositions) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  dir.write("shop" + std::string(kTestDir) + "BrokenTest.java",
            "package org.example.shop;\nclass BrokenTest {\n  void f() { int x = \"no\"; }\n}\n");
  test::PantaRun r = test::run_panta(dir, "coverage --project " + root);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("BrokenTest.java:3:"), std::string::npos) << r.err;
  // The others still run and give coverage; the summary says what was left out.
  EXPECT_NE(r.out.find("tests: 1 passed, 0 failed, 0 errors, 0 skipped, 0 timed out (1 test "
                       "files left out)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("left out, does not compile: BrokenTest.java:3: incompatible types"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("package   org.example.shop  lines  10.9% (6 of 55)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("project   (all classes)  lines  10.9% (6 of 55)"), std::string::npos)
      << r.out;
  // A helper the only test needs that does not compile: nothing is left to run.
  dir.write("shop" + std::string(kTestDir) + "CartTest.java",
            "package org.example.shop;\nclass CartTest { Missing m; }\n");
  test::PantaRun none = test::run_panta(dir, "coverage --project " + root);
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.err.find("the tests do not compile"), std::string::npos) << none.err;
}

TEST(CoverageCli, ClassTakesPackagesAndNoMatchIsAUsageError) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  test::PantaRun package =
      test::run_panta(dir, "coverage --project " + root + " --class org.example.shop");
  EXPECT_EQ(package.exit_code, 0) << package.err;
  EXPECT_NE(package.out.find("org.example.shop.Cart  ("), std::string::npos) << package.out;
  test::PantaRun none =
      test::run_panta(dir, "coverage --project " + root + " --class org.example.nothing");
  EXPECT_EQ(none.exit_code, 2) << none.out;
  EXPECT_NE(none.err.find("org.example.nothing"), std::string::npos) << none.err;
  // A class named without its package: the class of that name is offered.
  test::PantaRun simple = test::run_panta(dir, "coverage --project " + root + " --class Cart");
  EXPECT_EQ(simple.exit_code, 2);
  EXPECT_NE(simple.err.find("; did you mean org.example.shop.Cart?"), std::string::npos)
      << simple.err;
  // A slip in a class's name is caught before the build is asked, as generate's is.
  test::PantaRun slip =
      test::run_panta(dir, "coverage --project " + root + " --class org.example.shop.Cartt");
  EXPECT_EQ(slip.exit_code, 2);
  EXPECT_NE(slip.err.find("no such class: no file below " + root +
                          " is org/example/shop/Cartt.java; did you mean "
                          "src/main/java/org/example/shop/Cart.java?"),
            std::string::npos)
      << slip.err;
}

// A wrong --class fails before the build is asked where the sources are (issue 25: 12-21 s of
// Maven first): a `mvn` that records its calls is never called.
TEST(GenerateCli, AWrongClassFailsBeforeMavenRuns) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  dir.write("bin/mvn", "#!/bin/sh\ntouch " + dir.path() + "/mvn-ran\nexit 1\n");
  test::CommandResult r =
      test::run_command("chmod +x " + dir.path() + "/bin/mvn && PATH=" + dir.path() +
                        "/bin:$PATH XDG_CACHE_HOME=" + dir.path() + "/cache " + PANTA_BINARY +
                        " generate --llm cmd:false --project " + root +
                        " --class org.example.shop.Cartt 2>" + dir.path() + "/err.txt");
  std::string err = test::slurp(dir.path() + "/err.txt");
  EXPECT_EQ(r.exit_code, 2) << err;
  EXPECT_NE(err.find("panta: org.example.shop.Cartt: no such class: no file below " + root +
                     " is org/example/shop/Cartt.java; did you mean "
                     "src/main/java/org/example/shop/Cart.java?"),
            std::string::npos)
      << err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() + "/mvn-ran"));
}

// A build that names its source folder may keep it outside the project folder: the class is
// then looked for where the build says, after Maven (which the fake here fails).
TEST(GenerateCli, AClassOfABuildThatMovesItsSourcesIsLeftToTheBuild) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string pom = test::slurp(root + "/pom.xml");
  pom.replace(pom.rfind("</project>"), 10,
              "<build><sourceDirectory>../shared/src</sourceDirectory></build></project>");
  dir.write("shop/pom.xml", pom);
  dir.write("bin/mvn", "#!/bin/sh\ntouch " + dir.path() + "/mvn-ran\nexit 1\n");
  test::run_command("chmod +x " + dir.path() + "/bin/mvn && PATH=" + dir.path() +
                    "/bin:$PATH XDG_CACHE_HOME=" + dir.path() + "/cache " + PANTA_BINARY +
                    " generate --llm cmd:false --project " + root +
                    " --class org.example.shared.Money 2>/dev/null");
  EXPECT_TRUE(std::filesystem::exists(dir.path() + "/mvn-ran"));
}

// A class without branches has none to cover, not "100% (0 of 0)" (issue 25).
TEST(CoverageCli, AClassWithoutBranchesSaysItHasNone) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  dir.write("shop/src/main/java/org/example/shop/Label.java",
            "package org.example.shop;\n\npublic class Label {\n  public String of(String name) "
            "{\n    return \"[\" + name + \"]\";\n  }\n}\n");
  test::PantaRun r =
      test::run_panta(dir, "coverage --project " + root + " --class org.example.shop.Label");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  branches  none\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(", branches none\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("0 of 0"), std::string::npos) << r.out;
}

TEST(TestCli, RunsNamedTestsJUnit4AndJUnit5) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  dir.write("shop" + std::string(kTestDir) + "LegacyTest.java", R"(package org.example.shop;
import static org.junit.Assert.assertEquals;
import org.junit.Test;
public class LegacyTest {
  @Test public void parses() { assertEquals(3, Cart.parseLine("a;food;3;10").quantity()); }
  @Test public void loops() { while (true) { } }
}
)");
  // JUnit 4 runs as Surefire runs it: declared by the build (Panta adds the Vintage engine).
  std::string pom = test::slurp(root + "/pom.xml");
  pom.insert(
      pom.find("  </dependencies>"),
      "    <dependency>\n      <groupId>junit</groupId>\n      <artifactId>junit</artifactId>\n"
      "      <version>4.13.2</version>\n      <scope>test</scope>\n    </dependency>\n");
  std::ofstream(root + "/pom.xml") << pom;
  test::PantaRun r =
      test::run_panta(dir, "test --project " + root +
                               " --test-timeout 1 --format json --test org.example.shop.LegacyTest "
                               "--test org.example.shop.CartTest#emptyCartCostsNothing");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  std::map<std::string, std::string> status;
  auto parsed = nlohmann::json::parse(r.out);
  for (const auto& t : parsed["tests"]) status[t["id"]] = t["status"];
  EXPECT_EQ(status["org.example.shop.LegacyTest#parses"], "passed");
  EXPECT_EQ(status["org.example.shop.LegacyTest#loops"], "timeout");
  EXPECT_EQ(status["org.example.shop.CartTest#emptyCartCostsNothing"], "passed");
  test::PantaRun ok =
      test::run_panta(dir, "test --project " + root + " --test org.example.shop.CartTest");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(ok.out.find("1 passed, 0 failed"), std::string::npos);
}

// A mistyped command or option is named with what it could have meant (issue 25: `analyse`
// answered "A subcommand is required", `--clas` "--class is required").
TEST(ProjectCli, ASlipOfTheKeyboardIsNamedWithTheNameItMeant) {
  test::TempDir dir;
  test::PantaRun command = test::run_panta(dir, "analyse Foo.java");
  EXPECT_EQ(command.exit_code, 2);
  EXPECT_NE(command.err.find("panta: unknown command 'analyse'; did you mean 'analyze'?"),
            std::string::npos)
      << command.err;
  test::PantaRun option = test::run_panta(dir, "coverage --project " + dir.path() + " --clas X");
  EXPECT_EQ(option.exit_code, 2);
  EXPECT_NE(option.err.find("panta: unknown option '--clas' for 'panta coverage'; did you mean "
                            "'--class'?"),
            std::string::npos)
      << option.err;
  test::PantaRun required = test::run_panta(dir, "test --project " + dir.path());
  EXPECT_EQ(required.exit_code, 2);
  EXPECT_NE(required.err.find("--test is required"), std::string::npos) << required.err;
}

TEST(ProjectCli, UsageAndProjectErrorsExitTwo) {
  test::TempDir dir;
  EXPECT_EQ(test::run_panta(dir, "coverage --project " + dir.path() + "/nope").exit_code, 2);
  test::PantaRun plain = test::run_panta(dir, "coverage --project " + dir.path());
  EXPECT_EQ(plain.exit_code, 2);
  EXPECT_NE(plain.err.find("--src-dir"), std::string::npos) << plain.err;
  EXPECT_EQ(test::run_panta(dir, "test --project " + dir.path()).exit_code,
            2);  // --test is required
  std::string root = test::copy_shop(dir);
  test::PantaRun missing =
      test::run_panta(dir, "test --project " + root + " --test org.example.shop.NoSuchTest");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("NoSuchTest.java"), std::string::npos) << missing.err;
}

// The corpus folder of ../shared/corpus/fetch-subjects.sh: $PANTA_CORPUS when set, else
// ${XDG_CACHE_HOME:-$HOME/.cache}/panta-corpus as the script's default.
std::string corpus_folder() {
  if (const char* named = std::getenv("PANTA_CORPUS"); named != nullptr && *named != '\0')
    return named;
  const char* cache = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  std::string base =
      cache != nullptr && *cache != '\0' ? cache : std::string(home ? home : "/root") + "/.cache";
  return base + "/panta-corpus";
}

// The real commons-lang3 from ../shared/corpus/fetch-subjects.sh --compile lang. Skipped when
// the default corpus folder lacks it; a failure when PANTA_CORPUS names a folder that lacks it
// (.ci/run fetches it and sets PANTA_CORPUS, so CI runs this test or fails).
TEST(CoverageCli, CommonsLang3FromTheCorpus) {
  std::string corpus = corpus_folder() + "/lang";
  if (!fs::exists(corpus + "/classes/org/apache/commons/lang3/CharUtils.class")) {
    std::string why = "compiled commons-lang3 not found at " + corpus +
                      " (run ../shared/corpus/fetch-subjects.sh --compile lang)";
    const char* named = std::getenv("PANTA_CORPUS");
    if (named != nullptr && *named != '\0') FAIL() << "PANTA_CORPUS is set: " << why;
    GTEST_SKIP() << why;
  }
  test::TempDir dir;
  test::PantaRun r =
      test::run_panta(dir, "coverage --project " + corpus + " --classes " + corpus +
                               "/classes --test org.apache.commons.lang3.CharUtilsTest --class "
                               "org.apache.commons.lang3.CharUtils --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["classes"][0]["name"], "org.apache.commons.lang3.CharUtils");
  EXPECT_GT(j["classes"][0]["branches"]["covered"].get<int>(), 40);
  EXPECT_GT(j["tests"].size(), 20u);
}

TEST(CoverageCli, WithoutMavenTheTestsRunWithTheDefaultStackAndOneLineSaysWhy) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  // Maven as offline with an empty local repository; no answers of Panta's cache either.
  dir.write("bin/mvn",
            "#!/bin/sh\necho '[ERROR] Failed to execute goal on project shop: Could not resolve "
            "dependencies for project org.example:shop:jar:1.0: Cannot access central in offline "
            "mode and the artifact org.junit.jupiter:junit-jupiter:jar:5.9.2 has not been "
            "downloaded from it before.'\nexit 1\n");
  std::filesystem::permissions(dir.path() + "/bin/mvn", std::filesystem::perms::owner_all);
  std::string env =
      "env PATH=" + dir.path() + "/bin:$PATH XDG_CACHE_HOME=" + dir.path() + "/cache ";
  auto r = test::run_command(env + PANTA_BINARY + " coverage --project " + root + " 2>&1");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("panta: note: Maven could not resolve the build at " + root),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("org.junit.jupiter:junit-jupiter:jar:5.9.2 has not been downloaded"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("the tests run with the test stack below (Panta's default test stack: "
                       "JUnit Jupiter 6.0.3"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("tests: 1 passed"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace panta
