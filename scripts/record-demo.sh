#!/usr/bin/env bash
# Re-records examples/shop/demo/journal.sqlite, the journal `make demo` replays: runs
# `panta generate` on a scratch copy of the example with the hand-written answers of
# examples/shop/demo/answers.sh (through the cmd: backend) and keeps the exchanges of that run.
# Needed whenever a change alters the prompts (the replay matches prompts exactly); the test
# GenerateCli.DemoJournalReplaysToFullCoverage fails until it is done.
# usage: scripts/record-demo.sh [build/panta]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
panta=$(cd "$(dirname "${1:-$root/build/panta}")" && pwd)/$(basename "${1:-build/panta}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$root/examples/shop" "$work/shop"
rm -rf "$work/shop/.panta" "$work/shop/demo"
PANTA_DEMO_STATE="$work/state" "$panta" generate --project "$work/shop" \
  --class org.example.shop.Cart --llm "cmd:sh $root/examples/shop/demo/answers.sh"
python3 - "$work/shop/.panta/journal.sqlite" "$root/examples/shop/demo/journal.sqlite" <<'PY'
import os, sqlite3, sys
source, target = sys.argv[1], sys.argv[2]
if os.path.exists(target):
    os.remove(target)
out = sqlite3.connect(target)
out.execute("ATTACH DATABASE ? AS run", (source,))
out.execute("CREATE TABLE exchanges AS SELECT prompt_hash, prompt, answer, prompt_tokens, "
            "completion_tokens, kind, seq FROM run.exchanges ORDER BY seq")
out.commit()
n = out.execute("SELECT count(*) FROM exchanges").fetchone()[0]
out.execute("DETACH DATABASE run")
out.execute("VACUUM")
out.close()
print(f"recorded {n} exchanges in {target}")
PY
