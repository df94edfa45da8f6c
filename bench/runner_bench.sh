#!/usr/bin/env bash
# Benchmark of validating one generated test (compile a 30-method test class for commons-lang3's
# CharUtils, run one new method, collect coverage): the warm JVM helper vs. the naive javac +
# JaCoCo agent + console launcher processes, side by side in one run (bench/runner_bench.py).
# Needs the corpus: ../shared/corpus/fetch-subjects.sh --compile lang (or set PANTA_CORPUS).
# usage: bench/runner_bench.sh [--write]   (--write updates docs/benchmarks.md)
# env: RUNS (warm iterations, default 50), NAIVE_RUNS (default 15), BUILD_DIR (default build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
write=${1:-}
build=$(cd "${BUILD_DIR:-$root/build}" && pwd)
corpus=${PANTA_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/panta-corpus}
classes=$(awk -F'\t' '$1=="lang"{print $6}' "$corpus/index.tsv" 2>/dev/null || true)
if [ -z "$classes" ] || [ ! -f "$classes/org/apache/commons/lang3/CharUtils.class" ]; then
  echo "runner_bench: compiled commons-lang3 not found in $corpus; run ../shared/corpus/fetch-subjects.sh --compile lang" >&2
  exit 1
fi
for f in "$build/panta-runner.jar" "$build/jacocoagent.jar"; do
  [ -f "$f" ] || { echo "runner_bench: missing $f; run cmake --build $build" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The JaCoCo core and console launcher of the helper's versions (java-runner/build.sh).
test_tools=$build/java-runner/test-tools/classpath.txt
jacoco_cp=$(grep -v console-standalone "$test_tools" | paste -sd:)
console=$(grep console-standalone "$test_tools")
tools=$build/java-runner/panta-runner-testtools.jar
if [ ! -f "$tools" ]; then
  # Not built yet (target panta_runner_testtools): compile the one tool needed here.
  tools=$tmp/tools
  javac --release 17 -cp "$jacoco_cp" -d "$tools" "$root/java-runner/tests/tools/ExecToJson.java"
fi

report=$(python3 "$root/bench/runner_bench.py" \
  --java java --javac javac \
  --runner-jar "$build/panta-runner.jar" --agent-jar "$build/jacocoagent.jar" \
  --console-jar "$console" \
  --tools-classpath "$tools:$jacoco_cp" --classes "$classes" --stack "$build/test-stack/classpath.txt" \
  --work "$tmp/work" --runs "${RUNS:-50}" --naive-runs "${NAIVE_RUNS:-15}")
echo "$report"
if [ "$write" = "--write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" runner-bench "$report"
fi
