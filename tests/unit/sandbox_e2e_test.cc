// End-to-end: hostile tests, from a scripted model (`panta generate`) or already in the project
// (`panta coverage`, `panta test`), in every sandbox mode this machine supports. Each is
// contained (strict) or rejected and undone (fallback), and the project is byte-identical
// afterwards but for .panta/ and the test file Panta writes.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <thread>

#include "process/subprocess.h"
#include "sandbox_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

const char* kCanary = "sk-secret-canary";
using test::any_file_holds;
using test::gone_within;
using test::kCart;
using test::processes_with;
using test::strict_available;
using test::tree_of;
using test::unique_digits;
const std::string& kTestFile = test::kCartTest;

// Counts connections to a listener on the host's 127.0.0.1, until destroyed.
class HostListener {
 public:
  HostListener() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), len);
    ::listen(fd_, 16);
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] {
      while (!stop_) {
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, 50) <= 0) continue;
        int c = ::accept(fd_, nullptr, nullptr);
        if (c >= 0) {
          ++accepted_;
          ::shutdown(c, SHUT_RDWR);
        }
      }
    });
  }
  ~HostListener() {
    stop_ = true;
    thread_.join();
    ::shutdown(fd_, SHUT_RDWR);
  }
  int port() const { return port_; }
  int accepted() const { return accepted_; }

 private:
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> accepted_{0};
  std::thread thread_;
};

class Hostile : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "strict" && !strict_available()) {
      GTEST_SKIP() << "bubblewrap cannot start a sandbox on this machine: strict mode untested";
    }
    root_ = test::copy_shop(dir_);
    before_ = tree_of(root_, kTestFile);
  }
  bool strict() const { return GetParam() == "strict"; }

  // `panta generate` with a model answering one test method whose body is `body`.
  test::PantaRun generate_with(const std::string& body, const std::string& name = "hostile") {
    std::string answer =
        "```java\n@Test\nvoid " + name + "() throws Exception {\n" + body + "\n}\n```\n";
    std::string model =
        dir_.write("model.sh", "cat >/dev/null\ncat '" + dir_.write("answer.txt", answer) + "'\n");
    std::string err = dir_.path() + "/generate.err";
    auto r = test::run_command(std::string("env OPENAI_API_KEY=") + kCanary + " " + PANTA_BINARY +
                               " generate --project " + root_ +
                               " --class org.example.shop.Cart --max-iterations 1 "
                               "--repair-attempts 0 --sandbox " +
                               GetParam() + " --llm 'cmd:sh " + model + "' 2>" + err);
    return {r.exit_code, r.out, test::slurp(err)};
  }

  // The project is as it was (but .panta/ and the test file) and the hostile test is not kept.
  void expect_undone(const test::PantaRun& run, const std::string& name = "hostile") {
    EXPECT_EQ(tree_of(root_, kTestFile), before_) << run.err;
    std::string test_file = root_ + "/" + kTestFile;
    EXPECT_EQ(test::slurp(test_file).find("void " + name + "("), std::string::npos) << run.err;
    if (!strict()) {
      EXPECT_NE(run.err.find("the test changed the project"), std::string::npos) << run.err;
    }
  }

  std::string in_root(const std::string& rel) const {
    return "java.nio.file.Path.of(\"" + root_ + "/" + rel + "\")";
  }

  test::TempDir dir_;
  std::string root_;
  std::map<std::string, std::string> before_;
};

INSTANTIATE_TEST_SUITE_P(Modes, Hostile, ::testing::Values("strict", "fallback"),
                         [](const auto& info) { return info.param; });

TEST_P(Hostile, DeletingAndChangingMainSourcesAndPomIsUndone) {
  test::PantaRun r = generate_with("java.nio.file.Files.delete(" + in_root(kCart) +
                                   ");\n"
                                   "java.nio.file.Files.writeString(" +
                                   in_root("pom.xml") + ", \"pwned\");");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  expect_undone(r);
  if (!strict()) {
    EXPECT_NE(r.err.find("deleted " + kCart), std::string::npos) << r.err;
  }
}

