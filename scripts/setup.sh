#!/usr/bin/env bash
# Installs everything Panta needs to build and test, idempotently:
# Debian packages (only the missing ones, Maven among them), the pinned tree-sitter-java grammar
# from the npm registry (unpacked under third_party/, never committed), and the pinned Maven
# Central artifacts of the JVM helper, its default test stack and the test fixtures (into the
# local Maven repository, so that builds and tests then run Maven offline).
#
# usage: scripts/setup.sh [--demo]
#   --demo: only what `make demo` needs to build and run the panta binary (no test tools, no
#   browser, no Gradle, no test fixtures): the rest comes with the next full setup (`make test`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
demo=false
[ "${1:-}" = "--demo" ] && demo=true

# What building and running panta needs.
debs=(
  build-essential cmake pkg-config
  libtree-sitter-dev nlohmann-json3-dev libcli11-dev libfmt-dev libgtest-dev libgmock-dev
  libtomlplusplus-dev libpugixml-dev libcurl4-openssl-dev libsqlite3-dev libkainjow-mustache-dev libalglib-dev
  openjdk-17-jdk-headless junit4 junit5 libjacoco-java libasm-java libmockito-java
  libhamcrest-java libopentest4j-java libapiguardian-java
  python3 openssl libssl-dev bubblewrap maven ccache patch
)
# What the tests need besides: gradle is Debian's 4.4.1, which the Gradle end-to-end test
# (tests/unit/gradle_test.cc) runs; chromium the HTML report's browser test; pandoc the man page
# the install test installs.
$demo || debs+=(clang-format gradle chromium pandoc)
# Node and npm may come from elsewhere than Debian (as on the reference machines).
command -v npm >/dev/null 2>&1 || debs+=(nodejs npm)
if [ -f "$root/java-runner/DEPENDENCIES.txt" ]; then
  while read -r d; do [ -n "$d" ] && debs+=("$d"); done < <(grep -v '^#' "$root/java-runner/DEPENDENCIES.txt")
fi
missing=()
for d in "${debs[@]}"; do
  dpkg-query -W -f='${Status}' "$d" 2>/dev/null | grep -q "install ok installed" || missing+=("$d")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" = 0 ] || sudo_cmd=sudo
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq -o DPkg::Lock::Timeout=600 "${missing[@]}" >/dev/null
fi

apt_s=$SECONDS
# tree-sitter-java: pinned version and the npm registry's sha512 integrity of its tarball. Its
# newest release (0.23.5, also the newest on PyPI and crates.io) does not parse qualified record
# patterns (`case Shape.Circle(var r) ->`), `case A _, B _ ->` or `case final T t`; upstream's fix
# is an unmerged pull request. So its grammar.js gets scripts/patches/tree-sitter-java-0.23.5.patch
# (three rules) and src/parser.c is generated again by the tree-sitter CLI of the version 0.23.5
# was generated with (0.24.7, from crates.io: npm's tree-sitter-cli downloads its binary from
# GitHub). Unpatched, that CLI reproduces the shipped parser.c byte for byte.
grammar_version=0.23.5
grammar_integrity="sha512-Yju7oQ0Xx7GcUT01mUglPP+bYfvqjNCGdxqigTnew9nLGoII42PNVP3bHrYeMxswiCRM0yubWmN5qk+zsg0zMA=="
grammar_patch="$root/scripts/patches/tree-sitter-java-$grammar_version.patch"
cli_version=0.24.7
dest="$root/third_party/tree-sitter-java"
stamp="$grammar_version $(sha256sum "$grammar_patch" | cut -d' ' -f1) cli $cli_version"
if [ ! -f "$dest/.version" ] || [ "$(cat "$dest/.version")" != "$stamp" ]; then
  # Built once per machine (a few minutes) and kept in the user's cache, as ~/.m2 keeps Maven's:
  # another clone reuses it.
  cli_root="${XDG_CACHE_HOME:-$HOME/.cache}/panta/tree-sitter-cli-$cli_version"
  cli="$cli_root/bin/tree-sitter"
  if [ ! -x "$cli" ]; then
    command -v cargo >/dev/null || { echo "setup: cargo (a current Rust, e.g. by rustup) is needed to build tree-sitter-cli" >&2; exit 1; }
    echo "setup: building tree-sitter-cli $cli_version from crates.io (once per machine; a few minutes)"
    cargo install --quiet --locked tree-sitter-cli --version "$cli_version" --root "$cli_root"
  fi
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "tree-sitter-java@$grammar_version" >/dev/null)
  tgz="$tmp/tree-sitter-java-$grammar_version.tgz"
  actual="sha512-$(openssl dgst -sha512 -binary "$tgz" | base64 -w0)"
  if [ "$actual" != "$grammar_integrity" ]; then
    echo "setup: tree-sitter-java $grammar_version tarball integrity mismatch ($actual)" >&2
    exit 1
  fi
  rm -rf "$dest" && mkdir -p "$dest"
  tar xzf "$tgz" -C "$dest" --strip-components=1 package/src package/LICENSE package/package.json \
    package/grammar.js
  (cd "$dest" && patch --quiet -p1 < "$grammar_patch" && "$cli" generate)
  echo "$stamp" > "$dest/.version"
  echo "setup: tree-sitter-java $grammar_version, patched, generated in third_party/"
