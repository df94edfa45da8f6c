#!/usr/bin/env bash
# The install and the Debian package (issue 29): `cmake --install` into a scratch prefix, then
# the package `cpack` makes, each running `panta --version` and the demo's coverage step on a
# copy of the example. The package is installed with dpkg when PANTA_TEST_DPKG=1 (CI sets it;
# it needs root and is removed afterwards), else unpacked with dpkg-deb; its Depends are checked.
# usage: tests/install/install_test.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$(realpath "$1") src=$(realpath "$2") work=$(realpath -m "$3")
rm -rf "$work" && mkdir -p "$work"

# The demo's coverage step with an installed panta: the example's CartTest, with coverage.
coverage_step() {
  local panta=$1 name=$2
  rm -rf "$work/shop-$name" && cp -r "$src/examples/shop" "$work/shop-$name"
  rm -rf "$work/shop-$name/.panta" "$work/shop-$name/demo"
  local out
  out=$("$panta" coverage --project "$work/shop-$name" --class org.example.shop.Cart 2>"$work/$name.err") || {
    echo "FAIL: coverage with the $name panta:"; cat "$work/$name.err"; exit 1; }
  grep -q "org.example.shop.Cart" <<<"$out" || { echo "FAIL: $name coverage printed: $out"; exit 1; }
  echo "ok: $name coverage: $(grep -m1 'org.example.shop.Cart' <<<"$out")"
}

cmake --install "$build" --prefix "$work/prefix" >"$work/install.log"
prefix_panta="$work/prefix/bin/panta"
"$prefix_panta" --version | grep -qx "panta [0-9.]*" || { echo "FAIL: --version"; exit 1; }
for f in share/panta/panta-runner.jar share/panta/prompts share/panta/test-stack/classpath.txt \
         share/panta/pitest/classpath.txt; do
  [ -e "$work/prefix/$f" ] || { echo "FAIL: $f not installed"; exit 1; }
done
if grep -q "$build" "$work/prefix/share/panta/test-stack/classpath.txt"; then
  echo "FAIL: the installed test stack names the build folder"; exit 1
fi
# The installed tree works without the build folder: moved elsewhere, it finds its files.
mv "$work/prefix" "$work/moved"
coverage_step "$work/moved/bin/panta" prefix

(cd "$build" && cpack -G DEB -B "$work/package" >"$work/cpack.log" 2>&1) || {
  echo "FAIL: cpack"; tail -20 "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/package/*.deb)
depends=$(dpkg-deb --field "$deb" Depends)
for needed in bubblewrap maven openjdk-17-jdk-headless libtree-sitter0; do
  grep -q "$needed" <<<"$depends" || { echo "FAIL: Depends lacks $needed: $depends"; exit 1; }
done
echo "ok: $(basename "$deb") depends on $depends"
if [ "${PANTA_TEST_DPKG:-}" = 1 ] && [ "$(id -u)" = 0 ] && ! dpkg-query -W panta >/dev/null 2>&1; then
  trap 'dpkg -r panta >/dev/null 2>&1 || true' EXIT
  dpkg -i "$deb" >"$work/dpkg.log" 2>&1 || { echo "FAIL: dpkg -i"; cat "$work/dpkg.log"; exit 1; }
  /usr/bin/panta --version | grep -qx "panta [0-9.]*" || { echo "FAIL: installed --version"; exit 1; }
  if [ -f "$build/panta.1" ] && ! ls /usr/share/man/man1/panta.1* >/dev/null 2>&1; then
    echo "FAIL: no man page installed"; exit 1
  fi
  coverage_step /usr/bin/panta package
else
  dpkg-deb -x "$deb" "$work/unpacked"
  coverage_step "$work/unpacked/usr/bin/panta" package
fi
