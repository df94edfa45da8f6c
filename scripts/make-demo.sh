#!/usr/bin/env bash
# `make demo`: installs only what the demo needs (scripts/setup.sh --demo), builds only the
# panta binary and what it runs (the JVM helper's jars, the prompts), then runs scripts/demo.sh.
# Says how long each phase took.
# usage: scripts/make-demo.sh BUILD_DIR JOBS
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
jobs=${2:-$(nproc)}
cd "$root"
start=$SECONDS
bash scripts/setup.sh --demo
setup_s=$((SECONDS - start))
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$jobs" --target panta panta_runner_jar
build_s=$((SECONDS - start - setup_s))
bash scripts/demo.sh "$build/panta"
demo_s=$((SECONDS - start - setup_s - build_s))
echo
echo "make demo: set-up ${setup_s} s, build ${build_s} s, demo ${demo_s} s"
