# Sourced by the corpus benches (prompt_size_bench.sh, repair_prompt_bench.sh): their arguments
# [PANTA] [--write] as $root, $panta, $write, and the corpus folder as $corpus.
root=$(cd "$(dirname "$0")/.." && pwd)
panta=${1:-$root/build/panta}
[ "${1:-}" = "--write" ] && panta=$root/build/panta
write=""; for a in "$@"; do [ "$a" = "--write" ] && write=1; done
corpus=${PANTA_CORPUS:-$HOME/.cache/panta-corpus}
