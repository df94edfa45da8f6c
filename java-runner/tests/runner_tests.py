#!/usr/bin/env python3
"""CTest driver for the Panta Java runner.

Each case starts a real helper (java -jar panta-runner.jar), speaks the JSON-lines protocol to it
and checks the answers. Usage: runner_tests.py CASE --java ... (see main() for the options, which
java-runner/CMakeLists.txt passes). Exit status 0 = pass; a failing check prints why and exits 1.
"""
import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import time



def read_lines(path):
    with open(path) as f:
        return [line.strip() for line in f if line.strip()]


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Helper:
    """A running helper process and the request/answer exchange with it."""

    def __init__(self, ctx, xmx="256m"):
        self.stderr_path = os.path.join(ctx.work, "helper-%d.stderr" % time.monotonic_ns())
        self.stderr = open(self.stderr_path, "wb")
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [ctx.args.java, "-Xmx" + xmx, "-Dpanta.runner.unitsDir=" + ctx.units_dir]
            + ctx.agent_options() + ["-jar", ctx.args.runner_jar],
            cwd=ctx.work, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr)
        self.last_id = 0

    def send_line(self, line):
        self.proc.stdin.write(line.encode("utf-8") + b"\n")
        self.proc.stdin.flush()

    def read_answer(self):
        line = self.proc.stdout.readline()
        if not line:
            raise Failure("helper closed stdout (exit code %s)" % self.proc.wait(10))
        try:
            return json.loads(line)
        except ValueError:
            raise Failure("non-JSON line on protocol stream: %r" % line[:200])

    def request(self, op, **fields):
        self.last_id += 1
        self.send_line(json.dumps(dict(id=self.last_id, op=op, **fields)))
        answer = self.read_answer()
        check(answer.get("id") == self.last_id, "answer id mismatch: %s" % str(answer)[:300])
        return answer

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.stderr.close()


class Context:
    """Paths of a case, and the fixture project compiled by a helper."""

    def __init__(self, args):
        self.args = args
        self.work = os.path.abspath(args.work)
        shutil.rmtree(self.work, ignore_errors=True)
        os.makedirs(self.work)
        self.fixture = os.path.join(args.fixtures, "demo")
        self.main_dir = os.path.join(self.work, "classes", "main")
        self.test_dir = os.path.join(self.work, "classes", "test")
        self.units_dir = os.path.join(self.work, "units")

        # The test stack the helper runs the fixture's tests with (build/test-stack): JUnit,
        # Hamcrest, Mockito..., on the class path of every compile and run, as Panta gives them.
        self.stack = read_lines(args.stack)
        self.tools = read_lines(args.tools_classpath_file)

    def agent_options(self):
        """-javaagent of the stack's byte-buddy-agent, as Panta starts the helper."""
        agents = [j for j in self.stack if os.path.basename(j).startswith("byte-buddy-agent")]
        return ["-javaagent:" + agents[0]] if agents else []

    def sources(self, kind):
        return sorted(glob.glob(os.path.join(self.fixture, "src", kind, "java", "**", "*.java"),
                                recursive=True))

    def test_classpath(self):
        return [self.main_dir] + self.stack

    def prepare(self, helper, tests_on_disk=False):
        """Main sources -> main_dir (from files); tests -> unit "tests" (from text)."""
        ans = helper.request("compile", output_dir=self.main_dir, sources=self.sources("main"))
        check(ans["ok"] and ans["success"], "main compile failed: %s" % ans)
        texts = [{"path": os.path.relpath(p, self.fixture), "text": open(p).read()}
                 for p in self.sources("test")]
        ans = helper.request("compile", unit="tests", sources=texts,
                             classpath=self.test_classpath())
        check(ans["ok"] and ans["success"], "test compile failed: %s" % ans)
        if tests_on_disk:
            ans = helper.request("compile", output_dir=self.test_dir, sources=texts,
                                 classpath=self.test_classpath())
            check(ans["ok"] and ans["success"], "test compile to disk failed: %s" % ans)

    def run(self, helper, tests, **fields):
        ans = helper.request("run", classpath=self.test_classpath(), units=["tests"], tests=tests,
                             **fields)
        check(ans["ok"], "run failed: %s" % ans)
        return ans


