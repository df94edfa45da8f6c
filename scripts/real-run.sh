#!/usr/bin/env bash
# A run of panta generate answered by a real model through a folder (docs/real-runs.md):
# usage: scripts/real-run.sh PANTA_BIN_DIR NAME SUBJECT CLASS STRATEGY [panta generate flags]
# Copies the corpus subject SUBJECT (../shared/corpus/fetch-subjects.sh --compile), removes the
# class's own test file (the paper's setup), and runs PANTA_BIN_DIR/panta generate with
# ../shared/tools/folder-model/ask answering through $RUNS_DIR/NAME/model (RUNS_DIR defaults
# to /tmp/panta-runs); whoever answers follows that tool's README. Touches model/STOP when
# panta ends; the report, stdout, stderr and exit code are kept beside it.
set -u
bin=$1 name=$2 subject=$3 cls=$4 strategy=$5; shift 5
here=$(cd "$(dirname "$0")" && pwd)
out=${RUNS_DIR:-/tmp/panta-runs}/$name
rm -rf "$out"; mkdir -p "$out/model"
corpus=${PANTA_CORPUS:-$HOME/.cache/panta-corpus}
cp -r "$corpus/$subject" "$out/proj"
rm -rf "$out/proj/.panta"
test_src=$(awk -F'\t' -v id="$subject" '$1==id {print $4}' "$corpus/index.tsv")
test_src=$out/proj${test_src#"$corpus/$subject"}
cp_jars=$(awk -F'\t' -v id="$subject" '$1==id {print $5}' "$corpus/index.tsv")
rm -f "$test_src/$(echo "$cls" | tr . /)Test.java"
export MODEL_DIR=$out/model
cpflag=(); [ -n "$cp_jars" ] && cpflag=(--classpath "$cp_jars")
"$bin/panta" generate --project "$out/proj" --classes "$out/proj/classes" "${cpflag[@]}" \
  --class "$cls" --strategy "$strategy" --llm "cmd:$(realpath "$here/../../shared/tools/folder-model/ask")" \
  --llm-timeout 3600 --report "$out/report.json" "$@" > "$out/stdout" 2> "$out/stderr"
echo $? > "$out/exit"
touch "$MODEL_DIR/STOP"
