#!/usr/bin/env python3
"""Validating one generated test, warm helper vs. the naive three-process way, side by side.

Each iteration takes a 30-method JUnit 5 test class for commons-lang3's CharUtils in which one
method is new (its name and body change every iteration, like a freshly generated test),
compiles it, runs only the new method and collects line coverage of CharUtils:

* warm:  one panta-runner.jar helper, started once; a `compile` request (in-memory source and
         unit) then a `run` request with coverage_classes;
* naive: a `javac` process, a `java -javaagent:jacocoagent.jar -jar junit-platform-console-
         standalone.jar --select-method ...` process, then a JVM reading the exec file with
         JaCoCo's Analyzer (java-runner/tests/tools/ExecToJson.java).

Warm and naive iterations are interleaved so both see the same machine state. Called by
bench/runner_bench.sh, which checks the corpus and builds the paths; see --help.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time

CUT = "org.apache.commons.lang3.CharUtils"
PACKAGE = "org.apache.commons.lang3"
TEST_CLASS = "CharUtilsGeneratedTest"
TEST_FQN = PACKAGE + "." + TEST_CLASS
# The flags src/runner/jvm_helper.cc starts the helper with (HelperConfig's default heap).
HELPER_JVM_FLAGS = ["-Xmx768m", "-XX:+UseSerialGC", "-Xss4m"]
# The helper's default javac options, so both sides compile the same way.
JAVAC_OPTIONS = ["-g", "-Xlint:none", "-proc:none"]
TARGETS = {"warm_median_ms": 150, "ratio": 15, "start_ms": 1500, "rss_mb": 600}

# 29 fixed methods whose expectations follow from CharUtils' documented contract (3.12.0).
FIXED_METHODS = [
    ("isAsciiLetter", "assertTrue(CharUtils.isAscii('a'));"),
    ("isAsciiHighChar", "assertFalse(CharUtils.isAscii('\\u00e9'));"),
    ("isAsciiAlphaLetter", "assertTrue(CharUtils.isAsciiAlpha('q'));"),
    ("isAsciiAlphaDigit", "assertFalse(CharUtils.isAsciiAlpha('1'));"),
    ("isAsciiAlphaUpper", "assertTrue(CharUtils.isAsciiAlphaUpper('Q'));"),
    ("isAsciiAlphaUpperLower", "assertFalse(CharUtils.isAsciiAlphaUpper('q'));"),
    ("isAsciiAlphaLower", "assertTrue(CharUtils.isAsciiAlphaLower('q'));"),
    ("isAsciiNumeric", "assertTrue(CharUtils.isAsciiNumeric('7'));"),
    ("isAsciiNumericLetter", "assertFalse(CharUtils.isAsciiNumeric('x'));"),
    ("isAsciiAlphanumeric", "assertTrue(CharUtils.isAsciiAlphanumeric('Z'));"),
    ("isAsciiAlphanumericUnderscore", "assertFalse(CharUtils.isAsciiAlphanumeric('_'));"),
    ("isAsciiPrintableSpace", "assertTrue(CharUtils.isAsciiPrintable(' '));"),
    ("isAsciiPrintableNewline", "assertFalse(CharUtils.isAsciiPrintable('\\n'));"),
    ("isAsciiControlNewline", "assertTrue(CharUtils.isAsciiControl('\\n'));"),
    ("isAsciiControlLetter", "assertFalse(CharUtils.isAsciiControl('a'));"),
    ("toCharFromString", "assertEquals('a', CharUtils.toChar(\"abc\"));"),
    ("toCharDefaultNull", "assertEquals('x', CharUtils.toChar((String) null, 'x'));"),
    ("toCharDefaultEmpty", "assertEquals('y', CharUtils.toChar(\"\", 'y'));"),
    ("toCharFromCharacter", "assertEquals('z', CharUtils.toChar(Character.valueOf('z')));"),
    ("toCharacterObjectString", "assertEquals(Character.valueOf('b'), CharUtils.toCharacterObject(\"bc\"));"),
    ("toCharacterObjectNull", "assertNull(CharUtils.toCharacterObject((String) null));"),
    ("toIntValueDigit", "assertEquals(7, CharUtils.toIntValue('7'));"),
    ("toIntValueDefault", "assertEquals(-1, CharUtils.toIntValue('x', -1));"),
    ("toIntValueCharacter", "assertEquals(3, CharUtils.toIntValue(Character.valueOf('3')));"),
    ("toIntValueRejectsLetter",
     "assertThrows(IllegalArgumentException.class, () -> CharUtils.toIntValue('a'));"),
    ("toStringChar", "assertEquals(\"c\", CharUtils.toString('c'));"),
    ("toStringNullCharacter", "assertNull(CharUtils.toString((Character) null));"),
    ("unicodeEscapedLetter", "assertEquals(\"\\\\u0041\", CharUtils.unicodeEscaped('A'));"),
    ("compareOrders", "assertTrue(CharUtils.compare('a', 'b') < 0);"),
]


def new_method(i):
    """The iteration's 'freshly generated' method: (name, body); four shapes, varied by i."""
    digit, letter = i % 10, chr(ord("a") + i % 26)
    shapes = [
        ("digit", "char c = (char) ('0' + %d);\n    assertTrue(CharUtils.isAsciiNumeric(c));\n"
                  "    assertEquals(%d, CharUtils.toIntValue(c));" % (digit, digit)),
        ("letter", "assertEquals(\"%s\", CharUtils.toString('%s'));\n"
                   "    assertTrue(CharUtils.isAsciiAlphaLower('%s'));" % (letter, letter, letter)),
        ("escape", "assertEquals(\"\\\\u%04x\", CharUtils.unicodeEscaped((char) %d));"
                   % (0x20 + i, 0x20 + i)),
        ("fallback", "assertEquals(%d, CharUtils.toIntValue('%s', %d));\n"
                     "    assertFalse(CharUtils.isAsciiNumeric('%s'));" % (-i, letter, -i, letter)),
    ]
    shape, body = shapes[i % len(shapes)]
    return "generated_%s_%d" % (shape, i), body


