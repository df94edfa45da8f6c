// A Maven build as Maven describes it: the effective model, resolved lists, modules, stacks.
#include "project/maven_project.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "project/maven_model.h"
#include "project/maven_tool.h"
#include "project/project.h"
#include "test_support.h"

namespace panta::project {
namespace {

namespace fs = std::filesystem;

std::string effective_project(const std::string& dir, const std::string& artifact,
                              const std::string& packaging, const std::string& more = "") {
  return "<project><groupId>t</groupId><artifactId>" + artifact +
         "</artifactId><version>1</version><packaging>" + packaging + "</packaging>" + more +
         "<build><sourceDirectory>" + dir +
         "/src/main/java</sourceDirectory><testSourceDirectory>" + dir +
         "/src/test/java</testSourceDirectory><resources><resource><directory>" + dir +
         "/src/main/resources</directory></resource></resources><testResources><testResource>"
         "<directory>" +
         dir +
         "/src/test/resources</directory></testResource></testResources>"
         "<directory>" +
         dir + "/target</directory></build></project>";
}

/// Answers with a canned build; local repository and fetched files in a temporary folder.
class CannedMaven : public MavenTool {
 public:
  explicit CannedMaven(const test::TempDir& dir) : repo(dir.path() + "/repo") {}
  MavenReport report;
  std::string repo;
  std::vector<std::vector<ResolvedArtifact>> fetched;
  bool fetch_fails = false;

