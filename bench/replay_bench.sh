#!/usr/bin/env bash
# What validating an answer costs outside the model, this build against the build before the
# engine was taken apart (BEFORE, built once into build/bench-before-<commit>), side by side:
#   1. 10 new passing tests added in one iteration to the bundled example's test file holding
#      0, 100 and 1,000 tests (a stand-in model that prints a fixed answer);
#   2. with --journal J: the replay of a recorded real run (J, a .panta/journal.sqlite; record
#      one with scripts/real-run.sh) on a fresh copy of its subject, per iteration and per new
#      test. --subject ID and --class FQN name what was recorded (a corpus subject of
#      ../shared/corpus/fetch-subjects.sh, whose test file for the class is removed first, as
#      when it was recorded); REPLAY_FLAGS holds the generate flags of the recording. A journal
#      replays only while the prompts are those it recorded, so a change of prompt breaks it;
#   2'. with --answers DIR instead: the recorded answers DIR/001.answer, ... given back in order
#      by bench/sequence_model.sh whatever the prompts say, so both builds get the same answers
#      (bench/recorded/csv-lexer-panta: --subject csv --class org.apache.commons.csv.Lexer).
# usage: bench/replay_bench.sh [--journal J | --answers DIR] [--subject ID --class FQN] [--write]
#        (RUNS=2 interleaved runs by default; BEFORE=35c05a8)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-2}
before=${BEFORE:-35c05a8}
journal="" answers="" subject="" cls="" write=""
while [ $# -gt 0 ]; do
  case "$1" in
    --journal) journal=$(realpath "$2"); shift 2 ;;
    --answers) answers=$(realpath "$2"); shift 2 ;;
    --subject) subject=$2; shift 2 ;;
    --class) cls=$2; shift 2 ;;
    --write) write=1; shift ;;
    *) echo "replay_bench: unknown argument $1" >&2; exit 2 ;;
  esac
done
new_bin="$root/build/panta"
old_dir="$root/build/bench-before-$before"
if [ ! -x "$old_dir/build/panta" ]; then
  echo "replay_bench: building $before into $old_dir (once)" >&2
  rm -rf "$old_dir" && mkdir -p "$old_dir"
  git -C "$root" archive "$before" | tar -x -C "$old_dir"
  mkdir -p "$old_dir/third_party" && cp -r "$root/third_party/tree-sitter-java" "$old_dir/third_party/"
  cmake -S "$old_dir" -B "$old_dir/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
  cmake --build "$old_dir/build" -j "$(nproc)" --target panta panta_runner_jar panta_prompts > /dev/null
fi
old_bin="$old_dir/build/panta"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A CartTest.java with `n` tests of its own.
test_file_with() {
  python3 - "$1" <<'PY'
import sys
n = int(sys.argv[1])
tests = "\n".join(f"  @Test\n  void own{i}() {{\n    assertEquals({i}, new Cart().size() + {i});\n  }}\n"
                  for i in range(n))
print("package org.example.shop;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\n\n"
      "import org.junit.jupiter.api.Test;\n\nclass CartTest {\n" + tests + "}")
PY
}
# The stand-in model's answer: 10 new passing tests.
python3 - > "$tmp/answer.txt" <<'PY'
body = "\n".join(f"@Test\nvoid added{i}() {{\n  Cart c = new Cart();\n  c.add(new Cart.Item(\"x{i}\", "
                 f"Cart.Category.FOOD, {i + 1}, 100));\n  assertEquals(1, c.size());\n}}\n" for i in range(10))
print("```java\n" + body + "```")
PY

synthetic() {  # build size run
  local bin=$1 size=$2 r=$3 name
  name=$(basename "$(dirname "$(dirname "$bin")")")-$size-$r
  rm -rf "$tmp/shop"
  cp -r "$root/examples/shop" "$tmp/shop" && rm -rf "$tmp/shop/.panta"
  test_file_with "$size" > "$tmp/shop/src/test/java/org/example/shop/CartTest.java"
  "$bin" generate --strategy panta --project "$tmp/shop" --class org.example.shop.Cart --max-iterations 1 \
    --llm "cmd:cat $tmp/answer.txt" --report "$tmp/syn-$name.json" > /dev/null 2> "$tmp/syn-$name.err"
}
for ((r = 1; r <= runs; r++)); do
  for size in 0 100 1000; do
    synthetic "$new_bin" "$size" "$r"
    synthetic "$old_bin" "$size" "$r"
  done
done

