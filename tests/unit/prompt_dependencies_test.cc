// The test dependencies a prompt names: the versions the tests run with, and notes otherwise.
#include "engine/prompt_dependencies.h"

#include <gtest/gtest.h>

#include <variant>

namespace panta::engine {
namespace {

TEST(PromptDependencies, VersionsOfTheJarsThatRunNotesWhereTheyDifferAndWhatIsLeftOut) {
  project::Project project;
  project.test_dependencies = {{"org.junit.jupiter", "junit-jupiter", "5.14.1", "test"},
                               {"org.mockito", "mockito-core", "4.11.0", "test"},
                               {"org.assertj", "assertj-core", "3.27.6", "test"},
                               {"org.easymock", "easymock", "4.2", "test"}};
  // JUnit and AssertJ as the build asks; Mockito from another stack (Debian's, say).
  project.test_classpath = {
      "/m2/org/junit/jupiter/junit-jupiter-api/5.14.1/junit-jupiter-api-5.14.1.jar",
      "/m2/org/assertj/assertj-core/3.27.6/assertj-core-3.27.6.jar",
      "/usr/share/java/mockito-core-2.23.0.jar"};
  PromptDependencies deps = prompt_dependencies(project);
  EXPECT_EQ(deps.coordinates, (std::vector<std::string>{"org.junit.jupiter:junit-jupiter:5.14.1",
                                                        "org.mockito:mockito-core:2.23.0",
                                                        "org.assertj:assertj-core:3.27.6"}));
  ASSERT_EQ(deps.notes.size(), 2u);
  auto* version = std::get_if<event::VersionNote>(&deps.notes[0]);
  ASSERT_NE(version, nullptr);
  EXPECT_EQ(version->artifact, "mockito-core");
  auto* left_out = std::get_if<event::DependenciesLeftOut>(&deps.notes[1]);
  ASSERT_NE(left_out, nullptr);
  EXPECT_EQ(left_out->artifacts, "easymock");
}

// Mockito, AssertJ and Hamcrest that came with another dependency (spring-boot-starter-test)
// are named as usable too (issue 25: the petclinic prompt left them out).
TEST(PromptDependencies, TestLibrariesTheBuildBringsWithoutNamingThemAreUsable) {
  project::Project project;
  project.test_dependencies = {
      {"org.springframework.boot", "spring-boot-starter-test", "3.4.0", "test"},
      {"org.assertj", "assertj-core", "3.26.3", "test"}};
  project.test_classpath = {
      "/m2/org/springframework/boot/spring-boot-starter-test/3.4.0/"
      "spring-boot-starter-test-3.4.0.jar",
      "/m2/org/mockito/mockito-core/5.14.2/mockito-core-5.14.2.jar",
      "/m2/org/assertj/assertj-core/3.26.3/assertj-core-3.26.3.jar",
      "/m2/org/hamcrest/hamcrest/2.2/hamcrest-2.2.jar", "/m2/com/example/other/1.0/other-1.0.jar"};
  PromptDependencies deps = prompt_dependencies(project);
  EXPECT_EQ(deps.coordinates, (std::vector<std::string>{
                                  "org.springframework.boot:spring-boot-starter-test:3.4.0",
                                  "org.assertj:assertj-core:3.26.3",
                                  "org.mockito:mockito-core:5.14.2", "org.hamcrest:hamcrest:2.2"}));
}

}  // namespace
}  // namespace panta::engine
