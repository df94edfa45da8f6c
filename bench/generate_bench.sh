#!/usr/bin/env bash
# Time Panta spends outside the model in `panta generate` (analysis, compilation, test runs,
# coverage), per iteration and as a share of wall time, on the bundled example with the replay
# backend (the model's own time is then ~0, so what is left is Panta's overhead).
# usage: bench/generate_bench.sh [build/panta] [--write]   (RUNS=5 by default)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
panta=$(cd "$(dirname "${1:-$root/build/panta}")" && pwd)/$(basename "${1:-$root/build/panta}")
write=${2:-}
runs=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for ((r = 1; r <= runs; r++)); do
  rm -rf "$tmp/shop" && cp -r "$root/examples/shop" "$tmp/shop" && rm -rf "$tmp/shop/.panta" "$tmp/shop/demo"
  /usr/bin/time -f "%e" -o "$tmp/time.$r" "$panta" generate --project "$tmp/shop" --class org.example.shop.Cart \
    --llm "replay:$root/examples/shop/demo/journal.sqlite" --report "$tmp/report.$r.json" > /dev/null 2>&1
done
report=$(python3 - "$tmp" "$runs" <<'PY'
import json, statistics, sys
tmp, runs = sys.argv[1], int(sys.argv[2])
rows, walls, outside, shares, process = [], [], [], [], []
for r in range(1, runs + 1):
    j = json.load(open(f"{tmp}/report.{r}.json"))
    proc = float(open(f"{tmp}/time.{r}").read())
    process.append(proc)
    walls.append(j["wall_s"])
    outside.append(j["wall_s"] - j["llm_s"])
    for it in j["iterations"]:
        rows.append((it["n"], it["wall_s"] - it["llm_s"], it["llm_s"]))
    shares.append(100.0 * (j["wall_s"] - j["llm_s"]) / j["wall_s"])
per_iter = {}
for n, o, l in rows:
    per_iter.setdefault(n, []).append(o)
print("| iteration | time outside the model, median s |")
print("|---|---|")
for n in sorted(per_iter):
    print(f"| {n} | {statistics.median(per_iter[n]):.2f} |")
print()
print(f"Whole run (helper start, main and test compilation, initial coverage, {len(per_iter)} iterations): "
      f"median {statistics.median(walls):.2f} s of loop wall time, {statistics.median(process):.2f} s for the whole process; "
      f"time outside the model is {statistics.median(shares):.1f} % of the loop's wall time with the replay backend "
      f"(the replayed model answers in ~0 s). Median of {runs} runs.")
PY
)
section=$(cat <<MD
## \`panta generate\`: time outside the model

Command: \`bench/generate_bench.sh build/panta --write\`. The bundled example (\`examples/shop\`,
class \`org.example.shop.Cart\`) with \`--llm replay:examples/shop/demo/journal.sqlite\`, so the
model's own time is nearly zero and what remains is Panta's work: analysis, in-memory
compilation, running each generated test alone, repairs, and the class-level coverage run.

$report
MD
)
echo "$section"
if [ "$write" = "--write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" generate-bench "$section"
fi