def test_source(i):
    """(source text, name of the new method) of iteration i."""
    name, body = new_method(i)
    methods = FIXED_METHODS + [(name, body)]
    text = "".join("\n  @Test\n  void %s() {\n    %s\n  }\n" % m for m in methods)
    source = ("package %s;\n\n"
              "import static org.junit.jupiter.api.Assertions.*;\n\n"
              "import org.junit.jupiter.api.Test;\n\n"
              "class %s {%s}\n" % (PACKAGE, TEST_CLASS, text))
    return source, name


class Helper:
    """One panta-runner.jar process and the JSON-lines exchange with it."""

    def __init__(self, args, workdir):
        os.makedirs(workdir, exist_ok=True)
        self.stderr = open(os.path.join(workdir, "helper.stderr"), "wb")
        started = time.monotonic()
        # As Panta starts it: the test stack's byte-buddy-agent as -javaagent (Mockito's inline
        # mock maker), the stack on every compile and run class path (the helper has no JUnit).
        agent = [j for j in args.stack_jars if os.path.basename(j).startswith("byte-buddy-agent")]
        flags = HELPER_JVM_FLAGS + ["-javaagent:" + a for a in agent[:1]]
        self.proc = subprocess.Popen([args.java] + flags + ["-jar", args.runner_jar],
                                     cwd=workdir, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr)
        self.next_id = 0
        pong = self.request("ping")
        self.start_ms = (time.monotonic() - started) * 1000
        if not pong.get("ok"):
            raise RuntimeError("helper ping failed: %s" % pong)

    def request(self, op, **fields):
        self.next_id += 1
        self.proc.stdin.write((json.dumps(dict(id=self.next_id, op=op, **fields)) + "\n").encode())
        self.proc.stdin.flush()
        watchdog = threading.Timer(120, self.proc.kill)
        watchdog.start()
        line = self.proc.stdout.readline()
        watchdog.cancel()
        if not line:
            raise RuntimeError("helper exited (code %s)" % self.proc.wait())
        answer = json.loads(line)
        if not answer.get("ok"):
            raise RuntimeError("helper %s failed: %s" % (op, answer.get("error")))
        return answer

    def status_kb(self, key):
        with open("/proc/%d/status" % self.proc.pid) as f:
            return [int(l.split()[1]) for l in f if l.startswith(key + ":")][0]

    def close(self):
        self.proc.stdin.close()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.stderr.close()


