#include "project/project.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "project/fingerprint.h"
#include "project/gradle.h"
#include "project/maven.h"
#include "project/project_config.h"
#include "project/project_lock.h"
#include "test_support.h"

namespace panta::project {
namespace {

namespace fs = std::filesystem;

/// Passes when `text` contains `part`, showing both otherwise.
::testing::AssertionResult contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' does not contain '" << part << "'";
}

::testing::AssertionResult starts_with(const std::string& text, const std::string& prefix) {
  if (text.starts_with(prefix)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "'" << text << "' does not start with '" << prefix << "'";
}

std::string project_fixture(const std::string& name) {
  return std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/projects/" + name;
}

/// A Maven that cannot resolve anything (as offline with an empty local repository); counts
/// the calls. maven_project_test.cc has one that answers.
class FakeMavenTool : public MavenTool {
 public:
  std::string why = "Cannot access central in offline mode";
  int describe_calls = 0;

  Result<MavenReport> describe(const std::string&) override {
    ++describe_calls;
    return Error{why};
  }
  Result<std::string> local_repository() override { return Error{why}; }
  Result<std::vector<std::string>> fetch(const std::vector<ResolvedArtifact>&, bool) override {
    return Error{why};
  }
  Result<std::string> run_goals(const std::string&, const std::vector<std::string>&) override {
    return Error{"no Maven goals in this test"};
  }
};

std::vector<std::string> coordinates(const std::vector<Dependency>& dependencies) {
  std::vector<std::string> result;
  for (const Dependency& d : dependencies) result.push_back(d.coordinate());
  return result;
}

constexpr const char* kPomWithCompileDependency = R"(<project>
  <groupId>g</groupId><artifactId>a</artifactId><version>1</version>
  <dependencies>
    <dependency>
      <groupId>com.google.guava</groupId><artifactId>guava</artifactId><version>31.1-jre</version>
    </dependency>
  </dependencies>
</project>)";

/// A Maven project in a temporary folder with `pom` and one main source.
void write_maven_project(const test::TempDir& dir, const std::string& pom) {
  dir.write("pom.xml", pom);
  dir.write("src/main/java/a/A.java", "package a;\nclass A {}\n");
}

TEST(LoadProject, DetectsMavenLayout) {
  FakeMavenTool maven;
  auto project = load_project(project_fixture("maven"), {}, maven);
  ASSERT_TRUE(project.ok()) << project.error().message;
  std::string root = project_fixture("maven");
  EXPECT_EQ(project->build_system, BuildSystem::kMaven);
  EXPECT_EQ(project->root, root);
  EXPECT_EQ(project->src_dir, root + "/src/main/java");
  EXPECT_EQ(project->test_dir, root + "/src/test/java");
  EXPECT_EQ(project->classes_dir, root + "/target/classes");
  EXPECT_TRUE(project->compile_main);
  EXPECT_EQ(project->encoding, "ISO-8859-1");  // project.build.sourceEncoding
  // Maven could not resolve it, but it has only test-scope dependencies: the pom is read, the
  // class path stays empty and a note says what happened.
  EXPECT_TRUE(project->classpath.empty());
  EXPECT_EQ(maven.describe_calls, 1);
  EXPECT_TRUE(contains(project->resolution_note, "Cannot access central in offline mode"));
}

TEST(LoadProject, ReadsMavenTestDependenciesFromPom) {
  FakeMavenTool maven;
  auto project = load_project(project_fixture("maven"), {}, maven);
  ASSERT_TRUE(project.ok()) << project.error().message;
  EXPECT_EQ(coordinates(project->test_dependencies),
            (std::vector<std::string>{"org.junit.jupiter:junit-jupiter:5.9.2",
                                      "org.mockito:mockito-core:2.23.0", "junit:junit:4.13.2"}));
  for (const Dependency& d : project->test_dependencies) EXPECT_EQ(d.scope, "test");
  EXPECT_EQ(project->junit, JUnitFlavour::kJUnit5);
}

TEST(LoadProject, DetectsGradleLayout) {
  FakeMavenTool maven;
  std::string root = project_fixture("gradle");
  auto project = load_project(root, {}, maven);
  ASSERT_TRUE(project.ok()) << project.error().message;
  EXPECT_EQ(project->build_system, BuildSystem::kGradle);
  EXPECT_EQ(project->src_dir, root + "/src/main/java");
  EXPECT_EQ(project->test_dir, root + "/src/test/java");
  EXPECT_EQ(project->classes_dir, root + "/build/classes/java/main");
  EXPECT_EQ(coordinates(project->test_dependencies),
            (std::vector<std::string>{"junit:junit:4.13.2", "org.mockito:mockito-core:2.23.0"}));
  EXPECT_EQ(project->junit, JUnitFlavour::kJUnit4);
  EXPECT_EQ(maven.describe_calls, 0);
}

TEST(LoadProject, DetectsGradleKotlinScript) {
  test::TempDir dir;
  dir.write("build.gradle.kts",
            "dependencies {\n  testImplementation(\"org.junit.jupiter:junit-jupiter:5.9.2\")\n}\n");
  dir.write("src/main/java/A.java", "class A {}\n");
  FakeMavenTool maven;
  auto project = load_project(dir.path(), {}, maven);
  ASSERT_TRUE(project.ok()) << project.error().message;
  EXPECT_EQ(project->build_system, BuildSystem::kGradle);
  EXPECT_EQ(coordinates(project->test_dependencies),
            std::vector<std::string>{"org.junit.jupiter:junit-jupiter:5.9.2"});
}

TEST(LoadProject, PlainProjectNeedsSourceFlags) {
  FakeMavenTool maven;
  auto missing = load_project(project_fixture("plain"), {}, maven);
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(contains(missing.error().message, "--src-dir"));
  EXPECT_TRUE(contains(missing.error().message, "--test-dir"));

  ProjectSettings only_src;
  only_src.src_dir = "src";
  EXPECT_FALSE(load_project(project_fixture("plain"), only_src, maven).ok());

  ProjectSettings flags;
  flags.src_dir = "src";
  flags.test_dir = "tests";
  auto project = load_project(project_fixture("plain"), flags, maven);
  ASSERT_TRUE(project.ok()) << project.error().message;
  EXPECT_EQ(project->build_system, BuildSystem::kPlain);
  EXPECT_EQ(project->src_dir, project_fixture("plain/src"));
  EXPECT_EQ(project->test_dir, project_fixture("plain/tests"));
  EXPECT_EQ(project->encoding, "UTF-8");
  EXPECT_EQ(project->junit, JUnitFlavour::kJUnit5);
}

TEST(LoadProject, FlagsOverrideTheLayout) {
  test::TempDir classes;
  classes.write("com/acme/Cart.class", "");
  FakeMavenTool maven;
  ProjectSettings flags;
  flags.src_dir = project_fixture("maven/src/main/java/com/acme/");  // absolute, trailing '/'
  flags.test_dir = "elsewhere/tests";                                // relative to the root
  flags.classpath = split_classpath("lib/x.jar::/opt/y.jar");
  flags.classes_dir = classes.path();
  flags.encoding = "UTF-16";
  auto project = load_project(project_fixture("maven"), flags, maven);
  ASSERT_TRUE(project.ok()) << project.error().message;
  EXPECT_EQ(project->src_dir, project_fixture("maven/src/main/java/com/acme"));
  EXPECT_EQ(project->test_dir, project_fixture("maven/elsewhere/tests"));
  EXPECT_EQ(project->classpath,
            (std::vector<std::string>{project_fixture("maven/lib/x.jar"), "/opt/y.jar"}));
  EXPECT_EQ(project->classes_dir, classes.path());
  EXPECT_FALSE(project->compile_main);
  EXPECT_EQ(project->encoding, "UTF-16");
}

TEST(LoadProject, MissingFoldersAreNamed) {
  FakeMavenTool maven;
  ProjectSettings flags;
  flags.src_dir = "no/such/src";
  auto project = load_project(project_fixture("maven"), flags, maven);
  ASSERT_FALSE(project.ok());
  EXPECT_TRUE(contains(project.error().message, project_fixture("maven/no/such/src")));

  ProjectSettings classes;
  classes.classes_dir = "/no/such/classes";
  auto no_classes = load_project(project_fixture("maven"), classes, maven);
  ASSERT_FALSE(no_classes.ok());
  EXPECT_TRUE(contains(no_classes.error().message, "/no/such/classes"));
  // A classes folder without a class (a new user's empty folder gave "cannot find symbol").
  test::TempDir empty;
  classes.classes_dir = empty.path();
  auto nothing = load_project(project_fixture("maven"), classes, maven);
  ASSERT_FALSE(nothing.ok());
  EXPECT_TRUE(contains(nothing.error().message, "holds no .class file")) << nothing.error().message;

  auto no_root = load_project("/no/such/project", {}, maven);
  ASSERT_FALSE(no_root.ok());
  EXPECT_TRUE(contains(no_root.error().message, "/no/such/project"));
}

TEST(LoadProject, MavenFailureSaysHowToGiveTheClasspath) {
  test::TempDir dir;
  write_maven_project(dir, kPomWithCompileDependency);
  FakeMavenTool maven;
  maven.why = "No plugin found for prefix 'dependency' in the current project";
  auto project = load_project(dir.path(), {}, maven);
  ASSERT_FALSE(project.ok());
  const std::string& message = project.error().message;
  EXPECT_TRUE(contains(message, "Maven could not resolve the build"));
  EXPECT_TRUE(contains(message, "--classpath"));
  EXPECT_TRUE(contains(message, "`classpath` in panta.toml"));
  EXPECT_TRUE(contains(message, "No plugin found for prefix 'dependency'"));
}

TEST(LoadProject, GivenClasspathServesWhenMavenCannot) {
  test::TempDir dir;
  write_maven_project(dir, kPomWithCompileDependency);
  FakeMavenTool maven;
  ProjectSettings flags;
  flags.classpath = std::vector<std::string>{"/jars/guava.jar"};
  auto project = load_project(dir.path(), flags, maven);
  ASSERT_TRUE(project.ok()) << project.error().message;
  EXPECT_EQ(project->classpath, std::vector<std::string>{"/jars/guava.jar"});

  dir.write("panta.toml", "classpath = \"/toml/guava.jar\"\n");
  auto from_toml = load_project(dir.path(), {}, maven);
  ASSERT_TRUE(from_toml.ok()) << from_toml.error().message;
  EXPECT_EQ(from_toml->classpath, std::vector<std::string>{"/toml/guava.jar"});
}

TEST(LoadProject, UnresolvedTestVersionStaysEmptyWithoutMaven) {
  test::TempDir dir;
  write_maven_project(dir, R"(<project><version>1</version><dependencies>
    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId>
      <version>${from.parent}</version><scope>test</scope></dependency>
  </dependencies></project>)");
  FakeMavenTool maven;
  auto offline = load_project(dir.path(), {}, maven);
  ASSERT_TRUE(offline.ok()) << offline.error().message;
  // Maven failed: the pom's list is kept, without the version.
  EXPECT_EQ(coordinates(offline->test_dependencies),
            std::vector<std::string>{"org.junit.jupiter:junit-jupiter"});
  EXPECT_EQ(offline->junit, JUnitFlavour::kJUnit5);
}

TEST(LoadProject, PantaTomlSettingsAndFlagsWin) {
  FakeMavenTool maven;
  std::string root = project_fixture("toml");
  auto project = load_project(root, {}, maven);
  ASSERT_TRUE(project.ok()) << project.error().message;
  EXPECT_EQ(project->build_system, BuildSystem::kPlain);
  EXPECT_EQ(project->src_dir, root + "/source");
  EXPECT_EQ(project->test_dir, root + "/checks");
  EXPECT_EQ(project->classpath,
            (std::vector<std::string>{root + "/lib/a.jar", root + "/lib/classes"}));
  EXPECT_EQ(project->encoding, "windows-1252");

  ProjectSettings flags;
  flags.test_dir = "other";
  flags.classpath = std::vector<std::string>{};
  auto overridden = load_project(root, flags, maven);
  ASSERT_TRUE(overridden.ok()) << overridden.error().message;
  EXPECT_EQ(overridden->src_dir, root + "/source");
  EXPECT_EQ(overridden->test_dir, root + "/other");
  EXPECT_TRUE(overridden->classpath.empty());
}

TEST(LoadProject, MalformedPantaTomlFailsTheLoad) {
  test::TempDir dir;
  write_maven_project(dir, "<project/>");
  dir.write("panta.toml", "src_dir = \"src\"\ntest_dir = [\n");
  FakeMavenTool maven;
  auto project = load_project(dir.path(), {}, maven);
  ASSERT_FALSE(project.ok());
  EXPECT_TRUE(contains(project.error().message, dir.path() + "/panta.toml:"));
}

TEST(ProjectConfig, KeepsUnknownTablesForLaterFeatures) {
  auto config = load_project_config(project_fixture("toml"));
  ASSERT_TRUE(config.ok()) << config.error().message;
  EXPECT_EQ(config->path, project_fixture("toml/panta.toml"));
  EXPECT_EQ(config->document["llm"]["model"].value_or(std::string()), "some-model");
  EXPECT_EQ(config->settings.src_dir, "source");
  EXPECT_FALSE(config->settings.classes_dir.has_value());
}

TEST(ProjectConfig, MissingFileIsAnEmptyConfig) {
  test::TempDir dir;
  auto config = load_project_config(dir.path());
  ASSERT_TRUE(config.ok());
  EXPECT_TRUE(config->path.empty());
  EXPECT_FALSE(config->settings.src_dir.has_value());
}

TEST(ProjectConfig, SyntaxErrorHasFileLineAndColumn) {
  auto config = parse_project_config("src_dir = \"src\"\nclasspath = [\"a\",\n  oops]\n", "p.toml");
  ASSERT_FALSE(config.ok());
  EXPECT_TRUE(starts_with(config.error().message, "p.toml:3:3: "));
}

TEST(ProjectConfig, UnknownTopLevelKeyIsNamed) {
  auto config =
      parse_project_config("src_dir = \"s\"\nsrcdir = \"s\"\n[llm]\nmodel = 1\n", "/p/panta.toml");
  ASSERT_FALSE(config.ok());
  EXPECT_TRUE(contains(config.error().message, "/p/panta.toml:2:"));
  EXPECT_TRUE(contains(config.error().message, "unknown key 'srcdir'"));
}

TEST(ProjectConfig, WrongTypesAreErrors) {
  auto number = parse_project_config("src_dir = 3\n", "p.toml");
  ASSERT_FALSE(number.ok());
  EXPECT_TRUE(contains(number.error().message, "p.toml:1:11: 'src_dir' must be a string"));
  auto entries = parse_project_config("classpath = [\"a.jar\", 2]\n", "p.toml");
  ASSERT_FALSE(entries.ok());
  EXPECT_TRUE(contains(entries.error().message, "p.toml:1:23"));
}

TEST(ProjectConfig, ClasspathMayBeOneString) {
  auto config = parse_project_config("classpath = \"a.jar:b/classes\"\n[[tools]]\nx = 1\n", "t");
  ASSERT_TRUE(config.ok()) << config.error().message;
  EXPECT_EQ(config->settings.classpath, (std::vector<std::string>{"a.jar", "b/classes"}));
}

TEST(MavenPom, ResolvesPropertiesManagementAndScopes) {
  auto pom = parse_pom(R"(<project>
    <groupId>g</groupId><artifactId>app</artifactId><version>3.1</version>
    <properties><a>${b}</a><b>7</b></properties>
    <dependencyManagement><dependencies>
      <dependency><groupId>m</groupId><artifactId>managed</artifactId>
        <version>2.0</version><scope>provided</scope></dependency>
    </dependencies></dependencyManagement>
    <dependencies>
      <dependency><groupId>g</groupId><artifactId>sibling</artifactId>
        <version>${project.version}</version></dependency>
      <dependency><groupId>x</groupId><artifactId>chained</artifactId>
        <version>${a}</version><scope>runtime</scope></dependency>
      <dependency><groupId>m</groupId><artifactId>managed</artifactId></dependency>
      <dependency><groupId>t</groupId><artifactId>lost</artifactId>
        <version>${nowhere}</version><scope>test</scope></dependency>
    </dependencies>
  </project>)",
                       "pom.xml");
  ASSERT_TRUE(pom.ok()) << pom.error().message;
  EXPECT_EQ(pom->dependencies, (std::vector<Dependency>{{"g", "sibling", "3.1", "compile"},
                                                        {"x", "chained", "7", "runtime"},
                                                        {"m", "managed", "2.0", "provided"},
                                                        {"t", "lost", "", "test"}}));
  EXPECT_TRUE(pom->has_non_test_dependencies());
  EXPECT_EQ(coordinates(pom->test_dependencies()), std::vector<std::string>{"t:lost"});
}