TEST_P(Hostile, WritesOutsideTheScratchFolderAreContainedOrUndone) {
  const char* real_home = std::getenv("HOME");
  std::string home = real_home != nullptr ? real_home : "/root";
  std::string mark = "panta-hostile-" + fs::path(dir_.path()).filename().string();
  std::string body =
      "java.nio.file.Files.writeString(java.nio.file.Path.of(System.getProperty(\"user.home\"), "
      "\"" +
      mark +
      "\"), \"x\");\n"
      "java.nio.file.Files.writeString(java.nio.file.Path.of(System.getenv(\"HOME\"), \"" +
      mark +
      "-env\"), \"x\");\n"
      "java.nio.file.Files.writeString(" +
      in_root("src/main/java/Evil.java") + ", \"x\");\n";
  if (strict()) {  // fallback cannot stop writes to absolute paths outside the project
    body += "java.nio.file.Files.writeString(java.nio.file.Path.of(\"" + home + "/" + mark +
            "-abs\"), \"x\");\njava.nio.file.Files.writeString(java.nio.file.Path.of(\"" +
            dir_.path() + "/outside\"), \"x\");\n";
  }
  test::PantaRun r = generate_with(body);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  expect_undone(r);
  for (const char* suffix : {"", "-env", "-abs"}) {
    EXPECT_FALSE(fs::exists(home + "/" + mark + suffix)) << suffix;
  }
  EXPECT_FALSE(fs::exists(dir_.path() + "/outside"));
}

TEST_P(Hostile, RuntimeExecAndProcessBuilderCannotTouchTheProject) {
  std::string outside = dir_.path() + "/exec-outside";
  std::string body = "Process p = Runtime.getRuntime().exec(new String[] {\"touch\", \"" + root_ +
                     "/pwned-exec\"});\nif (p.waitFor() != 0) throw new AssertionError(\"exec\");\n"
                     "Process q = new ProcessBuilder(\"touch\", \"" +
                     root_ +
                     "/src/main/java/pwned-pb\").start();\nif (q.waitFor() != 0) throw new "
                     "AssertionError(\"pb\");\n";
  if (strict()) {
    body = "new ProcessBuilder(\"touch\", \"" + outside + "\").start().waitFor();\n" + body;
  }
  test::PantaRun r = generate_with(body);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  expect_undone(r);
  EXPECT_FALSE(fs::exists(outside));
}

TEST_P(Hostile, HostServicesOnLoopbackAreOutOfReachButTheTestsOwnServerWorks) {
  if (!strict()) GTEST_SKIP() << "fallback mode does not confine the network (docs/sandbox.md)";
  HostListener host;
  test::PantaRun r = generate_with("try (java.net.Socket s = new java.net.Socket(\"127.0.0.1\", " +
                                   std::to_string(host.port()) + ")) {}");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  expect_undone(r);
  EXPECT_EQ(host.accepted(), 0);

  test::PantaRun own = generate_with(
      "java.net.InetAddress lo = java.net.InetAddress.getLoopbackAddress();\n"
      "try (java.net.ServerSocket server = new java.net.ServerSocket(0, 1, lo);\n"
      "     java.net.Socket client = new java.net.Socket(lo, server.getLocalPort());\n"
      "     java.net.Socket accepted = server.accept()) {\n"
      "  assertTrue(accepted.isConnected());\n}\n"
      "assertEquals(0, new Cart().size());",  // a test that names no Cart must add coverage
      "ownLoopbackServer");
  EXPECT_EQ(own.exit_code, 0) << own.err;
  EXPECT_NE(test::slurp(root_ + "/" + kTestFile).find("void ownLoopbackServer("), std::string::npos)
      << own.err;
  EXPECT_EQ(host.accepted(), 0);
}

