#!/usr/bin/env bash
# Benchmark of `panta analyze --format json` over all main sources of commons-math3, side by
# side in one run with tree-sitter parsing alone of the same files (bench/parse_only.cc).
# Needs the corpus: ../shared/corpus/fetch-subjects.sh math (or set PANTA_CORPUS).
# usage: bench/analyze_bench.sh [build/panta] [--write]   (--write updates docs/benchmarks.md)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
panta=${1:-$root/build/panta}
write=${2:-}
parse_only=$(dirname "$panta")/panta_bench_parse
corpus=${PANTA_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/panta-corpus}
src=$(awk -F'\t' '$1=="math"{print $3}' "$corpus/index.tsv" 2>/dev/null || true)
if [ -z "$src" ] || [ ! -d "$src" ]; then
  echo "analyze_bench: commons-math3 not found in $corpus; run ../shared/corpus/fetch-subjects.sh math" >&2
  exit 1
fi
runs=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find "$src" -name '*.java' | sort > "$tmp/files"
nfiles=$(wc -l < "$tmp/files")
mbytes=$(cat $(cat "$tmp/files") | wc -c | awk '{printf "%.1f", $1/1e6}')

# One measurement: wall seconds and peak RSS (KB) of a command, via GNU time.
measure() {
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$@" > /dev/null 2>&1 || true
  cat "$tmp/time"
}

declare -A wall rss
for jobs in 1 2; do
  for kind in parse analyze; do wall[$kind$jobs]=""; rss[$kind$jobs]=""; done
done
# Interleaved, so both sides see the same machine state.
for ((r = 0; r < runs; r++)); do
  for jobs in 1 2; do
    read -r w m < <(measure "$parse_only" --jobs "$jobs" $(cat "$tmp/files"))
    wall[parse$jobs]+="$w "; rss[parse$jobs]+="$m "
    read -r w m < <(measure "$panta" analyze --format json --jobs "$jobs" "$src")
    wall[analyze$jobs]+="$w "; rss[analyze$jobs]+="$m "
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
max() { tr ' ' '\n' | grep -v '^$' | sort -g | tail -n 1; }

"$panta" analyze --format json "$src" > "$tmp/out.json"
python3 - "$tmp/out.json" > "$tmp/stats" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ms = []
for f in d["files"]:
    for c in f["classes"]:
        for m in c["methods"]:
            if m.get("cyclomatic") is not None:
                ms.append((m["cyclomatic"], c["qualified_name"] + "." + m["signature"], m["paths_fallback"], m["paths_truncated"], len(m["paths"])))
n = len(ms)
fb = sum(1 for m in ms if m[2])
tr = sum(1 for m in ms if m[3])
print(f"methods\t{n}")
print(f"fallback\t{fb}\t{100.0*fb/n:.1f}")
print(f"truncated\t{tr}")
print(f"cyc_ge_10\t{sum(1 for m in ms if m[0] >= 10)}")
for cyc, name, f, t, p in sorted(ms, reverse=True)[:10]:
    print(f"top\t{cyc}\t{name}\t{p}\t{'yes' if f else 'no'}")
PY

table=$(
  echo "| jobs | parse only: median wall s | analyze --format json: median wall s | ratio analyze/parse | parse peak RSS MB | analyze peak RSS MB |"
  echo "|---|---|---|---|---|---|"
  for jobs in 1 2; do
    pw=$(echo "${wall[parse$jobs]}" | median); aw=$(echo "${wall[analyze$jobs]}" | median)
    pm=$(echo "${rss[parse$jobs]}" | max); am=$(echo "${rss[analyze$jobs]}" | max)
    awk -v j="$jobs" -v pw="$pw" -v aw="$aw" -v pm="$pm" -v am="$am" \
      'BEGIN{printf "| %d | %.2f | %.2f | %.2f | %.0f | %.0f |\n", j, pw, aw, aw/pw, pm/1024, am/1024}'
  done
)
methods=$(awk -F'\t' '$1=="methods"{print $2}' "$tmp/stats")
fallback=$(awk -F'\t' '$1=="fallback"{print $2" ("$3" %)"}' "$tmp/stats")
truncated=$(awk -F'\t' '$1=="truncated"{print $2}' "$tmp/stats")
cyc10=$(awk -F'\t' '$1=="cyc_ge_10"{print $2}' "$tmp/stats")
top=$(echo "| CYC | method | paths | fallback |"; echo "|---|---|---|---|";
      awk -F'\t' '$1=="top"{printf "| %s | `%s` | %s | %s |\n", $2, $3, $4, $5}' "$tmp/stats")

report=$(cat <<MD
## \`panta analyze\` on commons-math3

Command: \`make bench\` (runs \`bench/analyze_bench.sh build/panta --write\`), needs
\`../shared/corpus/fetch-subjects.sh math\` first. Input: all main sources of commons-math3,
$nfiles files, $mbytes MB. Both sides read and parse the same files; the analysis also finds the
methods, builds every CFG, explores the paths and writes the JSON (to /dev/null). Median of
$runs interleaved runs on $(nproc) cores; peak RSS is the largest of the runs.

$table

Methods analysed: $methods; methods with CYC >= 10: $cyc10; methods whose path set needed the
shortest-path fallback: $fallback; methods whose path set was truncated: $truncated.

Largest-CYC methods:

$top
MD
)
echo "$report"
if [ "$write" = "--write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" analyze-bench "$report"
fi
