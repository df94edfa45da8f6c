// End to end: the catalogue of attacks on the verdict (docs/sandbox.md). Each is a test the
// model answers (`panta generate` on the shop example, in every sandbox mode this machine
// supports); none may be kept, pass, or add coverage: each is dropped as tampering, saying what
// it tried, or for what it left behind. A benign test that does the allowed half of each
// (reflection on the project's own class, the JVM's management beans, files in the scratch
// folder) is kept. The answers of a helper that did not come from it are caught below the
// guards, by the protocol (JvmRunnerTest.AForgedAnswerIsTampering).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "sandbox_support.h"

namespace panta {
namespace {

using test::kCartTest;

struct Attack {
  std::string name;
  std::string body;
  std::string tried;  ///< What the report must say it tried (a part of it).
};

// Every attack of the catalogue, one test method each.
std::vector<Attack> attacks() {
  return {
      {"forgedReplyOnStdout",
       "java.io.PrintStream out = new java.io.PrintStream(\n"
       "    new java.io.FileOutputStream(java.io.FileDescriptor.out), true);\n"
       "for (int id = 1; id < 500; id++) {\n"
       "  out.println(\"{\\\"id\\\":\" + id + \",\\\"ok\\\":true,\\\"results\\\":[]}\");\n"
       "}\n"
       "fail(\"forged\");",
       "FileDescriptor.out"},
      {"forgedReplyThroughProcSelfFd",
       "for (int fd = 1; fd < 8; fd++) {\n"
       "  try (java.io.FileOutputStream out = new java.io.FileOutputStream(\"/proc/self/fd/\" + "
       "fd)) {\n"
       "    out.write(\"{\\\"id\\\":1,\\\"ok\\\":true}\\n\".getBytes());\n"
       "  }\n"
       "}\n"
       "fail(\"forged\");",
       "/proc/self/fd"},
      {"heapDump",
       "com.sun.management.HotSpotDiagnosticMXBean bean = java.lang.management.ManagementFactory\n"
       "    .getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);\n"
       "bean.dumpHeap(System.getProperty(\"java.io.tmpdir\") + \"/heap.hprof\", true);",
       "com.sun.management.HotSpotDiagnosticMXBean"},
      {"probesByReflection",
       "java.lang.reflect.Method init = Cart.class.getDeclaredMethod(\"$jacocoInit\");\n"
       "init.setAccessible(true);\n"
       "java.util.Arrays.fill((boolean[]) init.invoke(null), true);",
       "$jacocoInit (coverage probes)"},
      {"probesByVarHandle",
       "java.lang.invoke.MethodHandles.Lookup lookup = java.lang.invoke.MethodHandles\n"
       "    .privateLookupIn(Cart.class, java.lang.invoke.MethodHandles.lookup());\n"
       "java.lang.invoke.VarHandle data =\n"
       "    lookup.findStaticVarHandle(Cart.class, \"$jacocoData\", boolean[].class);\n"
       "java.util.Arrays.fill((boolean[]) data.get(), true);",
       "$jacocoData"},
      {"probeStoreCalledDirectly",
       "Class<?> registry = Class.forName(\"org.panta.runner.sandbox.ProbeRegistry\");\n"
       "registry.getMethod(\"probes\", long.class, String.class, int.class).invoke(null, 0L, "
       "\"x\", 1);",
       "org.panta.runner.sandbox.ProbeRegistry"},
      {"exitHiddenAndItsRecordCleared",
       "try {\n  System.exit(3);\n} catch (Throwable t) {\n}\n"
       "ClassLoader.getSystemClassLoader().loadClass(\"org.panta.runner.isolation.Attempts\")\n"
       "    .getMethod(\"take\").invoke(null);",
       "org.panta.runner.isolation.Attempts"},
      {"methodHandleIntoTheRunner",
       "Class<?> main = java.lang.invoke.MethodHandles.lookup()"
       ".findClass(\"org.panta.runner.Main\");",
       "org.panta.runner.Main"},
      {"unsafe",
       "java.lang.reflect.Field f = Class.forName(\"sun.misc.Unsafe\")"
       ".getDeclaredField(\"theUnsafe\");\n"
       "f.setAccessible(true);",
       "sun.misc.Unsafe"},
      // The class files a test can read are the guarded ones (its units' folders hold what
      // runs): defined again, their calls of the guard are a use of Panta's own classes.
      {"classDefinedFromBytes",
       "record Sneaky() implements Runnable {\n"
       "  public void run() {\n"
       "    try {\n      Class.forName(\"sun.misc.Unsafe\");\n"
       "    } catch (ClassNotFoundException e) {\n      throw new RuntimeException(e);\n    }\n"
       "  }\n"
       "}\n"
       "byte[] bytes;\n"
       "try (java.io.InputStream in = getClass().getResourceAsStream(\"CartTest$1Sneaky.class\")) "
       "{\n"
       "  bytes = in.readAllBytes();\n"
       "}\n"
       "class Definer extends ClassLoader {\n"
       "  Definer() {\n    super(CartTest.class.getClassLoader());\n  }\n"
       "  Class<?> define(byte[] b) {\n    return defineClass(null, b, 0, b.length);\n  }\n"
       "}\n"
       "java.lang.reflect.Constructor<?> make = new "
       "Definer().define(bytes).getDeclaredConstructor();\n"
       "make.setAccessible(true);\n"
       "((Runnable) make.newInstance()).run();",
       "org.panta.runner.sandbox.Guard"},
      {"procThroughASymbolicLink",
       "java.nio.file.Path link = java.nio.file.Path.of(System.getProperty(\"java.io.tmpdir\"), "
       "\"me\");\n"
       "java.nio.file.Files.createSymbolicLink(link, java.nio.file.Path.of(\"/proc\"));\n"
       "try (java.io.FileOutputStream out =\n"
       "    new java.io.FileOutputStream(link.resolve(\"self/fd/1\").toFile())) {\n"
       "  out.write(\"{\\\"id\\\":1,\\\"ok\\\":true}\\n\".getBytes());\n"
       "}\n"
       "fail(\"forged\");",
       "/proc/"},
      {"procThroughAnEmptyParent",
       "try (java.io.FileOutputStream out =\n"
       "    new java.io.FileOutputStream(new java.io.File(\"\", \"proc/self/fd/1\"))) {\n"
       "  out.write(\"{\\\"id\\\":1,\\\"ok\\\":true}\\n\".getBytes());\n"
       "}\n"
       "fail(\"forged\");",
       "/proc/"},
      {"lookupMethodsByReflection",
       "java.lang.reflect.Method find = java.lang.invoke.MethodHandles.Lookup.class.getMethod(\n"
       "    \"findStaticVarHandle\", Class.class, String.class, Class.class);\n"
       "Object data = find.invoke(java.lang.invoke.MethodHandles.privateLookupIn(\n"
       "    Cart.class, java.lang.invoke.MethodHandles.lookup()), Cart.class, \"$jacocoData\",\n"
       "    boolean[].class);",
       "java.lang.invoke"},
      {"unitFolderLoadedAgain",
       "record Sneaky2() implements Runnable {\n"
       "  public void run() {\n"
       "    try {\n      Class.forName(\"sun.misc.Unsafe\");\n"
       "    } catch (ClassNotFoundException e) {\n      throw new RuntimeException(e);\n    }\n"
       "  }\n"
       "}\n"
       "String file = CartTest.class.getResource(\"CartTest$1Sneaky2.class\").toString();\n"
       "java.net.URL root = new java.net.URL(file.substring(0, file.indexOf(\"org/example/\")));\n"
       "ClassLoader again =\n"
       "    new java.net.URLClassLoader(new java.net.URL[] {root}, "
       "ClassLoader.getSystemClassLoader());\n"
       "java.lang.reflect.Constructor<?> make =\n"
       "    again.loadClass(\"org.example.shop.CartTest$1Sneaky2\").getDeclaredConstructor();\n"
       "make.setAccessible(true);\n"
       "((Runnable) make.newInstance()).run();",
       "sun.misc.Unsafe"},
  };
}

// The allowed half of each: kept.
const char* kBenign =
    "Cart cart = new Cart();\n"
    "for (java.lang.reflect.Field f : Cart.class.getDeclaredFields()) {\n"
    "  assertFalse(f.getName().startsWith(\"$jacoco\"));\n"
    "  f.setAccessible(true);\n"
    "}\n"
    "assertTrue(java.lang.management.ManagementFactory.getOperatingSystemMXBean()\n"
    "    .getAvailableProcessors() > 0);\n"
    "java.nio.file.Path file = java.nio.file.Path.of(System.getProperty(\"java.io.tmpdir\"), "
    "\"ok.txt\");\n"
    "java.nio.file.Files.writeString(file, \"ok\");\n"
    "assertEquals(\"ok\", java.nio.file.Files.readString(file));\n"
    "assertEquals(Class.forName(\"org.example.shop.Cart\"), Cart.class);\n"
    "assertEquals(0, cart.size());\n"
    // A reflective call inside a try: the guard's rewrite keeps its frames valid.
    "try {\n"
    "  assertEquals(0, Cart.class.getMethod(\"size\").invoke(cart));\n"
    "} catch (ReflectiveOperationException e) {\n"
    "  fail(e);\n"
    "}";

class VerdictAttacks : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "strict" && !test::strict_available()) {
      GTEST_SKIP() << "bubblewrap cannot start a sandbox on this machine: strict mode untested";
    }
    root_ = test::copy_shop(dir_);
  }

  // `panta generate` of one answer holding `tests`; the report as JSON.
  nlohmann::json generate(const std::vector<Attack>& tests, const std::string& options,
                          test::PantaRun& run) {
    std::string answer = "```java\n";
    for (const Attack& a : tests) {
      answer += "@Test\nvoid " + a.name + "() throws Exception {\n" + a.body + "\n}\n\n";
    }
    answer += "```\n";
    test::TempDir model_dir;
    std::string model = test::scripted_model(model_dir, {answer});
    std::string report = dir_.path() + "/report.json";
    run = test::run_panta(dir_, "generate --project " + root_ +
                                    " --class org.example.shop.Cart --max-iterations 1 "
                                    "--repair-attempts 0 --sandbox " +
                                    GetParam() + " --report " + report + " --llm " + model + " " +
                                    options);
    return nlohmann::json::parse(test::slurp(report), nullptr, false);
  }

  test::TempDir dir_;
  std::string root_;
};