def by_id(answer):
    return {r["id"]: r for r in answer["results"]}


def expect_status(results, test_id, status):
    check(test_id in results, "no result for %s; have %s" % (test_id, sorted(results)))
    got = results[test_id]
    check(got["status"] == status,
          "%s: expected %s, got %s" % (test_id, status, json.dumps(got)[:800]))
    return got


def alive(helper):
    ans = helper.request("ping")
    check(ans["ok"], "helper not answering ping after the case")


# ---- cases --------------------------------------------------------------------------------

def case_protocol(ctx, h):
    ans = h.request("ping")
    check(ans["ok"] and ans["version"] and ans["protocol"] == 1, "bad ping answer %s" % ans)
    h.send_line("{not json")
    ans = h.read_answer()
    check(ans["ok"] is False and ans["id"] is None and "malformed" in ans["error"], str(ans))
    h.send_line("[1,2]")
    check(h.read_answer()["ok"] is False, "non-object request accepted")
    ans = h.request("frobnicate")
    check(ans["ok"] is False and "unknown op" in ans["error"], str(ans))
    ans = h.request("compile", unit="u")
    check(ans["ok"] is False and "sources" in ans["error"], str(ans))
    ans = h.request("run", tests=["a.B"], units=["missing"])
    check(ans["ok"] is False and "unknown unit" in ans["error"], str(ans))
    ans = h.request("run", tests=["a.B"], timeout_ms="soon")
    check(ans["ok"] is False and "timeout_ms" in ans["error"], str(ans))
    h.send_line('{"id":"s","op":"ping"}')
    check(h.read_answer()["id"] == "s", "string id not echoed")
    ans = h.request("shutdown")
    check(ans["ok"], "shutdown refused")
    check(h.proc.wait(10) == 0, "helper did not exit 0 after shutdown")


def case_compile_diagnostics(ctx, h):
    bad = "package p;\npublic class Bad {\n  int f() {\n    return undefinedName;\n  }\n}\n"
    ans = h.request("compile", unit="bad", sources=[{"path": "src/p/Bad.java", "text": bad}])
    check(ans["ok"] and ans["success"] is False, "expected failed compilation: %s" % ans)
    errors = [d for d in ans["diagnostics"] if d["kind"] == "error"]
    check(len(errors) == 1, "expected one error: %s" % ans["diagnostics"])
    d = errors[0]
    check((d["file"], d["line"], d["column"]) == ("src/p/Bad.java", 4, 12), "bad position %s" % d)
    check(d["code"] == "compiler.err.cant.resolve.location", "bad code %s" % d)
    check("undefinedName" in d["message"], "bad message %s" % d)
    # A source given as a file path, with a syntax error.
    path = os.path.join(ctx.work, "Syntax.java")
    with open(path, "w") as f:
        f.write("class Syntax {\n  void f() { int x = 1 }\n}\n")
    ans = h.request("compile", unit="syntax", sources=[path])
    d = ans["diagnostics"][0]
    check(ans["success"] is False and d["file"] == path and d["line"] == 2 and d["column"] == 23
          and d["code"] == "compiler.err.expected", "bad syntax diagnostic %s" % d)
    # A failed compile drops the unit; a good one succeeds and reports its classes.
    ans = h.request("run", units=["bad"], tests=["p.Bad"])
    check(ans["ok"] is False and "unknown unit" in ans["error"], str(ans))
    good = "package p;\npublic class Good { class Inner {} }\n"
    ans = h.request("compile", unit="good", sources=[{"path": "p/Good.java", "text": good}],
                    release="11")
    check(ans["success"] and sorted(ans["classes"]) == ["p.Good", "p.Good$Inner"], str(ans))


def case_compile_output_dir(ctx, h):
    ctx.prepare(h)
    for cls in ["Calculator", "Branchy", "Branchy$Acc", "Greeter$NameSource"]:
        check(os.path.isfile(os.path.join(ctx.main_dir, "demo", cls + ".class")),
              "missing class file for %s" % cls)
    check(not os.path.exists(ctx.test_dir), "unit compile wrote to disk")
    results = by_id(ctx.run(h, ["demo.OutcomesTest#passes"]))
    expect_status(results, "demo.OutcomesTest#passes", "passed")


