// End to end on the Maven fixtures (tests/fixtures/maven): panta coverage gives the line and
// branch counts of the project's own `mvn test` with jacoco-maven-plugin 0.8.15, and panta
// generate keeps a test that needs the project's own library versions.
#include <gtest/gtest.h>
#include <sys/file.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>

#include "project/backups.h"
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

/// Where Temurin's JDK 25 lies on this machine kind, for the fixture that needs Java 21.
const std::string kJdk25 = "/usr/lib/jvm/temurin-25-jdk-amd64";

/// `fixtures` (a folder of kFixtures' parent) measured once by `mvn test` with JaCoCo 0.8.15
/// (offline: setup fetched what it needs; `pom` is the build file, `java_home` the JDK Maven
/// runs on, "" for the default), shared by the tests of this file across processes (a lock; a
/// folder per fixture set under the build folder).
std::string jacoco_run(const std::string& fixtures = kFixtures, const std::string& pom = "pom.xml",
                       const std::string& java_home = "") {
  std::string base = fs::path(PANTA_BINARY).parent_path().string() + "/maven-fixtures";
  fs::create_directories(base);
  int lock = ::open((base + "/.lock").c_str(), O_CREAT | O_RDWR, 0644);
  ::flock(lock, LOCK_EX);
  std::string dir = base + "/measured-" + fs::path(fixtures).filename().string() +
                    (java_home.empty() ? "" : "-" + fs::path(java_home).filename().string());
  std::string stamp = dir + "/.done";
  // Measured again when a fixture changed since (any file newer than the stamp).
  bool fresh = fs::exists(stamp);
  if (fresh) {
    auto when = fs::last_write_time(stamp);
    for (const auto& e : fs::recursive_directory_iterator(fixtures)) {
      if (e.is_regular_file() && e.last_write_time() > when) fresh = false;
    }
  }
  if (!fresh) {
    fs::remove_all(dir);
    fs::copy(fixtures, dir, fs::copy_options::recursive);
    std::string env = java_home.empty() ? "" : "JAVA_HOME=" + java_home + " ";
    CommandResult mvn =
        run_command("cd " + dir + " && " + env + "mvn -B -q -o -Dstyle.color=never -f " + pom +
                    " org.jacoco:jacoco-maven-plugin:0.8.15:prepare-agent "
                    "test org.jacoco:jacoco-maven-plugin:0.8.15:report > mvn.log 2>&1");
    EXPECT_EQ(mvn.exit_code, 0) << "mvn test failed (run `make setup` online once): "
                                << slurp(dir + "/mvn.log");
    std::ofstream(stamp) << "done\n";
  }
  ::flock(lock, LOCK_UN);
  ::close(lock);
  return dir;
}

/// Test results counted as Surefire counts them: its XML reports' test cases by outcome.
struct TestCounts {
  int passed = 0, failed = 0, errors = 0, skipped = 0;
  bool operator==(const TestCounts&) const = default;
};

std::ostream& operator<<(std::ostream& os, const TestCounts& c) {
  return os << c.passed << " passed, " << c.failed << " failed, " << c.errors << " errors, "
            << c.skipped << " skipped";
}

TestCounts surefire_counts(const std::string& module_dir) {
  TestCounts out;
  for (const auto& e : fs::directory_iterator(module_dir + "/target/surefire-reports")) {
    std::string name = e.path().filename().string();
    if (!name.starts_with("TEST-") || e.path().extension() != ".xml") continue;
    pugi::xml_document doc;
    EXPECT_TRUE(doc.load_file(e.path().c_str())) << e.path();
    for (const pugi::xml_node& c : doc.child("testsuite").children("testcase")) {
      if (c.child("failure")) {
        ++out.failed;
      } else if (c.child("error")) {
        ++out.errors;
      } else if (c.child("skipped")) {
        ++out.skipped;
      } else {
        ++out.passed;
      }
    }
  }
  return out;
}

