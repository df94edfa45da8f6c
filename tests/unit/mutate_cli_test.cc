// End-to-end: `panta mutate` against PIT's own command line on tests/fixtures/projects/mutate.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

std::string build_dir() {
  return fs::path(PANTA_BINARY).parent_path().string();
}

// The lines of a classpath.txt joined with `separator`; "" when it is missing.
std::string joined_list(const std::string& file, char separator) {
  std::ifstream in(file);
  std::string out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    if (!out.empty()) out += separator;
    out += line;
  }
  return out;
}

std::string copy_fixture(const test::TempDir& dir) {
  std::string root = dir.path() + "/mutate";
  fs::copy(std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/projects/mutate", root,
           fs::copy_options::recursive);
  return root;
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// PIT's own command line on the fixture, compiled with javac here: mutations.xml's text.
std::string pit_directly(const test::TempDir& dir, const std::string& root) {
  std::string pit = joined_list(build_dir() + "/pitest/classpath.txt", ':');
  std::string stack = joined_list(build_dir() + "/test-stack/classpath.txt", ',');
  std::string out = dir.path() + "/direct";
  std::string compile = "javac -d " + out + "/classes " + root +
                        "/src/demo/Grades.java && javac -d " + out + "/tests -cp " + out +
                        "/classes:" + joined_list(build_dir() + "/test-stack/classpath.txt", ':') +
                        " " + root + "/tests/demo/GradesTest.java";
  EXPECT_EQ(test::run_command(compile).exit_code, 0);
  std::string command =
      "java -cp " + pit + " org.pitest.mutationtest.commandline.MutationCoverageReport" +
      " --reportDir " + out + "/report --targetClasses 'demo.Grades' --targetTests " +
      "demo.GradesTest --sourceDirs " + root + "/src --outputFormats XML " +
      "--timestampedReports=false --classPath " + out + "/tests," + out + "/classes," + stack +
      " > " + out + "/pit.log 2>&1";
  EXPECT_EQ(test::run_command(command).exit_code, 0) << test::slurp(out + "/pit.log");
  return test::slurp(out + "/report/mutations.xml");
}

TEST(MutateCli, SameCountsAsPitsOwnCommandLine) {
  if (!fs::exists(build_dir() + "/pitest/classpath.txt"))
    GTEST_SKIP() << "PIT is not in build/pitest/ (make setup online, then make build)";
  test::TempDir dir;
  std::string root = copy_fixture(dir);
  std::string xml = pit_directly(dir, root);
  ASSERT_FALSE(xml.empty());
  test::PantaRun r =
      test::run_panta(dir, "mutate --project " + root + " --class demo.Grades --format json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["class"], "demo.Grades");
  const auto& m = j["mutants"];
  EXPECT_EQ(m["total"].get<size_t>(), count(xml, "<mutation "));
  EXPECT_EQ(m["detected"].get<size_t>(), count(xml, "detected='true'"));
  EXPECT_EQ(m["killed"].get<size_t>(), count(xml, "status='KILLED'"));
  EXPECT_EQ(m["survived"].get<size_t>(), count(xml, "status='SURVIVED'"));
  EXPECT_EQ(m["no_coverage"].get<size_t>(), count(xml, "status='NO_COVERAGE'"));
  EXPECT_EQ(m["timed_out"].get<size_t>(), count(xml, "status='TIMED_OUT'"));
  EXPECT_FALSE(m.contains("survivors"));  // beside "mutants", not in it
  EXPECT_EQ(j["survivors"].size(),
            count(xml, "status='SURVIVED'") + count(xml, "status='NO_COVERAGE'"));
  EXPECT_GT(m["killed"].get<int>(), 0);
  EXPECT_GT(m["survived"].get<int>(), 0);  // the boundaries are never tested
  double score = 100.0 * m["detected"].get<int>() / m["total"].get<int>();
  EXPECT_NEAR(j["score"].get<double>(), score, 0.01);
  EXPECT_FALSE(fs::exists(root + "/src/demo/Grades.class"));  // nothing written beside sources
}

TEST(MutateCli, RedTestsExitOneAndUnknownClassesTwo) {
  if (!fs::exists(build_dir() + "/pitest/classpath.txt"))
    GTEST_SKIP() << "PIT is not in build/pitest/ (make setup online, then make build)";
  test::TempDir dir;
  std::string root = copy_fixture(dir);
  EXPECT_EQ(test::run_panta(dir, "mutate --project " + root + " --class demo.Nope").exit_code, 2);
  EXPECT_EQ(test::run_panta(
                dir, "mutate --project " + root + " --class demo.Grades --test demo.NoSuchTest")
                .exit_code,
            2);
  std::ofstream(root + "/tests/demo/RedTest.java")
      << "package demo;\nimport org.junit.jupiter.api.Test;\n"
         "import static org.junit.jupiter.api.Assertions.assertEquals;\n"
         "class RedTest {\n  @Test void red() { assertEquals(\"B\", Grades.letter(95)); }\n}\n";
  test::PantaRun red =
      test::run_panta(dir, "mutate --project " + root + " --class demo.Grades --test demo.RedTest");
  EXPECT_EQ(red.exit_code, 1) << red.out << red.err;
  EXPECT_NE(red.err.find("PIT failed"), std::string::npos) << red.err;
}

// A nested class is mutated with its top-level class's tests, by the name the JVM knows it by
// (it looked for Cart/ItemTest.java, then PIT found no class Cart.Item).
TEST(MutateCli, ANestedClassIsMutatedWithItsTopLevelClassTests) {
  if (!fs::exists(build_dir() + "/pitest/classpath.txt"))
    GTEST_SKIP() << "PIT is not in build/pitest/ (make setup online, then make build)";
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  test::PantaRun nested =
      test::run_panta(dir, "mutate --project " + root + " --class org.example.shop.Cart.Item");
  EXPECT_EQ(nested.exit_code, 0) << nested.out << nested.err;
  EXPECT_NE(nested.out.find("org.example.shop.Cart$Item"), std::string::npos) << nested.out;
}

}  // namespace
}  // namespace panta
