#include "project/class_targets.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace panta::project {
namespace {

using Names = std::vector<std::string>;

Project project_in(const test::TempDir& dir) {
  dir.write("src/a/A.java", "package a;\nclass A {}\n");
  dir.write("src/a/package-info.java", "package a;\n");
  dir.write("src/a/b/B.java", "package a.b;\nclass B {}\n");
  dir.write("src/c/C.java", "package c;\nclass C {}\n");
  Project p;
  p.root = dir.path();
  p.src_dir = dir.path() + "/src";
  return p;
}

TEST(ClassTargets, AClassAPackageAndAFolder) {
  test::TempDir dir;
  Project p = project_in(dir);
  EXPECT_EQ(*resolve_class_target(p, "a.A"), Names{"a.A"});
  EXPECT_EQ(*resolve_class_target(p, "a.A.Inner"), Names{"a.A"});  // nested: A.java
  EXPECT_EQ(*resolve_class_target(p, "a"), (Names{"a.A", "a.b.B"}));
  EXPECT_EQ(*resolve_class_target(p, "a.*"), (Names{"a.A", "a.b.B"}));
  EXPECT_EQ(*resolve_class_target(p, "a.b"), Names{"a.b.B"});
  EXPECT_EQ(*resolve_class_target(p, dir.path() + "/src/a/"), (Names{"a.A", "a.b.B"}));
  EXPECT_EQ(*resolve_class_target(p, "src/c"), Names{"c.C"});  // relative to the project root
  EXPECT_EQ(*resolve_class_target(p, "src/a/b/B.java"), Names{"a.b.B"});
  EXPECT_FALSE(is_batch_target(p, "a.A"));
  EXPECT_FALSE(is_batch_target(p, "src/a/b/B.java"));
  EXPECT_TRUE(is_batch_target(p, "a"));
  EXPECT_TRUE(is_batch_target(p, "src/a"));
}

TEST(ClassTargets, WhatIsNotThereIsNamed) {
  test::TempDir dir;
  Project p = project_in(dir);
  auto none = resolve_class_target(p, "a.Nope");
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("no such class"), std::string::npos);
  EXPECT_NE(none.error().message.find("src/a/Nope.java"), std::string::npos);
  auto path = resolve_class_target(p, "src/zzz");
  ASSERT_FALSE(path.ok());
  EXPECT_NE(path.error().message.find("no such file or folder"), std::string::npos);
  dir.write("elsewhere/D.java", "class D {}\n");
  auto outside = resolve_class_target(p, dir.path() + "/elsewhere");
  ASSERT_FALSE(outside.ok());
  EXPECT_NE(outside.error().message.find("not under the source folder"), std::string::npos);
  EXPECT_FALSE(resolve_class_target(p, "").ok());
}

// A slip of the keyboard gets the nearest class, whole or simple as it was written.
TEST(ClassTargets, ASlipGetsTheNearestClass) {
  test::TempDir dir;
  Project p = project_in(dir);
  dir.write("src/a/b/Counter.java", "package a.b;\nclass Counter {}\n");
  for (const char* slip : {"a.b.Countr", "Countr", "x.y.Countr"}) {
    auto near = resolve_class_target(p, slip);
    ASSERT_FALSE(near.ok());
    EXPECT_NE(near.error().message.find("; did you mean a.b.Counter?"), std::string::npos)
        << near.error().message;
  }
}

// Before the build is asked: a class no file below the folder can hold fails, with the nearest
// name; packages, paths, `all` and classes that may be there pass.
TEST(ClassTargets, AClassNoFileCanHoldFailsBeforeTheBuildIsAsked) {
  test::TempDir dir;
  project_in(dir);
  dir.write(".hidden/x/Y.java", "package x;\nclass Y {}\n");
  EXPECT_TRUE(
      check_class_targets_exist(dir.path(), {"a.A", "a.A.Inner", "a.A$Inner", "a.b.B#m", "A", "a",
                                             "a.*", "all", "src/zzz", "nothing.here", "Z.java"})
          .ok());
  dir.write("src/a/b/Counter.java", "package a.b;\nclass Counter {}\n");
  auto slip = check_class_targets_exist(dir.path(), {"a.A", "a.b.Countr"});
  ASSERT_FALSE(slip.ok());
  EXPECT_EQ(slip.error().message, "a.b.Countr: no such class: no file below " + dir.path() +
                                      " is a/b/Countr.java; did you mean src/a/b/Counter.java?");
  // A capitalised package part: com/Acme/Foo.java holds com.Acme.Foo.
  dir.write("src/com/Acme/Foo.java", "package com.Acme;\nclass Foo {}\n");
  EXPECT_TRUE(check_class_targets_exist(dir.path(), {"com.Acme.Foo"}).ok());
  // A folder that is not there is for the build to say: nothing is claimed about its classes.
  EXPECT_TRUE(check_class_targets_exist(dir.path() + "/none", {"a.A"}).ok());
  auto hidden = check_class_targets_exist(dir.path(), {"x.Y"});
  ASSERT_FALSE(hidden.ok());
  EXPECT_EQ(hidden.error().message,
            "x.Y: no such class: no file below " + dir.path() + " is x/Y.java");
}

}  // namespace
}  // namespace panta::project
