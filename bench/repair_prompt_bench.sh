#!/usr/bin/env bash
# Repair prompt size per strategy, without a model: `panta generate` on corpus classes with a
# scripted answer (bench/repair_answers.sh) that writes one test with a wrong expectation, so the
# run sends one repair prompt; the script keeps it. The paper's `panta` shows the whole source
# file there, `focused` the source sliced to the methods the failing test calls. Side by side,
# one run each. Needs ../shared/corpus/fetch-subjects.sh --compile csv codec lang math jsoup.
# usage: bench/repair_prompt_bench.sh [PANTA] [--write]
set -euo pipefail
. "$(dirname "$0")/corpus_args.sh"
# subject class|an expression of the class whose value the wrong test compares
classes=(
  "csv org.apache.commons.csv.Lexer|new Lexer(CSVFormat.DEFAULT, new ExtendedBufferedReader(new java.io.StringReader(\"a,b\"))).nextToken(new Token()).type"
  "csv org.apache.commons.csv.ExtendedBufferedReader|new ExtendedBufferedReader(new java.io.StringReader(\"a\")).read()"
  "codec org.apache.commons.codec.language.Metaphone|new Metaphone().metaphone(\"KNIGHT\")"
  "codec org.apache.commons.codec.language.DoubleMetaphone|new DoubleMetaphone().doubleMetaphone(\"CAESAR\")"
  "lang org.apache.commons.lang3.text.WordUtils|WordUtils.capitalizeFully(\"aB cD\")"
  "lang org.apache.commons.lang3.BooleanUtils|BooleanUtils.toBooleanObject(\"on\")"
  "math org.apache.commons.math3.fraction.Fraction|new Fraction(0.75).toString()"
  "math org.apache.commons.math3.util.ArithmeticUtils|ArithmeticUtils.gcd(12, 18)"
  "jsoup org.jsoup.parser.TokenQueue|new TokenQueue(\"a(b)c\").chompBalanced('(', ')')"
  "jsoup org.jsoup.internal.StringUtil|StringUtil.padding(3)"
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rows=""
for entry in "${classes[@]}"; do
  read -r subject rest <<< "${entry%%|*}"
  cls=$rest
  [ -d "$corpus/$subject" ] || { echo "repair_prompt_bench: $subject missing in $corpus" >&2; continue; }
  cp_jars=$(awk -F'\t' -v id="$subject" '$1==id {print $5}' "$corpus/index.tsv")
  test_src=$(awk -F'\t' -v id="$subject" '$1==id {print $4}' "$corpus/index.tsv")
  sizes=""
  for strategy in panta focused; do
    rm -rf "$tmp/p" "$tmp/out" && cp -r "$corpus/$subject" "$tmp/p" && rm -rf "$tmp/p/.panta"
    mkdir -p "$tmp/out"
    test_file="$tmp/p${test_src#"$corpus/$subject"}/$(echo "${cls%.*}" | tr . /)/PantaBenchRepairTest.java"
    BENCH_OUT="$tmp/out" BENCH_EXPR="${entry#*|}" \
      "$panta" generate --project "$tmp/p" --classes "$tmp/p/classes" ${cp_jars:+--classpath "$cp_jars"} \
      --class "$cls" --strategy "$strategy" --test-file "$test_file" --max-iterations 1 \
      --repair-attempts 1 --llm "cmd:sh $root/bench/repair_answers.sh" > "$tmp/log" 2>&1 || true
    if [ -f "$tmp/out/repair.prompt" ]; then
      sizes="$sizes $(wc -c < "$tmp/out/repair.prompt")"
    else
      echo "repair_prompt_bench: no repair prompt for $cls ($strategy):" >&2
      tail -5 "$tmp/log" >&2
      sizes="$sizes 0"
    fi
  done
  rows="$rows$cls$sizes"$'\n'
done
report=$(python3 "$root/bench/ratio_table.py" "$rows" range "no repair prompt")
echo "$report"
if [ -n "$write" ]; then
  python3 "$root/bench/write_section.py" "$root/docs/benchmarks.md" "repair-prompt-size" "$(cat <<MD
## Repair prompt size: \`focused\` against the paper's \`panta\`

Command: \`bench/repair_prompt_bench.sh --write\` (\`panta generate\` with a scripted answer,
bench/repair_answers.sh, that writes one test with a wrong expectation for an expression of the
class; the repair prompt that follows is measured in characters; \`--max-iterations 1
--repair-attempts 1\`, a new test file). \`panta\`'s repair prompt shows the whole source file,
\`focused\`'s the source sliced to the methods the failing test calls and those these call.

$report
MD
)"
fi
