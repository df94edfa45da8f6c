#!/usr/bin/env bash
# A stand-in model for `panta generate --llm cmd:...` that gives recorded answers back in order,
# whatever the prompt: generate prompts get SEQ_DIR/001.answer, 002.answer, ... (one each);
# other prompts (repairs) and generate prompts after the last answer get an empty answer. The
# position is kept in SEQ_STATE (a file; remove it to start over). For comparing builds whose
# prompts differ on the same answers (bench/replay_bench.sh --answers).
set -euo pipefail
dir=${SEQ_DIR:?set SEQ_DIR to the folder of NNN.answer files}
state=${SEQ_STATE:?set SEQ_STATE to a file that keeps the position}
cat > /dev/null
[ "${PANTA_PROMPT_KIND:-generate}" = generate ] || exit 0
n=$(( $(cat "$state" 2>/dev/null || echo 0) + 1 ))
echo "$n" > "$state"
answer=$(printf '%s/%03d.answer' "$dir" "$n")
[ -f "$answer" ] && cat "$answer"
exit 0
