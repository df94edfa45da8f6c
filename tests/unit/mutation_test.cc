// PIT's mutations.xml and command line, without a JVM (src/mutation).
#include <gtest/gtest.h>

#include <algorithm>

#include "mutation/mutation_report.h"
#include "mutation/pit_command.h"
#include "test_support.h"

namespace panta::mutation {
namespace {

std::string mutation(const std::string& cls, const std::string& status, bool detected, int line,
                     const std::string& mutator, const std::string& description) {
  return "<mutation detected='" + std::string(detected ? "true" : "false") + "' status='" + status +
         "' numberOfTestsRun='1'><sourceFile>Grades.java</sourceFile><mutatedClass>" + cls +
         "</mutatedClass><mutatedMethod>letter</mutatedMethod><methodDescription>(I)" +
         "Ljava/lang/String;</methodDescription><lineNumber>" + std::to_string(line) +
         "</lineNumber><mutator>org.pitest.mutationtest.engine.gregor.mutators." + mutator +
         "</mutator><indexes><index>4</index></indexes><blocks><block>0</block></blocks>" +
         "<killingTest/><description>" + description + "</description></mutation>\n";
}

std::string report_xml() {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<mutations partial=\"true\">\n" +
         mutation("demo.Grades", "KILLED", true, 10, "NegateConditionalsMutator",
                  "negated conditional") +
         mutation("demo.Grades", "SURVIVED", false, 13, "ConditionalsBoundaryMutator",
                  "changed conditional boundary") +
         mutation("demo.Grades$Inner", "NO_COVERAGE", false, 7, "MathMutator",
                  "Replaced integer addition with subtraction") +
         mutation("demo.Grades", "TIMED_OUT", true, 20, "MathMutator", "x") +
         mutation("demo.Grades", "MEMORY_ERROR", true, 21, "MathMutator", "x") +
         mutation("demo.Grades", "RUN_ERROR", true, 22, "MathMutator", "x") +
         mutation("demo.GradesHelper", "SURVIVED", false, 3, "MathMutator", "other class") +
         "</mutations>\n";
}

TEST(MutationReport, CountsAsPitDoes) {
  auto report = parse_mutations_xml(report_xml(), "demo.Grades");
  ASSERT_TRUE(report) << report.error().message;
  MutantCounts c = report->counts();
  EXPECT_EQ(c.total, 6);  // the nested class's mutant counts, demo.GradesHelper's does not
  EXPECT_EQ(c.detected, 4);
  EXPECT_EQ(c.killed, 1);
  EXPECT_EQ(c.survived, 1);
  EXPECT_EQ(c.no_coverage, 1);
  EXPECT_EQ(c.timed_out, 1);
  EXPECT_EQ(c.memory_error, 1);
  EXPECT_EQ(c.run_error, 1);
  EXPECT_DOUBLE_EQ(report->score(), 66.67);
}

TEST(MutationReport, JsonHasTheDocumentedShapeWithSurvivorsByLine) {
  auto report = parse_mutations_xml(report_xml(), "demo.Grades");
  ASSERT_TRUE(report);
  auto j = report_json(*report);
  EXPECT_EQ(j.dump(),
            R"({"class":"demo.Grades","score":66.67,"mutants":{"total":6,"detected":4,)"
            R"("killed":1,"survived":1,"no_coverage":1,"timed_out":1,"memory_error":1,)"
            R"("run_error":1},"survivors":[{"line":7,"mutator":"MathMutator","description":)"
            R"("Replaced integer addition with subtraction","status":"no_coverage"},)"
            R"({"line":13,"mutator":"ConditionalsBoundaryMutator","description":)"
            R"("changed conditional boundary","status":"survived"}]})");
  std::string text = report_text(*report);
  EXPECT_NE(text.find("mutation score 66.7%  (4 of 6 mutants detected)"), std::string::npos);
  EXPECT_NE(text.find("survived    line 13: changed conditional boundary"), std::string::npos);
  EXPECT_EQ(survivor_line(report->survivors()[1]),
            "line 13: changed conditional boundary (ConditionalsBoundaryMutator, in letter) "
            "survives");
}

TEST(MutationReport, NoMutantsScoresAHundredAndBadXmlFails) {
  auto empty = parse_mutations_xml("<mutations/>", "demo.Grades");
  ASSERT_TRUE(empty);
  EXPECT_EQ(empty->counts().total, 0);
  EXPECT_DOUBLE_EQ(empty->score(), 100.0);
  EXPECT_FALSE(parse_mutations_xml("<mutations><mutation>", "demo.Grades"));
  EXPECT_FALSE(parse_mutations_xml("<report/>", "demo.Grades"));
}

TEST(PitCommand, RunsMutationCoverageReportWithXmlOutput) {
  PitRequest r;
  r.java = "/jdk/bin/java";
  r.pit_jars = {"/p/pitest.jar", "/p/pitest-junit5-plugin.jar"};
  r.target_class = "demo.Grades";
  r.tests = {"demo.GradesTest", "demo.MoreTest"};
  r.classpath = {"/t/tests", "/t/classes", "/m2/junit.jar"};
  r.source_dirs = {"/t/src"};
  r.report_dir = "/s/report";
  r.jvm_options = {"-Xmx768m", "-Djava.io.tmpdir=/s/tmp"};
  r.threads = 2;
  std::vector<std::string> expected = {"/jdk/bin/java",
                                       "-Xmx768m",
                                       "-Djava.io.tmpdir=/s/tmp",
                                       "-cp",
                                       "/p/pitest.jar:/p/pitest-junit5-plugin.jar",
                                       "org.pitest.mutationtest.commandline.MutationCoverageReport",
                                       "--reportDir",
                                       "/s/report",
                                       "--targetClasses",
                                       "demo.Grades,demo.Grades$*",
                                       "--targetTests",
                                       "demo.GradesTest,demo.MoreTest",
                                       "--sourceDirs",
                                       "/t/src",
                                       "--classPath",
                                       "/t/tests,/t/classes,/m2/junit.jar",
                                       "--outputFormats",
                                       "XML",
                                       "--timestampedReports=false",
                                       "--failWhenNoMutations=false",
                                       "--threads",
                                       "2",
                                       "--jvmArgs",
                                       "-Xmx768m,-Djava.io.tmpdir=/s/tmp"};
  EXPECT_EQ(pit_command_line(r), expected);
  EXPECT_EQ(mutations_xml_path("/s/report"), "/s/report/mutations.xml");
}

TEST(PitCommand, ReadsTheJarsOfClasspathTxtAndSaysHowToGetThem) {
  test::TempDir dir;
  dir.write("classpath.txt", "/p/a.jar\n/p/b.jar\n");
  auto jars = read_pit_jars(dir.path());
  ASSERT_TRUE(jars);
  EXPECT_EQ(*jars, (std::vector<std::string>{"/p/a.jar", "/p/b.jar"}));
  auto missing = read_pit_jars(dir.path() + "/none");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("make setup"), std::string::npos);
}

}  // namespace
}  // namespace panta::mutation