TestCounts panta_counts(const nlohmann::json& report) {
  TestCounts out;
  for (const auto& t : report["tests"]) {
    std::string status = t["status"];
    if (status == "passed") ++out.passed;
    if (status == "failed") ++out.failed;
    if (status == "error" || status == "timeout") ++out.errors;
    if (status == "skipped") ++out.skipped;
  }
  return out;
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

/// panta coverage of `module` of a copy of `sources` (with `options`) counts the tests as
/// Surefire does and the lines and branches as JaCoCo does in `measured` (jacoco_run's folder
/// of the same fixtures); returns the run.
PantaRun expect_counts_of(const std::string& measured, const std::string& sources,
                          const std::string& module, const std::string& options = "") {
  std::map<std::string, Counts> expected = jacoco_counts(measured + "/" + module);
  EXPECT_FALSE(expected.empty());
  TempDir dir;
  std::string root = dir.path() + "/fixtures";
  fs::copy(sources, root, fs::copy_options::recursive);
  PantaRun r = run_panta(dir, "coverage --format json --test-timeout 60 --project " + root + "/" +
                                  module + " " + options);
  EXPECT_EQ(r.exit_code, 0) << r.err << r.out;
  if (r.exit_code != 0) return r;
  nlohmann::json report = nlohmann::json::parse(r.out);
  std::map<std::string, Counts> got;
  for (const auto& c : report["classes"]) {
    got[c["name"]] = {c["lines"]["covered"], c["lines"]["missed"], c["branches"]["covered"],
                      c["branches"]["missed"]};
  }
  EXPECT_EQ(panta_counts(report), surefire_counts(measured + "/" + module)) << r.out;
  EXPECT_EQ(got, expected) << r.out;
  EXPECT_EQ(r.err.find("runs as version"), std::string::npos) << r.err;
  return r;
}

void expect_counts_of_mvn_test(const std::string& module) {
  expect_counts_of(jacoco_run(), kFixtures, module);
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

// Spring's test contexts read the test classes as resources: @WebMvcTest, @DataJpaTest on H2 and
// @SpringBootTest run; the parent's -parameters names the controller's path variable; a class
// disabled by a condition counts as Surefire counts it, a class of test data as nothing.
TEST(MavenFixtures, SpringBootAppCountsEqualMvnTest) {
  PantaRun r = expect_counts_of(jacoco_run(), kFixtures, "spring-app");
  EXPECT_NE(r.err.find("note: no test in fix.spring.TestBooks"), std::string::npos) << r.err;
}

// Main code for Java 8 with an excluded module-info.java; tests for Java 11, one excluded.
TEST(MavenFixtures, TestReleaseAboveReleaseCountsEqualMvnTest) {
  expect_counts_of_mvn_test("test-release");
}

// Lombok runs from the compiler plugin's annotationProcessorPaths.
TEST(MavenFixtures, LombokCountsEqualMvnTest) {
  expect_counts_of_mvn_test("lombok");
}

// A release-21 module: the JDK 17 found first is refused with the JDK to use; with
// --java-home pointing at a newer one, the tests run as Maven runs them on it.
TEST(MavenFixtures, Java21ModuleNeedsANewerJdkAndRunsOnIt) {
  TempDir dir;
  std::string root = copy_fixtures(dir);
  PantaRun refused = run_panta(dir, "coverage --project " + root + "/java21");
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_NE(refused.err.find("the build compiles for Java 21"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--java-home"), std::string::npos) << refused.err;
  if (!fs::exists(kJdk25 + "/bin/javac")) {
    GTEST_SKIP() << "no JDK 21 or newer at " << kJdk25 << ": the Java 21 module is not run";
  }
  expect_counts_of(jacoco_run(kFixtures + "/java21", "pom.xml", kJdk25), kFixtures + "/java21", "",
                   "--java-home " + kJdk25);
}

// Lombok's constructor, accessors and builder are in the prompt, read from the compiled classes
// (issue 25: the prompt said "declares no constructor ... call `new Account()`").
TEST(MavenFixtures, TheLombokApiIsInThePromptFromTheCompiledClasses) {
  TempDir dir;
  std::string root = copy_fixtures(dir);
  PantaRun account =
      run_panta(dir, "generate --project " + root +
                         "/lombok --class fix.lombok.Account --llm cmd:false --dry-run");
  EXPECT_EQ(account.exit_code, 0) << account.err;
  EXPECT_NE(account.out.find("// fix.lombok.Account: generated, not in its source\n"),
            std::string::npos)
      << account.out;
  EXPECT_NE(account.out.find("\npublic fix.lombok.Account(java.lang.String);\n"), std::string::npos)
      << account.out;
  // Order, a type Account uses, is a Lombok @Value @Builder: no implicit constructor is claimed.
  EXPECT_EQ(account.out.find("public Order() // implicit"), std::string::npos) << account.out;
  EXPECT_NE(account.out.find("// its constructors are Lombok's (@Value), not in its source"),
            std::string::npos)
      << account.out;
  EXPECT_NE(account.out.find("public int getBalance();"), std::string::npos) << account.out;
  EXPECT_EQ(account.out.find("declares no constructor"), std::string::npos) << account.out;
  // Order's own prompt, with the tests that cover it already taken away.
  fs::remove_all(root + "/lombok/src/test");
  PantaRun order = run_panta(dir, "generate --project " + root +
                                      "/lombok --class fix.lombok.Order --llm cmd:false --dry-run");
  EXPECT_EQ(order.exit_code, 0) << order.err;
  EXPECT_NE(order.out.find("public static fix.lombok.Order$OrderBuilder builder();"),
            std::string::npos)
      << order.out;
  EXPECT_NE(order.out.find("// fix.lombok.Order.OrderBuilder\n"), std::string::npos) << order.out;
}

// Java 21 and 22+ patterns (tests/fixtures/analyze/Patterns.java: qualified and nested record
// patterns, guards, `case A _, B _`, unnamed variables) in a module of release 22: every method is
// analysed (none left out), and a test of them is generated and kept, run on a JDK >= 21.
TEST(MavenFixtures, ModernPatternsAreAnalysedAndGeneratedForOnAJdkThatCompilesThem) {
  if (!fs::exists(kJdk25 + "/bin/javac")) {
    GTEST_SKIP() << "no JDK 21 or newer at " << kJdk25 << ": the Java 21 module is not run";
  }
  TempDir dir;
  std::string root = copy_fixtures(dir);
  std::string source = slurp(test::fixture("Patterns.java"));
  source.replace(source.find("package fixtures;"), 17, "package fix.j21;");
  std::string module = root.substr(dir.path().size() + 1) + "/java21";
  dir.write(module + "/src/main/java/fix/j21/Patterns.java", source);
  // Unnamed variables are Java 22's: the copy's build compiles for 22.
  std::string pom = slurp(root + "/java21/pom.xml");
  pom.replace(pom.find("<maven.compiler.release>21<"), 27, "<maven.compiler.release>22<");
  dir.write(module + "/pom.xml", pom);
  dir.write("answer.txt", R"(```java
@Test
void qualifiedRecordPatterns() {
  Patterns p = new Patterns();
  org.junit.jupiter.api.Assertions.assertEquals(6.0, p.area(new Patterns.Figure.Rect(2, 3)));
  org.junit.jupiter.api.Assertions.assertEquals("square", p.kind(new Patterns.Figure.Rect(2, 2)));
  org.junit.jupiter.api.Assertions.assertEquals(2, p.count(java.util.List.of("1", "2")));
}
```
)");
  dir.write("answer.sh", "cat >/dev/null\ncat " + dir.path() + "/answer.txt\n");
  PantaRun r = run_panta(dir, "generate --project " + root + "/java21 --java-home " + kJdk25 +
                                  " --class fix.j21.Patterns --llm 'cmd:sh " + dir.path() +
                                  "/answer.sh' --max-iterations 1 --test-timeout 30");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("fix.j21.Patterns: 3 methods under test"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("not analysed"), std::string::npos) << r.err;
  std::string written = slurp(root + "/java21/src/test/java/fix/j21/PatternsTest.java");
  EXPECT_NE(written.find("void qualifiedRecordPatterns("), std::string::npos) << r.err << written;
}

// A plain layout whose JUnit 4 jars the user gives: Panta adds the Platform launcher and the
// Vintage engine; the counts are those of Surefire and JaCoCo on the same folders.
TEST(MavenFixtures, PlainJUnit4LayoutWithItsOwnJarsCountsEqualMvnTest) {
  std::string plain = std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/plain-junit4";
  std::string measured = jacoco_run(plain, "maven-pom.xml");
  std::string repository = std::string(std::getenv("HOME")) + "/.m2/repository";
  std::string jars = repository + "/junit/junit/4.13.2/junit-4.13.2.jar:" + repository +
                     "/org/hamcrest/hamcrest-core/1.3/hamcrest-core-1.3.jar";
  std::map<std::string, Counts> expected = jacoco_counts(measured);
  TempDir dir;
  fs::copy(plain, dir.path() + "/plain", fs::copy_options::recursive);
  PantaRun r = run_panta(dir, "coverage --format json --project " + dir.path() +
                                  "/plain --src-dir src --test-dir test --classpath " + jars);
  ASSERT_EQ(r.exit_code, 0) << r.err << r.out;
  nlohmann::json report = nlohmann::json::parse(r.out);
  std::map<std::string, Counts> got;
  for (const auto& c : report["classes"]) {
    got[c["name"]] = {c["lines"]["covered"], c["lines"]["missed"], c["branches"]["covered"],
                      c["branches"]["missed"]};
  }
  EXPECT_EQ(panta_counts(report), surefire_counts(measured)) << r.out;
  EXPECT_EQ(got, expected) << r.out;
}

/// panta generate with a scripted model answering `answer` (a Java code block's content)
/// keeps the test `name` in the class's test file: it compiles and passes only with the
/// project's own library versions.
PantaRun expect_generated_test_kept(const std::string& module, const std::string& class_name,
                                    const std::string& answer, const std::string& name,
                                    const std::string& test_class = "") {
  TempDir dir;
  std::string root = copy_fixtures(dir);
  dir.write("answer.txt", "```java\n" + answer + "```\n");
  dir.write("answer.sh", "cat >/dev/null\ncat " + dir.path() + "/answer.txt\n");
  PantaRun r = run_panta(dir, "generate --project " + root + "/" + module + " --class " +
                                  class_name + " --llm 'cmd:sh " + dir.path() +
                                  "/answer.sh' --max-iterations 1 --test-timeout 30");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::string path = test_class.empty() ? class_name + "Test" : test_class;
  std::replace(path.begin(), path.end(), '.', '/');
  std::string written = slurp(root + "/" + module + "/src/test/java/" + path + ".java");
  EXPECT_NE(written.find("void " + name + "("), std::string::npos) << r.err << written;
  EXPECT_EQ(r.err.find("runs as version"), std::string::npos) << r.err;
  return r;
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

// A module's test file is backed up in the module's folder, as generate runs it; `restore
// --module` finds it from the reactor's root (issue 25).
TEST(MavenFixtures, RestoreFindsAModulesBackupsByItsName) {
  TempDir dir;
  std::string root = copy_fixtures(dir);
  std::string module = root + "/modules/app";
  std::string file = module + "/src/test/java/fix/app/InvoiceTest.java";
  auto store = project::BackupStore::open(module);
  ASSERT_TRUE(store.ok()) << store.error().message;
  ASSERT_TRUE(store->back_up(file, "7", "fix.app.Invoice").ok());
  PantaRun listed = run_panta(dir, "restore --project " + root + "/modules --module app --list");
  EXPECT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.out.find("fix.app.Invoice src/test/java/fix/app/InvoiceTest.java"),
            std::string::npos)
      << listed.out << listed.err;
  PantaRun reactor = run_panta(dir, "restore --project " + root + "/modules --list");
  EXPECT_EQ(reactor.out.find("InvoiceTest.java"), std::string::npos) << reactor.out;
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

// A @WebMvcTest's new test runs in Spring's test context during validation too: it goes into
// the class's existing BookControllerTests (Surefire's *Tests), and its gain is a line that
// ran only in part (the lambda of a found book).
TEST(MavenFixtures, GenerateKeepsAWebMvcTestInTheExistingTestsClass) {
  PantaRun r =
      expect_generated_test_kept("spring-app", "fix.spring.BookController", R"(@Test
void knownBookShowsItsTitle() throws Exception {
  given(shelf.find(3)).willReturn(Optional.of(new Book("Dune", "Herbert", 412)));
  mvc.perform(get("/books/3")).andExpect(status().isOk()).andExpect(content().string("Dune"));
}
)",
                                 "knownBookShowsItsTitle", "fix.spring.BookControllerTests");
  EXPECT_NE(r.err.find("kept knownBookShowsItsTitle"), std::string::npos) << r.err;
}

// What the project's other test classes cover of Shelf counts from the start (as JaCoCo counts
// the suite: BookControllerTests and SpringAppTests run it); the new test goes into ShelfTests,
// and no ShelfTest.java is made beside it.
TEST(MavenFixtures, GenerateCountsTheOtherTestsOfTheClass) {
  PantaRun r = expect_generated_test_kept("spring-app", "fix.spring.Shelf", R"(@Test
void refusesBooksWithoutPages() {
  Shelf shelf = new Shelf(books);
  assertThatThrownBy(() -> shelf.add("Dune", "Herbert", 0)).hasMessage("a book needs pages");
}
)",
                                          "refusesBooksWithoutPages", "fix.spring.ShelfTests");
  EXPECT_NE(r.err.find("counting what the project's tests cover already (4 test classes besides "
                       "its own): 93.3 % lines, 75.0 % branches"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("coverage now 93.3% lines, 75.0% branches"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("lines 93.3% -> 100.0%"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace panta::test