def case_junit5_outcomes(ctx, h):
    ctx.prepare(h)
    ans = ctx.run(h, ["demo.OutcomesTest", "demo.Nope", "demo.OutcomesTest#noSuchMethod"])
    r = by_id(ans)
    expect_status(r, "demo.OutcomesTest#passes", "passed")
    f = expect_status(r, "demo.OutcomesTest#failsAssertion", "failed")
    check(f["exception"] == "org.opentest4j.AssertionFailedError" and "sum" in f["message"], str(f))
    check("demo.OutcomesTest.failsAssertion(OutcomesTest.java:17)" in f["stack_trace"], str(f))
    check("org.junit" not in f["stack_trace"] and "reflect" not in f["stack_trace"],
          "untrimmed stack trace: %s" % f["stack_trace"])
    e = expect_status(r, "demo.OutcomesTest#throwsUnexpected", "error")
    check(e["exception"] == "java.lang.ArithmeticException", str(e))
    check("demo.Calculator.divide(Calculator.java:9)" in e["stack_trace"], e["stack_trace"])
    expect_status(r, "demo.OutcomesTest#skippedByAssumption", "skipped")
    d = expect_status(r, "demo.OutcomesTest#disabled", "skipped")
    check("switched off" in d["message"], str(d))
    p = expect_status(r, "demo.OutcomesTest#printsOutput", "passed")
    check(p["stdout"] == "hello out\n" and p["stderr"] == "hello err\n" and not p["truncated"], str(p))
    expect_status(r, "demo.Nope", "error")
    expect_status(r, "demo.OutcomesTest#noSuchMethod", "error")
    check(ans["summary"] == {"passed": 2, "failed": 1, "error": 3, "skipped": 2, "timeout": 0},
          "bad summary %s" % ans["summary"])
    single = by_id(ctx.run(h, ["demo.OutcomesTest#passes"]))
    check(list(single) == ["demo.OutcomesTest#passes"], "method selection ran %s" % list(single))
    params = by_id(ctx.run(h, ["demo.ParamTest#isEven(int)"]))
    expect_status(params, "demo.ParamTest#isEven[1]", "passed")
    expect_status(params, "demo.ParamTest#isEven[2]", "failed")


def case_units_on_disk(ctx, h):
    ctx.prepare(h)
    r = by_id(ctx.run(h, ["demo.ResourceTest"]))
    expect_status(r, "demo.ResourceTest#ownClassFileIsAResourceInAFolder", "passed")
    # A new version of the unit replaces the folder of the old one.
    folders = sorted(os.listdir(ctx.units_dir))
    ctx.prepare(h)
    check(len(os.listdir(ctx.units_dir)) == len(folders) and os.listdir(ctx.units_dir) != folders,
          "unit folders %s then %s" % (folders, os.listdir(ctx.units_dir)))


def case_counts_as_surefire(ctx, h):
    ctx.prepare(h)
    ans = ctx.run(h, ["demo.DisabledClassTest", "demo.TestData", "demo.OutcomesTest#passes"])
    r = by_id(ans)
    for name in ["first", "second"]:
        s = expect_status(r, "demo.DisabledClassTest#" + name, "skipped")
        check("demo.never" in s["message"], str(s))
    check("demo.DisabledClassTest" not in r and "demo.TestData" not in r, "extra results: %s" % r)
    check(ans["without_tests"] == ["demo.TestData"], "without_tests %s" % ans["without_tests"])
    check(ans["not_run"] == [], "not run: %s" % ans["not_run"])
    check(ans["summary"] == {"passed": 1, "failed": 0, "error": 0, "skipped": 2, "timeout": 0},
          "bad summary %s" % ans["summary"])
    quick = by_id(ctx.run(h, ["demo.TaggedTest"], exclude_tags=["slow"]))
    check(list(quick) == ["demo.TaggedTest#quick"], "excluded groups ran %s" % list(quick))
    slow = by_id(ctx.run(h, ["demo.TaggedTest"], include_tags=["slow | nothing"]))
    check(list(slow) == ["demo.TaggedTest#slow"], "groups ran %s" % list(slow))