replay() {  # bin run
  local bin=$1 r=$2 name test_src
  name=$(basename "$(dirname "$(dirname "$bin")")")-$r
  rm -rf "$tmp/subject"
  cp -r "${PANTA_CORPUS:-$HOME/.cache/panta-corpus}/$subject" "$tmp/subject" && rm -rf "$tmp/subject/.panta"
  test_src=$(find "$tmp/subject" -path "*/$(echo "$cls" | tr . /)Test.java" | head -1)
  [ -n "$test_src" ] && rm -f "$test_src"
  # shellcheck disable=SC2086
  local llm="replay:$journal"
  if [ -n "$answers" ]; then
    llm="cmd:$root/bench/sequence_model.sh"
    export SEQ_DIR=$answers SEQ_STATE=$tmp/seq-$name
    rm -f "$SEQ_STATE"
  fi
  "$bin" generate --project "$tmp/subject" --classes "$tmp/subject/classes" --class "$cls" \
    --llm "$llm" ${REPLAY_FLAGS:-} --report "$tmp/rep-$name.json" > /dev/null 2> "$tmp/rep-$name.err" || true
}
if [ -n "$journal" ] || [ -n "$answers" ]; then
  for ((r = 1; r <= runs; r++)); do
    replay "$new_bin" "$r"
    replay "$old_bin" "$r"
  done
fi

report=$(python3 - "$tmp" "$runs" "$(basename "$(dirname "$(dirname "$new_bin")")")" \
  "$(basename "$old_dir")" "${journal:+yes}${answers:+yes}" <<'PY'
import glob, json, statistics, sys
tmp, runs, new, old, replayed = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
def load(pattern):
    out = []
    for p in sorted(glob.glob(pattern)):
        try:
            out.append(json.load(open(p)))
        except ValueError:
            pass
    return out
def outside_iter(j):
    return sum(i["wall_s"] - i["llm_s"] for i in j["iterations"])
def outside_run(j):
    return j["wall_s"] - j["llm_s"]
print("| test file | 10 new tests: outside the model per iteration, this build (s) | whole run, this build (s) | per iteration, before (s) | whole run, before (s) |")
print("|---|---|---|---|---|")
per_iter = {}
for size in (0, 100, 1000):
    ours = load(f"{tmp}/syn-{new}-{size}-*.json")
    theirs = load(f"{tmp}/syn-{old}-{size}-*.json")
    if not ours or not theirs:
        print(f"| {size} tests | (a run failed: see the bench's stderr files) | | | |")
        continue
    a = statistics.median(outside_iter(j) for j in ours)
    b = statistics.median(outside_run(j) for j in ours)
    c = statistics.median(outside_iter(j) for j in theirs)
    d = statistics.median(outside_run(j) for j in theirs)
    per_iter[size] = a
    kept = {j["final"]["tests_kept"] for j in ours}
    print(f"| {size} tests | {a:.2f} | {b:.2f} | {c:.2f} | {d:.2f} |")
if 0 in per_iter and 1000 in per_iter:
    print()
    print(f"10 new tests into a 1,000-test file cost **{per_iter[1000] / per_iter[0]:.2f}x** what they "
          f"cost into an empty one per iteration with this build (target: at most 2x). The whole run "
          f"also holds the first measurement and the final whole-class check, once each. With 0 tests "
          f"the iteration also pays the helper's first compilation (javac warming up), which the "
          f"other rows pay in the first measurement of their existing test file.")
if replayed:
    ours = load(f"{tmp}/rep-{new}-*.json")
    theirs = load(f"{tmp}/rep-{old}-*.json")
    print()
    if not ours or not theirs:
        print("The replay failed with one of the builds (see the bench's stderr).")
    else:
        a = statistics.median(outside_run(j) for j in ours)
        b = statistics.median(outside_run(j) for j in theirs)
        tests = statistics.median(sum(i["tests_generated"] for i in j["iterations"]) for j in ours)
        print("| replay | outside the model, whole run (s) | iterations | tests generated | tests kept | per new test (s) |")
        print("|---|---|---|---|---|---|")
        for label, js, t in (("this build", ours, a), ("before", theirs, b)):
            j = js[0]
            gen = sum(i["tests_generated"] for i in j["iterations"])
            print(f"| {label} | {t:.2f} | {len(j['iterations'])} | {gen} | {j['final']['tests_kept']} | {t / max(gen, 1):.3f} |")
        print()
        print("Per iteration, this build: " + ", ".join(
            f"{i['wall_s'] - i['llm_s']:.2f} s ({i['tests_generated']} tests)" for i in ours[0]["iterations"]) + ".")
        print()
        print(f"The whole replay costs **{100 * a / b:.0f} %** of what the build before took (target: at most 40 %).")
print()
print(f"Medians of {runs} interleaved runs per row; outside the model = wall time less the model calls.")
PY
)
section=$(cat <<MD
## \`panta generate\`: validation cost against the size of the test file, and a recorded run replayed

Command: \`bench/replay_bench.sh ${journal:+--journal J --subject $subject --class $cls }${answers:+--answers ${answers#"$root/"} --subject $subject --class $cls }--write\` (builds commit $before, the engine
before it was taken apart, into \`build/bench-before-$before\` once).

$report
MD
)
echo "$section"
if [ -n "$write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" replay-bench "$section"
fi
