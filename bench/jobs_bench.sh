#!/usr/bin/env bash
# `panta generate --jobs N` on a package of CLASSES small classes (a copy of examples/shop with
# org.example.shop.bench.B1..Bn, one decision each) with a scripted cmd: model that answers
# after DELAY seconds with a test covering the class: wall time for --jobs 1, 2, 4, speed-up
# over --jobs 1, and peak memory (RSS of panta and its JVM helpers, sampled every 0.2 s).
# usage: bench/jobs_bench.sh [PANTA] [--write]   (env CLASSES=8, DELAYS="5 15", JOBS="1 2 4",
#        SANDBOX: --sandbox value, default the project's default)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
panta=$root/build/panta
write=""
for a in "$@"; do
  if [ "$a" = "--write" ]; then write=1; else panta=$a; fi
done
classes=${CLASSES:-8}
delays=${DELAYS:-"5 15"}
jobs_list=${JOBS:-"1 2 4"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/model.sh" <<EOF
cat >/dev/null
sleep \$(cat "$tmp/delay")
name=\${PANTA_CLASS##*.}
printf '\`\`\`java\npackage org.example.shop.bench;\n\nimport static org.junit.jupiter.api.Assertions.*;\n\nimport org.junit.jupiter.api.Test;\n\nclass %sTest {\n  @Test\n  void above() {\n    assertEquals(1, new %s().sign(100));\n  }\n\n  @Test\n  void below() {\n    assertEquals(0, new %s().sign(-100));\n  }\n}\n\`\`\`\n' "\$name" "\$name" "\$name"
EOF

make_project() {
  rm -rf "$1" && cp -r "$root/examples/shop" "$1" && rm -rf "$1/.panta"
  mkdir -p "$1/src/main/java/org/example/shop/bench"
  for i in $(seq 1 "$classes"); do
    printf 'package org.example.shop.bench;\n\npublic class B%s {\n  public int sign(int x) {\n    if (x > %s) {\n      return 1;\n    }\n    return 0;\n  }\n}\n' \
      "$i" "$i" > "$1/src/main/java/org/example/shop/bench/B$i.java"
  done
}

# Peak RSS in KiB of process $1 and all its descendants, sampled until it ends.
peak_rss() {
  local pid=$1 peak=0 now
  while kill -0 "$pid" 2>/dev/null; do
    now=$(ps -e -o pid=,ppid=,rss= | awk -v root="$pid" '
      { parent[$1] = $2; rss[$1] = $3 }
      END {
        for (p in parent) {
          q = p
          while (q != "" && q != 0 && q != root) q = parent[q]
          if (q == root) s += rss[p]
        }
        print s + 0
      }')
    [ "$now" -gt "$peak" ] && peak=$now
    sleep 0.2
  done
  echo "$peak"
}

rows=""
sandbox_flag=${SANDBOX:+--sandbox $SANDBOX}
for delay in $delays; do
base=""
echo "$delay" > "$tmp/delay"
for jobs in $jobs_list; do
  make_project "$tmp/p$jobs"
  start=$(date +%s.%N)
  # shellcheck disable=SC2086
  "$panta" generate --strategy panta --project "$tmp/p$jobs" --class org.example.shop.bench --jobs "$jobs" \
    --llm "cmd:sh $tmp/model.sh" $sandbox_flag --report "$tmp/r$jobs.json" \
    >"$tmp/out$jobs" 2>"$tmp/err$jobs" &
  pid=$!
  peak=$(peak_rss "$pid")
  wait "$pid" || { echo "jobs_bench: --jobs $jobs failed:" >&2; cat "$tmp/err$jobs" >&2; exit 1; }
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  done_count=$(grep -c '"status": "done"' "$tmp/r$jobs.json" || true)
  [ -z "$base" ] && base=$wall
  speedup=$(echo "scale=2; $base / $wall" | bc)
  per_worker=$(echo "$peak / 1024 / $jobs" | bc)
  # The model's share: rounds of answers (classes / jobs, rounded up) times the delay.
  outside=$(echo "$wall - (($classes + $jobs - 1) / $jobs) * $delay" | bc)
  rows+="| $delay | $jobs | $(printf '%.1f' "$wall") | $(printf '%.1f' "$outside") | ${speedup}x | $((peak / 1024)) | $per_worker | $done_count of $classes |"$'\n'
done
done

load=$(cut -d' ' -f1 /proc/loadavg)
section="## \`panta generate --jobs N\`: classes at once

Command: \`bench/jobs_bench.sh --write\` (env \`CLASSES\`=$classes, \`DELAYS\`=\"$delays\"). A copy of
\`examples/shop\` with a package of $classes small classes (one decision each), \`--class
org.example.shop.bench\`, a scripted \`cmd:\` model that answers each prompt after a fixed delay
(5 s, then 15 s) with a test class covering both outcomes (one model call per class). Peak
memory: RSS of panta and all its JVM helpers together, sampled every 0.2 s; per worker = that
divided by the jobs. 2 cores (1-minute load average $load after the
runs).

| model delay s | --jobs | wall s | outside the model s | speed-up over --jobs 1 | peak RSS MB (all) | per worker MB | classes done |
|---|---|---|---|---|---|---|---|
${rows%$'\n'}

\"Outside the model\" is the wall time less the model's share (classes / jobs answers in a
row, rounded up, times the delay): helper starts, compiling and running the tests, the report.
Targets (issue 14, \"when the model dominates\": the 15 s rows): >= 1.8x at 2 jobs, >= 3x at 4
jobs. The model's share divides by the jobs as it should; the time outside the model does not
shrink with more jobs, it grows: it is CPU work (a JVM helper per class starting, javac, the
tests) and N helpers share the 2 cores, so with a 5 s model it is a larger part of the wall
time and the speed-up is lower. Under other load (above) that part grows further: on
2026-12-03 at load 20 the 15 s rows gave 1.72x and 2.73x."
echo "$section"
if [ -n "$write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" jobs-bench "$section"
fi
