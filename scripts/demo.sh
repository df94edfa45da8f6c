#!/usr/bin/env bash
# `make demo`: runs Panta's main job on the bundled example project. Until the generation
# loop exists that job is the static path analysis of the example's main sources.
set -euo pipefail
panta=${1:-build/panta}
root=$(cd "$(dirname "$0")/.." && pwd)
example="$root/examples/shop/src/main/java"
echo "panta analyze examples/shop/src/main/java   (static paths, Algorithm 1)"
echo
cd "$root"
"$panta" analyze examples/shop/src/main/java
