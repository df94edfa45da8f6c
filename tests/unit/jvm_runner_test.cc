// The C++ client against the real JVM helper, on the helper's own fixture project.
#include "runner/jvm_runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "project/test_stack.h"
#include "runner/test_session.h"
#include "test_support.h"

namespace panta::runner {
namespace {

using namespace std::chrono_literals;

const std::string kDemo = std::string(PANTA_SOURCE_DIR) + "/java-runner/tests/fixtures/demo";

// The jars of Panta's default test stack (build/test-stack): JUnit, Mockito, ...
std::vector<std::string> stack_jars() {
  auto stack = project::read_test_stack(default_test_stack_dir());
  EXPECT_TRUE(stack.ok()) << stack.error().message;
  return stack.ok() ? stack->jars : std::vector<std::string>{};
}

const TestResult* find(const RunResult& r, const std::string& id) {
  for (const TestResult& t : r.results) {
    if (t.id == id) return &t;
  }
  return nullptr;
}

class JvmRunnerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    HelperConfig config;
    config.workdir = work_.path();
    config.heap = "256m";
    auto helper = start_helper(config);
    ASSERT_TRUE(helper.ok()) << helper.error().message;
    runner_ = std::move(*helper);
    CompileRequest main;
    main.output_dir = work_.path() + "/classes";
    for (const char* c : {"Calculator", "Branchy", "Shutdown", "Greeter", "Counter"}) {
      main.sources.push_back({kDemo + "/src/main/java/demo/" + c + ".java", std::nullopt});
    }
    auto compiled = runner_->compile(main);
    ASSERT_TRUE(compiled.ok()) << compiled.error().message;
    ASSERT_TRUE(compiled->success);
  }

  CompileResult compile_tests(const std::vector<std::string>& names) {
    CompileRequest tests;
    tests.unit = "tests";
    tests.classpath = stack_jars();
    tests.classpath.push_back(work_.path() + "/classes");
    for (const std::string& n : names) {
      tests.sources.push_back({kDemo + "/src/test/java/demo/" + n + ".java", std::nullopt});
    }
    auto r = runner_->compile(tests);
    EXPECT_TRUE(r.ok());
    return r.ok() ? *r : CompileResult{};
  }

  RunResult run(std::vector<std::string> tests, std::vector<std::string> coverage = {},
                std::chrono::milliseconds timeout = 10s) {
    RunRequest req;
    req.tests = std::move(tests);
    req.classpath = stack_jars();
    req.classpath.push_back(work_.path() + "/classes");
    req.units = {"tests"};
    req.coverage_classes = std::move(coverage);
    req.test_timeout = timeout;
    auto r = runner_->run(req);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message);
    return r.ok() ? *r : RunResult{};
  }

  // Compiles `text` (a test class of package demo named `name`) as the in-memory unit `unit`.
  void compile_text(const std::string& unit, const std::string& name, const std::string& text) {
    CompileRequest tests;
    tests.unit = unit;
    tests.classpath = stack_jars();
    tests.classpath.push_back(work_.path() + "/classes");
    tests.sources.push_back({"demo/" + name + ".java", text});
    auto r = runner_->compile(tests);
    ASSERT_TRUE(r.ok()) << r.error().message;
    ASSERT_TRUE(r->success) << format_diagnostics(r->diagnostics);
  }

  test::TempDir work_;
  std::unique_ptr<JvmRunner> runner_;
};

const coverage::LineCoverage* line_of(const RunResult& r, uint32_t line) {
  for (const auto& c : r.coverage) {
    for (const auto& l : c.lines) {
      if (l.line == line) return &l;
    }
  }
  return nullptr;
}

TEST_F(JvmRunnerTest, ReportsEveryOutcomeWithCoverage) {
  ASSERT_TRUE(compile_tests({"OutcomesTest"}).success);
  RunResult r = run({"demo.OutcomesTest"}, {"demo.Calculator"});
  ASSERT_NE(find(r, "demo.OutcomesTest#passes"), nullptr);
  EXPECT_EQ(find(r, "demo.OutcomesTest#passes")->status, TestStatus::kPassed);
  EXPECT_EQ(find(r, "demo.OutcomesTest#failsAssertion")->status, TestStatus::kFailed);
  EXPECT_EQ(find(r, "demo.OutcomesTest#throwsUnexpected")->status, TestStatus::kError);
  EXPECT_EQ(find(r, "demo.OutcomesTest#throwsUnexpected")->exception,
            "java.lang.ArithmeticException");
  EXPECT_EQ(find(r, "demo.OutcomesTest#skippedByAssumption")->status, TestStatus::kSkipped);
  EXPECT_EQ(find(r, "demo.OutcomesTest#printsOutput")->stdout_text, "hello out\n");
  ASSERT_EQ(r.coverage.size(), 1u);
  EXPECT_EQ(r.coverage[0].name, "demo.Calculator");
  auto sources = coverage::by_source(r.coverage);
  EXPECT_GT(sources[0].line_counter().covered, 0);
  EXPECT_TRUE(r.restart_note.empty());
}