fi

grammar_s=$((SECONDS - apt_s))
# The tests' tools; `--demo` stops here after the helper's Maven artifacts (below).
if ! $demo; then
  # Python tools of the build and the tests (lizard, for the code size check), pinned with hashes.
  venv="$root/third_party/venv"
  requirements="$root/scripts/requirements-tools.txt"
  if ! cmp -s "$requirements" "$venv/.requirements" 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check --require-hashes -r "$requirements"
    cp "$requirements" "$venv/.requirements"
    echo "setup: Python tools in third_party/venv"
  fi

  # The browser test of the HTML report: playwright-core from the npm registry, pinned by
  # tests/browser/package-lock.json, driving Debian's chromium (above); no browser is downloaded.
  browser="$root/third_party/browser-tests"
  if ! cmp -s "$root/tests/browser/package-lock.json" "$browser/package-lock.json" 2>/dev/null; then
    rm -rf "$browser" && mkdir -p "$browser"
    cp "$root/tests/browser/package.json" "$root/tests/browser/package-lock.json" "$browser/"
    if ! (cd "$browser" && npm ci --ignore-scripts --no-audit --no-fund --silent); then
      rm -rf "$browser"  # tried again by the next setup
      echo "setup: could not install playwright-core from the npm registry" >&2
      exit 1
    fi
    echo "setup: playwright-core for the browser test in third_party/browser-tests"
  fi
fi

# Maven Central artifacts, pinned by the poms: fetched once per change of those poms (a stamp
# holds their hash). Without network this fails: the build then says what it could not resolve
# and falls back to Debian's jars. First what the JVM helper, its test stack and PIT need (all
# `make demo` needs: Panta's own Maven calls fetch the example's), then the tests' fixtures.
maven_start=$SECONDS
mvn_online=(mvn -B -q -Dstyle.color=never)
fetch_maven() {  # stamp-name, then the poms and scripts that decide what it fetches, "--", commands
  local stamp="$root/third_party/$1" hash inputs=() log
  shift
  while [ "$1" != "--" ]; do inputs+=("$1"); shift; done
  shift
  hash=$(cat "${inputs[@]}" | openssl dgst -sha256 | awk '{print $NF}')
  [ "$(cat "$stamp" 2>/dev/null)" = "$hash" ] && return 0
  log=$(mktemp)
  if "$@" > "$log" 2>&1; then
    mkdir -p "$root/third_party" && echo "$hash" > "$stamp"
    echo "setup: pinned Maven Central artifacts in the local repository ($(basename "$stamp"))"
  else
    grep -m3 -E 'ERROR|error' "$log" >&2 || true
    echo "setup: could not fetch the pinned Maven Central artifacts (offline?); the build falls back to Debian's jars" >&2
  fi
  rm -f "$log"
}
fetch_helper() {
  local tmp rc=0
  tmp=$(mktemp -d)
  "${mvn_online[@]}" -f "$root/java-runner/pom.xml" package -Dpanta.build.dir="$tmp/runner" \
    && "${mvn_online[@]}" -f "$root/java-runner/stack/pom.xml" dependency:copy-dependencies \
         -DoutputDirectory="$tmp/stack" \
    && "${mvn_online[@]}" -f "$root/java-runner/pitest/pom.xml" dependency:copy-dependencies \
         -DoutputDirectory="$tmp/pitest" \
    && "${mvn_online[@]}" -f "$root/java-runner/tests/tools/pom.xml" \
         dependency:copy-dependencies -DoutputDirectory="$tmp/tools" || rc=$?
  rm -rf "$tmp"
  return $rc
}
fetch_fixtures() {
  local tmp rc=0
  tmp=$(mktemp -d)
  bash "$root/scripts/fetch-maven-fixtures.sh" "$tmp" || rc=$?
  rm -rf "$tmp"
  return $rc
}
helper_poms=("$root/java-runner/pom.xml" "$root/java-runner/stack/pom.xml"
             "$root/java-runner/pitest/pom.xml" "$root/java-runner/tests/tools/pom.xml"
             "$root/scripts/setup.sh")
fetch_maven maven-fetched-helper "${helper_poms[@]}" -- fetch_helper
# How long each phase took (make demo's timing in docs/benchmarks.md reads these).
timing() {
  echo "setup: Debian packages ${apt_s} s, grammar ${grammar_s} s, Maven Central artifacts $((SECONDS - maven_start)) s"
}
if $demo; then timing; exit 0; fi
fixture_inputs=("$root/scripts/fetch-maven-fixtures.sh" "$root/examples/shop/pom.xml"
                "$root/tests/fixtures/projects/defects/pom.xml")
while IFS= read -r pom; do fixture_inputs+=("$pom"); done < <(find "$root/tests/fixtures/maven" \
  "$root/tests/fixtures/plain-junit4" "$root/tests/fixtures/formatters" -name "*pom.xml" | sort)
fetch_maven maven-fetched-fixtures "${fixture_inputs[@]}" -- fetch_fixtures
timing
