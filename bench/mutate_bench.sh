#!/usr/bin/env bash
# Benchmark of `panta mutate` (PIT in Panta's sandbox, src/cli/pit_run.cc) against running PIT's
# command line directly, side by side, on three corpus classes with their own tests:
# commons-csv CSVRecord, commons-lang3 CharUtils, commons-codec Hex. Each subject is copied to
# /tmp/m13-bench-<id> first (the corpus is shared and never written). The direct run is what a
# user does by hand: javac of the test class (with -sourcepath, as Panta) and
# MutationCoverageReport with the same class path (resolved by maven-dependency-plugin 3.9.0's
# build-classpath, fetching the subject's test dependencies from Maven Central the first time),
# the same PIT jars (build/pitest/), one thread, XML output (with the JUnit Platform launcher of
# the project's platform version added when the build lacks it, as Panta adds it; for a JUnit 4
# project PIT's own JUnit 4 support, without the JUnit 5 plugin).
# usage: bench/mutate_bench.sh [--write]   (--write updates docs/benchmarks.md)
# env: BUILD_DIR (default build), PANTA_CORPUS (default ~/.cache/panta-corpus)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
write=${1:-}
build=$(cd "${BUILD_DIR:-$root/build}" && pwd)
corpus=${PANTA_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/panta-corpus}
panta=$build/panta
[ -x "$panta" ] || { echo "mutate_bench: missing $panta; run make build" >&2; exit 1; }
[ -f "$build/pitest/classpath.txt" ] || { echo "mutate_bench: no PIT in $build/pitest" >&2; exit 1; }
index=$corpus/index.tsv
[ -f "$index" ] || { echo "mutate_bench: no $index (../shared/corpus/fetch-subjects.sh --compile csv lang codec)" >&2; exit 1; }
subjects=(csv lang codec)
classes=(org.apache.commons.csv.CSVRecord org.apache.commons.lang3.CharUtils
         org.apache.commons.codec.binary.Hex)
