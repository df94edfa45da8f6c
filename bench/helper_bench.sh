#!/usr/bin/env bash
# The JVM helper alone (java-runner): start to first ping, compiling a 30-method JUnit 5 test
# class, running one test method with coverage, first vs. warm, in one helper (-Xmx256m) on the
# runner tests' demo fixture; no corpus needed. These are the figures java-runner/README.md
# quotes (they were the CTest test runner_benchmark, which had no threshold to check).
# usage: bench/helper_bench.sh [--write]   (--write updates docs/benchmarks.md)
# env: BUILD_DIR (default build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
write=${1:-}
build=${BUILD_DIR:-$root/build}
lib=/usr/share/java
tools=$build/java-runner/panta-runner-testtools.jar
for f in "$build/panta-runner.jar" "$build/jacocoagent.jar" "$tools"; do
  [ -f "$f" ] || { echo "helper_bench: missing $f; run cmake --build $build" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tools_cp=$lib/org.jacoco.agent.rt.jar:$lib/org.jacoco.core.jar:$lib/asm.jar:$lib/asm-commons.jar:$lib/asm-tree.jar:$lib/asm-analysis.jar
load_before=$(cut -d' ' -f1 /proc/loadavg)
out=$(python3 "$root/java-runner/tests/runner_tests.py" benchmark --java java \
  --runner-jar "$build/panta-runner.jar" --agent-jar "$build/jacocoagent.jar" \
  --tools-jar "$tools" --tools-classpath "$tools_cp" --lib-dir "$lib" \
  --fixtures "$root/java-runner/tests/fixtures" --work "$tmp/work")
load_after=$(cut -d' ' -f1 /proc/loadavg)
echo "$out"
report=$(BENCH_OUT="$out" python3 - "$load_before" "$load_after" "$(java -version 2>&1 | head -n 1)" <<'PY'
import os, re, sys
out = os.environ["BENCH_OUT"]
def ms(label):
    m = re.search(label + r": first (\d+) ms, 5th (\d+) ms, median of 21st-40th (\d+) ms", out)
    return [int(x) for x in m.groups()]
start = int(re.search(r"startup to first ping answer: (\d+) ms", out).group(1))
rss = int(re.search(r"helper RSS after the above: (\d+) MiB", out).group(1))
compile_ms, run_ms = ms("compile 30-method test class"), ms("run one test method with coverage")
print("## The JVM helper alone: first vs. warm requests\n")
print("Command: `bench/helper_bench.sh --write` (part of `make bench`; no corpus needed). One helper "
      "(`java -Xmx256m -jar build/panta-runner.jar`) compiles the runner tests' demo fixture, then "
      "compiles a 30-method JUnit 5 test class 40 times and runs one of its methods with coverage of "
      "`demo.Calculator` 40 times; warm = median of the 21st-40th request. 2 cores, 1-minute load "
      f"average {sys.argv[1]} before, {sys.argv[2]} after, {sys.argv[3]}.\n")
print("| request | first ms | 5th ms | warm ms | ratio first/warm |")
print("|---|---|---|---|---|")
for name, (first, fifth, warm) in [("compile a 30-method test class (in memory)", compile_ms),
                                   ("run one test method with coverage", run_ms)]:
    print(f"| {name} | {first} | {fifth} | {warm} | {first / max(warm, 1):.1f}x |")
print(f"\nStart to first ping answer: {start} ms; helper RSS after the requests: {rss} MiB.")
PY
)
if [ "$write" = "--write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" helper-bench "$report"
else
  echo; echo "$report"
fi