TEST(MavenPom, MalformedXmlHasPosition) {
  auto pom = parse_pom("<project>\n  <dependencies>\n  </dependency>\n</project>\n", "/x/pom.xml");
  ASSERT_FALSE(pom.ok());
  EXPECT_TRUE(starts_with(pom.error().message, "/x/pom.xml:3:"));
  auto other = parse_pom("<model/>", "pom.xml");
  ASSERT_FALSE(other.ok());
  EXPECT_TRUE(contains(other.error().message, "no <project> element"));
}

TEST(GradleScan, ScansTestDependencyLines) {
  auto found = scan_gradle_test_dependencies(
      "dependencies {\n"
      "  implementation 'g:main:1'\n"
      "  testImplementation 'junit:junit:4.13.2'\n"
      "\ttestImplementation(\"org.junit.jupiter:junit-jupiter:5.9.2\")\n"
      "  testRuntimeOnly \"org.junit.platform:junit-platform-launcher\"\n"
      "  testImplementation platform('org.junit:junit-bom:5.9.2')\n"
      "  testImplementation group: 'x', name: 'y', version: '1'\n"
      "  // testImplementation 'commented:out:1'\n"
      "  testImplementationX 'not:a:dependency'\n"
      "}\n");
  EXPECT_EQ(found, (std::vector<Dependency>{
                       {"junit", "junit", "4.13.2", "test"},
                       {"org.junit.jupiter", "junit-jupiter", "5.9.2", "test"},
                       {"org.junit.platform", "junit-platform-launcher", "", "test"}}));
}

