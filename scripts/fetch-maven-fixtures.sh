#!/usr/bin/env bash
# Fetches into the local Maven repository what Panta's own Maven calls and the Maven test
# fixtures need, so that tests run Maven offline: the plugins Panta runs to resolve a project
# (maven-help-plugin, maven-dependency-plugin, pinned in src/project/maven_resolver.cc). Called
# by scripts/setup.sh with a scratch folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$1
mvn_online=(mvn -B -q -Dstyle.color=never)
mkdir -p "$work/fixtures"
cp -r "$root/examples/shop" "$work/fixtures/shop"
(cd "$work/fixtures/shop" && "${mvn_online[@]}" \
  org.apache.maven.plugins:maven-help-plugin:3.5.1:effective-pom -Doutput="$work/effective.xml" \
  org.apache.maven.plugins:maven-dependency-plugin:3.9.0:collect -DoutputFile="$work/collect.txt" \
  org.apache.maven.plugins:maven-dependency-plugin:3.9.0:resolve -DincludeScope=test >/dev/null)