def case_junit4(ctx, h):
    ctx.prepare(h)
    r = by_id(ctx.run(h, ["demo.LegacyTest"]))
    expect_status(r, "demo.LegacyTest#passes", "passed")
    f = expect_status(r, "demo.LegacyTest#fails", "failed")
    check(f["exception"] == "java.lang.AssertionError", str(f))
    check("demo.LegacyTest.fails(LegacyTest.java:16)" in f["stack_trace"], f["stack_trace"])
    expect_status(r, "demo.LegacyTest#expectsException", "passed")
    x = expect_status(r, "demo.LegacyTest#exits", "error")
    check(x["message"] == "System.exit(2) called", str(x))
    expect_status(r, "demo.LegacyTest#ignored", "skipped")
    alive(h)


def case_mockito(ctx, h):
    ctx.prepare(h)
    r = by_id(ctx.run(h, ["demo.GreeterMockitoTest"]))
    expect_status(r, "demo.GreeterMockitoTest#greetsMockedName", "passed")
    expect_status(r, "demo.GreeterMockitoTest#mocksConcreteClass", "passed")


def case_exit_containment(ctx, h):
    ctx.prepare(h)
    r = by_id(ctx.run(h, ["demo.ExitTest"], coverage_classes=["demo.Shutdown"]))
    expected = {
        "exitInTest": "System.exit(1) called",
        "exitInCodeUnderTest": "System.exit(3) called",
        "haltInCodeUnderTest": "Runtime.halt(4) called",
        "exitViaMethodReference": "System.exit(5) called",
        "exitSwallowed": "Runtime.exit(6) called (the SystemExitAttempted error was caught)",
    }
    for method, message in expected.items():
        got = expect_status(r, "demo.ExitTest#" + method, "error")
        check(got["message"] == message, "%s: message %r" % (method, got["message"]))
    quit_result = r["demo.ExitTest#exitInCodeUnderTest"]
    check(quit_result["stdout"] == "quitting with 3\n", str(quit_result))
    check("demo.Shutdown.quit(Shutdown.java:7)" in quit_result["stack_trace"],
          quit_result["stack_trace"])
    alive(h)


def case_timeout(ctx, h):
    ctx.prepare(h)
    start = time.monotonic()
    r = by_id(ctx.run(h, ["demo.LoopTest"], timeout_ms=500))
    elapsed = time.monotonic() - start
    spin = expect_status(r, "demo.LoopTest#spinsForever", "timeout")
    check("500 ms" in spin["message"], str(spin))
    expect_status(r, "demo.LoopTest#sleepsForever", "timeout")
    expect_status(r, "demo.LoopTest#passesAfterwards", "passed")
    check(elapsed < 15, "timeouts took %.1fs" % elapsed)
    alive(h)
    r = by_id(ctx.run(h, ["demo.HangingSetupTest", "demo.OutcomesTest#passes"], timeout_ms=300))
    hang = expect_status(r, "demo.HangingSetupTest", "timeout")
    check(hang["kind"] == "container", str(hang))
    expect_status(r, "demo.OutcomesTest#passes", "passed")
    ans = h.request("run", tests=["demo.LoopTest"], timeout_ms=0)
    check(ans["ok"] is False and "timeout_ms" in ans["error"], str(ans))


def case_timeout_unstoppable(ctx, h):
    ctx.prepare(h)
    ans = ctx.run(h, ["demo.UnstoppableTest", "demo.OutcomesTest#passes"], timeout_ms=300)
    check(ans.get("restart_required") is True, "restart not required: %s" % ans)
    r = by_id(ans)
    expect_status(r, "demo.UnstoppableTest#survivesInterruptAndStop", "timeout")
    check(ans["not_run"] == ["[engine:junit-jupiter]/[class:demo.OutcomesTest]/[method:passes()]"],
          "not_run %s" % ans["not_run"])
    check(h.proc.wait(10) == 75, "helper exit code %s, expected 75" % h.proc.returncode)