TEST_F(JvmRunnerTest, CompileErrorsComeWithPositions) {
  CompileRequest bad;
  bad.unit = "broken";
  bad.sources = {
      {"src/p/Bad.java", std::string("package p;\nclass Bad {\n  int f() { return nope; }\n}\n")}};
  auto r = runner_->compile(bad);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->success);
  ASSERT_FALSE(r->diagnostics.empty());
  EXPECT_EQ(r->diagnostics[0].file, "src/p/Bad.java");
  EXPECT_EQ(r->diagnostics[0].line, 3);
  EXPECT_EQ(r->diagnostics[0].kind, "error");
}

TEST_F(JvmRunnerTest, SystemExitDoesNotEndTheHelper) {
  ASSERT_TRUE(compile_tests({"ExitTest", "OutcomesTest"}).success);
  RunResult r = run({"demo.ExitTest", "demo.OutcomesTest#passes"});
  size_t exits = 0;
  for (const TestResult& t : r.results) {
    if (t.message.find("System.exit") != std::string::npos) ++exits;
  }
  EXPECT_GE(exits, 1u);
  EXPECT_EQ(find(r, "demo.OutcomesTest#passes")->status, TestStatus::kPassed);
  EXPECT_TRUE(r.restart_note.empty());
}

TEST_F(JvmRunnerTest, UnstoppableTestRestartsTheHelperAndKeepsTheOthers) {
  ASSERT_TRUE(compile_tests({"UnstoppableTest", "OutcomesTest"}).success);
  RunResult r =
      // The limit must hold a plain test in a fresh helper on a loaded machine (class loading
      // and instrumentation do not count against it); the unstoppable one costs it twice.
      run({"demo.UnstoppableTest", "demo.OutcomesTest#passes"}, {"demo.Calculator"}, 3000ms);
  const TestResult* stuck = find(r, "demo.UnstoppableTest#survivesInterruptAndStop");
  ASSERT_NE(stuck, nullptr);
  EXPECT_EQ(stuck->status, TestStatus::kTimeout);
  ASSERT_NE(find(r, "demo.OutcomesTest#passes"), nullptr);
  EXPECT_EQ(find(r, "demo.OutcomesTest#passes")->status, TestStatus::kPassed);
  EXPECT_FALSE(r.restart_note.empty());
  EXPECT_FALSE(r.coverage.empty());
  // The restarted helper got the test unit back.
  RunResult again = run({"demo.OutcomesTest#passes"});
  ASSERT_EQ(again.results.size(), 1u);
  EXPECT_EQ(again.results[0].status, TestStatus::kPassed);
}

// Named by itself (a method spec), a test that cannot be stopped is not run again after the
// restart: the other tests of the run are, once.
TEST_F(JvmRunnerTest, AnUnstoppableTestNamedByItselfIsNotRunAgain) {
  ASSERT_TRUE(compile_tests({"UnstoppableTest", "OutcomesTest"}).success);
  RunResult r = run({"demo.UnstoppableTest#survivesInterruptAndStop", "demo.OutcomesTest#passes"},
                    {}, 3000ms);
  ASSERT_EQ(r.results.size(), 2u);
  ASSERT_NE(find(r, "demo.UnstoppableTest#survivesInterruptAndStop"), nullptr);
  EXPECT_EQ(find(r, "demo.UnstoppableTest#survivesInterruptAndStop")->status, TestStatus::kTimeout);
  ASSERT_NE(find(r, "demo.OutcomesTest#passes"), nullptr);
  EXPECT_EQ(find(r, "demo.OutcomesTest#passes")->status, TestStatus::kPassed);
}

