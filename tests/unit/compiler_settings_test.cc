// How a build compiles: its compiler plugin's settings read from the effective model, the
// sources they take, the arguments Panta takes, the JDK it picks.
#include "project/compiler_settings.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "project/jdk.h"
#include "project/maven_model.h"
#include "project/project.h"
#include "project/surefire_filter.h"
#include "test_support.h"

namespace panta::project {
namespace {

namespace fs = std::filesystem;

// The effective model of one module whose build holds `build_more` (plugins) and whose
// project holds `project_more` (properties, dependencyManagement).
std::string module_with(const std::string& dir, const std::string& project_more,
                        const std::string& build_more) {
  return "<project><groupId>t</groupId><artifactId>m</artifactId><version>1</version>" +
         project_more + "<build><sourceDirectory>" + dir +
         "/src/main/java</sourceDirectory><testSourceDirectory>" + dir +
         "/src/test/java</testSourceDirectory><directory>" + dir + "/target</directory>" +
         build_more + "</build></project>";
}

TEST(CompilerSettings, ExecutionsOverThePluginOverTheProperties) {
  test::TempDir dir;
  dir.write("pom.xml", "<project/>");
  std::string xml = module_with(
      dir.path(),
      "<properties><maven.compiler.release>8</maven.compiler.release>"
      "<maven.compiler.testRelease>11</maven.compiler.testRelease></properties>"
      "<dependencyManagement><dependencies><dependency><groupId>org.projectlombok</groupId>"
      "<artifactId>lombok</artifactId><version>1.18.42</version></dependency></dependencies>"
      "</dependencyManagement>",
      "<plugins><plugin><artifactId>maven-compiler-plugin</artifactId><configuration>"
      "<parameters>true</parameters><compilerArgs><arg>-Xlint:all</arg><arg>-Amapstruct.x=y</arg>"
      "<arg>-Xplugin:ErrorProne -Xep:X:OFF</arg><arg>-Werror</arg></compilerArgs>"
      "<annotationProcessorPaths><path><groupId>org.projectlombok</groupId>"
      "<artifactId>lombok</artifactId></path></annotationProcessorPaths></configuration>"
      "<executions><execution><id>default-compile</id><goals><goal>compile</goal></goals>"
      "<configuration><excludes><exclude>module-info.java</exclude></excludes></configuration>"
      "</execution><execution><id>default-testCompile</id><goals><goal>testCompile</goal>"
      "</goals><configuration><testExcludes><exclude>**/Java17*</exclude></testExcludes>"
      "<proc>none</proc></configuration></execution></executions></plugin>"
      "<plugin><artifactId>build-helper-maven-plugin</artifactId><executions><execution>"
      "<goals><goal>add-source</goal></goals><configuration><sources><source>" +
          dir.path() +
          "/src/gen</source></sources></configuration></execution></executions>"
          "</plugin></plugins>");
  auto modules = parse_effective_pom(xml, "effective.xml");
  ASSERT_TRUE(modules.ok()) << modules.error().message;
  const MavenModule& m = (*modules)[0];
  EXPECT_EQ(m.main_compiler.release, 8);
  EXPECT_EQ(m.test_compiler.release, 11);
  EXPECT_EQ(m.main_compiler.excludes, std::vector<std::string>{"module-info.java"});
  EXPECT_EQ(m.test_compiler.excludes, std::vector<std::string>{"**/Java17*"});
  EXPECT_EQ(m.main_compiler.options, (std::vector<std::string>{"-Amapstruct.x=y", "-parameters"}));
  EXPECT_EQ(m.test_compiler.options,
            (std::vector<std::string>{"-Amapstruct.x=y", "-parameters", "-proc:none"}));
  EXPECT_EQ(m.dropped_compiler_args,
            (std::vector<std::string>{"-Xlint:all", "-Xplugin:ErrorProne", "-Werror"}));
  ASSERT_EQ(m.main_processors.size(), 1u);
  EXPECT_EQ(m.main_processors[0].version, "1.18.42");  // from dependencyManagement
  EXPECT_EQ(m.main_compiler.extra_source_roots, std::vector<std::string>{dir.path() + "/src/gen"});
}

TEST(CompilerSettings, TestsFallBackToTheMainRelease) {
  std::string xml = module_with(
      "/p", "<properties><maven.compiler.source>1.8</maven.compiler.source></properties>", "");
  auto modules = parse_effective_pom(xml, "effective.xml");
  ASSERT_TRUE(modules.ok());
  EXPECT_EQ((*modules)[0].main_compiler.release, 8);
  EXPECT_EQ((*modules)[0].test_compiler.release, 8);
}

TEST(CompilerSettings, IncludesAndExcludesAreRelativeToTheSourceRoot) {
  CompilerSettings s;
  s.excludes = {"module-info.java", "**/gen/"};
  EXPECT_FALSE(compiles(s, "module-info.java"));
  EXPECT_TRUE(compiles(s, "a/module-info.java"));  // a pattern without ** is from the root
  EXPECT_FALSE(compiles(s, "a/gen/X.java"));       // a folder pattern takes all below it
  EXPECT_TRUE(compiles(s, "a/Gen.java"));
  EXPECT_FALSE(compiles(s, "a/notes.txt"));
  s.includes = {"**/*Impl.java"};
  EXPECT_TRUE(compiles(s, "x/FooImpl.java"));
  EXPECT_FALSE(compiles(s, "x/Foo.java"));

  test::TempDir dir;
  dir.write("src/module-info.java", "module m {}");
  dir.write("src/a/A.java", "package a; class A {}");
  dir.write("gen/b/B.java", "package b; class B {}");
  CompilerSettings main;
  main.excludes = {"module-info.java"};
  auto files = compiled_sources({dir.path() + "/src", dir.path() + "/gen", "/no/such"}, main);
  ASSERT_TRUE(files.ok()) << files.error().message;
  EXPECT_EQ(*files,
            (std::vector<std::string>{dir.path() + "/gen/b/B.java", dir.path() + "/src/a/A.java"}));
}

TEST(CompilerSettings, ChecksAreLeftOutOfTheArguments) {
  std::vector<std::string> dropped;
  auto taken = taken_compiler_args(
      {"-parameters", "-Xmaxerrs", "1000", "-XDcompilePolicy=simple", "--should-stop=ifError=FLOW",
       "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED", "-J-Xmx1g", "-nowarn"},
      dropped);
  EXPECT_EQ(taken, (std::vector<std::string>{"-parameters", "--add-exports",
                                             "java.base/sun.nio.ch=ALL-UNNAMED"}));
  EXPECT_EQ(dropped,
            (std::vector<std::string>{"-Xmaxerrs 1000", "-XDcompilePolicy=simple",
                                      "--should-stop=ifError=FLOW", "-J-Xmx1g", "-nowarn"}));
  EXPECT_EQ(javac_options({{}, {}, {}, {"-parameters"}, {"/a.jar", "/b.jar"}, {}}),
            (std::vector<std::string>{"-parameters", "--processor-path", "/a.jar:/b.jar"}));
  EXPECT_EQ(release_number("1.8"), 8);
  EXPECT_EQ(release_number("21"), 21);
  EXPECT_EQ(release_number("${java.version}"), std::nullopt);
}

TEST(SurefireNames, TheTestFileIsFoundAsSurefireFindsIt) {
  test::TempDir dir;
  Project project;
  project.src_dir = dir.path() + "/src/main/java";
  project.test_dir = dir.path() + "/src/test/java";
  std::string tests = project.test_dir + "/p/";
  EXPECT_EQ(project.test_file_for("p.Cart"), tests + "CartTest.java");  // none there yet
  dir.write("src/test/java/p/CartTests.java", "package p; class CartTests {}");
  dir.write("src/test/java/p/TestVet.java", "package p; class TestVet {}");
  dir.write("src/test/java/p/OwnerTestCase.java", "package p; class OwnerTestCase {}");
  dir.write("src/test/java/p/PetDefectsTest.java", "package p; class PetDefectsTest {}");
  EXPECT_EQ(project.test_file_for("p.Cart"), tests + "CartTests.java");
  EXPECT_EQ(project.test_file_for("p.Cart.Line"), tests + "CartTests.java");
  EXPECT_EQ(project.test_file_for("p.Vet"), tests + "TestVet.java");
  EXPECT_EQ(project.test_file_for("p.Owner"), tests + "OwnerTestCase.java");
  EXPECT_EQ(project.test_file_for("p.Pet"), tests + "PetTest.java");  // not PetDefectsTest
  dir.write("src/test/java/p/CartTest.java", "package p; class CartTest {}");
  EXPECT_EQ(project.test_file_for("p.Cart"), tests + "CartTest.java");  // Surefire's order
  // A project whose test classes are mostly *Tests names a new one so.
  project.new_test_suffix = "Tests";
  EXPECT_EQ(project.test_file_for("p.Shelf"), tests + "ShelfTests.java");
  project.new_test_suffix = "Test";
  // A build that runs only *Tests: a file of another name is not the class's test, and a new
  // one gets the name the build runs.
  project.surefire.includes = {"**/*Tests.java"};
  EXPECT_EQ(project.test_file_for("p.Vet"), tests + "VetTests.java");
  EXPECT_EQ(project.test_file_for("p.Cart"), tests + "CartTests.java");
}

TEST(SurefireNames, ClassesTheBuildDoesNotCompileAreNotRun) {
  test::TempDir dir;
  dir.write("t/p/IntervalTest.java", "package p; class IntervalTest {}");
  dir.write("t/p/Java17RecordsTest.java", "package p; class Java17RecordsTest {}");
  Project project;
  project.test_dir = dir.path() + "/t";
  project.test_compiler.excludes = {"**/Java17*"};
  auto classes = surefire_test_classes(project);
  ASSERT_TRUE(classes.ok());
  EXPECT_EQ(*classes, std::vector<std::string>{"p.IntervalTest"});
}

// A fake JDK folder: bin/java, bin/javac and a release file naming `version`.
std::string fake_jdk(const test::TempDir& dir, const std::string& name,
                     const std::string& version) {
  dir.write(name + "/release", "IMPLEMENTOR=\"x\"\nJAVA_VERSION=\"" + version + "\"\n");
  for (const char* tool : {"java", "javac"}) {
    dir.write(name + "/bin/" + tool, "#!/bin/sh\n");
    fs::permissions(dir.path() + "/" + name + "/bin/" + tool, fs::perms::owner_all);
  }
  return dir.path() + "/" + name;
}

TEST(Jdks, AJavaHomeIsReadFromItsReleaseFile) {
  test::TempDir dir;
  auto jdk = read_jdk(fake_jdk(dir, "jdk21", "21.0.2"));
  ASSERT_TRUE(jdk.ok()) << jdk.error().message;
  EXPECT_EQ(jdk->feature, 21);
  EXPECT_EQ(jdk->java(), dir.path() + "/jdk21/bin/java");
  EXPECT_EQ(read_jdk(fake_jdk(dir, "jdk8", "1.8.0_402"))->feature, 8);
  dir.write("jre/bin/java", "");
  auto jre = read_jdk(dir.path() + "/jre");
  ASSERT_FALSE(jre.ok());
  EXPECT_NE(jre.error().message.find("not a JDK"), std::string::npos);
  auto none = choose_jdks(dir.path() + "/nothing", "");
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("--java-home"), std::string::npos);
}

TEST(Jdks, TheFlagWinsOverJavaHomeAndAnOldJdkRunsNothing) {
  test::TempDir dir;
  std::string jdk21 = fake_jdk(dir, "jdk21", "21.0.2");
  std::string jdk25 = fake_jdk(dir, "jdk25", "25.0.1");
  auto flag = choose_jdks(jdk25, jdk21);
  ASSERT_TRUE(flag.ok());
  EXPECT_EQ(flag->project.feature, 25);
  EXPECT_EQ(flag->runner.home, flag->project.home);
  EXPECT_TRUE(flag->note.empty());
  auto env = choose_jdks("", jdk21);
  ASSERT_TRUE(env.ok());
  EXPECT_EQ(env->project.feature, 21);
  // A JDK 11 is the project's (Maven runs on it); the tests run on a JDK 17 or newer found
  // on PATH or installed, compiling for 11.
  auto old = choose_jdks(fake_jdk(dir, "jdk11", "11.0.22"), "");
  if (old.ok()) {
    EXPECT_EQ(old->project.feature, 11);
    EXPECT_GE(old->runner.feature, kMinimumRunnerJdk);
    EXPECT_NE(old->note.find("older than Panta's test runner needs"), std::string::npos);
  } else {
    EXPECT_NE(old.error().message.find("Java 17 or newer"), std::string::npos);
  }
}

TEST(Jdks, ABuildForANewerJavaNamesTheJdkToUse) {
  test::TempDir dir;
  auto jdks = choose_jdks(fake_jdk(dir, "jdk17", "17.0.15"), "");
  ASSERT_TRUE(jdks.ok());
  EXPECT_TRUE(check_release(*jdks, 17).ok());
  EXPECT_TRUE(check_release(*jdks, std::nullopt).ok());
  auto refused = check_release(*jdks, 21);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(
      refused.error().message.find("the build compiles for Java 21, but the JDK at " + dir.path() +
                                   "/jdk17 is Java 17.0.15: point "
                                   "--java-home (or JAVA_HOME) at a JDK 21"),
      std::string::npos)
      << refused.error().message;
}

}  // namespace
}  // namespace panta::project
