#!/usr/bin/env bash
# Builds Panta's JVM helper into OUT (CMake's binary folder); called by java-runner/CMakeLists.txt.
#
#   OUT/panta-runner.jar        the helper, JaCoCo core 0.8.15, ASM and Gson shaded inside
#   OUT/panta-runner-junit.jar  the JUnit bridge, loaded beside the project's own JUnit
#   OUT/test-stack/             Panta's default test stack (java-runner/stack/pom.xml):
#                               the jars, classpath.txt (one per line) and origin ("maven")
#   OUT/jacocoagent.jar         the JaCoCo agent of the same version (for the runner tests)
#   OUT/pitest/                 PIT and its JUnit 5 plugin (java-runner/pitest/pom.xml), for
#                               `panta mutate`: the jars and classpath.txt (none from Debian)
#   OUT/java-runner/test-tools/ what the runner tests need besides (classpath.txt)
#
# With Maven and the pinned artifacts in the local repository (`make setup` fetches them), the
# build is offline. When Maven cannot resolve them, it says so in one line, naming the first
# artifact it could not resolve, and builds against Debian's jars instead (JaCoCo 0.8.6,
# JUnit 5.9, Mockito 2.23; nothing shaded; origin "debian").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$1
java_lib=${2:-/usr/share/java}
work="$out/java-runner/maven"
log="$out/java-runner/maven.log"
mkdir -p "$out/java-runner"

maven_build() {
  command -v mvn >/dev/null 2>&1 || { echo "mvn is not installed" > "$log"; return 1; }
  local mvn=(mvn -B -o -Dstyle.color=never)
  "${mvn[@]}" -q -f "$here/pom.xml" package -Dpanta.build.dir="$work" > "$log" 2>&1 || return 1
  rm -rf "$out/test-stack.new" "$out/java-runner/test-tools.new"
  "${mvn[@]}" -q -f "$here/stack/pom.xml" dependency:copy-dependencies \
    -DoutputDirectory="$out/test-stack.new" >> "$log" 2>&1 || return 1
  "${mvn[@]}" -q -f "$here/tests/tools/pom.xml" dependency:copy-dependencies \
    -DoutputDirectory="$out/java-runner/test-tools.new" >> "$log" 2>&1 || return 1
  rm -rf "$out/pitest.new"
  "${mvn[@]}" -q -f "$here/pitest/pom.xml" dependency:copy-dependencies \
    -DoutputDirectory="$out/pitest.new" >> "$log" 2>&1 || return 1
  cp "$work/panta-runner-0.1.0-helper.jar" "$out/panta-runner.jar"
  cp "$work/panta-runner-0.1.0-junit.jar" "$out/panta-runner-junit.jar"
  install_folder "$out/test-stack.new" "$out/test-stack" maven
  local tools="$out/java-runner/test-tools.new"
  cp "$tools"/org.jacoco.agent-*-runtime.jar "$out/jacocoagent.jar"
  install_folder "$tools" "$out/java-runner/test-tools" maven
  install_folder "$out/pitest.new" "$out/pitest" maven
}

# Moves the folder of jars `from` to `to` with classpath.txt (its jars, sorted) and origin.
install_folder() {
  local from=$1 to=$2 origin=$3
  ls "$from"/*.jar | sort > "$from/classpath.txt"
  sed -i "s|^$from/|$to/|" "$from/classpath.txt"
  echo "$origin" > "$from/origin"
  rm -rf "$to" && mv "$from" "$to"
}

# The first artifact Maven could not resolve, from its log, or its first error line.
unresolved() {
  local what
  what=$(grep -oE "(artifact|Artifact|plugin|Plugin) [^ ]+:[^ ]+:[^ ]+" "$log" | head -1 || true)
  [ -n "$what" ] || what=$(grep -m1 -E '\[ERROR\]|not installed' "$log" | sed 's/\[ERROR\] *//' || true)
  echo "${what:-unknown (see $log)}"
}

debian_jars() {
  local jars=()
  for j in "$@"; do jars+=("$java_lib/$j.jar"); done
  (IFS=:; echo "${jars[*]}")
}

# A manifest's Class-Path of Debian jars, one continuation line each (lines are length-limited).
class_path() {
  printf 'Class-Path: %s' "$java_lib/$1.jar"
  shift
  for j in "$@"; do printf '\n  %s' "$java_lib/$j.jar"; done
  printf '\n'
}

debian_build() {
  local classes="$out/java-runner/debian-classes" bridge="$out/java-runner/debian-bridge"
  local libs=(gson org.jacoco.core asm asm-commons asm-tree asm-analysis)
  local junit=(junit-platform-launcher junit-platform-engine junit-platform-commons opentest4j
               apiguardian-api)
  local sources=() bridge_sources=()
  while IFS= read -r f; do sources+=("$f"); done < <(find "$here/src/main/java" -name '*.java' -not -path '*/runner/junit/*')
  while IFS= read -r f; do bridge_sources+=("$f"); done < <(find "$here/src/main/java/org/panta/runner/junit" -name '*.java')
  rm -rf "$classes" "$bridge" && mkdir -p "$classes" "$bridge"
  javac --release 17 -encoding UTF-8 -Xlint:all,-path -Werror -cp "$(debian_jars "${libs[@]}")" \
    -d "$classes" "${sources[@]}"
  javac --release 17 -encoding UTF-8 -Xlint:all,-path -Werror \
    -cp "$classes:$(debian_jars "${libs[@]}" "${junit[@]}")" -d "$bridge" "${bridge_sources[@]}"
  { printf 'Manifest-Version: 1.0\nMain-Class: org.panta.runner.Main\n'; class_path "${libs[@]}"; } \
    > "$out/java-runner/MANIFEST.MF"
  jar --create --file "$out/panta-runner.jar" --manifest "$out/java-runner/MANIFEST.MF" -C "$classes" .
  jar --create --file "$out/panta-runner-junit.jar" -C "$bridge" .
  mkdir -p "$out/test-stack.new"
  for j in junit-jupiter-api junit-jupiter-engine junit-jupiter-params junit-vintage-engine \
           junit-platform-launcher junit-platform-engine junit-platform-commons junit4 hamcrest \
           opentest4j apiguardian-api mockito-core byte-buddy byte-buddy-agent objenesis; do
    echo "$java_lib/$j.jar"
  done > "$out/test-stack.new/classpath.txt"
  echo debian > "$out/test-stack.new/origin"
  rm -rf "$out/test-stack" && mv "$out/test-stack.new" "$out/test-stack"
  { printf 'Manifest-Version: 1.0\nPremain-Class: org.jacoco.agent.rt.internal.PreMain\n'
    class_path org.jacoco.agent.rt org.jacoco.core asm asm-commons asm-tree asm-analysis; } \
    > "$out/java-runner/AGENT.MF"
  jar --create --file "$out/jacocoagent.jar" --manifest "$out/java-runner/AGENT.MF"
  mkdir -p "$out/java-runner/test-tools"
  for j in org.jacoco.core asm asm-commons asm-tree asm-analysis junit-platform-console-standalone; do
    echo "$java_lib/$j.jar"
  done > "$out/java-runner/test-tools/classpath.txt"
  echo debian > "$out/java-runner/test-tools/origin"
}

if maven_build; then
  exit 0
fi
echo "java-runner: Maven could not resolve $(unresolved) offline (run \`make setup\` online);" \
     "building against Debian's jars instead (JaCoCo 0.8.6, JUnit 5.9, Mockito 2.23)"
debian_build
