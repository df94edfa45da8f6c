#!/usr/bin/env bash
# Installs everything Panta needs to build and test, idempotently:
# Debian packages (only the missing ones) and the pinned tree-sitter-java grammar
# from the npm registry (unpacked under third_party/, never committed).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

debs=(
  build-essential cmake pkg-config clang-format
  libtree-sitter-dev nlohmann-json3-dev libcli11-dev libfmt-dev libgtest-dev libgmock-dev
  libtomlplusplus-dev libpugixml-dev libcurl4-openssl-dev libsqlite3-dev libkainjow-mustache-dev
  openjdk-17-jdk-headless junit4 junit5 libjacoco-java libasm-java libmockito-java
  libhamcrest-java libopentest4j-java libapiguardian-java
  python3 openssl libssl-dev bubblewrap
)
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

# tree-sitter-java: pinned version and the npm registry's sha512 integrity of its tarball.
grammar_version=0.23.5
grammar_integrity="sha512-Yju7oQ0Xx7GcUT01mUglPP+bYfvqjNCGdxqigTnew9nLGoII42PNVP3bHrYeMxswiCRM0yubWmN5qk+zsg0zMA=="
dest="$root/third_party/tree-sitter-java"
if [ ! -f "$dest/.version" ] || [ "$(cat "$dest/.version")" != "$grammar_version" ]; then
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
  tar xzf "$tgz" -C "$dest" --strip-components=1 package/src package/LICENSE package/package.json
  echo "$grammar_version" > "$dest/.version"
  echo "setup: tree-sitter-java $grammar_version in third_party/"
fi

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