INSTANTIATE_TEST_SUITE_P(Modes, VerdictAttacks, ::testing::Values("strict", "fallback"),
                         [](const auto& info) { return info.param; });

TEST_P(VerdictAttacks, EveryAttackIsDroppedAsTamperingAndTheBenignTestIsKept) {
  std::vector<Attack> tests = attacks();
  tests.push_back({"benign", kBenign, ""});
  test::PantaRun run;
  nlohmann::json report = generate(tests, "", run);
  ASSERT_FALSE(report.is_discarded()) << run.err;
  EXPECT_EQ(run.exit_code, 3) << run.err;
  std::map<std::string, std::string> tried;
  for (const auto& t : report["tampering"]) tried[t["test"]] = t["tried"];
  std::string written = test::slurp(root_ + "/" + kCartTest);
  for (const Attack& a : attacks()) {
    ASSERT_EQ(tried.count(a.name), 1u) << a.name << "\n" << run.err;
    EXPECT_NE(tried[a.name].find(a.tried), std::string::npos) << a.name << ": " << tried[a.name];
    EXPECT_EQ(written.find("void " + a.name + "("), std::string::npos) << a.name;
    EXPECT_NE(run.err.find("dropped " + a.name + ": tampering: it tried"), std::string::npos)
        << a.name << "\n"
        << run.err;
  }
  EXPECT_EQ(tried.count("benign"), 0u);
  EXPECT_NE(written.find("void benign("), std::string::npos) << run.err;
  // No forged probe: the benign test runs a constructor and size(), not the whole class.
  EXPECT_LT(report["final"]["line_coverage"].get<double>(), 50.0) << run.err;
}