pit_cp=$(paste -sd: "$build/pitest/classpath.txt")
now() { date +%s.%N; }
load=$(cut -d' ' -f1 /proc/loadavg)
table="| class | mutants | detected (panta / direct) | direct: javac + PIT s | \`panta mutate\` s | ratio |
|---|---|---|---|---|---|"
for i in "${!subjects[@]}"; do
  id=${subjects[$i]}
  cls=${classes[$i]}
  src_root=$(awk -F'\t' -v id="$id" '$1==id{print $2}' "$index")
  extra_cp=$(awk -F'\t' -v id="$id" '$1==id{print $5}' "$index")
  [ -n "$src_root" ] || { echo "mutate_bench: $id is not in $index" >&2; exit 1; }
  work=/tmp/m13-bench-$id
  rm -rf "$work" && cp -r "$src_root" "$work" && rm -rf "$work/.panta"
  test_file=$work/src/test/java/$(echo "$cls" | tr . /)Test.java
  # Direct: the test class path as Maven has it, javac, then PIT's command line.
  (cd "$work" && mvn -q -Dstyle.color=never org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath -Dmdep.includeScope=test \
     -Dmdep.outputFile="$work/.m13-cp.txt" >/dev/null)
  deps=$(cat "$work/.m13-cp.txt")
  [ -n "$extra_cp" ] && deps="$extra_cp:$deps"
  # PIT's JUnit 5 plugin needs the JUnit Platform launcher, which a project's build may lack;
  # Panta adds the one of the project's platform version too.
  # A JUnit 4 project (no JUnit Platform): PIT's own JUnit 4 support, without the plugin.
  run_cp=$pit_cp
  if ! grep -q junit-platform-engine <<<"$deps"; then
    run_cp=$(grep -v pitest-junit5-plugin "$build/pitest/classpath.txt" | paste -sd:)
  elif ! grep -q junit-platform-launcher <<<"$deps"; then
    engine=$(tr ':' '\n' <<<"$deps" | grep -m1 'junit-platform-engine-' || true)
    v=$(basename "$engine" .jar) && v=${v#junit-platform-engine-}
    deps+=":$HOME/.m2/repository/org/junit/platform/junit-platform-launcher/$v/junit-platform-launcher-$v.jar"
  fi
  out=$work/.m13-direct && rm -rf "$out" && mkdir -p "$out/tests"
  start=$(now)
  javac -nowarn -encoding UTF-8 -d "$out/tests" -cp "$work/classes:$deps" \
    -sourcepath "$work/src/test/java" -implicit:class "$test_file" 2>"$out/javac.log"
  resources=""
  for r in "$work/src/test/resources" "$work/src/main/resources"; do
    [ -d "$r" ] && resources+=",$r"
  done
  (cd "$work" && java -cp "$run_cp" org.pitest.mutationtest.commandline.MutationCoverageReport \
    --reportDir "$out/report" --targetClasses "$cls,$cls\$*" --targetTests "${cls}Test" \
    --sourceDirs "$work/src/main/java" --outputFormats XML --timestampedReports=false \
    --failWhenNoMutations=false --threads 1 \
    --classPath "$out/tests$resources,$work/classes,${deps//:/,}" > "$out/pit.log" 2>&1)
  direct_s=$(awk -v a="$start" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}')
  direct_total=$(grep -c '<mutation ' "$out/report/mutations.xml")
  direct_detected=$(grep -c "detected='true'" "$out/report/mutations.xml" || true)
  # Panta: the same class and test class, its own compilation, sandbox and class path.
  start=$(now)
  cp_flag=()
  [ -n "$extra_cp" ] && cp_flag=(--classpath "$extra_cp")
  "$panta" mutate --project "$work" --classes "$work/classes" "${cp_flag[@]}" --class "$cls" \
    --format json > "$work/.m13-panta.json" 2>"$work/.m13-panta.err"
  panta_s=$(awk -v a="$start" -v b="$(now)" 'BEGIN {printf "%.1f", b - a}')
  read -r total detected < <(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(j["mutants"]["total"], j["mutants"]["detected"])' "$work/.m13-panta.json")
  [ "$total" = "$direct_total" ] || echo "mutate_bench: $cls: $total mutants with panta, $direct_total directly" >&2
  table+="
| ${cls##*.} ($id) | $total / $direct_total | $detected / $direct_detected | $direct_s | $panta_s | $(awk -v p="$panta_s" -v d="$direct_s" 'BEGIN {printf "%.2fx", p / d}') |"
done
report="## \`panta mutate\` vs. PIT's command line

Command: \`bench/mutate_bench.sh --write\`. PIT 1.30.2 with pitest-junit5-plugin 1.2.3 (\`build/pitest/\`),
default mutators, one thread, on three corpus classes with their own test class, each subject
copied to \`/tmp/m13-bench-<id>\`. Direct: \`javac\` of the test class (\`-sourcepath\` the test
folder) and \`MutationCoverageReport\` with Maven's test class path, run by hand in the subject's
folder. \`panta mutate\`: the same class and test class with \`--classes\` the corpus' compiled
classes; its time includes loading the project (its Maven model), starting the
JVM helper, compiling the test class in it, starting the sandbox and reading \`mutations.xml\`.
Hex's tests are JUnit 4: the direct run uses PIT's own JUnit 4 support
(without the JUnit 5 plugin), Panta the plugin with the JUnit Platform it adds to the project.
Ratio: \`panta mutate\` / direct, one run each. $(nproc) cores, 1-minute load average $load before.

$table

A ratio under 1 is not Panta running PIT faster: one run each, the direct one first (it warms the
page cache for the subject's jars and PIT's), its time includes a cold \`javac\` (Panta compiles
in its warm helper), and the machine was loaded. Read it as: the sandbox, the helper and the
project loading add no cost that shows next to PIT's own time; the counts are the same."
echo "$report"
if [ "$write" = "--write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" mutate-bench "$report"
fi