def case_out_of_memory(ctx, h):
    ctx.prepare(h)
    r = by_id(ctx.run(h, ["demo.MemoryTest"]))
    oom = expect_status(r, "demo.MemoryTest#allocatesUntilOutOfMemory", "error")
    check(oom["exception"] == "java.lang.OutOfMemoryError", str(oom))
    expect_status(r, "demo.MemoryTest#passesAfterwards", "passed")
    alive(h)
    r = by_id(ctx.run(h, ["demo.OutcomesTest#passes"]))
    expect_status(r, "demo.OutcomesTest#passes", "passed")


def case_output_cap(ctx, h):
    ctx.prepare(h)
    start = time.monotonic()
    ans = ctx.run(h, ["demo.NoisyTest"])
    elapsed = time.monotonic() - start
    n = expect_status(by_id(ans), "demo.NoisyTest#prints100Megabytes", "passed")
    check(len(n["stdout"]) == 64 * 1024 and n["truncated"], "stdout not capped")
    check(n["stdout_bytes"] == 100 * 1024 * 1024, "stdout_bytes %s" % n["stdout_bytes"])
    check(n["stderr"] == "done\n", "stderr %r" % n["stderr"][:100])
    check(len(json.dumps(ans)) < 200 * 1024, "answer too large")
    print("100 MB of test output handled in %.2fs" % elapsed)
    alive(h)


def case_static_isolation(ctx, h):
    ctx.prepare(h)
    for attempt in range(2):
        r = by_id(ctx.run(h, ["demo.StaticStateTest"]))
        expect_status(r, "demo.StaticStateTest#counterStartsFresh", "passed")
    locale = by_id(ctx.run(h, ["demo.GlobalsTest#seesCleanGlobals"]))
    before = expect_status(locale, "demo.GlobalsTest#seesCleanGlobals", "passed")["stdout"]
    r = by_id(ctx.run(h, ["demo.GlobalsTest#mutatesJvmGlobals"]))
    expect_status(r, "demo.GlobalsTest#mutatesJvmGlobals", "passed")
    r = by_id(ctx.run(h, ["demo.GlobalsTest#seesCleanGlobals"]))
    after = expect_status(r, "demo.GlobalsTest#seesCleanGlobals", "passed")["stdout"]
    check(before == after and before.startswith("locale="), "globals leaked: %r %r" % (before, after))


def case_jdbc_drivers(ctx, h):
    """A JDBC driver of the class path works in every run, not only the first: DriverManager
    loads drivers once per JVM, through the first run's class loader (an in-memory database's
    test failed with "No suitable driver" in Panta's final check)."""
    ctx.prepare(h)
    services = os.path.join(ctx.main_dir, "META-INF", "services")
    os.makedirs(services, exist_ok=True)
    with open(os.path.join(services, "java.sql.Driver"), "w") as f:
        f.write("demo.FakeDriver\n")
    for attempt in range(3):
        r = by_id(ctx.run(h, ["demo.JdbcTest"]))
        expect_status(r, "demo.JdbcTest#connectsThroughTheClassPathsDriver", "passed")


def jacoco_agent_coverage(ctx, test_class, classes):
    """Per-class line counters of `classes` after running test_class under the JaCoCo agent."""
    exec_file = os.path.join(ctx.work, "jacoco.exec")
    agent = "-javaagent:%s=destfile=%s,excludes=org.jacoco.*:org.objectweb.asm.*" % (
        ctx.args.agent_jar, exec_file)
    console = [j for j in ctx.tools if "junit-platform-console-standalone" in j][0]
    cp = os.pathsep.join([ctx.main_dir, ctx.test_dir] + ctx.stack)
    # JUnit 6's console launcher wants the "execute" subcommand; Debian's 1.9 knows none.
    old = os.path.basename(console) == "junit-platform-console-standalone.jar"
    command = [ctx.args.java, agent, "-jar", console] + ([] if old else ["execute"])
    run = subprocess.run(command + ["--disable-banner", "--class-path", cp,
                                    "--select-class", test_class],
                         cwd=ctx.work, capture_output=True, text=True)
    check(run.returncode == 0, "console launcher failed: %s %s" % (run.stdout, run.stderr))
    tools_cp = os.pathsep.join([ctx.args.tools_jar] + ctx.tools)
    out = subprocess.run([ctx.args.java, "-cp", tools_cp, "ExecToJson", exec_file, ctx.main_dir]
                         + classes, capture_output=True, text=True)
    check(out.returncode == 0, "ExecToJson failed: %s" % out.stderr)
    return {c["name"]: c["lines"] for c in map(json.loads, out.stdout.splitlines())}


