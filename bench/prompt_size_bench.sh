#!/usr/bin/env bash
# Prompt size per strategy for a later iteration, without a model: `panta generate --dry-run`
# on corpus classes that already have tests (so the prompt is one a later iteration sends), for
# the paper's panta strategy and for focused, side by side. Needs
# ../shared/corpus/fetch-subjects.sh --compile csv codec lang math jsoup (classes whose own test
# class compiles with the corpus' jars).
# usage: bench/prompt_size_bench.sh [PANTA] [--write]
set -euo pipefail
. "$(dirname "$0")/corpus_args.sh"
# subject class (each has its own test class in the subject)
classes=(
  "csv org.apache.commons.csv.Lexer"
  "csv org.apache.commons.csv.ExtendedBufferedReader"
  "codec org.apache.commons.codec.language.DoubleMetaphone"
  "codec org.apache.commons.codec.language.Metaphone"
  "codec org.apache.commons.codec.language.Soundex"
  "lang org.apache.commons.lang3.BooleanUtils"
  "lang org.apache.commons.lang3.StringUtils"
  "lang org.apache.commons.lang3.text.WordUtils"
  "lang org.apache.commons.lang3.math.NumberUtils"
  "math org.apache.commons.math3.fraction.Fraction"
  "math org.apache.commons.math3.util.ArithmeticUtils"
  "math org.apache.commons.math3.util.FastMath"
  "jsoup org.jsoup.parser.TokenQueue"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rows=""
for entry in "${classes[@]}"; do
  read -r subject cls <<< "$entry"
  [ -d "$corpus/$subject" ] || { echo "prompt_size_bench: $subject missing in $corpus" >&2; continue; }
  rm -rf "$tmp/p" && cp -r "$corpus/$subject" "$tmp/p" && rm -rf "$tmp/p/.panta"
  cp_jars=$(awk -F'\t' -v id="$subject" '$1==id {print $5}' "$corpus/index.tsv")
  sizes=""
  for strategy in panta focused; do
    n=$("$panta" generate --project "$tmp/p" --classes "$tmp/p/classes" ${cp_jars:+--classpath "$cp_jars"} \
          --class "$cls" --strategy "$strategy" --dry-run 2> "$tmp/err" | wc -c || true)
    sizes="$sizes $n"
  done
  rows="$rows$cls$sizes"$'\n'
done
report=$(python3 "$root/bench/ratio_table.py" "$rows" worst "a dry run failed")
echo "$report"
if [ -n "$write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" "prompt-size" "$(cat <<MD
## Prompt size: \`focused\` against the paper's \`panta\`, later iterations

Command: \`bench/prompt_size_bench.sh --write\` (\`panta generate --dry-run\` on corpus classes
that have their own tests, so the first prompt is a later-iteration one; characters of the
whole prompt).

$report
MD
)"
fi