TEST(JUnitFlavourChoice, FlavourFromTestDependencies) {
  Dependency jupiter{"org.junit.jupiter", "junit-jupiter", "5.9.2", "test"};
  Dependency junit4{"junit", "junit", "4.13.2", "test"};
  Dependency mockito{"org.mockito", "mockito-core", "2.23.0", "test"};
  EXPECT_EQ(junit_flavour({}), JUnitFlavour::kJUnit5);
  EXPECT_EQ(junit_flavour({mockito}), JUnitFlavour::kJUnit5);
  EXPECT_EQ(junit_flavour({mockito, junit4}), JUnitFlavour::kJUnit4);
  EXPECT_EQ(junit_flavour({junit4, jupiter}), JUnitFlavour::kJUnit5);
  EXPECT_EQ(jupiter.coordinate(), "org.junit.jupiter:junit-jupiter:5.9.2");
}

TEST(ProjectMapping, ClassNamesToFiles) {
  Project project;
  project.src_dir = "/p/src/main/java";
  project.test_dir = "/p/src/test/java";
  EXPECT_EQ(project.source_file_for("com.acme.Cart"), "/p/src/main/java/com/acme/Cart.java");
  EXPECT_EQ(project.source_file_for("com.acme.Cart.Line"), "/p/src/main/java/com/acme/Cart.java");
  EXPECT_EQ(project.source_file_for("com.acme.Cart$Line"), "/p/src/main/java/com/acme/Cart.java");
  EXPECT_EQ(project.source_file_for("Main"), "/p/src/main/java/Main.java");
  EXPECT_EQ(project.test_file_for("com.acme.Cart"), "/p/src/test/java/com/acme/CartTest.java");
  EXPECT_EQ(project.test_file_for("com.acme.Cart$Line"), "/p/src/test/java/com/acme/CartTest.java");
  EXPECT_EQ(test_class_for("com.acme.Cart"), "com.acme.CartTest");
  EXPECT_EQ(test_class_for("com.acme.Cart.Line"), "com.acme.CartTest");
  EXPECT_EQ(test_class_for("Main"), "MainTest");
  EXPECT_EQ(binary_name("com.acme.Cart.Line"), "com.acme.Cart$Line");
  EXPECT_EQ(binary_name("com.acme.Cart$Line"), "com.acme.Cart$Line");
  EXPECT_EQ(binary_name("com.acme.Cart.Line.Part"), "com.acme.Cart$Line$Part");
  EXPECT_EQ(binary_name("com.acme.Cart"), "com.acme.Cart");
  EXPECT_EQ(binary_name("Main"), "Main");
}

