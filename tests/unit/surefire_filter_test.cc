// Which test classes run, as Surefire chooses them, and what of argLine the test JVM takes.
#include "project/surefire_filter.h"

#include <gtest/gtest.h>

namespace panta::project {
namespace {

TEST(SurefireFilter, DefaultsAreSurefiresIncludesLessNestedClasses) {
  Project project;
  SurefireFilter filter(project);
  for (const char* yes : {"CartTest", "a/b/TestCart.java", "CartTests", "a/CartTestCase"}) {
    EXPECT_TRUE(filter.runs(yes)) << yes;
  }
  for (const char* no : {"Cart", "Contest", "a/Cart$InnerTest", "CartTestHelper"}) {
    EXPECT_FALSE(filter.runs(no)) << no;
  }
}

TEST(SurefireFilter, ThePomsPatternsAndExcludeTests) {
  Project project;
  project.surefire.includes = {"**/*Check.java", "%regex[.*Spec.*]"};
  project.surefire.excludes = {"**/Slow*"};
  project.exclude_tests = {"org.x.FlakyCheck", "org.y.*", "Broken*"};
  SurefireFilter filter(project);
  EXPECT_TRUE(filter.runs("org/x/CartCheck.java"));
  EXPECT_TRUE(filter.runs("org/x/CartSpecification"));
  EXPECT_FALSE(filter.runs("org/x/CartTest"));  // the pom's includes replace the defaults
  EXPECT_FALSE(filter.runs("org/x/SlowCheck"));
  EXPECT_FALSE(filter.runs("org/x/FlakyCheck"));
  EXPECT_FALSE(filter.runs("org/y/AnyCheck"));
  EXPECT_TRUE(filter.runs("org/y/z/AnyCheck"));  // org.y.* is the package itself
  EXPECT_FALSE(filter.runs("deep/down/BrokenCheck"));
}

TEST(SurefireArgLine, TakesPropertiesAndModuleOptionsLeavesAgentsAndHeap) {
  std::vector<std::string> dropped;
  auto options = arg_line_options(
      "@{argLine} -Dfile.encoding=UTF-8 -Xmx2g -XX:+UseG1GC --add-opens "
      "java.base/java.lang=ALL-UNNAMED "
      "-javaagent:/x/jacoco.jar=destfile=y \"-Dname=a b\" -ea ${surefire.extra}",
      dropped);
  EXPECT_EQ(options,
            (std::vector<std::string>{"-Dfile.encoding=UTF-8", "-XX:+UseG1GC", "--add-opens",
                                      "java.base/java.lang=ALL-UNNAMED", "-Dname=a b", "-ea"}));
  EXPECT_EQ(dropped,
            (std::vector<std::string>{"@{argLine}", "-Xmx2g", "-javaagent:/x/jacoco.jar=destfile=y",
                                      "${surefire.extra}"}));
}

}  // namespace
}  // namespace panta::project