  Result<MavenReport> describe(const std::string&) override { return report; }
  Result<std::string> local_repository() override { return repo; }
  Result<std::vector<std::string>> fetch(const std::vector<ResolvedArtifact>& artifacts,
                                         bool) override {
    fetched.push_back(artifacts);
    if (fetch_fails) return Error{"Could not transfer artifact: network is unreachable"};
    std::vector<std::string> files;
    for (const ResolvedArtifact& a : artifacts) files.push_back(add(a));
    return files;
  }
  Result<std::string> run_goals(const std::string&, const std::vector<std::string>&) override {
    return Error{"no Maven goals in this test"};
  }
  /// Puts an (empty) jar of the artifact into the local repository.
  std::string add(const ResolvedArtifact& a) {
    std::string path = repository_path(repo, a);
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path) << "jar";
    return path;
  }
};

ResolvedArtifact art(const std::string& g, const std::string& a, const std::string& v,
                     const std::string& scope = "test") {
  ResolvedArtifact r;
  r.group = g;
  r.artifact = a;
  r.version = v;
  r.scope = scope;
  return r;
}

TEST(MavenModel, EffectivePomGivesLayoutCompilerAndSurefire) {
  test::TempDir dir;
  dir.write("pom.xml", "<project/>");
  std::string xml = effective_project(
      dir.path(), "a", "jar",
      "<properties><project.build.sourceEncoding>ISO-8859-1</project.build.sourceEncoding>"
      "<maven.compiler.release>11</maven.compiler.release></properties>"
      "<dependencies><dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter"
      "</artifactId><version>5.14.1</version><scope>test</scope></dependency></dependencies>");
  xml.insert(xml.find("<directory>" + dir.path() + "/target"),
             "<plugins><plugin><artifactId>maven-surefire-plugin</artifactId><configuration>"
             "<includes><include>**/*Check.java</include></includes><excludes><exclude>"
             "**/Slow*.java</exclude></excludes><systemPropertyVariables><mode>fast</mode>"
             "</systemPropertyVariables><argLine>-Xss2m @{argLine}</argLine><groups>fast, "
             "unit</groups><excludedGroups>slow</excludedGroups><environmentVariables><MODE>ci"
             "</MODE></environmentVariables></configuration>"
             "</plugin></plugins>");
  auto modules = parse_effective_pom(xml, "effective.xml");
  ASSERT_TRUE(modules.ok()) << modules.error().message;
  ASSERT_EQ(modules->size(), 1u);
  const MavenModule& m = (*modules)[0];
  EXPECT_EQ(m.basedir, dir.path());
  EXPECT_EQ(m.source_dir, dir.path() + "/src/main/java");
  EXPECT_EQ(m.test_resource_dirs, std::vector<std::string>{dir.path() + "/src/test/resources"});
  EXPECT_EQ(m.encoding, "ISO-8859-1");
  EXPECT_EQ(m.release, 11);
  EXPECT_EQ(m.surefire.includes, std::vector<std::string>{"**/*Check.java"});
  EXPECT_EQ(m.surefire.excludes, std::vector<std::string>{"**/Slow*.java"});
  ASSERT_EQ(m.surefire.system_properties.size(), 1u);
  EXPECT_EQ(m.surefire.system_properties[0].second, "fast");
  EXPECT_EQ(m.surefire.arg_line, "-Xss2m @{argLine}");
  EXPECT_EQ(m.surefire.groups, (std::vector<std::string>{"fast", "unit"}));
  EXPECT_EQ(m.surefire.excluded_groups, std::vector<std::string>{"slow"});
  ASSERT_EQ(m.surefire.environment.size(), 1u);
  EXPECT_EQ(m.surefire.environment[0], std::make_pair(std::string("MODE"), std::string("ci")));
  ASSERT_EQ(m.dependencies.size(), 1u);
  EXPECT_EQ(m.dependencies[0].coordinate(), "org.junit.jupiter:junit-jupiter:5.14.1");
  EXPECT_FALSE(parse_effective_pom("<projects><bad", "e.xml").ok());
}

TEST(MavenModel, ArtifactListsAndRepositoryPaths) {
  auto list = parse_artifact_list(
      "The following files have been resolved:\n"
      "   org.junit.jupiter:junit-jupiter-api:jar:5.14.1:test -- module org.junit.jupiter.api\n"
      "   com.google.guava:guava:jar:31.1-jre:compile\n"
      "   io.netty:netty-transport-native-epoll:jar:linux-x86_64:4.1.90:runtime\n"
      "   t:core:test-jar:tests:1:test\n"
      "   none\n");
  ASSERT_EQ(list.size(), 4u);
  EXPECT_EQ(list[0].key(), "org.junit.jupiter:junit-jupiter-api");
  EXPECT_EQ(list[2].classifier, "linux-x86_64");
  EXPECT_EQ(repository_path("/m2", list[1]),
            "/m2/com/google/guava/guava/31.1-jre/guava-31.1-jre.jar");
  EXPECT_EQ(repository_path("/m2", list[2]),
            "/m2/io/netty/netty-transport-native-epoll/4.1.90/"
            "netty-transport-native-epoll-4.1.90-linux-x86_64.jar");
  EXPECT_EQ(repository_path("/m2", list[3]), "/m2/t/core/1/core-1-tests.jar");
  EXPECT_TRUE(version_at_least("4.13.2", "4.12"));
  EXPECT_FALSE(version_at_least("4.11", "4.12"));
}

TEST(MavenStack, EnginesAndLauncherAreAddedAsSurefireDoes) {
  // Jupiter API only: its engine and the launcher of its Platform.
  auto jupiter =
      missing_junit_artifacts({art("org.junit.jupiter", "junit-jupiter-api", "5.14.1"),
                               art("org.junit.platform", "junit-platform-commons", "1.14.1")},
                              "6.0.3");
  ASSERT_EQ(jupiter.size(), 2u);
  EXPECT_EQ(jupiter[0].key() + ":" + jupiter[0].version,
            "org.junit.jupiter:junit-jupiter-engine:5.14.1");
  EXPECT_EQ(jupiter[1].key() + ":" + jupiter[1].version,
            "org.junit.platform:junit-platform-launcher:1.14.1");
  // JUnit 4 alone: Vintage of the default version and its launcher.
  auto junit4 = missing_junit_artifacts({art("junit", "junit", "4.13.2")}, "6.0.3");
  ASSERT_EQ(junit4.size(), 2u);
  EXPECT_EQ(junit4[0].artifact + ":" + junit4[0].version, "junit-vintage-engine:6.0.3");
  EXPECT_EQ(junit4[1].artifact + ":" + junit4[1].version, "junit-platform-launcher:6.0.3");
  // JUnit 4.11 is too old for Vintage: 4.13.2 comes first, to run in its place.
  auto old = missing_junit_artifacts({art("junit", "junit", "4.11")}, "6.0.3");
  ASSERT_EQ(old.size(), 3u);
  EXPECT_EQ(old[0].key() + ":" + old[0].version, "junit:junit:4.13.2");
  EXPECT_EQ(old[1].artifact + ":" + old[1].version, "junit-vintage-engine:6.0.3");
  // A complete stack needs nothing.
  EXPECT_TRUE(
      missing_junit_artifacts({art("org.junit.jupiter", "junit-jupiter-api", "6.0.3"),
                               art("org.junit.jupiter", "junit-jupiter-engine", "6.0.3"),
                               art("org.junit.platform", "junit-platform-launcher", "6.0.3")},
                              "6.0.3")
          .empty());
}

/// A reactor in `dir`: parent (pom) with modules core and app; app uses core.
void write_reactor(const test::TempDir& dir, CannedMaven& maven) {
  dir.write("pom.xml",
            "<project><modules><module>core</module><module>app</module></modules></project>");
  dir.write("core/pom.xml", "<project/>");
  dir.write("app/pom.xml", "<project/>");
  dir.write("core/src/main/java/c/Core.java", "package c; public class Core {}\n");
  dir.write("app/src/main/java/a/App.java", "package a; public class App {}\n");
  maven.report.effective_pom = "<projects>" + effective_project(dir.path(), "parent", "pom") +
                               effective_project(dir.path() + "/core", "core", "jar") +
                               effective_project(dir.path() + "/app", "app", "jar") + "</projects>";
  maven.report.collected["core"] = "   com.google.code.gson:gson:jar:2.8.9:compile\n";
  maven.report.collected["app"] =
      "   t:core:jar:1:compile\n   com.google.code.gson:gson:jar:2.8.9:compile\n"
      "   org.junit.jupiter:junit-jupiter-api:jar:5.14.1:test\n"
      "   org.junit.platform:junit-platform-engine:jar:1.14.1:test\n"
      "   org.junit.jupiter:junit-jupiter-engine:jar:5.14.1:test\n";
  maven.add(art("com.google.code.gson", "gson", "2.8.9"));
  maven.add(art("org.junit.jupiter", "junit-jupiter-api", "5.14.1"));
  maven.add(art("org.junit.platform", "junit-platform-engine", "1.14.1"));
  maven.add(art("org.junit.jupiter", "junit-jupiter-engine", "5.14.1"));
}

TEST(MavenModules, TheModuleOfTheClassWithItsUpstreamModules) {
  test::TempDir dir;
  CannedMaven maven(dir);
  write_reactor(dir, maven);
  EXPECT_EQ(find_reactor_root(dir.path() + "/app"), dir.path());
  auto ambiguous = resolve_maven_module(maven, dir.path(), "", {});
  ASSERT_FALSE(ambiguous.ok());
  EXPECT_NE(ambiguous.error().message.find("core, app"), std::string::npos)
      << ambiguous.error().message;
  EXPECT_FALSE(resolve_maven_module(maven, dir.path(), "nope", {}).ok());
  for (auto [from, module, hints] :
       {std::tuple{dir.path(), std::string(""), std::vector<std::string>{"a.App"}},
        {dir.path(), "app", {}},
        {dir.path() + "/app", "", {}}}) {
    auto r = resolve_maven_module(maven, from, module, hints);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->module.artifact, "app");
    EXPECT_EQ(r->reactor_root, dir.path());
    ASSERT_EQ(r->upstream.size(), 1u);
    EXPECT_EQ(r->upstream[0].artifact, "core");
    std::string core_classes = dir.path() + "/app/.panta/upstream/core/classes";
    EXPECT_EQ(r->upstream[0].classes_dir, core_classes);
    ASSERT_GE(r->classpath.size(), 3u);
    EXPECT_EQ(r->classpath[0], core_classes);
    EXPECT_EQ(r->classpath[1], dir.path() + "/core/src/main/resources");
    EXPECT_EQ(fs::path(r->classpath[2]).filename(), "gson-2.8.9.jar");
    // The launcher is fetched: Surefire adds it too.
    EXPECT_EQ(fs::path(r->test_classpath.back()).filename(), "junit-platform-launcher-1.14.1.jar");
    EXPECT_TRUE(r->note.empty());
  }
}