TEST_P(Hostile, TheApiKeyReachesNoTestNoFileAndNoOutput) {
  // The environment, and that of the processes above the JVM (/proc/<pid>/environ, through a
  // process: the test's own reads of /proc are refused, see VerdictAttacks).
  test::PantaRun r = generate_with(
      "StringBuilder seen = new StringBuilder(String.valueOf(System.getenv(\"OPENAI_API_KEY\")));\n"
      "seen.append(System.getenv());\n"
      "for (ProcessHandle p = ProcessHandle.current().parent().orElse(null); p != null;\n"
      "     p = p.parent().orElse(null)) {\n"
      "  try { seen.append(new String(new ProcessBuilder(\"cat\", \"/proc/\" + p.pid() + "
      "\"/environ\")\n"
      "      .start().getInputStream().readAllBytes())); }\n"
      "  catch (Exception e) { seen.append(e); }\n"
      "}\n"
      "System.out.println(seen);\n"
      "throw new AssertionError(\"leak: \" + seen);");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(tree_of(root_, kTestFile), before_);
  EXPECT_NE(r.err.find("dropped hostile"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find(kCanary), std::string::npos) << r.out;
  EXPECT_EQ(r.err.find(kCanary), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(root_ + "/.panta/journal.sqlite"));
  EXPECT_FALSE(any_file_holds(root_, kCanary));
  if (!strict()) {
    // Fallback lets the test read Panta's /proc/<pid>/environ (as root; a user is refused
    // it), but Panta wiped the key's value from it at its start.
    EXPECT_NE(r.err.find("OPENAI_API_KEY="), std::string::npos) << r.err;
  }
}

TEST_P(Hostile, AChildProcessLeftRunningIsEnded) {
  std::string mark = unique_digits();
  test::PantaRun r = generate_with("new ProcessBuilder(\"sleep\", \"1000." + mark +
                                   "\").start();\n"
                                   "new ProcessBuilder(\"sh\", \"-c\", \"setsid sleep 1001." +
                                   mark + " >/dev/null 2>&1 &\").start().waitFor();");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(tree_of(root_, kTestFile), before_);
  EXPECT_TRUE(gone_within("1000." + mark, 20s));
  EXPECT_TRUE(gone_within("1001." + mark, 20s));
}

// A hostile test already in the project's test folder.
void add_wrecking_test(const std::string& root) {
  std::ofstream(root + "/src/test/java/org/example/shop/WreckTest.java")
      << "package org.example.shop;\n\nimport org.junit.jupiter.api.Test;\n\nclass WreckTest {\n"
         "  @Test\n  void wrecks() throws Exception {\n"
         "    java.nio.file.Files.delete(java.nio.file.Path.of(\"" +
             root + "/" + kCart +
             "\"));\n"
             "    java.nio.file.Files.writeString(java.nio.file.Path.of(\"" +
             root +
             "/pom.xml\"), \"pwned\");\n"
             "  }\n}\n";
}

TEST_P(Hostile, AnExistingTestThatWrecksTheProjectFailsCoverageAndTestAndIsUndone) {
  add_wrecking_test(root_);
  auto before = tree_of(root_);
  test::PantaRun coverage =
      test::run_panta(dir_, "coverage --project " + root_ + " --sandbox " + GetParam());
  EXPECT_EQ(coverage.exit_code, 1) << coverage.out << coverage.err;
  EXPECT_NE(coverage.out.find("org.example.shop.WreckTest#wrecks"), std::string::npos)
      << coverage.out;
  EXPECT_EQ(tree_of(root_), before);
  test::PantaRun test =
      test::run_panta(dir_, "test --project " + root_ +
                                " --test org.example.shop.WreckTest --sandbox " + GetParam());
  EXPECT_EQ(test.exit_code, 1) << test.out << test.err;
  EXPECT_EQ(tree_of(root_), before);
  if (!strict()) {
    EXPECT_NE(test.out.find("the test changed the project: modified pom.xml, deleted " + kCart),
              std::string::npos)
        << test.out;
  } else if (test::overlay_available()) {
    EXPECT_NE(test.out.find("the test tried to change the project: modified pom.xml, deleted " +
                            kCart + " (in a copy: the project is as it was)"),
              std::string::npos)
        << test.out;
  } else {
    EXPECT_NE(test.out.find("Read-only file system"), std::string::npos) << test.out;
  }
}

TEST_P(Hostile, AnAttackThatHidesItsOwnFailureIsStillDroppedAndTheNextTestsRun) {
  if (strict() && !test::overlay_available()) {
    GTEST_SKIP() << "no overlay in a user namespace here: strict mode shows the project "
                    "read-only and does not catch a hidden failed write (docs/sandbox.md)";
  }
  // Every attempt in a try/catch: in a read-only project they would fail quietly and the test
  // would pass, to do its harm when the user runs it.
  std::string quietly = "try {\n" + std::string("java.nio.file.Files.delete(") + in_root(kCart) +
                        ");\n} catch (Throwable t) {}\ntry {\njava.nio.file.Files.writeString(" +
                        in_root("pom.xml") +
                        ", \"pwned\");\n} catch (Throwable t) {}\n"
                        "try {\nRuntime.getRuntime().exec(new String[] {\"touch\", \"" +
                        root_ + "/src/main/java/Evil.java\"}).waitFor();\n} catch (Throwable t) {}";
  std::string later =
      "```java\n@Test\nvoid later() {\n  assertEquals(0, new Cart().size());\n}\n"
      "```\n";
  std::string answer =
      "```java\n@Test\nvoid hostile() throws Exception {\n" + quietly + "\n}\n```\n";
  test::TempDir model_dir;
  std::string model = test::scripted_model(model_dir, {answer, later});
  test::PantaRun r = test::run_panta(
      dir_, "generate --project " + root_ +
                " --class org.example.shop.Cart --max-iterations 2 --max-no-increase 5 "
                "--repair-attempts 0 --sandbox " +
                GetParam() + " --llm " + model);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  expect_undone(r);
  if (strict()) {
    EXPECT_NE(r.err.find("dropped hostile: error: the test tried to change the project: "),
              std::string::npos)
        << r.err;
  }
  EXPECT_NE(test::slurp(root_ + "/" + kTestFile).find("void later("), std::string::npos) << r.err;
}

TEST_P(Hostile, AHelperKilledFromOutsideIsSaidSoAndTheTestRunsAgain) {
  // The first run kills its own JVM with SIGKILL, as the OOM killer would; the run again passes.
  std::ofstream(root_ + "/src/test/java/org/example/shop/KilledOnceTest.java")
      << "package org.example.shop;\n\nimport org.junit.jupiter.api.Test;\n\n"
         "class KilledOnceTest {\n  @Test\n  void survives() throws Exception {\n"
         "    java.nio.file.Path mark =\n"
         "        java.nio.file.Path.of(System.getProperty(\"java.io.tmpdir\"), \"killed-once\");\n"
         "    if (java.nio.file.Files.exists(mark)) return;\n"
         "    java.nio.file.Files.createFile(mark);\n"
         "    new ProcessBuilder(\"kill\", \"-9\", \"\" + ProcessHandle.current().pid())\n"
         "        .start().waitFor();\n    Thread.sleep(60000);\n  }\n}\n";
  std::ofstream(root_ + "/src/test/java/org/example/shop/KilledAlwaysTest.java")
      << "package org.example.shop;\n\nimport org.junit.jupiter.api.Test;\n\n"
         "class KilledAlwaysTest {\n  @Test\n  void dies() throws Exception {\n"
         "    new ProcessBuilder(\"kill\", \"-9\", \"\" + ProcessHandle.current().pid())\n"
         "        .start().waitFor();\n    Thread.sleep(60000);\n  }\n}\n";
  test::PantaRun once =
      test::run_panta(dir_, "test --project " + root_ +
                                " --test org.example.shop.KilledOnceTest --sandbox " + GetParam());
  EXPECT_EQ(once.exit_code, 0) << once.out << once.err;
  EXPECT_NE(once.err.find("the JVM helper died (killed by signal 9"), std::string::npos)
      << once.err;
  EXPECT_NE(once.err.find("the tests ran again"), std::string::npos) << once.err;
  test::PantaRun always = test::run_panta(
      dir_, "test --project " + root_ +
                " --test org.example.shop.KilledAlwaysTest --test-timeout 120 --sandbox " +
                GetParam());
  EXPECT_EQ(always.exit_code, 1) << always.out << always.err;
  EXPECT_NE(always.out.find("error    org.example.shop.KilledAlwaysTest"), std::string::npos)
      << always.out;
  EXPECT_NE(always.out.find("killed by signal 9"), std::string::npos) << always.out;
  EXPECT_EQ(always.out.find("timeout"), std::string::npos) << always.out;
}

// The scratch folders under `tmp`.
int scratch_folders(const std::string& tmp) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(tmp)) {
    n += e.path().filename().string().rfind("panta-", 0) == 0 ? 1 : 0;
  }
  return n;
}

