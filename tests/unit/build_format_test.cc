// The build's formatter on the files Panta writes (issue 25): which plugins count as one, the
// Maven arguments that reach Panta's files and nothing else, and end to end on the fixtures of
// tests/fixtures/formatters (spring-javaformat validated in `mvn test`, as spring-petclinic
// does; Spotless with google-java-format, as gson does). Setup fetches both plugins.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "project/build_formatter.h"
#include "project/maven_model.h"
#include "test_support.h"

namespace panta::test {
namespace {

namespace fs = std::filesystem;
using project::apply_arguments;
using project::BuildFormatter;
using project::FormatTarget;

const BuildFormatter kSpotless{BuildFormatter::Kind::kSpotless,
                               "com.diffplug.spotless",
                               "spotless-maven-plugin",
                               "3.8.0",
                               "",
                               false};
const BuildFormatter kSpring{BuildFormatter::Kind::kSpringJavaFormat,
                             "io.spring.javaformat",
                             "spring-javaformat-maven-plugin",
                             "0.0.47",
                             "",
                             false};

TEST(BuildFormatter, SpotlessIsLimitedToTheFilesAndTheModule) {
  FormatTarget target{"/r", "/r/modules/app", "app", {"/r/modules/app/src/test/java"}};
  auto args = apply_arguments(kSpotless, target,
                              {"/r/modules/app/src/test/java/a/BTest.java",
                               "/r/modules/app/src/test/java/a/B_Defects.java"});
  ASSERT_TRUE(args.ok()) << args.error().message;
  EXPECT_EQ(*args, (std::vector<std::string>{
                       "-pl", ":app", "com.diffplug.spotless:spotless-maven-plugin:3.8.0:apply",
                       "-DspotlessFiles=.*\\Q/src/test/java/a/BTest.java\\E,"
                       ".*\\Q/src/test/java/a/B_Defects.java\\E"}));
}

TEST(BuildFormatter, SpringJavaFormatIncludesPathsInTheirSourceFolder) {
  FormatTarget target{"/p", "/p", "p", {"/p/src/test/java", "/p/src/main/java"}};
  auto args = apply_arguments(kSpring, target, {"/p/src/test/java/a/b/CTests.java"});
  ASSERT_TRUE(args.ok()) << args.error().message;
  EXPECT_EQ(*args, (std::vector<std::string>{
                       "io.spring.javaformat:spring-javaformat-maven-plugin:0.0.47:apply",
                       "-Dspring-javaformat.includes=a/b/CTests.java"}));
  auto outside = apply_arguments(kSpring, target, {"/elsewhere/CTests.java"});
  ASSERT_FALSE(outside.ok());
  EXPECT_NE(outside.error().message.find("/elsewhere/CTests.java is not in a source folder"),
            std::string::npos);
}

TEST(BuildFormatter, APathWithAQuoteEndIsStillLiteral) {
  FormatTarget target{"/p", "/p", "p", {"/p/src/test/java"}};
  auto args = apply_arguments(kSpotless, target, {"/p/src/test/java/odd\\Edir/XTest.java"});
  ASSERT_TRUE(args.ok());
  EXPECT_EQ(args->back(), "-DspotlessFiles=.*\\Q/src/test/java/odd\\E\\\\E\\Qdir/XTest.java\\E");
}

TEST(BuildFormatter, TheEffectiveModelNamesTheFormattersThatFormatJava) {
  std::string xml = R"(<projects>
  <project><groupId>g</groupId><artifactId>a</artifactId><version>1</version>
    <build><plugins>
      <plugin><groupId>com.diffplug.spotless</groupId><artifactId>spotless-maven-plugin</artifactId>
        <version>3.8.0</version><configuration><pom><sortPom/></pom></configuration></plugin>
    </plugins></build></project>
  <project><groupId>g</groupId><artifactId>b</artifactId><version>1</version>
    <build><plugins>
      <plugin><groupId>com.diffplug.spotless</groupId><artifactId>spotless-maven-plugin</artifactId>
        <version>3.8.0</version><executions><execution><id>style</id><configuration><java>
        <palantirJavaFormat/></java></configuration></execution></executions></plugin>
      <plugin><groupId>io.spring.javaformat</groupId>
        <artifactId>spring-javaformat-maven-plugin</artifactId><version>0.0.47</version>
        <configuration><includes><include>**/*.java</include></includes></configuration></plugin>
    </plugins></build></project>
</projects>)";
  auto modules = project::parse_effective_pom(xml, "effective.xml");
  ASSERT_TRUE(modules.ok()) << modules.error().message;
  ASSERT_EQ(modules->size(), 2u);
  EXPECT_TRUE((*modules)[0].formatters.empty());  // Spotless here formats the POM only
  // Java configured in an execution only: a goal typed on the command line must name it.
  BuildFormatter in_execution = kSpotless;
  in_execution.execution = "style";
  BuildFormatter fixed = kSpring;
  fixed.selection_fixed = true;
  EXPECT_EQ((*modules)[1].formatters, (std::vector<BuildFormatter>{in_execution, fixed}));
  FormatTarget target{"/p", "/p", "b", {"/p/src/test/java"}};
  auto args = apply_arguments(in_execution, target, {"/p/src/test/java/XTest.java"});
  ASSERT_TRUE(args.ok());
  EXPECT_EQ((*args)[0], "com.diffplug.spotless:spotless-maven-plugin:3.8.0:apply@style");
  // A POM that fixes the files spring-javaformat formats: not run (it would format them all).
  EXPECT_FALSE(apply_arguments(fixed, target, {"/p/src/test/java/XTest.java"}).ok());
}

const std::string kFormatters = std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/formatters";

/// A copy of the formatter fixture `name` in `dir`, and a model that answers `answer` once.
struct FormatRun {
  std::string project;
  std::string llm;
};

FormatRun copy_fixture(const TempDir& dir, const std::string& name, const std::string& answer) {
  fs::copy(kFormatters + "/" + name, dir.path() + "/" + name, fs::copy_options::recursive);
  dir.write("answer.txt", answer);
  dir.write("answer.sh", "cat >/dev/null\ncat " + dir.path() + "/answer.txt\n");
  return {dir.path() + "/" + name, "'cmd:sh " + dir.path() + "/answer.sh'"};
}

CommandResult mvn(const std::string& project, const std::string& goals) {
  return run_command("cd " + project + " && mvn -B -q -o -Dstyle.color=never " + goals +
                     " > mvn.log 2>&1");
}

// The fixture `name` with `answer` written by `generate --no-format` (`generate`: the rest of its
// flags): nothing is formatted, and the build's check (`goals`) fails on the file as written, so
// the fixture tells a formatted file from an unformatted one.
void expect_the_check_fails_as_written(const std::string& name, const std::string& answer,
                                       const std::string& generate, const std::string& goals) {
  TempDir unformatted;
  FormatRun raw = copy_fixture(unformatted, name, answer);
  PantaRun as_written =
      run_panta(unformatted, "generate --no-format --project " + raw.project + generate + raw.llm);
  ASSERT_EQ(as_written.exit_code, 0) << as_written.err;
  EXPECT_EQ(as_written.err.find("formatted"), std::string::npos) << as_written.err;
  EXPECT_NE(mvn(raw.project, goals).exit_code, 0) << "the fixture no longer tells the two apart";
}

// A test in two-space indentation with two statements on one line, as a model writes it.
constexpr const char* kLevelsAnswer = R"(```java
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;

class LevelsTests {
  @Test
  void levelsOutsideTheBanksHaveNames() {
      assertEquals("dry", Levels.name(-1)); assertEquals("flood", Levels.name(301));
  }
}
```
)";

// spring-petclinic's shape: spring-javaformat validates in `mvn test`; what Panta wrote fails it
// (--no-format), what the build's formatter made of it passes.
TEST(BuildFormatters, SpringJavaFormatValidationPassesOnTheFileWritten) {
  std::string generate = " --class fix.fmt.Levels --max-iterations 1 --test-timeout 60 --llm ";
  expect_the_check_fails_as_written("javaformat", kLevelsAnswer, generate, "test");

  TempDir dir;
  FormatRun run = copy_fixture(dir, "javaformat", kLevelsAnswer);
  // A main class the formatter would change: Panta's run leaves it alone.
  const std::string untidy = "package fix.fmt;\nclass Untidy {   int   x; }\n";
  dir.write("javaformat/src/main/java/fix/fmt/Untidy.java", untidy);
  PantaRun r = run_panta(dir, "generate --project " + run.project + generate + run.llm);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("panta: formatted src/test/java/fix/fmt/LevelsTests.java with the build's "
                       "spring-javaformat-maven-plugin 0.0.47"),
            std::string::npos)
      << r.err;
  std::string written = slurp(run.project + "/src/test/java/fix/fmt/LevelsTests.java");
  EXPECT_NE(written.find("\tvoid levelsOutsideTheBanksHaveNames() {\n\t\tassertEquals(\"dry\", "
                         "Levels.name(-1));\n\t\tassertEquals"),
            std::string::npos)
      << written;
  EXPECT_EQ(slurp(run.project + "/src/main/java/fix/fmt/Untidy.java"), untidy);
  fs::remove(run.project + "/src/main/java/fix/fmt/Untidy.java");
  EXPECT_EQ(mvn(run.project, "test").exit_code, 0) << slurp(run.project + "/mvn.log");
}

constexpr const char* kMeterAnswer = R"(```java
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import org.junit.jupiter.api.Test;

class MeterTest {
    @Test
    void outOfRangeReadings() {
        assertThrows(IllegalArgumentException.class, () -> Meter.reading(-1)); assertEquals("rolled over", Meter.reading(100_000));
    }
}
```
)";

// gson's shape: Spotless with google-java-format. The formatter runs on Panta's file and on
// nothing else: an untidy source of the project stays as it was.
TEST(BuildFormatters, SpotlessCheckPassesOnTheFileWrittenAndNothingElseIsTouched) {
  const std::string untidy = "package fix.spot;\nclass Untidy {   int   x; }\n";
  const std::string check =
      "spotless:check '-DspotlessFiles=.*/src/test/java/fix/spot/MeterTest\\.java'";
  std::string generate = " --class fix.spot.Meter --max-iterations 1 --test-timeout 60 --llm ";
  expect_the_check_fails_as_written("spotless", kMeterAnswer, generate, check);

  TempDir dir;
  FormatRun run = copy_fixture(dir, "spotless", kMeterAnswer);
  dir.write("spotless/src/main/java/fix/spot/Untidy.java", untidy);
  PantaRun r = run_panta(dir, "generate --project " + run.project + generate + run.llm);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("panta: formatted src/test/java/fix/spot/MeterTest.java with the build's "
                       "spotless-maven-plugin 3.8.0"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(mvn(run.project, check).exit_code, 0) << slurp(run.project + "/mvn.log");
  EXPECT_EQ(slurp(run.project + "/src/main/java/fix/spot/Untidy.java"), untidy);
  std::string written = slurp(run.project + "/src/test/java/fix/spot/MeterTest.java");
  EXPECT_NE(written.find("  void outOfRangeReadings() {\n    assertThrows("), std::string::npos)
      << written;
}

}  // namespace
}  // namespace panta::test
