#!/bin/sh
# Fuzz the encounter loader for SECONDS (default 60) with libFuzzer, starting
# from fuzz/corpus, tests/data/bad and examples; new crashers land in fuzz/.
# Needs clang and libclang-rt-14-dev (apt-get install libclang-rt-14-dev).
set -eu
cd "$(dirname "$0")/.."
secs=${1:-60}
CC=clang cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug -DFRAY_SANITIZE=ON -DFRAY_FUZZ=ON >/dev/null
cmake --build build-fuzz --target fuzz_load
work=$(mktemp -d)
cp fuzz/corpus/* tests/data/bad/*.json examples/*.json "$work"/ 2>/dev/null || true
build-fuzz/fuzz_load -max_total_time="$secs" -max_len=4096 -artifact_prefix=fuzz/ "$work"