TEST_P(Hostile, APantaKilledDuringARunLeavesNoScratchFolderAndNoProcess) {
  std::string mark = unique_digits();
  std::ofstream(root_ + "/src/test/java/org/example/shop/SlowTest.java")
      << "package org.example.shop;\n\nimport org.junit.jupiter.api.Test;\n\n"
         "class SlowTest {\n  @Test\n  void waits() throws Exception {\n"
         "    new ProcessBuilder(\"sleep\", \"1000." +
             mark +
             "\").start();\n"
             "    java.nio.file.Files.createFile(\n"
             "        java.nio.file.Path.of(System.getProperty(\"java.io.tmpdir\"), "
             "\"running\"));\n"
             "    Thread.sleep(120000);\n  }\n}\n";
  for (int sig : {SIGKILL, SIGTERM}) {
    std::string tmp = dir_.path() + "/tmp" + std::to_string(sig);
    fs::create_directories(tmp);
    process::SpawnOptions spawn;
    spawn.argv = {
        PANTA_BINARY,     "test", "--project", root_,     "--test", "org.example.shop.SlowTest",
        "--test-timeout", "300",  "--sandbox", GetParam()};
    spawn.env = {{"TMPDIR", tmp}};
    spawn.stderr_path = dir_.path() + "/killed.err";
    auto panta = process::spawn(spawn);
    ASSERT_TRUE(panta.ok()) << panta.error().message;
    auto end = std::chrono::steady_clock::now() + 120s;
    auto running = [&] {
      // The test writes into its java.io.tmpdir, the tmp/ of the helper's scratch folder.
      for (const auto& e : fs::directory_iterator(tmp)) {
        if (fs::exists(e.path() / "tmp" / "running")) return true;
      }
      return false;
    };
    while (!running() && std::chrono::steady_clock::now() < end) {
      std::this_thread::sleep_for(20ms);
    }
    ASSERT_TRUE(running()) << test::slurp(dir_.path() + "/killed.err");
    ::kill((*panta)->pid(), sig);
    EXPECT_TRUE((*panta)->wait(std::chrono::steady_clock::now() + 20s).has_value());
    EXPECT_TRUE(gone_within("1000." + mark, 20s)) << sig;
    end = std::chrono::steady_clock::now() + 20s;
    while (scratch_folders(tmp) > 0 && std::chrono::steady_clock::now() < end) {
      std::this_thread::sleep_for(20ms);
    }
    EXPECT_EQ(scratch_folders(tmp), 0) << "after signal " << sig;
  }
}