// What a test leaves behind fails it in every mode: processes still running, a scratch folder
// over --test-disk.
TEST_P(VerdictAttacks, LeftoversRejectAGeneratedTest) {
  test::PantaRun run;
  nlohmann::json report = generate(
      {{"leavesAProcess", "new ProcessBuilder(\"sleep\", \"600\").start();\nnew Cart();", ""},
       {"fillsTheScratchFolder",
        "java.nio.file.Files.write(java.nio.file.Path.of(System.getProperty(\"java.io.tmpdir\"), "
        "\"big\"), new byte[3 << 20]);\nnew Cart();",
        ""}},
      "--test-disk 2m", run);
  ASSERT_FALSE(report.is_discarded()) << run.err;
  EXPECT_EQ(run.exit_code, 0) << run.err;
  std::string written = test::slurp(root_ + "/" + kCartTest);
  EXPECT_EQ(written.find("void leavesAProcess("), std::string::npos) << run.err;
  EXPECT_EQ(written.find("void fillsTheScratchFolder("), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("dropped leavesAProcess: error: it left 1 process running (ended now)"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("dropped fillsTheScratchFolder: error: it wrote 3 MiB into the scratch "
                         "folder, over the limit of 2 MiB (--test-disk)"),
            std::string::npos)
      << run.err;
}

}  // namespace
}  // namespace panta