// JUnit 4.11 beside the Jupiter API (the Jupiter engine is missing too): 4.11 leaves both class
// paths, 4.13.2 and the Vintage engine come in, and a note says so.
TEST(MavenModules, AJUnit4OlderThanVintageTakesRunsAsFourThirteen) {
  test::TempDir dir;
  CannedMaven maven(dir);
  write_reactor(dir, maven);
  maven.report.collected["app"] =
      "   t:core:jar:1:compile\n   com.google.code.gson:gson:jar:2.8.9:compile\n"
      "   org.junit.jupiter:junit-jupiter-api:jar:5.14.1:test\n"
      "   org.junit.platform:junit-platform-engine:jar:1.14.1:test\n"
      "   junit:junit:jar:4.11:test\n";
  maven.add(art("junit", "junit", "4.11"));
  auto r = resolve_maven_module(maven, dir.path() + "/app", "", {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  std::vector<std::string> names;
  for (const std::string& f : r->test_classpath) names.push_back(fs::path(f).filename());
  EXPECT_EQ(std::count(names.begin(), names.end(), "junit-4.11.jar"), 0);
  EXPECT_EQ(std::count(names.begin(), names.end(), "junit-4.13.2.jar"), 1);
  EXPECT_EQ(std::count(names.begin(), names.end(), "junit-vintage-engine-5.14.1.jar"), 1);
  EXPECT_EQ(std::count(names.begin(), names.end(), "junit-jupiter-engine-5.14.1.jar"), 1);
  EXPECT_NE(r->note.find("JUnit 4.11 of the build runs as 4.13.2"), std::string::npos) << r->note;
}

TEST(MavenModules, UnfetchableTestJarsAreNamedAndLeftOut) {
  test::TempDir dir;
  CannedMaven maven(dir);
  write_reactor(dir, maven);
  maven.report.collected["app"] += "   org.assertj:assertj-core:jar:3.27.6:test\n";
  maven.fetch_fails = true;
  auto r = resolve_maven_module(maven, dir.path() + "/app", "", {});
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_NE(r->note.find("org.assertj:assertj-core:3.27.6"), std::string::npos) << r->note;
  for (const std::string& f : r->test_classpath) EXPECT_EQ(f.find("assertj"), std::string::npos);
  // A main dependency that cannot be had is an error Panta's caller may overrule (--classpath).
  fs::remove_all(maven.repo + "/com/google/code/gson");
  auto main = resolve_maven_module(maven, dir.path() + "/app", "", {});
  ASSERT_FALSE(main.ok());
  EXPECT_EQ(main.error().kind, ErrorKind::kUnresolved);
}

TEST(MavenModules, LoadProjectTakesTheModule) {
  test::TempDir dir;
  CannedMaven maven(dir);
  write_reactor(dir, maven);
  ProjectSettings flags;
  flags.module = "app";
  auto project = load_project(dir.path(), flags, maven);
  ASSERT_TRUE(project.ok()) << project.error().message;
  EXPECT_EQ(project->root, dir.path() + "/app");
  EXPECT_EQ(project->reactor_root, dir.path());
  EXPECT_EQ(project->module, "app");
  EXPECT_EQ(project->src_dir, dir.path() + "/app/src/main/java");
  EXPECT_EQ(project->stack_origin, StackOrigin::kProject);
  EXPECT_EQ(project->resource_dirs,
            std::vector<std::string>{dir.path() + "/app/src/main/resources"});
}

/// A stand-in `mvn`: answers describe with one module listing junit, or fails like Maven.
std::string fake_mvn(const test::TempDir& dir, bool works) {
  std::string script =
      works
          ? "#!/bin/sh\nfor a; do case \"$a\" in\n"
            "  -Dexpression=*) echo \"$(dirname \"$0\")/repo\"; exit 0;;\n"
            "  -Doutput=*) printf '<project><artifactId>a</artifactId></project>' > \"${a#*=}\";;\n"
            "  -DoutputFile=*) f=$(echo \"${a#*=}\" | sed 's/${project.artifactId}/a/');"
            " mkdir -p \"$(dirname \"$f\")\"; printf '   junit:junit:jar:4.13.2:test\\n' > "
            "\"$f\";;\n"
            "esac; done\necho called >> \"$(dirname \"$0\")/calls\"\n"
            "echo \"$*\" > \"$(dirname \"$0\")/args\"\n"
          : "#!/bin/sh\nprintf '\\033[0m[ERROR] No plugin found for prefix dependency\\n"
            "[ERROR] more\\n'\nexit 1\n";
  std::string path = dir.write("bin/mvn", script);
  fs::permissions(path, fs::perms::owner_all);
  return path;
}

TEST(RealMavenTool, DescribesOnceThenFromTheCacheAndTellsMavensError) {
  test::TempDir dir;
  ::setenv("XDG_CACHE_HOME", (dir.path() + "/cache").c_str(), 1);
  dir.write("p/pom.xml", "<project/>");
  // The listed artifact's POM is in the local repository: the offline answer is complete.
  dir.write("bin/repo/junit/junit/4.13.2/junit-4.13.2.pom", "<project/>");
  RealMavenTool maven(fake_mvn(dir, true), std::chrono::seconds(120));
  auto first = maven.describe(dir.path() + "/p");
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_FALSE(first->from_cache);
  EXPECT_NE(first->effective_pom.find("<artifactId>a"), std::string::npos);
  EXPECT_EQ(first->collected["a"], "   junit:junit:jar:4.13.2:test\n");
  auto second = maven.describe(dir.path() + "/p");
  ASSERT_TRUE(second.ok());
  EXPECT_TRUE(second->from_cache);
  EXPECT_EQ(test::slurp(dir.path() + "/bin/calls"), "called\n");  // offline worked at once
  EXPECT_EQ(*maven.local_repository(), dir.path() + "/bin/repo");
  dir.write("p/pom.xml", "<project><!-- changed --></project>");
  EXPECT_FALSE(maven.describe(dir.path() + "/p")->from_cache);

  test::TempDir other;
  other.write("pom.xml", "<project><!-- another build --></project>");
  RealMavenTool failing(fake_mvn(other, false), std::chrono::seconds(120));
  auto failed = failing.describe(other.path());
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().message, "No plugin found for prefix dependency");
  RealMavenTool missing("/no/such/mvn", std::chrono::seconds(120));
  EXPECT_FALSE(missing.describe(other.path()).ok());
  ::unsetenv("XDG_CACHE_HOME");
}

// --maven-profiles reach Maven as -P, and an answer for other profiles is another build's.
TEST(RealMavenTool, ProfilesAskedForAreMavensAndKeyTheCache) {
  test::TempDir dir;
  ::setenv("XDG_CACHE_HOME", (dir.path() + "/cache").c_str(), 1);
  dir.write("p/pom.xml", "<project/>");
  dir.write("bin/repo/junit/junit/4.13.2/junit-4.13.2.pom", "<project/>");
  std::string mvn = fake_mvn(dir, true);
  RealMavenTool plain(mvn, std::chrono::seconds(120));
  ASSERT_TRUE(plain.describe(dir.path() + "/p").ok());
  // An argument of its own (the temporary folder's random name may hold "-P" too).
  EXPECT_EQ((" " + test::slurp(dir.path() + "/bin/args")).find(" -P"), std::string::npos);
  RealMavenTool profiled(mvn, std::chrono::seconds(120), "", "fast,!slow");
  auto report = profiled.describe(dir.path() + "/p");
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_FALSE(report->from_cache);
  EXPECT_NE(test::slurp(dir.path() + "/bin/args").find(" -Pfast,!slow "), std::string::npos)
      << test::slurp(dir.path() + "/bin/args");
  EXPECT_TRUE(profiled.describe(dir.path() + "/p")->from_cache);
  ::unsetenv("XDG_CACHE_HOME");
}

}  // namespace
}  // namespace panta::project