TEST(ProjectMapping, FqnOfPathUnderSourceRoot) {
  EXPECT_EQ(fqn_of("/p/src/com/acme/Cart.java", "/p/src").value(), "com.acme.Cart");
  EXPECT_EQ(fqn_of("/p/src/com/acme/Cart.java", "/p/src/").value(), "com.acme.Cart");
  EXPECT_EQ(fqn_of("/p/src/Main.java", "/p/src").value(), "Main");
  EXPECT_FALSE(fqn_of("/q/Main.java", "/p/src").ok());
  EXPECT_FALSE(fqn_of("/p/src/notes.txt", "/p/src").ok());
}

TEST(ProjectMapping, ListsSourcesRecursivelySorted) {
  FakeMavenTool maven;
  auto project = load_project(project_fixture("maven"), {}, maven);
  ASSERT_TRUE(project.ok()) << project.error().message;
  std::string main = project_fixture("maven/src/main/java/com/acme/shop/");
  EXPECT_EQ(project->main_sources().value(),
            (std::vector<std::string>{main + "Cart.java", main + "model/Item.java"}));
  EXPECT_EQ(
      project->test_sources().value(),
      std::vector<std::string>{project_fixture("maven/src/test/java/com/acme/shop/CartTest.java")});
  EXPECT_EQ(fqn_of(project->main_sources().value()[1], project->src_dir).value(),
            "com.acme.shop.model.Item");
  EXPECT_TRUE(list_java_files("/no/such/folder").value().empty());
}

