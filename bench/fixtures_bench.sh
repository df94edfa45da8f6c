#!/usr/bin/env bash
# Time of the Maven fixtures of issue 24's shapes, side by side: `mvn test` (offline, with
# JaCoCo 0.8.15's agent and report, as the end-to-end tests measure them) and `panta coverage`
# of the same module, first with Panta's caches empty (Maven resolution, compilation of the main
# classes) and then again (both cached), each on a fresh copy of the fixtures.
# usage: bench/fixtures_bench.sh [--write]   (--write updates docs/benchmarks.md)
# env: BUILD_DIR (default build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
write=${1:-}
build=$(cd "${BUILD_DIR:-$root/build}" && pwd)
panta=$build/panta
jdk25=/usr/lib/jvm/temurin-25-jdk-amd64
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}'; }
mvn_test() {  # DIR POM [JAVA_HOME]
  local t; t=$(now)
  (cd "$1" && JAVA_HOME=${3:-${JAVA_HOME:-}} mvn -B -q -o -Dstyle.color=never -f "$2" \
    org.jacoco:jacoco-maven-plugin:0.8.15:prepare-agent test \
    org.jacoco:jacoco-maven-plugin:0.8.15:report >/dev/null 2>&1) || { echo "failed"; return; }
  since "$t"
}
panta_coverage() {  # DIR ARGS...
  local dir=$1 t; shift; t=$(now)
  (cd "$dir" && "$panta" coverage --test-timeout 60 "$@" >/dev/null 2>&1) || { echo "failed"; return; }
  since "$t"
}
load=$(cut -d' ' -f1 /proc/loadavg)
table="| fixture | \`mvn test\` + JaCoCo, s | \`panta coverage\` first, s | \`panta coverage\` again, s |
|---|---|---|---|"
row() {  # NAME MVN_DIR MVN_POM PANTA_DIR JAVA_HOME PANTA_ARGS...
  local name=$1 mdir=$2 pom=$3 pdir=$4 jh=$5; shift 5
  local m first again
  m=$(mvn_test "$mdir" "$pom" "$jh")
  export XDG_CACHE_HOME=$tmp/cache-$RANDOM
  first=$(panta_coverage "$pdir" "$@")
  again=$(panta_coverage "$pdir" "$@")
  unset XDG_CACHE_HOME
  table+="
| $name | $m | $first | $again |"
}
for module in spring-app test-release lombok; do
  cp -r "$root/tests/fixtures/maven/$module" "$tmp/mvn-$module"
  cp -r "$root/tests/fixtures/maven/$module" "$tmp/panta-$module"
  row "$module" "$tmp/mvn-$module" pom.xml "$tmp/panta-$module" ""
done
if [ -x "$jdk25/bin/javac" ]; then
  cp -r "$root/tests/fixtures/maven/java21" "$tmp/mvn-java21"
  cp -r "$root/tests/fixtures/maven/java21" "$tmp/panta-java21"
  row "java21 (Temurin 25)" "$tmp/mvn-java21" pom.xml "$tmp/panta-java21" "$jdk25" \
    --java-home "$jdk25"
fi
repo=$HOME/.m2/repository
cp -r "$root/tests/fixtures/plain-junit4" "$tmp/mvn-plain"
cp -r "$root/tests/fixtures/plain-junit4" "$tmp/panta-plain"
row "plain-junit4 (its own JUnit 4 jars)" "$tmp/mvn-plain" maven-pom.xml "$tmp/panta-plain" "" \
  --src-dir src --test-dir test \
  --classpath "$repo/junit/junit/4.13.2/junit-4.13.2.jar:$repo/org/hamcrest/hamcrest-core/1.3/hamcrest-core-1.3.jar"
report="## The fixtures of real projects' shapes: \`mvn test\` vs. \`panta coverage\`

Command: \`bench/fixtures_bench.sh --write\`. Each fixture of \`tests/fixtures/maven\` (and the plain
layout) on a fresh copy: \`mvn test\` offline with JaCoCo 0.8.15's \`prepare-agent\` and \`report\`
(what \`tests/unit/maven_fixtures_test.cc\` compares Panta with), then \`panta coverage\` with Panta's
caches empty (Maven resolution, compiling the main and test classes, the JVM helper's start) and
again (Maven's answers cached, main classes reused). One run each, wall time; $(nproc) cores,
1-minute load average $load before.

$table"
echo "$report"
if [ "$write" = "--write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" fixtures-bench "$report"
fi