def case_coverage_matches_jacoco(ctx, h):
    ctx.prepare(h, tests_on_disk=True)
    ans = ctx.run(h, ["demo.BranchyTest"], coverage_classes=["demo.Branchy"])
    r = by_id(ans)
    check(all(x["status"] == "passed" for x in r.values()), "BranchyTest failed: %s" % r)
    helper = {c["name"]: c["lines"] for c in ans["coverage"]}
    check(sorted(helper) == ["demo.Branchy", "demo.Branchy$Acc", "demo.Branchy$Unused"],
          "classes %s" % sorted(helper))
    check(helper["demo.Branchy$Unused"] and
          all(l["status"] == "not_covered" for l in helper["demo.Branchy$Unused"]),
          "the never-loaded nested class is not reported as missed: %s" %
          helper["demo.Branchy$Unused"])
    agent = jacoco_agent_coverage(ctx, "demo.BranchyTest", sorted(helper))
    for name in sorted(helper):
        check(helper[name] == agent.get(name),
              "%s differs:\nhelper %s\nagent  %s" % (name, helper[name], agent.get(name)))
    statuses = {l["status"] for l in helper["demo.Branchy"]}
    check(statuses == {"fully", "partly", "not_covered"}, "weak fixture: %s" % statuses)
    print("coverage identical to the JaCoCo agent on %d lines" %
          sum(len(v) for v in helper.values()))


def case_per_test_coverage(ctx, h):
    ctx.prepare(h)
    ans = ctx.run(h, ["demo.BranchyTest"], coverage_classes=["demo.Branchy"],
                  coverage_mode="per_test")
    r = by_id(ans)

    def line_status(result, line):
        cls = [c for c in result["coverage"] if c["name"] == "demo.Branchy"][0]
        return {l["line"]: l["status"] for l in cls["lines"]}[line]

    # Line 22 is `return "mon";`, line 12 is `return "both";`.
    check(line_status(r["demo.BranchyTest#day"], 22) == "fully", "day test misses its line")
    check(line_status(r["demo.BranchyTest#classify"], 22) == "not_covered", "leaked coverage")
    check(line_status(r["demo.BranchyTest#classify"], 12) == "fully", "classify misses line")
    aggregate = {c["name"]: c for c in ans["coverage"]}
    total = aggregate["demo.Branchy"]["totals"]["instructions"]
    per_test = sum(sum(l["ci"] for l in c["lines"])
                   for x in r.values() for c in x["coverage"] if c["name"] == "demo.Branchy")
    check(total["covered"] <= per_test, "aggregate exceeds the sum of per-test coverage")


