// End to end on the Maven fixtures (tests/fixtures/maven): panta coverage gives the line and
// branch counts of the project's own `mvn test` with jacoco-maven-plugin 0.8.15, and panta
// generate keeps a test that needs the project's own library versions.
#include <gtest/gtest.h>
#include <sys/file.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "test_support.h"

namespace panta::test {
namespace {

namespace fs = std::filesystem;

const std::string kFixtures = std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/maven";

struct Counts {
  int lines_covered = 0, lines_missed = 0, branches_covered = 0, branches_missed = 0;
  bool operator==(const Counts&) const = default;
};

std::ostream& operator<<(std::ostream& os, const Counts& c) {
  return os << "lines " << c.lines_covered << "/" << c.lines_covered + c.lines_missed
            << ", branches " << c.branches_covered << "/" << c.branches_covered + c.branches_missed;
}

/// The fixtures measured once by `mvn test` with JaCoCo 0.8.15 (offline: setup fetched what it
/// needs), shared by the tests of this file across processes (a lock; a folder per fixture
/// version under the build folder).
std::string jacoco_run() {
  std::string base = fs::path(PANTA_BINARY).parent_path().string() + "/maven-fixtures";
  fs::create_directories(base);
  int lock = ::open((base + "/.lock").c_str(), O_CREAT | O_RDWR, 0644);
  ::flock(lock, LOCK_EX);
  std::string dir = base + "/measured";
  std::string stamp = dir + "/.done";
  // Measured again when a fixture changed since (any file newer than the stamp).
  bool fresh = fs::exists(stamp);
  if (fresh) {
    auto when = fs::last_write_time(stamp);
    for (const auto& e : fs::recursive_directory_iterator(kFixtures)) {
      if (e.is_regular_file() && e.last_write_time() > when) fresh = false;
    }
  }
  if (!fresh) {
    fs::remove_all(dir);
    fs::copy(kFixtures, dir, fs::copy_options::recursive);
    CommandResult mvn = run_command(
        "cd " + dir +
        " && mvn -B -q -o -Dstyle.color=never org.jacoco:jacoco-maven-plugin:0.8.15:prepare-agent "
        "test org.jacoco:jacoco-maven-plugin:0.8.15:report > mvn.log 2>&1");
    EXPECT_EQ(mvn.exit_code, 0) << "mvn test failed (run `make setup` online once): "
                                << slurp(dir + "/mvn.log");
    std::ofstream(stamp) << "done\n";
  }
  ::flock(lock, LOCK_UN);
  ::close(lock);
  return dir;
}

/// JaCoCo's counts per source file ("fix.mock.Checkout") of a fixture module.
std::map<std::string, Counts> jacoco_counts(const std::string& module_dir) {
  std::map<std::string, Counts> out;
  pugi::xml_document doc;
  EXPECT_TRUE(doc.load_file((module_dir + "/target/site/jacoco/jacoco.xml").c_str())) << module_dir;
  for (const pugi::xml_node& package : doc.child("report").children("package")) {
    std::string name = package.attribute("name").value();
    std::replace(name.begin(), name.end(), '/', '.');
    for (const pugi::xml_node& file : package.children("sourcefile")) {
      std::string source = file.attribute("name").value();
      Counts& c = out[name + "." + source.substr(0, source.size() - 5)];
      for (const pugi::xml_node& counter : file.children("counter")) {
        std::string type = counter.attribute("type").value();
        int covered = counter.attribute("covered").as_int();
        int missed = counter.attribute("missed").as_int();
        if (type == "LINE") c.lines_covered = covered, c.lines_missed = missed;
        if (type == "BRANCH") c.branches_covered = covered, c.branches_missed = missed;
      }
    }
  }
  return out;
}

/// A fresh copy of the fixtures (Panta writes .panta/ into the module it works on).
std::string copy_fixtures(const TempDir& dir) {
  std::string root = dir.path() + "/fixtures";
  fs::copy(kFixtures, root, fs::copy_options::recursive);
  return root;
}

void expect_counts_of_mvn_test(const std::string& module) {
  std::map<std::string, Counts> expected = jacoco_counts(jacoco_run() + "/" + module);
  ASSERT_FALSE(expected.empty());
  TempDir dir;
  std::string root = copy_fixtures(dir);
  PantaRun r =
      run_panta(dir, "coverage --format json --test-timeout 30 --project " + root + "/" + module);
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  nlohmann::json report = nlohmann::json::parse(r.out);
  std::map<std::string, Counts> got;
  for (const auto& c : report["classes"]) {
    got[c["name"]] = {c["lines"]["covered"], c["lines"]["missed"], c["branches"]["covered"],
                      c["branches"]["missed"]};
  }
  for (const auto& t : report["tests"]) EXPECT_EQ(t["status"], "passed") << t.dump();
  EXPECT_EQ(got, expected) << r.out;
  EXPECT_EQ(r.err.find("runs as version"), std::string::npos) << r.err;
}

TEST(MavenFixtures, MockitoJupiterCountsEqualMvnTest) {
  expect_counts_of_mvn_test("mockito-jupiter");
}
TEST(MavenFixtures, ModulesCountsEqualMvnTest) {
  expect_counts_of_mvn_test("modules/app");
}
TEST(MavenFixtures, JUnit4RunnerCountsEqualMvnTest) {
  expect_counts_of_mvn_test("junit4-runner");
}
TEST(MavenFixtures, Jupiter6CountsEqualMvnTest) {
  expect_counts_of_mvn_test("jupiter6");
}
TEST(MavenFixtures, ParentManagedCountsEqualMvnTest) {
  expect_counts_of_mvn_test("parent-managed/lib");
}

/// panta generate with a scripted model answering `answer` (a Java code block's content)
/// keeps the test `name` in the class's test file: it compiles and passes only with the
/// project's own library versions.
void expect_generated_test_kept(const std::string& module, const std::string& class_name,
                                const std::string& answer, const std::string& name) {
  TempDir dir;
  std::string root = copy_fixtures(dir);
  dir.write("answer.txt", "```java\n" + answer + "```\n");
  dir.write("answer.sh", "cat >/dev/null\ncat " + dir.path() + "/answer.txt\n");
  PantaRun r = run_panta(dir, "generate --project " + root + "/" + module + " --class " +
                                  class_name + " --llm 'cmd:sh " + dir.path() +
                                  "/answer.sh' --max-iterations 1 --test-timeout 30");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string path = class_name;
  std::replace(path.begin(), path.end(), '.', '/');
  std::string written = slurp(root + "/" + module + "/src/test/java/" + path + "Test.java");
  EXPECT_NE(written.find("void " + name + "("), std::string::npos) << r.err << written;
  EXPECT_EQ(r.err.find("runs as version"), std::string::npos) << r.err;
}

TEST(MavenFixtures, GenerateKeepsAMockStaticTest) {
  expect_generated_test_kept("mockito-jupiter", "fix.mock.Checkout", R"(@Test
void vatFreeTotal() {
  Checkout checkout = new Checkout(new PriceList());
  checkout.add("abcd", 1);
  try (org.mockito.MockedStatic<Rates> rates = org.mockito.Mockito.mockStatic(Rates.class)) {
    rates.when(Rates::vatPercent).thenReturn(0);
    org.assertj.core.api.Assertions.assertThat(checkout.total()).isEqualTo(400);
  }
}
)",
                             "vatFreeTotal");
}

// @AutoClose is JUnit 5.11's; Money is core's, which Panta compiles first.
TEST(MavenFixtures, GenerateKeepsAnAutoCloseTestOfCoresMoneyInTheAppModule) {
  expect_generated_test_kept("modules/app", "fix.app.Invoice", R"(@org.junit.jupiter.api.AutoClose
java.io.StringWriter log = new java.io.StringWriter();

@Test
void coreMoneyAddsUp() {
  log.write("adding");
  assertEquals(250, new fix.core.Money(100).plus(new fix.core.Money(150)).cents());
  Invoice invoice = new Invoice();
  assertEquals("empty", invoice.summary());
}
)",
                             "coreMoneyAddsUp");
}

