#!/usr/bin/env bash
# Fetches into the local Maven repository what Panta's own Maven calls and the Maven test
# fixtures need, so that builds and tests then run Maven offline: the plugins Panta runs to
# resolve a project (pinned in src/project/maven_tool.cc), the fixtures' dependencies and the
# JUnit launchers and engines Panta adds to them, what `mvn test` with JaCoCo 0.8.15 needs
# on the fixtures (tests/unit/maven_fixtures_test.cc), and the build formatters of
# tests/fixtures/formatters (tests/unit/build_format_test.cc). Called by scripts/setup.sh with a
# scratch folder; online.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$1
mvn_online=(mvn -B -q -Dstyle.color=never)
help=org.apache.maven.plugins:maven-help-plugin:3.5.1
dependency=org.apache.maven.plugins:maven-dependency-plugin:3.9.0

"${mvn_online[@]}" "$help:evaluate" -Dexpression=settings.localRepository -DforceStdout >/dev/null
mkdir -p "$work/projects"
cp -r "$root/examples/shop" "$work/projects/shop"
cp -r "$root/tests/fixtures/maven" "$work/projects/fixtures"
for project in shop fixtures; do
  (cd "$work/projects/$project" && "${mvn_online[@]}" \
    "$help:effective-pom" -Doutput="$work/$project-effective.xml" \
    "$dependency:collect" -DincludeScope=test -DoutputFile="$work/$project-collect.txt" >/dev/null)
done
# What Panta adds: the launchers of the fixtures' JUnit Platforms, Vintage engines for JUnit 4
# (the shop's tests add one of JUnit 4.13.2), the shop's own test jars.
for artifact in org.junit.platform:junit-platform-launcher:1.9.2 \
                org.junit.vintage:junit-vintage-engine:5.9.2 junit:junit:4.13.2 \
                org.junit.jupiter:junit-jupiter:5.9.2 \
                org.junit.platform:junit-platform-launcher:1.14.1 \
                org.junit.platform:junit-platform-launcher:6.0.1 \
                org.junit.vintage:junit-vintage-engine:6.0.3 \
                org.junit.platform:junit-platform-launcher:6.0.3; do
  "${mvn_online[@]}" "$dependency:get" -Dartifact="$artifact" >/dev/null
done
# The fixtures' own build and tests, measured as the tests measure them.
(cd "$work/projects/fixtures" && "${mvn_online[@]}" \
  org.jacoco:jacoco-maven-plugin:0.8.15:prepare-agent test \
  org.jacoco:jacoco-maven-plugin:0.8.15:report >/dev/null)
# The plain JUnit 4 fixture, measured through its maven-pom.xml (Surefire's JUnit 4 provider).
plain="$work/projects/plain-junit4"
cp -r "$root/tests/fixtures/plain-junit4" "$plain"
(cd "$plain" && "${mvn_online[@]}" -f maven-pom.xml \
  org.jacoco:jacoco-maven-plugin:0.8.15:prepare-agent test \
  org.jacoco:jacoco-maven-plugin:0.8.15:report >/dev/null)
# The defects fixture, built and tested as tests/unit/defects_cli_test.cc does (`mvn -o test`).
# It has no test of its own: one is added, so that Surefire resolves its JUnit Platform provider.
cp -r "$root/tests/fixtures/projects/defects" "$work/projects/defects"
mkdir -p "$work/projects/defects/src/test/java/demo"
printf 'package demo;\nclass PostageTest {\n  @org.junit.jupiter.api.Test\n  void t() {}\n}\n' \
  > "$work/projects/defects/src/test/java/demo/PostageTest.java"
(cd "$work/projects/defects" && "${mvn_online[@]}" test >/dev/null)
# The Java 21 fixture, which the reactor takes only on a JDK 21 or newer (Temurin 25 here).
jdk25=/usr/lib/jvm/temurin-25-jdk-amd64
if [ -x "$jdk25/bin/javac" ]; then
  (cd "$work/projects/fixtures/java21" && JAVA_HOME=$jdk25 "${mvn_online[@]}" \
    org.jacoco:jacoco-maven-plugin:0.8.15:prepare-agent test \
    org.jacoco:jacoco-maven-plugin:0.8.15:report >/dev/null)
fi
# The build formatters' fixtures: spring-javaformat validates in `mvn test`; Spotless (with the
# google-java-format it downloads as it runs) checks and applies.
cp -r "$root/tests/fixtures/formatters" "$work/projects/formatters"
(cd "$work/projects/formatters/javaformat" && "${mvn_online[@]}" test >/dev/null)
(cd "$work/projects/formatters/spotless" && "${mvn_online[@]}" spotless:check spotless:apply test >/dev/null)
