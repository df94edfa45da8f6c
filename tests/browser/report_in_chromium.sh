#!/usr/bin/env bash
# CTest ReportHtmlInChromium: the bundled example's run replayed from its journal with --html,
# once stopped after its first iteration (edges covered and missed) and once to its end (full
# coverage), each report checked in Debian's headless Chromium (report_check.cjs). The reports
# and their screenshots stay in OUT_DIR (partial/ and full/).
# usage: report_in_chromium.sh PANTA OUT_DIR
set -euo pipefail
panta=$1
out=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
modules="$root/third_party/browser-tests/node_modules"
if [ ! -d "$modules/playwright-core" ]; then
  echo "playwright-core is not in $modules: run scripts/setup.sh" >&2
  exit 1
fi
if [ ! -x "${PANTA_CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "no Chromium at ${PANTA_CHROMIUM:-/usr/bin/chromium}: run scripts/setup.sh" >&2
  exit 1
fi
rm -rf "$out" && mkdir -p "$out"
for run in partial full; do
  dir="$out/$run"
  mkdir -p "$dir"
  cp -r "$root/examples/shop" "$dir/shop"
  rm -rf "$dir/shop/.panta" "$dir/shop/demo"
  limit=()
  [ "$run" = partial ] && limit=(--max-iterations 1)
  "$panta" generate --project "$dir/shop" --class org.example.shop.Cart "${limit[@]}" \
    --llm "replay:$root/examples/shop/demo/journal.sqlite" --report "$dir/report.json" \
    --html "$dir/html" > "$dir/generate.log" 2>&1 || { cat "$dir/generate.log"; exit 1; }
  PANTA_BROWSER_MODULES="$modules" node "$root/tests/browser/report_check.cjs" \
    "$dir/html" "$dir/report.json" "$dir/screenshot.png"
done