TEST(Sandbox, AnExplicitStrictThatCannotStartIsAnErrorAndTheDefaultSaysSoOnce) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  // A machine where bwrap cannot create namespaces, as in some containers.
  std::string bin = dir.path() + "/bin";
  fs::create_directories(bin);
  dir.write("bin/bwrap",
            "#!/bin/sh\necho 'bwrap: No permissions to create new namespace, likely because the "
            "kernel does not allow non-privileged user namespaces.' >&2\nexit 1\n");
  fs::permissions(bin + "/bwrap", fs::perms::owner_all);
  std::string env = "env PATH=" + bin + ":$PATH ";
  auto why = test::run_command(env + PANTA_BINARY + " test --project " + root +
                               " --test org.example.shop.CartTest --sandbox strict 2>&1");
  EXPECT_EQ(why.exit_code, 2) << why.out;
  EXPECT_NE(why.out.find("--sandbox strict cannot start here: bwrap: No permissions"),
            std::string::npos)
      << why.out;
  auto fallback = test::run_command(env + PANTA_BINARY + " test --project " + root +
                                    " --test org.example.shop.CartTest 2>&1");
  EXPECT_EQ(fallback.exit_code, 0) << fallback.out;
  size_t first = fallback.out.find("the strict sandbox cannot start here (bwrap: No permissions");
  EXPECT_NE(first, std::string::npos) << fallback.out;
  EXPECT_EQ(fallback.out.find("strict sandbox cannot start", first + 10), std::string::npos);
  EXPECT_NE(fallback.out.find("fallback mode"), std::string::npos);
  auto off = test::run_command(std::string(PANTA_BINARY) + " test --project " + root +
                               " --test org.example.shop.CartTest --sandbox off 2>&1");
  EXPECT_EQ(off.exit_code, 0) << off.out;
  EXPECT_NE(off.out.find("warning: --sandbox off"), std::string::npos) << off.out;
  auto bad = test::run_command(std::string(PANTA_BINARY) + " test --project " + root +
                               " --test org.example.shop.CartTest --test-env GITHUB_TOKEN 2>&1");
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_NE(bad.out.find("--test-env GITHUB_TOKEN"), std::string::npos) << bad.out;
}

