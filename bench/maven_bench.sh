#!/usr/bin/env bash
# Benchmark of Panta's Maven resolution (src/project/maven_*.cc): the first resolution of a
# project (Panta's cache empty; the local Maven repository already holding what it needs, as
# after `make setup`) and the second, from Panta's cache, for the Maven test fixtures, the
# example project and commons-lang3 of the corpus (its real pom: parent commons-parent 52, the
# JUnit 5.7.1 BOM), when present. The first includes asking Maven for its local repository.
# usage: bench/maven_bench.sh [--write]   (--write updates docs/benchmarks.md)
# env: BUILD_DIR (default build), PANTA_CORPUS (default ~/.cache/panta-corpus), RUNS (default 3)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
write=${1:-}
build=$(cd "${BUILD_DIR:-$root/build}" && pwd)
corpus=${PANTA_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/panta-corpus}
runs=${RUNS:-3}
bench=$build/panta_bench_maven
[ -x "$bench" ] || { echo "maven_bench: missing $bench; run cmake --build $build" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$root/tests/fixtures/maven" "$tmp/fixtures"
cp -r "$root/examples/shop" "$tmp/shop"
projects=("$tmp/fixtures/mockito-jupiter" "$tmp/fixtures/modules/app" "$tmp/fixtures/junit4-runner"
          "$tmp/fixtures/jupiter6" "$tmp/fixtures/parent-managed/lib" "$tmp/shop")
names=("fixture mockito-jupiter (reactor of 5 fixtures, 8 modules)" "fixture modules/app"
       "fixture junit4-runner" "fixture jupiter6" "fixture parent-managed/lib" "examples/shop")
lang=$(awk -F'\t' '$1=="lang"{print $2}' "$corpus/index.tsv" 2>/dev/null || true)
if [ -n "$lang" ] && [ -f "$lang/pom.xml" ]; then
  cp "$lang/pom.xml" "$tmp/lang.pom" && mkdir -p "$tmp/lang/src/main/java"
  cp "$lang/pom.xml" "$tmp/lang/pom.xml"
  projects+=("$tmp/lang")
  names+=("commons-lang3 3.12.0 (corpus; its pom only)")
fi
load=$(cut -d' ' -f1 /proc/loadavg)
declare -A cold cached
for run in $(seq "$runs"); do
  while IFS=$'\t' read -r dir c w; do
    cold[$dir]+="$c "
    cached[$dir]+="$w "
  done < <("$bench" "$tmp/cache" "${projects[@]}")
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
table="| project | first resolution ms (median of $runs) | from Panta's cache ms | ratio |
|---|---|---|---|"
for i in "${!projects[@]}"; do
  c=$(echo "${cold[${projects[$i]}]}" | median)
  w=$(echo "${cached[${projects[$i]}]}" | median)
  table+="
| ${names[$i]} | $c | $w | $(awk -v c="$c" -v w="$w" 'BEGIN {printf "%.0fx", c / (w > 0 ? w : 1)}') |"
done
report="## Resolving a Maven project: first time vs. from Panta's cache

Command: \`bench/maven_bench.sh --write\` (env \`RUNS\`, default 3). \`project::load_project\` with
the real Maven tool (\`build/panta_bench_maven\`): first with Panta's cache empty (one \`mvn\` call
for the effective model and the dependency lists of the whole reactor, one for the local
repository's folder, and one to get the JUnit launcher or engines the project lacks; the local
Maven repository already holds everything, as after \`make setup\`), then again from
\`~/.cache/panta/maven\` (no \`mvn\` call: hashing the poms and reading the answers). $(nproc) cores,
1-minute load average $load before, $(mvn -v 2>/dev/null | head -1 | sed 's/\x1b\[[0-9;]*m//g').

$table"
echo "$report"
if [ "$write" = "--write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" maven-bench "$report"
fi
