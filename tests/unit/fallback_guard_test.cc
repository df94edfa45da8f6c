// End to end: the fallback sandbox's guard over a whole command. What a test does to the
// project after its own run (a detached process, a thread left in the JVM), and what is left
// when a test kills Panta, is undone.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "sandbox_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;
using test::kCart;
using test::kCartTest;

std::string plain_test(const std::string& name, int size) {
  return test::one_test_answer(name,
                               "assertEquals(" + std::to_string(size) + ", new Cart().size());");
}

TEST(FallbackGuard, ADelayedDetachedProcessDamagesNothingAndItsTestIsDropped) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  auto before = test::tree_of(root, kCartTest);
  // The test starts a detached shell that waits, then deletes a main source and changes the
  // pom; the model's second call waits longer than that.
  std::string attack = "new ProcessBuilder(\"/bin/sh\", \"-c\", \"setsid sh -c 'sleep 2; rm -f " +
                       root + "/" + kCart + "; echo pwned >> " + root +
                       "/pom.xml' >/dev/null 2>&1 &\").start().waitFor();\n"
                       "assertEquals(0, new Cart().size());";
  std::string model = test::scripted_model(
      dir, {test::one_test_answer("delayed", attack), plain_test("second", 0)}, {{2, "sleep 5"}});
  test::PantaRun r = test::run_panta(dir, "generate --project " + root +
                                              " --class org.example.shop.Cart --sandbox fallback "
                                              "--max-iterations 3 --max-no-increase 5 "
                                              "--repair-attempts 0 --llm " +
                                              model);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::tree_of(root, kCartTest), before) << r.err;
  std::string kept = test::slurp(root + "/" + kCartTest);
  EXPECT_EQ(kept.find("void delayed("), std::string::npos) << r.err;
  EXPECT_NE(kept.find("void second("), std::string::npos) << r.err;
}

TEST(FallbackGuard, WhatATestThatKillsPantaDidIsPutBackByTheNextPanta) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  auto before = test::tree_of(root);
  // The test deletes a main source, then kill -9s every ancestor whose command line is a
  // `panta generate` (the keeper too, a fork of Panta), so that nothing of Panta is left.
  std::string attack =
      "java.nio.file.Files.delete(java.nio.file.Path.of(\"" + root + "/" + kCart +
      "\"));\n"
      "StringBuilder victims = new StringBuilder();\n"
      "for (ProcessHandle p = ProcessHandle.current().parent().orElse(null); p != null;\n"
      "     p = p.parent().orElse(null)) {\n"
      "  String cmd = new String(java.nio.file.Files.readAllBytes(\n"
      "      java.nio.file.Path.of(\"/proc/\" + p.pid() + \"/cmdline\")));\n"
      "  if (cmd.contains(\"generate\")) victims.append(' ').append(p.pid());\n"
      "}\n"
      "new ProcessBuilder(\"sh\", \"-c\", \"kill -9\" + victims).start().waitFor();\n"
      "Thread.sleep(60000);";
  std::string model = test::scripted_model(dir, {test::one_test_answer("killer", attack)});
  test::PantaRun r = test::run_panta(dir, "generate --project " + root +
                                              " --class org.example.shop.Cart --sandbox fallback "
                                              "--max-iterations 1 --llm " +
                                              model);
  EXPECT_NE(r.exit_code, 0) << r.err;  // killed (the shell that ran it too)
  EXPECT_FALSE(fs::exists(root + "/" + kCart)) << "the test did its damage";
  // The next panta in the project, in any mode, puts it back before anything else.
  test::PantaRun next = test::run_panta(
      dir, "test --project " + root + " --test org.example.shop.CartTest --sandbox off");
  EXPECT_EQ(next.exit_code, 0) << next.err;
  EXPECT_NE(next.err.find("a panta was killed while its tests ran in fallback mode; the project "
                          "is put back as it was before that run: deleted " +
                          kCart),
            std::string::npos)
      << next.err;
  EXPECT_EQ(test::tree_of(root), before);
  test::PantaRun again = test::run_panta(
      dir, "test --project " + root + " --test org.example.shop.CartTest --sandbox off");
  EXPECT_EQ(again.err.find("was killed"), std::string::npos) << again.err;
}

}  // namespace
}  // namespace panta
