// End to end: the fallback sandbox's guard over a whole command. What a test does to the
// project after its own run (a detached process, a thread left in the JVM), and what is left
// when a test kills Panta, is undone; secrets do not leak through /proc.
#include <gtest/gtest.h>
#include <unistd.h>

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

TEST(FallbackGuard, WhatAThreadLeftInTheJvmDoesLaterIsPutBackBeforeTheNextRun) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  auto before = test::tree_of(root, kCartTest);
  // The test passes and leaves a thread that deletes a main source 2 s later, while the model
  // thinks about the next prompt (4 s).
  std::string attack =
      "new Thread(() -> {\n  try {\n    Thread.sleep(2000);\n"
      "    java.nio.file.Files.delete(java.nio.file.Path.of(\"" +
      root + "/" + kCart +
      "\"));\n  } catch (Exception e) {}\n}).start();\n"
      "assertEquals(0, new Cart().size());";
  std::string model = test::scripted_model(
      dir, {test::one_test_answer("later", attack), plain_test("second", 0)}, {{2, "sleep 4"}});
  test::PantaRun r = test::run_panta(dir, "generate --project " + root +
                                              " --class org.example.shop.Cart --sandbox fallback "
                                              "--max-iterations 2 --max-no-increase 5 "
                                              "--repair-attempts 0 --llm " +
                                              model);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("the project changed while no test ran: deleted " + kCart),
            std::string::npos)
      << r.err;
  EXPECT_EQ(test::tree_of(root, kCartTest), before) << r.err;
}

TEST(FallbackGuard, AnEditOfTheTestFileDuringTheRunIsTheUsersNotUndone) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string file = root + "/" + kCartTest;
  // While the model thinks about the second prompt, the user adds a test of their own.
  std::string edit =
      "sed -i 's/^}$/  @Test\\n  void addedByTheUser() {\\n    assertEquals(0, new "
      "Cart().size());\\n  }\\n}/' '" +
      file + "'";
  std::string model =
      test::scripted_model(dir,
                           {plain_test("first", 0), test::one_test_answer("second",
                                                                          "assertEquals(0L, new "
                                                                          "Cart().total());")},
                           {{2, edit}});
  test::PantaRun r = test::run_panta(dir, "generate --project " + root +
                                              " --class org.example.shop.Cart --sandbox fallback "
                                              "--max-iterations 2 --max-no-increase 5 --llm " +
                                              model);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("changed while no test ran"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("was changed during the run: kept as changed"), std::string::npos) << r.err;
  std::string written = test::slurp(file);
  EXPECT_NE(written.find("void addedByTheUser()"), std::string::npos) << written;
  EXPECT_NE(written.find("void first()"), std::string::npos) << written;
  EXPECT_NE(written.find("void second()"), std::string::npos) << written;
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
      "  String cmd = new String(new ProcessBuilder(\"cat\", \"/proc/\" + p.pid() + "
      "\"/cmdline\")\n"
      "      .start().getInputStream().readAllBytes());\n"
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

// A test that looks for `key` (given reversed, so that the answer does not hold it) in the
// environ, cmdline and writable memory of every process above it, and fails saying where it
// found it (never the key itself). It looks through a process of its own (Python), as the
// test's own calls on /proc are refused by the sandbox's guards (VerdictAttacks): what is
// tested here is the layer below them.
std::string key_hunt(const test::TempDir& dir, const std::string& key) {
  std::string script = dir.write("hunt.py", R"(import os, sys
key = sys.argv[1][::-1].encode()
found, read, pid = [], 0, os.getppid()
while pid > 1:
    proc = '/proc/%d/' % pid
    for f in ('environ', 'cmdline'):
        try:
            text = open(proc + f, 'rb').read()
            read += 1
            if key in text:
                found.append('%d/%s' % (pid, f))
        except Exception:
            pass
    try:
        with open(proc + 'mem', 'rb') as mem:
            for line in open(proc + 'maps'):
                part = line.split()
                if not part[1].startswith('rw'):
                    continue
                start, end = [int(x, 16) for x in part[0].split('-')]
                if end - start > (256 << 20):
                    continue
                try:
                    mem.seek(start)
                    data = mem.read(end - start)
                    read += 1
                    if key in data:
                        found.append('%d/mem' % pid)
                        break
                except Exception:
                    pass
    except Exception:
        pass
    try:
        pid = int(open(proc + 'stat').read().rsplit(')', 1)[1].split()[1])
    except Exception:
        break
print('read %d places, the key found in [%s] as uid %d' % (read, ', '.join(found), os.getuid()))
)");
  std::string reversed(key.rbegin(), key.rend());
  return "Process hunt = new ProcessBuilder(\"python3\", \"" + script + "\", \"" + reversed +
         "\")\n"
         "    .redirectErrorStream(true).start();\n"
         "String out = new String(hunt.getInputStream().readAllBytes()).trim();\n"
         "hunt.waitFor();\n"
         "throw new AssertionError(\"hunt: \" + out);";
}

