#!/usr/bin/env bash
# `make demo`: Panta's main job on the bundled example project, in a scratch copy under
# build/demo so the example stays as it is: the static paths of one method, the coverage of
# the existing tests, then `panta generate` with the model named by PANTA_LLM or, when none is
# set, the journal recorded for the example.
set -euo pipefail
panta=$(cd "$(dirname "${1:-build/panta}")" && pwd)/$(basename "${1:-build/panta}")
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/build/demo"
rm -rf "$work" && mkdir -p "$work"
cp -r "$root/examples/shop" "$work/shop"
rm -rf "$work/shop/.panta" "$work/shop/demo"
cd "$work"

echo "== panta analyze: the paths of Cart.applyCoupon (Algorithm 1)"
"$panta" analyze shop/src/main/java/org/example/shop/Cart.java --method applyCoupon
echo
echo "== panta coverage: what the existing CartTest covers"
"$panta" coverage --project shop --class org.example.shop.Cart
echo
if [ -n "${PANTA_LLM:-}" ]; then
  llm=$PANTA_LLM
  echo "== panta generate with PANTA_LLM=$llm"
else
  llm="replay:$root/examples/shop/demo/journal.sqlite"
  echo "== panta generate, replaying examples/shop/demo/journal.sqlite"
  echo "   (no PANTA_LLM set: the answers are the ones recorded for this demo, written by hand and"
  echo "   served through the cmd: backend; set PANTA_LLM, e.g. ollama:qwen2.5-coder, for a live model)"
fi
"$panta" generate --project shop --class org.example.shop.Cart --llm "$llm" --report "$work/report.json"
echo
echo "Test file: $work/shop/src/test/java/org/example/shop/CartTest.java"
echo "Report:    $work/report.json"
