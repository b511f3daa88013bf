#!/bin/sh
# Fuzz with libFuzzer: every harness fuzz/<name>_fuzz.c (load: encounter
# files; dice: dice expressions; dicelist: --dice lists; odds: fray odds
# parameters) for SECONDS each (default 60), or only NAME. Each starts from
# fuzz/corpus/<name>/ (the loader also from tests/data/bad and examples);
# new crashers land in fuzz/. Needs clang and libclang-rt-14-dev, which
# scripts/setup.sh installs.
#   scripts/fuzz.sh [SECONDS] [NAME]
set -eu
cd "$(dirname "$0")/.."
secs=${1:-60}
only=${2:-}
# optimised with the sanitizers: about four times the inputs a second of -O0
CC=clang cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFRAY_SANITIZE=ON -DFRAY_FUZZ=ON >/dev/null
for src in fuzz/*_fuzz.c; do
    name=$(basename "$src" _fuzz.c)
    [ -z "$only" ] || [ "$only" = "$name" ] || continue
    cmake --build build-fuzz --target "fuzz_$name" >/dev/null
    work=$(mktemp -d)
    cp fuzz/corpus/"$name"/* "$work"/ 2>/dev/null || true
    if [ "$name" = load ]; then cp tests/data/bad/*.json examples/*.json "$work"/; fi
    echo "fuzz: $name for $secs s"
    build-fuzz/"fuzz_$name" -max_total_time="$secs" -max_len=4096 -timeout=10 \
        -artifact_prefix=fuzz/ "$work" 2>&1 | grep -E "^#[0-9]+.*DONE|Done [0-9]+ runs|ERROR|SUMMARY" || true
    rm -rf "$work"
done
