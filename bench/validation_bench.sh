#!/usr/bin/env bash
# How `panta generate` validates an answer's tests, side by side on a real class with a large
# existing test class: commons-lang3's BooleanUtils (BooleanUtilsTest, 114 tests), 4 iterations
# of 10 new passing tests each from a stand-in model (bench/validation_model.py).
#   ours:  one compilation per answer, each test run alone, the class run once per answer;
#   naive: --check-each-test-in-class: a compilation, a run alone and a whole-class run per test
#          (how the first versions worked).
# Needs the corpus (../shared/corpus/fetch-subjects.sh --compile lang).
# usage: bench/validation_bench.sh [build/panta] [--write]   (RUNS=3 by default)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
panta=$(cd "$(dirname "${1:-$root/build/panta}")" && pwd)/$(basename "${1:-$root/build/panta}")
write=${2:-}
runs=${RUNS:-3}
corpus=${PANTA_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/panta-corpus}
lang="$corpus/lang"
if [ ! -d "$lang/classes" ]; then
  echo "validation_bench: no compiled commons-lang3 at $lang; run ../shared/corpus/fetch-subjects.sh --compile lang" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$lang" "$tmp/lang"
test_file=src/test/java/org/apache/commons/lang3/BooleanUtilsTest.java
for ((r = 1; r <= runs; r++)); do
  for mode in ours naive; do  # interleaved, so that load on the machine hits both alike
    flag=""
    [ "$mode" = naive ] && flag="--check-each-test-in-class"
    cp "$lang/$test_file" "$tmp/lang/$test_file"
    rm -rf "$tmp/lang/.panta" "$tmp/state"
    VB_STATE="$tmp/state" "$panta" generate --strategy panta --project "$tmp/lang" --src-dir src/main/java \
      --test-dir src/test/java --classes classes --class org.apache.commons.lang3.BooleanUtils \
      --llm "cmd:python3 $root/bench/validation_model.py" --max-iterations 4 --max-no-increase 10 \
      --report "$tmp/$mode.$r.json" $flag > /dev/null 2> "$tmp/$mode.$r.err"
  done
done
report=$(python3 - "$tmp" "$runs" <<'PY'
import json, statistics, sys
tmp, runs = sys.argv[1], int(sys.argv[2])
def outside(mode):
    per_run, kept = [], set()
    for r in range(1, runs + 1):
        j = json.load(open(f"{tmp}/{mode}.{r}.json"))
        per_run.append(sum(i["wall_s"] - i["llm_s"] for i in j["iterations"]) / len(j["iterations"]))
        kept.add(j["final"]["tests_kept"])
    return statistics.median(per_run), kept
ours, kept_ours = outside("ours")
naive, kept_naive = outside("naive")
print("| validation | time outside the model per iteration (10 new tests), median s | tests kept |")
print("|---|---|---|")
print(f"| ours: one compilation and one class run per answer | {ours:.2f} | {', '.join(map(str, sorted(kept_ours)))} |")
print(f"| naive: compile, run alone and run the class per test | {naive:.2f} | {', '.join(map(str, sorted(kept_naive)))} |")
print()
print(f"Ratio naive / ours: **{naive / ours:.2f}x**. Median of {runs} interleaved runs of 4 iterations each; "
      "the time outside the model is the iteration's wall time less its model calls.")
PY
)
section=$(cat <<MD
## \`panta generate\`: validating an answer's tests

Command: \`bench/validation_bench.sh build/panta --write\` (needs the corpus' commons-lang3).
Class \`org.apache.commons.lang3.BooleanUtils\` with its 114-test \`BooleanUtilsTest\`, 4
iterations of 10 new passing tests each from a stand-in model (\`bench/validation_model.py\`).
Each test is still run alone before it is kept; ours compiles the answer's tests
together (a compile error is pinned on its test by line) and runs the whole class once per
answer, going one by one only when that run fails.

$report
MD
)
echo "$section"
if [ "$write" = "--write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" validation-bench "$section"
fi
