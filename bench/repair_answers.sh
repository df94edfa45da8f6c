#!/bin/sh
# The scripted model of bench/repair_prompt_bench.sh: to a generate prompt, one test that
# compares $BENCH_EXPR with a value it cannot have (so it fails and Panta asks for a repair);
# to a repair prompt, keeps the prompt in $BENCH_OUT/repair.prompt and answers with no test.
# usage: BENCH_OUT=DIR BENCH_EXPR=EXPR panta generate ... --llm "cmd:sh bench/repair_answers.sh"
if [ "$PANTA_PROMPT_KIND" = "repair" ]; then
  cat > "${BENCH_OUT:?}/repair.prompt"
  printf '```java\n```\n'
  exit 0
fi
cat > /dev/null
cat <<EOF
\`\`\`java
@Test
public void aWrongExpectation() {
  Object actual = ${BENCH_EXPR:?};
  if (!"not this value".equals(String.valueOf(actual))) {
    throw new AssertionError("expected: <not this value> but was: <" + actual + ">");
  }
}
\`\`\`
EOF