TEST(ProjectFingerprint, ChangesWhenAMainSourceChanges) {
  test::TempDir dir;
  write_maven_project(dir, "<project/>");
  std::string b = dir.write("src/main/java/a/B.java", "package a;\nclass B {}\n");
  FakeMavenTool maven;
  auto project = load_project(dir.path(), {}, maven);
  ASSERT_TRUE(project.ok()) << project.error().message;
  std::string first = main_sources_fingerprint(*project).value();
  EXPECT_EQ(first.size(), 16u);
  EXPECT_EQ(main_sources_fingerprint(*project).value(), first);

  dir.write("src/main/java/a/B.java", "package a;\nclass B { int x; }\n");
  std::string edited = main_sources_fingerprint(*project).value();
  EXPECT_NE(edited, first);

  dir.write("src/test/java/a/BTest.java", "class BTest {}\n");  // tests do not count
  EXPECT_EQ(main_sources_fingerprint(*project).value(), edited);

  fs::rename(b, dir.path() + "/src/main/java/a/C.java");  // same content, other path
  EXPECT_NE(main_sources_fingerprint(*project).value(), edited);
}

TEST(ProjectFingerprint, StampsRoundTripAtomically) {
  test::TempDir dir;
  EXPECT_FALSE(read_stamp(dir.path(), "main-sources").has_value());
  ASSERT_TRUE(write_stamp(dir.path(), "main-sources", "0123456789abcdef").ok());
  EXPECT_EQ(read_stamp(dir.path(), "main-sources"), "0123456789abcdef");
  ASSERT_TRUE(write_stamp(dir.path(), "main-sources", "fedcba").ok());
  EXPECT_EQ(read_stamp(dir.path(), "main-sources"), "fedcba");
  int files = 0;
  for (const auto& entry : fs::directory_iterator(dir.path() + "/.panta")) {
    EXPECT_EQ(entry.path().filename(), "main-sources");  // no temporary left behind
    ++files;
  }
  EXPECT_EQ(files, 1);

  dir.write("blocked", "a file where the .panta folder would go");
  EXPECT_FALSE(write_stamp(dir.path() + "/blocked", "x", "y").ok());
}