TEST(MavenFixtures, GenerateKeepsAMockitoFiveJUnit4Test) {
  expect_generated_test_kept("junit4-runner", "fix.legacy.Greeter", R"(@Test
public void longNamesAreCut() {
  NameSource source = org.mockito.Mockito.mock();
  when(source.nameOf(3)).thenReturn("Bartholomew Roberts");
  assertEquals("Hello, Bartholome...", new Greeter(source).greet(3));
}
)",
                             "longNamesAreCut");
}

TEST(MavenFixtures, GenerateKeepsAJUnitSixTest) {
  expect_generated_test_kept("jupiter6", "fix.six.Grades", R"(@Test
void middlingScoresGetAC() {
  assertEquals("6.0.1", Test.class.getPackage().getImplementationVersion());
  assertEquals('C', Grades.grade(50));
  assertEquals('C', Grades.grade(74));
}
)",
                             "middlingScoresGetAC");
}

TEST(MavenFixtures, GenerateKeepsAnAssertJTestOfTheManagedVersion) {
  expect_generated_test_kept("parent-managed/lib", "fix.managed.Words", R"(@Test
void keepsDigits() {
  assertThat(Words.split("r2 d2!")).containsExactly("r2", "d2");
  assertThat(Words.split(null)).isEmpty();
}
)",
                             "keepsDigits");
}

}  // namespace
}  // namespace panta::test