// A coverage store unites the runs merged into it until a run asks for it to be emptied; the
// branch counts of a line come as JaCoCo gives them (Branchy.java line 11: `x > 0 && y > 0`, four
// branches; line 12 runs only when both hold).
TEST_F(JvmRunnerTest, ACoverageStoreUnitesRunsUntilItIsEmptied) {
  compile_text("store", "StoreTest",
               "package demo;\nimport org.junit.jupiter.api.Test;\nclass StoreTest {\n"
               "  @Test void both() { Branchy.classify(1, 1); }\n"
               "  @Test void xOnly() { Branchy.classify(1, 0); }\n}\n");
  RunRequest req;
  req.classpath = stack_jars();
  req.classpath.push_back(work_.path() + "/classes");
  req.units = {"store"};
  req.coverage_classes = {"demo.Branchy"};
  req.coverage_store = "s";
  req.coverage_store_reset = true;
  req.tests = {"demo.StoreTest#both"};
  auto first = runner_->run(req);
  ASSERT_TRUE(first.ok()) << first.error().message;
  ASSERT_NE(line_of(*first, 11), nullptr);
  EXPECT_EQ(line_of(*first, 11)->mb, 2);
  EXPECT_EQ(line_of(*first, 11)->cb, 2);
  req.coverage_store_reset = false;
  req.tests = {"demo.StoreTest#xOnly"};
  auto united = runner_->run(req);
  ASSERT_TRUE(united.ok()) << united.error().message;
  EXPECT_EQ(united->coverage_store_runs, 2);
  ASSERT_NE(line_of(*united, 11), nullptr);
  EXPECT_EQ(line_of(*united, 11)->mb, 1);  // y > 0 true and false, x > 0 only true
  EXPECT_EQ(line_of(*united, 11)->cb, 3);
  EXPECT_GT(line_of(*united, 12)->ci, 0);
  req.coverage_store_reset = true;
  auto anew = runner_->run(req);
  ASSERT_TRUE(anew.ok()) << anew.error().message;
  EXPECT_EQ(anew->coverage_store_runs, 1);
  ASSERT_NE(line_of(*anew, 12), nullptr);
  EXPECT_EQ(line_of(*anew, 12)->ci, 0) << "both()'s coverage is gone";
}

// The tests of a class whose class-level setup failed never ran: each is an error.
TEST_F(JvmRunnerTest, TestsOfAClassWhoseSetupFailedAreErrors) {
  compile_text("tests", "BrokenSetupTest",
               "package demo;\nimport org.junit.jupiter.api.BeforeAll;\n"
               "import org.junit.jupiter.api.Test;\nclass BrokenSetupTest {\n"
               "  @BeforeAll static void setUp() { throw new IllegalStateException(\"no\"); }\n"
               "  @Test void first() {}\n}\n");
  RunResult r = run({"demo.BrokenSetupTest"});
  const TestResult* first = nullptr;
  for (const TestResult& t : r.results) {
    if (t.id == "demo.BrokenSetupTest#first") first = &t;
  }
  ASSERT_NE(first, nullptr) << r.results.size();
  EXPECT_EQ(first->status, TestStatus::kError);
  EXPECT_NE(first->message.find("not run"), std::string::npos) << first->message;
}

TEST(JvmRunner, MissingJarIsAClearError) {
  test::TempDir dir;
  HelperConfig config;
  config.workdir = dir.path();
  config.jar = dir.path() + "/nope.jar";
  auto r = start_helper(config);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("JVM helper jar not found"), std::string::npos);
}

TEST(JvmRunner, JavaThatIsNotJavaIsAClearError) {
  test::TempDir dir;
  HelperConfig config;
  config.workdir = dir.path();
  config.java = "/bin/false";
  config.start_timeout = 5s;
  auto r = start_helper(config);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("did not start"), std::string::npos) << r.error().message;
}

// A stand-in for the helper (Python, as `java`): answers pings on descriptor 3 with the id and
// nonce it was sent; before answering a run, forges an answer in which every test passed, as a
// test that found the request's id would. The forgery is caught, the helper restarted, and
// the run's tests are errors saying so; what the stand-in writes to descriptor 1 is ignored.
TEST(JvmRunner, AForgedAnswerIsTampering) {
  test::TempDir dir;
  std::string script = dir.write("fake-java", R"(#!/usr/bin/env python3
import json, os, sys
for line in sys.stdin:
    req = json.loads(line)
    os.write(1, b'{"id": %d, "ok": true}\n' % req["id"])  # not the channel
    answer = {"id": req["id"], "nonce": req.get("nonce"), "ok": True}
    if req["op"] == "run":
        forged = {"id": req["id"], "ok": True, "not_run": [],
                  "results": [{"id": t, "status": "passed"} for t in req["tests"]]}
        os.write(3, (json.dumps(forged) + "\n").encode())
        answer["results"] = [{"id": t, "status": "failed"} for t in req["tests"]]
    os.write(3, (json.dumps(answer) + "\n").encode())
)");
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  HelperConfig config;
  config.workdir = dir.path();
  config.java = script;
  config.jar = dir.write("fake.jar", "");
  config.start_timeout = 20s;
  auto helper = start_helper(config);
  ASSERT_TRUE(helper.ok()) << helper.error().message;
  RunRequest request;
  request.tests = {"p.ATest#a", "p.ATest#b"};
  auto run = (*helper)->run(request);
  ASSERT_TRUE(run.ok()) << run.error().message;
  EXPECT_NE(run->tampering.find("tampering: an answer that is not the helper's"), std::string::npos)
      << run->tampering;
  ASSERT_EQ(run->results.size(), 2u);
  for (const TestResult& r : run->results) {
    EXPECT_EQ(r.status, TestStatus::kError) << r.id;
    EXPECT_FALSE(r.tampering.empty()) << r.id;
  }
}

}  // namespace
}  // namespace panta::runner

