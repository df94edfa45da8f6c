#!/usr/bin/env bash
# Makes OUT/panta-runner.jsa, a class-data sharing archive of the JVM helper (JDK's AppCDS):
# the classes a helper loads to compile and run tests (the helper's own, javac's) parsed and
# verified once here instead of at every helper start. Called by java-runner/CMakeLists.txt
# after build.sh. A helper started with it begins and compiles its first tests sooner; a JVM
# that cannot use it (another JDK, a moved jar) ignores it (panta starts it with -Xshare:auto).
# Never fails the build: when the archive cannot be made it says so and leaves none.
#   usage: cds.sh OUT JAVA
set -uo pipefail
out=$(cd "$1" && pwd)
java=${2:-java}
jar="$out/panta-runner.jar"
archive="$out/panta-runner.jsa"
work="$out/java-runner/cds"
rm -rf "$work" "$archive" && mkdir -p "$work/main"
stack=$(paste -sd, "$out/test-stack/classpath.txt" | sed 's/,/","/g')

# A training run: compile a class and its test, run the test with coverage, as panta does.
cat > "$work/requests.jsonl" <<EOF
{"id":1,"op":"ping"}
{"id":2,"op":"compile","output_dir":"$work/main","sources":[{"path":"p/Calc.java","text":"package p;\npublic class Calc {\n  public int abs(int x) {\n    if (x < 0) return -x;\n    return x;\n  }\n}\n"}]}
{"id":3,"op":"compile","unit":"tests","classpath":["$work/main","$stack"],"sources":[{"path":"p/CalcTest.java","text":"package p;\nimport static org.junit.jupiter.api.Assertions.assertEquals;\nimport org.junit.jupiter.api.Test;\nclass CalcTest {\n  @Test\n  void negative() {\n    assertEquals(2, new Calc().abs(-2));\n  }\n}\n"}]}
{"id":4,"op":"run","tests":["p.CalcTest"],"classpath":["$work/main","$stack"],"units":["tests"],"coverage_classes":["p.Calc"],"coverage_store":"s","coverage_store_reset":true}
EOF
flags=(-XX:+UseSerialGC -Xss4m -Xlog:disable -Xlog:all=warning:stderr)
if ! (cd "$work" && "$java" "${flags[@]}" -XX:DumpLoadedClassList="$work/classes.lst" -jar "$jar" \
        < requests.jsonl > answers.jsonl 2> training.log) ||
   ! grep -q '"id":4,"ok":true' "$work/answers.jsonl"; then
  echo "java-runner: no class-data sharing archive (the training run failed: $work)"
  exit 0
fi
if ! "$java" "${flags[@]}" -Xshare:dump -XX:SharedClassListFile="$work/classes.lst" \
       -XX:SharedArchiveFile="$archive" -jar "$jar" > "$work/dump.log" 2>&1; then
  rm -f "$archive"
  echo "java-runner: no class-data sharing archive (java -Xshare:dump failed: $work/dump.log)"
fi
exit 0