def case_coverage_store(ctx, h):
    """A store unites the coverage of several runs: one test at a time gives the whole class's."""
    ctx.prepare(h)
    whole = ctx.run(h, ["demo.BranchyTest"], coverage_classes=["demo.Branchy"])
    methods = sorted(r["id"] for r in whole["results"])
    check(len(methods) >= 5, "fixture too small: %s" % methods)
    ans = None
    for i, m in enumerate(methods):
        ans = ctx.run(h, [m], coverage_classes=["demo.Branchy"], coverage_store="acc",
                      coverage_store_reset=(i == 0))
        check(ans["coverage_store_merged"] and ans["coverage_store_runs"] == i + 1,
              "store bookkeeping: %s" % {k: ans.get(k) for k in ("coverage_store_merged",
                                                                  "coverage_store_runs")})
    lines = lambda a: {c["name"]: c["lines"] for c in a["coverage"]}
    check(lines(ans) == lines(whole), "the store's union differs from the whole class's coverage")
    # Only when every test passed: a failing run leaves the store as it was.
    failing = ctx.run(h, ["demo.OutcomesTest"], coverage_classes=["demo.Branchy"],
                      coverage_store="acc", coverage_store_if_passed=True)
    check(not failing["coverage_store_merged"] and failing["coverage_store_runs"] == len(methods),
          "a failing run was merged: %s" % failing.get("coverage_store_runs"))
    check(lines(failing) == lines(whole), "the reported coverage is not the store's")
    dropped = h.request("drop_coverage_store", name="acc")
    check(dropped["ok"] and dropped["dropped"], "drop: %s" % dropped)
    fresh = ctx.run(h, [methods[0]], coverage_classes=["demo.Branchy"], coverage_store="acc")
    check(fresh["coverage_store_runs"] == 1, "a dropped store came back with its runs")
    bad = h.request("run", classpath=ctx.test_classpath(), units=["tests"], tests=[methods[0]],
                    coverage_store="acc")
    check(not bad["ok"] and "coverage_classes" in bad["error"], "store without classes: %s" % bad)


def generated_test_class(methods):
    body = "\n".join("  @Test\n  void m%d() {\n    assertEquals(%d, new Calculator().add(%d, 1));\n  }"
                     % (i, i + 1, i) for i in range(methods))
    return ("package demo;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\n"
            "import org.junit.jupiter.api.Test;\n\nclass GeneratedTest {\n%s\n}\n" % body)


def case_benchmark(ctx, h):
    """Measures the numbers quoted in README.md (no thresholds: bench/helper_bench.sh runs it)."""
    h.close()
    start = time.monotonic()
    h = Helper(ctx)
    h.request("ping")
    startup_ms = (time.monotonic() - start) * 1000
    ctx.prepare(h)
    source = [{"path": "demo/GeneratedTest.java", "text": generated_test_class(30)}]
    compile_ms = []
    for _ in range(40):
        t = time.monotonic()
        ans = h.request("compile", unit="gen", sources=source, classpath=ctx.test_classpath())
        compile_ms.append((time.monotonic() - t) * 1000)
        check(ans["success"], str(ans))
    run_ms = []
    for _ in range(40):
        t = time.monotonic()
        ans = h.request("run", classpath=ctx.test_classpath(), units=["gen"], tests=["demo.GeneratedTest#m3"],
                        coverage_classes=["demo.Calculator"])
        run_ms.append((time.monotonic() - t) * 1000)
        check(ans["results"][0]["status"] == "passed", str(ans))
    rss_kb = [int(l.split()[1]) for l in open("/proc/%d/status" % h.proc.pid)
              if l.startswith("VmRSS")][0]
    print("startup to first ping answer: %.0f ms" % startup_ms)
    print("compile 30-method test class: first %.0f ms, 5th %.0f ms, median of 21st-40th %.0f ms"
          % (compile_ms[0], compile_ms[4], statistics.median(compile_ms[20:])))
    print("run one test method with coverage: first %.0f ms, 5th %.0f ms, median of 21st-40th %.0f ms"
          % (run_ms[0], run_ms[4], statistics.median(run_ms[20:])))
    print("helper RSS after the above: %d MiB" % (rss_kb // 1024))
    return h


def main():
    cases = {name[len("case_"):]: fn for name, fn in globals().items() if name.startswith("case_")}
    p = argparse.ArgumentParser()
    p.add_argument("case", choices=sorted(cases))
    for opt in ["--java", "--runner-jar", "--agent-jar", "--tools-jar", "--tools-classpath-file",
                "--stack", "--fixtures", "--work"]:
        p.add_argument(opt, required=True)
    args = p.parse_args()
    ctx = Context(args)
    h = Helper(ctx)
    try:
        h = cases[args.case](ctx, h) or h
    except Failure as f:
        print("FAIL runner_%s: %s" % (args.case, f))
        print("helper stderr (%s):\n%s" % (h.stderr_path, open(h.stderr_path).read()[-3000:]))
        return 1
    finally:
        h.close()
    print("PASS runner_%s" % args.case)
    return 0


if __name__ == "__main__":
    sys.exit(main())
