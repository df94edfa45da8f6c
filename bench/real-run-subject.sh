#!/usr/bin/env bash
# A `focused` run on a class of bench/subjects/ answered through the folder model
# (../shared/tools/folder-model/; an agent answers the prompts in OUT/model), then what
# docs/real-runs.md records of it: PIT on the buggy class with the kept test class (`panta
# mutate`, timed), and on a copy with the subject's fixed/ over the sources the kept tests
# (`panta test`: failures pin the bug) and the reproducers (`panta defects`: passes reveal it).
# usage: bench/real-run-subject.sh PANTA_BIN_DIR OUT NAME FQN [panta generate flags]
#   PANTA_BIN_DIR: a copy of build/ (panta, its jars, prompts/) that rebuilds do not disturb
set -u
bin=$1 out=$2 name=$3 cls=$4
shift 4
root=$(cd "$(dirname "$0")/.." && pwd)
ask=$(realpath "$root/../shared/tools/folder-model/ask")
rm -rf "$out"; mkdir -p "$out/model" "$out/proj" "$out/tests"
cp -r "$root/bench/subjects/$name/src" "$out/proj/"
export MODEL_DIR=$out/model
start=$(date +%s)
"$bin/panta" generate --project "$out/proj" --src-dir "$out/proj/src/main/java" \
  --test-dir "$out/tests" --class "$cls" --llm "cmd:$ask" --llm-timeout 3600 \
  --report "$out/report.json" --html "$out/html" "$@" > "$out/stdout" 2> "$out/stderr"
echo $? > "$out/exit"
echo $(( $(date +%s) - start )) > "$out/seconds"
touch "$MODEL_DIR/STOP"

p=(--project "$out/proj" --src-dir "$out/proj/src/main/java" --test-dir "$out/tests")
simple=${cls##*.}; pkg=${cls%.*}
{ time "$bin/panta" mutate "${p[@]}" --class "$cls" --test "$pkg.${simple}Test" --format json \
    > "$out/mutate.json" 2> "$out/mutate.err"; } 2> "$out/mutate.time"
rm -rf "$out/fixedproj" "$out/fixedtests"
cp -r "$out/proj" "$out/fixedproj"; cp -r "$out/tests" "$out/fixedtests"
cp -r "$root/bench/subjects/$name/fixed/." "$out/fixedproj/src/main/java/"
f=(--project "$out/fixedproj" --src-dir "$out/fixedproj/src/main/java" --test-dir "$out/fixedtests")
"$bin/panta" test "${f[@]}" --test "$pkg.${simple}Test" --format json > "$out/fixed-test.json" \
  2> "$out/fixed-test.err"
"$bin/panta" defects "${f[@]}" --class "$cls" --format json > "$out/fixed-defects.json" \
  2> "$out/fixed-defects.err"
"$bin/panta" defects "${p[@]}" --class "$cls" --format json > "$out/buggy-defects.json" \
  2> "$out/buggy-defects.err"