namespace panta::runner {
namespace {

// A build that declares release 1.5 (commons-math3) is compiled for 8: javac 17 refuses 5.
TEST_F(JvmRunnerTest, AReleaseOlderThanEightCompilesAsEight) {
  CompileRequest tests;
  tests.unit = "old";
  tests.classpath = stack_jars();
  tests.classpath.push_back(work_.path() + "/classes");
  tests.release = 5;
  tests.sources.push_back(
      {"demo/OldTest.java",
       std::string("package demo;\nclass OldTest { int x() { return 1; } }\n")});
  auto r = runner_->compile(tests);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_TRUE(r->success) << format_diagnostics(r->diagnostics);
}

}  // namespace
}  // namespace panta::runner

namespace panta::runner {
namespace {

// The build makes the helper's class-data sharing archive (java-runner/cds.sh), and this JVM
// can map it: -Xshare:on fails to start when it cannot.
TEST(JvmRunner, TheBuildsSharingArchiveIsOneThisJvmCanUse) {
  std::string jar = default_runner_jar();
  std::string archive = sharing_archive(jar);
  ASSERT_FALSE(archive.empty()) << "no panta-runner.jsa beside " << jar;
  auto r = test::run_command(
      "echo '{\"id\":1,\"op\":\"ping\"}' | java -Xshare:on -XX:+UseSerialGC "
      "-XX:SharedArchiveFile=" +
      archive + " -jar " + jar + " 2>&1");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("\"ok\":true"), std::string::npos) << r.out;
}

// An archive the JVM cannot use (another JDK's, a damaged one) does not stop the helper.
TEST(JvmRunner, AnArchiveTheJvmCannotUseIsLeftAside) {
  test::TempDir dir;
  std::filesystem::copy_file(default_runner_jar(), dir.path() + "/panta-runner.jar");
  std::filesystem::copy_file(junit_bridge_jar(default_runner_jar()),
                             dir.path() + "/panta-runner-junit.jar");
  test::run_command("echo 'not an archive' > " + dir.path() + "/panta-runner.jsa");
  ASSERT_EQ(sharing_archive(dir.path() + "/panta-runner.jar"), dir.path() + "/panta-runner.jsa");
  HelperConfig config;
  config.workdir = dir.path();
  config.heap = "256m";
  config.jar = dir.path() + "/panta-runner.jar";
  auto helper = start_helper(config);
  ASSERT_TRUE(helper.ok()) << helper.error().message;
  CompileRequest c;
  c.unit = "u";
  c.sources.push_back({"p/A.java", std::string("package p;\nclass A {}\n")});
  auto compiled = (*helper)->compile(c);
  ASSERT_TRUE(compiled.ok()) << compiled.error().message;
  EXPECT_TRUE(compiled->success);
}

}  // namespace
}  // namespace panta::runner

namespace panta::runner {
namespace {

// javac out of stack fails without a diagnostic: the message says so instead of ending at
// "do not compile:" (issue 25), and `panta test` does not take the failure for a success.
TEST(FormatDiagnostics, AFailedCompilationWithoutDiagnosticsSaysJavacGaveNone) {
  EXPECT_EQ(format_diagnostics({}),
            "javac failed without a diagnostic (out of memory or stack?)\n");
  Diagnostic note;
  note.kind = "note";
  note.message = "Some input files use unchecked operations.";
  EXPECT_EQ(format_diagnostics({note}),
            "javac failed without a diagnostic (out of memory or stack?)\n");
  Diagnostic error;
  error.kind = "error";
  error.file = "A.java";
  error.line = 3;
  error.column = 5;
  error.message = "';' expected";
  EXPECT_EQ(format_diagnostics({error}), "A.java:3:5: error: ';' expected\n");
}

}  // namespace
}  // namespace panta::runner