// Runs `panta generate` in fallback mode with the secret `key` in its environment (as the user
// `user`, "" for ours), the model answering `answer`; the model command writes the key it got
// to <dir>/model-saw.
test::PantaRun generate_with_key(const test::TempDir& dir, const std::string& root,
                                 const std::string& key, const std::string& user,
                                 const std::string& answer) {
  dir.write("answer.txt", answer);
  std::string model =
      dir.write("model.sh", "cat >/dev/null\nprintf '%s' \"$OPENAI_API_KEY\" > '" + dir.path() +
                                "/model-saw'\ncat '" + dir.path() + "/answer.txt'\n");
  std::string key_file = dir.write("key", key);
  std::string as =
      user.empty() ? "" : "setpriv --reuid=" + user + " --regid=" + user + " --clear-groups ";
  // The key is read from a file, so that no command line above Panta holds it.
  std::string err = dir.path() + "/generate.err";
  auto r = test::run_command("OPENAI_API_KEY=$(cat '" + key_file + "') exec " + as + PANTA_BINARY +
                             " generate --project " + root +
                             " --class org.example.shop.Cart --sandbox fallback --max-iterations "
                             "1 --repair-attempts 0 --mutants 0 --llm 'cmd:sh " +
                             model + "' 2>'" + err + "'");
  return {r.exit_code, r.out, test::slurp(err)};
}

TEST(FallbackGuard, ATestFindsTheApiKeyNowhereInPantasProcessesWhenNotRoot) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  const std::string key = "sk-canary-" + test::unique_digits();
  std::string user;
  if (::getuid() == 0) {  // as a user without root's right to read any process
    user = "65534";
    fs::permissions(dir.path(), fs::perms::all);
    ASSERT_EQ(test::run_command("chown -R 65534:65534 '" + root + "'").exit_code, 0);
  }
  test::PantaRun r =
      generate_with_key(dir, root, key, user, test::one_test_answer("hunt", key_hunt(dir, key)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("dropped hunt: failed: java.lang.AssertionError: hunt: read "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("the key found in [] as uid"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(key), std::string::npos);
  EXPECT_FALSE(test::any_file_holds(root, key));
  EXPECT_EQ(test::slurp(dir.path() + "/model-saw"), key) << "the cmd: model gets the key";
}

TEST(FallbackGuard, AsRootATestFindsTheApiKeyOnlyInPantasMemory) {
  if (::getuid() != 0) GTEST_SKIP() << "root's view of other processes: run as root";
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  const std::string key = "sk-canary-" + test::unique_digits();
  test::PantaRun r =
      generate_with_key(dir, root, key, "", test::one_test_answer("hunt", key_hunt(dir, key)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  size_t at = r.err.find("the key found in [");
  ASSERT_NE(at, std::string::npos) << r.err;
  std::string where = r.err.substr(at, r.err.find(']', at) - at);
  // Not in the environment block /proc shows (wiped), nor on a command line; in the memory of
  // Panta (and of the keeper, its fork), which root may read: docs/sandbox.md.
  EXPECT_EQ(where.find("environ"), std::string::npos) << where;
  EXPECT_EQ(where.find("cmdline"), std::string::npos) << where;
  EXPECT_NE(where.find("/mem"), std::string::npos) << where;
  EXPECT_EQ(test::slurp(dir.path() + "/model-saw"), key);
}

}  // namespace
}  // namespace panta