def warm_iteration(helper, args, source, method):
    """Times compile + run of one new method; returns (total, compile, run ms, CUT lines)."""
    t0 = time.monotonic()
    c = helper.request("compile", unit="gen", classpath=args.compile_classpath,
                       sources=[{"path": "%s/%s.java" % (PACKAGE.replace(".", "/"), TEST_CLASS),
                                 "text": source}])
    t1 = time.monotonic()
    r = helper.request("run", classpath=[args.classes] + args.stack_jars, units=["gen"],
                       tests=["%s#%s" % (TEST_FQN, method)], coverage_classes=[CUT])
    t2 = time.monotonic()
    if not c["success"]:
        raise RuntimeError("warm compile failed: %s" % c["diagnostics"])
    if r["summary"]["passed"] != 1 or len(r["results"]) != 1:
        raise RuntimeError("warm run of %s did not pass: %s" % (method, r["results"]))
    cov = [x for x in r["coverage"] if x["name"] == CUT][0]
    return (t2 - t0) * 1000, (t1 - t0) * 1000, (t2 - t1) * 1000, cov


def run_process(argv, cwd, name):
    """Runs argv to completion; returns (wall ms, peak RSS KB). Raises if it fails."""
    out_path = os.path.join(cwd, name + ".out")
    with open(out_path, "wb") as out:
        t0 = time.monotonic()
        proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.STDOUT)
        watchdog = threading.Timer(120, proc.kill)
        watchdog.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall_ms = (time.monotonic() - t0) * 1000
        watchdog.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError("%s failed (exit %d):\n%s" % (name, proc.returncode,
                                                        open(out_path).read()[-3000:]))
    return wall_ms, usage.ru_maxrss


def naive_iteration(args, workdir, source, method):
    """javac, then console launcher under the JaCoCo agent, then ExecToJson, as processes."""
    os.makedirs(workdir)
    src = os.path.join(workdir, TEST_CLASS + ".java")
    out_dir = os.path.join(workdir, "classes")
    exec_file = os.path.join(workdir, "jacoco.exec")
    t0 = time.monotonic()
    with open(src, "w") as f:
        f.write(source)
    javac_ms, javac_kb = run_process(
        [args.javac] + JAVAC_OPTIONS + ["-d", out_dir, "-cp",
                                        os.pathsep.join(args.compile_classpath), src],
        workdir, "javac")
    agent = "-javaagent:%s=destfile=%s,excludes=org.jacoco.*:org.objectweb.asm.*" % (
        args.agent_jar, exec_file)
    junit_ms, junit_kb = run_process(
        [args.java, agent, "-jar", args.console_jar, "execute", "--disable-banner", "--details=none",
         "--fail-if-no-tests", "--class-path", os.pathsep.join([out_dir, args.classes]),
         "--select-method", "%s#%s" % (TEST_FQN, method)],
        workdir, "junit")
    report_ms, report_kb = run_process(
        [args.java, "-cp", args.tools_classpath, "ExecToJson", exec_file, args.classes, CUT],
        workdir, "exec-to-json")
    total_ms = (time.monotonic() - t0) * 1000
    lines = [json.loads(l) for l in open(os.path.join(workdir, "exec-to-json.out"))
             if l.startswith("{")]
    cov = [x for x in lines if x["name"] == CUT][0]
    return total_ms, javac_ms, junit_ms, report_ms, max(javac_kb, junit_kb, report_kb), cov