TEST(SettingsOverlay, SplitAndOverlay) {
  EXPECT_EQ(split_classpath("a.jar::b:"), (std::vector<std::string>{"a.jar", "b"}));
  EXPECT_TRUE(split_classpath("").empty());
  ProjectSettings flags;
  flags.src_dir = "flag";
  ProjectSettings toml;
  toml.src_dir = "toml";
  toml.encoding = "latin1";
  ProjectSettings merged = overlay(flags, toml);
  EXPECT_EQ(merged.src_dir, "flag");
  EXPECT_EQ(merged.encoding, "latin1");
  EXPECT_FALSE(merged.test_dir.has_value());
}

TEST(ProjectLock, ASecondHolderIsRefusedUntilTheFirstLetsGo) {
  test::TempDir dir;
  {
    auto first = ProjectLock::acquire(dir.path());
    ASSERT_TRUE(first.ok()) << first.error().message;
    auto second = ProjectLock::acquire(dir.path());
    ASSERT_FALSE(second.ok());
    EXPECT_NE(second.error().message.find("another panta (pid " + std::to_string(getpid()) + ")"),
              std::string::npos)
        << second.error().message;
  }
  EXPECT_TRUE(ProjectLock::acquire(dir.path()).ok());
}

}  // namespace
}  // namespace panta::project