TEST(Sandbox, PantaTomlChoosesTheModeAndTheTestEnvironment) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::ofstream(root + "/panta.toml") << "sandbox = \"fallback\"\ntest_env = [\"PANTA_PROBE\"]\n";
  std::ofstream(root + "/src/test/java/org/example/shop/EnvTest.java")
      << "package org.example.shop;\n\nimport static org.junit.jupiter.api.Assertions.*;\n\n"
         "import org.junit.jupiter.api.Test;\n\nclass EnvTest {\n  @Test\n  void env() {\n"
         "    assertEquals(\"seen\", System.getenv(\"PANTA_PROBE\"));\n"
         "    assertNull(System.getenv(\"PANTA_HIDDEN\"));\n"
         "    assertTrue(System.getenv(\"HOME\").contains(\"panta-run-\"));\n"
         "    assertEquals(System.getenv(\"HOME\"), System.getProperty(\"user.home\"));\n  }\n}\n";
  test::PantaRun r =
      test::run_panta(dir, "test --project " + root + " --test org.example.shop.EnvTest");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;  // PANTA_PROBE is not set
  auto seen =
      test::run_command("env PANTA_PROBE=seen PANTA_HIDDEN=x " + std::string(PANTA_BINARY) +
                        " test --project " + root + " --test org.example.shop.EnvTest 2>&1");
  EXPECT_EQ(seen.exit_code, 0) << seen.out;
  auto bad_toml = test::TempDir();
  std::string other = test::copy_shop(bad_toml);
  std::ofstream(other + "/panta.toml") << "sandbox = \"none\"\n";
  test::PantaRun bad =
      test::run_panta(bad_toml, "test --project " + other + " --test org.example.shop.CartTest");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("panta.toml:1:11: 'sandbox' must be"), std::string::npos) << bad.err;
}

// In fallback mode a test can read the environments of Panta's parent processes (Panta wipes
// only its own): Panta names what looks like a secret there, once, at the start; strict mode
// hides them.
TEST(Sandbox, FallbackNamesTheSecretsOfPantasParents) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string panta = std::string(PANTA_BINARY) + " test --project " + root +
                      " --test org.example.shop.CartTest --sandbox ";
  // A shell of its own holds the variable, as `timeout` or a CI step's shell would.
  auto fallback = test::run_command("env DEPLOY_API_KEY=not-a-real-key sh -c '" + panta +
                                    "fallback; true' 2>&1");
  EXPECT_NE(fallback.out.find("warning: in fallback mode the tests can read the environment of "
                              "Panta's parent processes"),
            std::string::npos)
      << fallback.out;
  EXPECT_NE(fallback.out.find("DEPLOY_API_KEY in sh (pid "), std::string::npos) << fallback.out;
  EXPECT_EQ(fallback.out.find("not-a-real-key"), std::string::npos) << fallback.out;
  if (test::strict_available()) {
    auto strict = test::run_command("env DEPLOY_API_KEY=not-a-real-key sh -c '" + panta +
                                    "strict; true' 2>&1");
    EXPECT_EQ(strict.out.find("DEPLOY_API_KEY"), std::string::npos) << strict.out;
  }
}

TEST(Sandbox, TheModelCommandDiesWithPanta) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir);
  std::string started = dir.path() + "/started";
  std::string mark = "1000." + unique_digits();
  std::string model =
      dir.write("model-kill.sh", "cat >/dev/null\nsleep " + mark + " &\necho $! > '" + started +
                                     ".tmp'\nmv '" + started + ".tmp' '" + started + "'\nwait\n");
  process::SpawnOptions spawn;
  spawn.argv = {
      PANTA_BINARY, "generate",        "--project",     root,  "--class",   "org.example.shop.Cart",
      "--llm",      "cmd:sh " + model, "--llm-timeout", "600", "--mutants", "0"};
  spawn.stderr_path = dir.path() + "/panta.err";
  auto panta = process::spawn(spawn);
  ASSERT_TRUE(panta.ok()) << panta.error().message;
  auto end = std::chrono::steady_clock::now() + 120s;
  while (!fs::exists(started) && std::chrono::steady_clock::now() < end) {
    std::this_thread::sleep_for(20ms);
  }
  ASSERT_TRUE(fs::exists(started)) << test::slurp(dir.path() + "/panta.err");
  // The shell forked the sleep before it wrote `started`; the sleep may not have exec'd yet.
  while (processes_with(mark) == 0 && std::chrono::steady_clock::now() < end) {
    std::this_thread::sleep_for(20ms);
  }
  EXPECT_EQ(processes_with(mark), 1);
  ::kill((*panta)->pid(), SIGKILL);
  EXPECT_TRUE((*panta)->wait(std::chrono::steady_clock::now() + 20s).has_value());
  EXPECT_TRUE(gone_within(mark, 20s));
  EXPECT_TRUE(gone_within(model, 20s));
}

}  // namespace
}  // namespace panta