def percentile(values, p):
    """Nearest-rank percentile."""
    s = sorted(values)
    return s[max(0, min(len(s) - 1, -(-p * len(s) // 100) - 1))]


def measure(args):
    runs, naive_runs = args.runs, min(args.naive_runs, args.runs)
    naive_at = {k * runs // naive_runs for k in range(naive_runs)}
    helper = Helper(args, os.path.join(args.work, "helper"))
    warm, naive = [], []
    same, sample = 0, None
    try:
        for i in range(runs):
            source, method = test_source(i)
            w = warm_iteration(helper, args, source, method)
            warm.append(w[:3])
            if i in naive_at:
                n = naive_iteration(args, os.path.join(args.work, "naive-%d" % i), source, method)
                naive.append(n[:5])
                if n[5]["lines"] == w[3]["lines"]:
                    same += 1
                    sample = sample or (method, w[3])
                else:
                    print("coverage differs on %s:\nhelper %s\nagent  %s"
                          % (method, w[3]["lines"], n[5]["lines"]), file=sys.stderr)
        rss_kb, hwm_kb = helper.status_kb("VmRSS"), helper.status_kb("VmHWM")
        # Untimed check that all 30 methods of the class really pass (the expectations are ours).
        full = helper.request("run", classpath=[args.classes] + args.stack_jars, units=["gen"],
                              tests=[TEST_FQN])
    finally:
        helper.close()
    if full["summary"]["passed"] != len(FIXED_METHODS) + 1:
        raise RuntimeError("the generated class does not pass entirely: %s" % [
            (r["id"], r["status"], r["message"]) for r in full["results"] if r["status"] != "passed"])
    starts = [helper.start_ms]
    for k in range(args.start_runs - 1):
        h = Helper(args, os.path.join(args.work, "start-%d" % k))
        starts.append(h.start_ms)
        h.close()
    return dict(warm=warm, naive=naive, same=same, sample=sample, rss_kb=rss_kb, hwm_kb=hwm_kb,
                starts=starts, naive_runs=naive_runs)


def yes(ok):
    return "yes" if ok else "**no**"


def report(args, m):
    warm_total = [w[0] for w in m["warm"]]
    naive_total = [n[0] for n in m["naive"]]
    wm, nm = statistics.median(warm_total), statistics.median(naive_total)
    wp, np_ = percentile(warm_total, 90), percentile(naive_total, 90)
    ratio = nm / wm
    start = statistics.median(m["starts"])
    rss_mb = m["rss_kb"] / 1024
    naive_rss_mb = max(n[4] for n in m["naive"]) / 1024
    met = {"warm": wm <= TARGETS["warm_median_ms"], "ratio": ratio >= TARGETS["ratio"],
           "start": start <= TARGETS["start_ms"], "rss": rss_mb <= TARGETS["rss_mb"]}
    med = lambda rows, k: statistics.median(r[k] for r in rows)
    method, cov = m["sample"] or ("(none)", {"totals": {}})
    totals = cov["totals"]
    cov_text = ("lines %(lc)d/%(lt)d, instructions %(ic)d/%(it)d, branches %(bc)d/%(bt)d covered"
                % dict(lc=totals["lines"]["covered"],
                       lt=totals["lines"]["covered"] + totals["lines"]["missed"],
                       ic=totals["instructions"]["covered"],
                       it=totals["instructions"]["covered"] + totals["instructions"]["missed"],
                       bc=totals["branches"]["covered"],
                       bt=totals["branches"]["covered"] + totals["branches"]["missed"])
                if totals else "no iteration agreed")
    break_even = start / (nm - wm) if nm > wm else float("inf")
    return f"""## Validating one generated test: warm helper vs. naive processes

Command: `bench/runner_bench.sh --write` (env `RUNS`, default 50; `NAIVE_RUNS`, default 15),
needs `../shared/corpus/fetch-subjects.sh --compile lang` first. One iteration = compile a
{len(FIXED_METHODS) + 1}-method JUnit 5 test class for commons-lang3's `CharUtils` whose last method
is new (name and body change every iteration), run only that method, collect line coverage of
`CharUtils`, with Panta's default test stack (`build/test-stack`: JUnit 6.0.3, Mockito 5.20,
...) and JaCoCo 0.8.15 on both sides. Warm: one `panta-runner.jar` helper
(`{' '.join(HELPER_JVM_FLAGS)}` and the stack's byte-buddy-agent as `-javaagent`, as Panta
starts it; the stack's JUnit in the helper's framework class loader, kept across runs), a
`compile` request with the source text in memory then a `run` request. Naive: `javac`
process, then `java -javaagent:build/jacocoagent.jar -jar
junit-platform-console-standalone-6.0.3.jar execute --select-method ...`, then a JVM reading
the exec file with JaCoCo's Analyzer (`ExecToJson`). {len(warm_total)} warm and {len(naive_total)} naive
iterations in one run, the naive ones spread evenly among the warm ones (each on the same
source as the warm iteration just before it), {os.cpu_count()} cores (1-minute load average
{m['load'][0]:.1f} before, {m['load'][1]:.1f} after), {java_version(args)}.

| warm median ms | warm p90 ms | naive median ms | naive p90 ms | ratio naive/warm (medians) | helper start ms | helper RSS MB | targets met |
|---|---|---|---|---|---|---|---|
| {wm:.0f} | {wp:.0f} | {nm:.0f} | {np_:.0f} | {ratio:.1f}x | {start:.0f} | {rss_mb:.0f} | {yes(all(met.values()))} |

| target | measured | met |
|---|---|---|
| warm median <= {TARGETS['warm_median_ms']} ms | {wm:.0f} ms | {yes(met['warm'])} |
| naive/warm >= {TARGETS['ratio']}x | {ratio:.1f}x | {yes(met['ratio'])} |
| helper start <= {TARGETS['start_ms']} ms | {start:.0f} ms (median of {len(m['starts'])} starts, max {max(m['starts']):.0f}) | {yes(met['start'])} |
| helper RSS <= {TARGETS['rss_mb']} MB | {rss_mb:.0f} MB VmRSS after the iterations (VmHWM {m['hwm_kb'] / 1024:.0f} MB) | {yes(met['rss'])} |

Where the time goes (medians, ms):

| side | compile | run + coverage | read coverage | total |
|---|---|---|---|---|
| warm | {med(m['warm'], 1):.0f} | {med(m['warm'], 2):.0f} | (in run) | {wm:.0f} |
| naive | {med(m['naive'], 1):.0f} (`javac`) | {med(m['naive'], 2):.0f} (agent + console launcher) | {med(m['naive'], 3):.0f} (`ExecToJson`) | {nm:.0f} |

Warm warm-up: first iteration {m['warm'][0][0]:.0f} ms (cold helper JIT), median of the
second half {statistics.median(warm_total[len(warm_total) // 2:]):.0f} ms. Helper start / naive median =
{start / nm:.2f}, so starting the helper is repaid after {break_even:.1f} validations. Largest
naive process peak RSS: {naive_rss_mb:.0f} MB (helper RSS / that = {rss_mb / naive_rss_mb:.1f}).

Coverage sanity: the helper's per-line counters of `CharUtils` equal the JaCoCo agent's on
{m['same']}/{len(naive_total)} naive iterations; e.g. `{method}`: {cov_text}."""


def java_version(args):
    out = subprocess.run([args.java, "-version"], capture_output=True, text=True).stderr
    return out.splitlines()[0].replace('"', "") if out else "java"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for opt in ["--java", "--javac", "--runner-jar", "--agent-jar", "--console-jar",
                "--tools-classpath", "--classes", "--stack", "--work"]:
        p.add_argument(opt, required=True)
    p.add_argument("--runs", type=int, default=50)
    p.add_argument("--naive-runs", type=int, default=15)
    p.add_argument("--start-runs", type=int, default=5, help="helper starts measured (median)")
    args = p.parse_args()
    if args.runs < 1 or args.naive_runs < 1 or args.start_runs < 1:
        p.error("--runs, --naive-runs and --start-runs must be positive")
    with open(args.stack) as f:
        args.stack_jars = [line.strip() for line in f if line.strip()]
    args.compile_classpath = [args.classes] + args.stack_jars
    try:
        load_before = os.getloadavg()[0]
        m = measure(args)
        m["load"] = (load_before, os.getloadavg()[0])
    except RuntimeError as e:
        print("runner_bench: %s" % e, file=sys.stderr)
        return 1
    print(report(args, m))
    return 0 if m["same"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
