// Gradle resolution: the init script's output, the cache key, a fake ./gradlew (no Gradle
// needed), and end to end with Debian's Gradle 4.4 on tests/fixtures/gradle when it is there.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "process/subprocess.h"
#include "project/gradle_project.h"
#include "project/gradle_report.h"
#include "project/gradle_tool.h"
#include "project/project.h"
#include "test_support.h"

namespace panta::project {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

constexpr const char* kReport =
    "Configured by the build\n"
    "panta-gradle: project :\n"
    "panta-gradle: dir /b\n"
    "panta-gradle: build-dir /b/build\n"
    "panta-gradle: end :\n"
    "panta-gradle: project :app\n"
    "panta-gradle: dir /b/app\n"
    "panta-gradle: source /b/app/src/main/java\n"
    "panta-gradle: test-source /b/app/src/test/java\n"
    "panta-gradle: output /b/app/build/classes/java/main\n"
    "panta-gradle: release 1.8\n"
    "panta-gradle: encoding UTF-8\n"
    "panta-gradle: test-release 11\n"
    "panta-gradle: compiler-arg -parameters\n"
    "panta-gradle: compiler-arg -Werror\n"
    "panta-gradle: test-processor-path-set true\n"
    "panta-gradle: test-processor-path /r/lombok.jar\n"
    "panta-gradle: processor-path-set true\n"
    "panta-gradle: compile /r/lang3.jar\n"
    "panta-gradle: test-runtime /b/app/build/classes/java/main\n"
    "panta-gradle: test-runtime /r/lang3.jar\r\n"
    "panta-gradle: test-runtime /r/junit-4.13.2.jar\n"
    "panta-gradle: future-key something\n"
    "panta-gradle: end :app\n"
    "panta-gradle: project :cut\n";

TEST(GradleReport, ParsesCompleteBlocksAndSkipsTheRest) {
  auto projects = parse_gradle_report(kReport);
  ASSERT_TRUE(projects) << projects.error().message;
  ASSERT_EQ(projects->size(), 2u);  // ":cut" has no end: left out
  EXPECT_FALSE((*projects)[0].java);
  const GradleProject& app = (*projects)[1];
  EXPECT_TRUE(app.java);
  EXPECT_EQ(app.name(), "app");
  EXPECT_EQ(app.dir, "/b/app");
  EXPECT_EQ(app.release, "1.8");
  EXPECT_EQ(app.encoding, "UTF-8");
  EXPECT_EQ(app.compile_classpath, std::vector<std::string>{"/r/lang3.jar"});
  EXPECT_EQ(app.test_release, "11");
  EXPECT_EQ(app.compiler_args, (std::vector<std::string>{"-parameters", "-Werror"}));
  EXPECT_TRUE(app.processor_path_set);
  EXPECT_TRUE(app.processor_path.empty());
  EXPECT_EQ(app.test_processor_path, std::vector<std::string>{"/r/lombok.jar"});
  EXPECT_EQ(app.test_runtime_classpath.size(), 3u);
  EXPECT_EQ(app.test_runtime_classpath[1], "/r/lang3.jar");
}

TEST(GradleReport, FailsWithoutAProject) {
  auto projects = parse_gradle_report("BUILD SUCCESSFUL\n");
  ASSERT_FALSE(projects);
  EXPECT_NE(projects.error().message.find("init script"), std::string::npos);
}

TEST(GradleReport, ReleaseNumbers) {
  EXPECT_EQ(gradle_release_number("17"), 17);
  EXPECT_EQ(gradle_release_number("1.8"), 8);
  EXPECT_EQ(gradle_release_number("11.0.2"), 11);
  EXPECT_EQ(gradle_release_number("VERSION_X"), std::nullopt);
  EXPECT_EQ(gradle_release_number(""), std::nullopt);
}

TEST(GradleFailure, WhatWentWrongInOneLine) {
  std::string err =
      "FAILURE: Build failed with an exception.\n\n* Where:\nBuild file 'b/build.gradle' line: "
      "3\n\n* What went wrong:\nA problem occurred evaluating root project 'b'.\n> Could not "
      "find method foo()\n\n* Try:\nRun with --stacktrace option.\n";
  EXPECT_EQ(gradle_failure_summary("", err),
            "A problem occurred evaluating root project 'b'. > Could not find method foo()");
  EXPECT_EQ(gradle_failure_summary("one\ntwo\n", "three\nfour\n"), "four | one | two");
  EXPECT_EQ(gradle_failure_summary("", ""), "no output");
}

TEST(GradleBuildKey, ChangesWithBuildScriptsOnly) {
  TempDir dir;
  dir.write("settings.gradle", "rootProject.name = 'b'\n");
  dir.write("build.gradle", "apply plugin: 'java'\n");
  dir.write("src/main/java/A.java", "class A {}\n");
  auto first = gradle_build_key(dir.path());
  ASSERT_TRUE(first) << first.error().message;
  dir.write("src/main/java/A.java", "class A { int x; }\n");
  dir.write("build/tmp/build.gradle", "ignored\n");
  EXPECT_EQ(*gradle_build_key(dir.path()), *first);
  dir.write("gradle/libs.versions.toml", "[versions]\n");
  auto with_catalog = gradle_build_key(dir.path());
  EXPECT_NE(*with_catalog, *first);
  dir.write("app/build.gradle.kts", "plugins { java }\n");
  EXPECT_NE(*gradle_build_key(dir.path()), *with_catalog);
}

TEST(GradleRoot, NearestSettingsUpwards) {
  TempDir dir;
  dir.write("settings.gradle", "include 'app'\n");
  dir.write("app/build.gradle", "\n");
  EXPECT_EQ(find_gradle_root(dir.path() + "/app"), dir.path());
  TempDir alone;
  EXPECT_EQ(find_gradle_root(alone.path()), alone.path());
}

std::vector<GradleProject> two_projects() {
  GradleProject root;
  root.path = ":";
  root.dir = "/b";
  GradleProject app;
  app.path = ":app";
  app.dir = "/b/app";
  app.java = true;
  app.source_dirs = {"/nonexistent/app/src"};
  GradleProject core;
  core.path = ":libs:core";
  core.dir = "/b/libs/core";
  core.java = true;
  return {root, app, core};
}

TEST(GradleChoose, ByModuleDirAndAmbiguity) {
  auto projects = two_projects();
  EXPECT_EQ(choose_gradle_project(projects, "/b", "core", {})->path, ":libs:core");
  EXPECT_EQ(choose_gradle_project(projects, "/b", ":app", {})->path, ":app");
  EXPECT_EQ(choose_gradle_project(projects, "/b", "libs/core", {})->path, ":libs:core");
  EXPECT_EQ(choose_gradle_project(projects, "/b/app", "", {})->path, ":app");
  auto several = choose_gradle_project(projects, "/b", "", {});
  ASSERT_FALSE(several);
  EXPECT_NE(several.error().message.find(":app, :libs:core"), std::string::npos);
  EXPECT_FALSE(choose_gradle_project(projects, "/b", "web", {}));
}

/// A Maven whose fetches fail (Gradle's class paths below need none).
class NoFetchMaven : public MavenTool {
 public:
  int fetches = 0;
  Result<MavenReport> describe(const std::string&) override { return Error{"unused"}; }
  Result<std::string> local_repository() override { return Error{"unused"}; }
  Result<std::vector<std::string>> fetch(const std::vector<ResolvedArtifact>&, bool) override {
    ++fetches;
    return Error{"offline"};
  }
  Result<std::string> run_goals(const std::string&, const std::vector<std::string>&) override {
    return Error{"no Maven goals in this test"};
  }
};

/// A project with a fake ./gradlew that logs its arguments and prints a report naming `jar`;
/// it fails with --offline when `offline_fails`.
std::string fake_gradle_project(const TempDir& dir, const std::string& jar, bool offline_fails) {
  dir.write("p/settings.gradle", "rootProject.name = 'p'\n");
  dir.write("p/build.gradle", "apply plugin: 'java'\n");
  dir.write("p/src/main/java/p/A.java", "package p; class A {}\n");
  std::string root = dir.path() + "/p";
  std::string script = "#!/bin/sh\necho \"$@\" >> " + dir.path() + "/calls\n";
  if (offline_fails) {
    script +=
        "case \"$*\" in *--offline*) echo '* What went wrong:' >&2; "
        "echo 'No cached version of x:y:1 available for offline mode.' >&2; exit 1;; esac\n";
  }
  script += "cat <<END\npanta-gradle: project :\npanta-gradle: dir " + root +
            "\npanta-gradle: source " + root + "/src/main/java\npanta-gradle: test-source " + root +
            "/src/test/java\npanta-gradle: release 11\npanta-gradle: compile " + jar +
            "\npanta-gradle: test-runtime " + jar + "\npanta-gradle: end :\nEND\n";
  dir.write("p/gradlew", script);
  fs::permissions(root + "/gradlew", fs::perms::owner_all);
  ::setenv("XDG_CACHE_HOME", (dir.path() + "/cache").c_str(), 1);
  return root;
}

TEST(FakeGradlew, ResolvesThenAnswersFromTheCache) {
  TempDir dir;
  std::string jar = dir.write("repo/lang3-3.12.0.jar", "jar");
  std::string root = fake_gradle_project(dir, jar, false);
  RealGradleTool gradle("no-such-gradle-program");
  NoFetchMaven maven;
  auto project = load_project(root, {}, maven, {}, &gradle);
  ASSERT_TRUE(project) << project.error().message;
  EXPECT_EQ(project->classpath, std::vector<std::string>{jar});
  EXPECT_TRUE(project->test_classpath.empty());  // no JUnit: the default stack comes later
  EXPECT_EQ(project->main_compiler.release, 11);
  EXPECT_EQ(project->test_compiler.release, 11);
  EXPECT_EQ(maven.fetches, 0);
  std::string calls = test::slurp(dir.path() + "/calls");
  EXPECT_NE(calls.find("--offline -q --no-daemon --console=plain --init-script "),
            std::string::npos)
      << calls;
  EXPECT_NE(calls.find(" pantaDescribe"), std::string::npos) << calls;
  auto again = gradle.describe(root);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_TRUE(again->from_cache);
  EXPECT_EQ(test::slurp(dir.path() + "/calls"), calls);  // no second call
  fs::remove(jar);  // a listed jar gone: the cache entry no longer counts
  auto third = gradle.describe(root);
  ASSERT_TRUE(third);
  EXPECT_FALSE(third->from_cache);
}

TEST(FakeGradlew, OnlineWhenOfflineFails) {
  TempDir dir;
  std::string jar = dir.write("repo/lang3-3.12.0.jar", "jar");
  std::string root = fake_gradle_project(dir, jar, true);
  RealGradleTool gradle("no-such-gradle-program");
  auto report = gradle.describe(root);
  ASSERT_TRUE(report) << report.error().message;
  std::string calls = test::slurp(dir.path() + "/calls");
  EXPECT_NE(calls.find("--offline"), std::string::npos);
  EXPECT_NE(calls.find("\n-q --no-daemon"), std::string::npos) << calls;
}

TEST(FakeGradlew, FailureIsOneLineAndAnError) {
  TempDir dir;
  std::string root = fake_gradle_project(dir, "/x.jar", true);
  dir.write("p/gradlew",
            "#!/bin/sh\necho 'lots of output'\necho '* What went wrong:' >&2\n"
            "echo 'Could not resolve all files.' >&2\nexit 1\n");
  RealGradleTool gradle("no-such-gradle-program");
  NoFetchMaven maven;
  auto project = load_project(root, {}, maven, {}, &gradle);
  ASSERT_FALSE(project);
  EXPECT_EQ(project.error().message,
            "Gradle could not resolve the build at " + root + ": Could not resolve all files.");
}

TEST(FakeGradlew, NoGradleFoundIsANote) {
  TempDir dir;
  std::string root = fake_gradle_project(dir, "/x.jar", false);
  fs::remove(root + "/gradlew");
  RealGradleTool gradle("no-such-gradle-program");
  NoFetchMaven maven;
  auto project = load_project(root, {}, maven, {}, &gradle);
  ASSERT_TRUE(project) << project.error().message;
  EXPECT_TRUE(project->classpath.empty());
  EXPECT_NE(project->resolution_note.find("no Gradle found"), std::string::npos);
  EXPECT_NE(project->resolution_note.find("--classpath"), std::string::npos);
}

TEST(FakeGradlew, GivenClasspathSkipsGradle) {
  TempDir dir;
  std::string root = fake_gradle_project(dir, "/x.jar", false);
  RealGradleTool gradle("no-such-gradle-program");
  NoFetchMaven maven;
  ProjectSettings flags;
  flags.classpath = std::vector<std::string>{"/given.jar"};
  auto project = load_project(root, flags, maven, {}, &gradle);
  ASSERT_TRUE(project) << project.error().message;
  EXPECT_EQ(project->classpath, std::vector<std::string>{"/given.jar"});
  EXPECT_FALSE(fs::exists(dir.path() + "/calls"));
}

/// End to end with the Gradle on PATH (Debian's 4.4.1 from scripts/setup.sh): panta coverage
/// of tests/fixtures/gradle/junit4-lang resolves commons-lang3 and JUnit 4 through Gradle and
/// runs the test with coverage; a second run answers from the cache (a `gradle` that would
/// fail is first on PATH then, and is never called).
TEST(GradleFixture, CoverageResolvesThroughGradleThenFromTheCache) {
  if (process::find_program("gradle").find('/') == std::string::npos) {
    GTEST_SKIP() << "no gradle on PATH (scripts/setup.sh installs Debian's)";
  }
  TempDir dir;
  std::string root = dir.path() + "/junit4-lang";
  fs::copy(std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/gradle/junit4-lang", root,
           fs::copy_options::recursive);
  std::string cache = dir.path() + "/cache";
  ::setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  std::string args = "coverage --format json --test-timeout 30 --project " + root;
  test::PantaRun first = test::run_panta(dir, args);
  ASSERT_EQ(first.exit_code, 0) << first.err << first.out;
  auto expect_covered = [](const test::PantaRun& r) {
    nlohmann::json report = nlohmann::json::parse(r.out);
    ASSERT_EQ(report["tests"].size(), 1u) << r.out;
    EXPECT_EQ(report["tests"][0]["status"], "passed") << r.out;
    ASSERT_EQ(report["classes"].size(), 1u) << r.out;
    EXPECT_EQ(report["classes"][0]["name"], "fix.words.Initials");
    EXPECT_GT(report["classes"][0]["lines"]["covered"].get<int>(), 0) << r.out;
  };
  expect_covered(first);
  int entries = 0;
  for (const auto& e : fs::directory_iterator(cache + "/panta/gradle"))
    entries += e.is_regular_file();
  EXPECT_EQ(entries, 1);
  std::string marker = dir.path() + "/gradle-called";
  dir.write("bin/gradle", "#!/bin/sh\ntouch " + marker + "\nexit 1\n");
  fs::permissions(dir.path() + "/bin/gradle", fs::perms::owner_all);
  std::string path = dir.path() + "/bin:" + std::getenv("PATH");
  ::setenv("PATH", path.c_str(), 1);
  test::PantaRun second = test::run_panta(dir, args);
  ASSERT_EQ(second.exit_code, 0) << second.err << second.out;
  expect_covered(second);
  EXPECT_FALSE(fs::exists(marker));
}

}  // namespace
}  // namespace panta::project
