#!/bin/sh
# ThreadSanitizer over fray sim with 4 threads on every example: builds
# build-tsan with clang (-fsanitize=thread, -O1 as its authors advise:
# a shorter compile in every test run) and fails on any report.
set -eu
cd "$(dirname "$0")/.."
CC=clang cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O1" \
    -DCMAKE_C_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" \
    -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread -DFRAY_LTO=OFF -DFRAY_TESTS=OFF >/dev/null
cmake --build build-tsan --target fray >/dev/null
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"
n=0
for ex in examples/*.json; do
    side=$(jq -r '.combatants[0].side' "$ex")
    for pol in "" "--policy $side=random"; do
        # shellcheck disable=SC2086
        if ! build-tsan/fray sim "$ex" -n 200 --threads 4 --seed 3 $pol --json >/dev/null 2>build-tsan/err.txt; then
            echo "tsan: $ex $pol:"; head -30 build-tsan/err.txt; exit 1
        fi
        if grep -q "ThreadSanitizer" build-tsan/err.txt; then
            echo "tsan: $ex $pol:"; head -30 build-tsan/err.txt; exit 1
        fi
        n=$((n + 1))
    done
done
echo "tsan: $n sims on 4 threads, no report"
echo "$n passed, 0 failed"
