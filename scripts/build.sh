#!/bin/sh
# Configure and build fray (release with debug info) into build/, with
# profile-guided optimisation (docs/sim.md, "Building for speed"):
#   1. build/pgo-gen: a `fray` (and bench_sim, for the engine floor) that
#      records, as it runs, which way each branch goes (only rebuilt where
#      the sources changed);
#   2. when that program is newer than the profile, bench/pgo-train.sh
#      runs it over the examples into build/pgo-data;
#   3. build/: everything, compiled with that profile.
# FRAY_PGO=0 scripts/build.sh builds build/ without a profile.
# scripts/build.sh TARGET... builds only those targets of build/ (fray).
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
if [ "${FRAY_PGO:-1}" = 0 ]; then
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFRAY_PGO= >/dev/null
    cmake --build build ${1:+--target "$@"}
    exit
fi
data=$top/build/pgo-data
cmake -S . -B build/pgo-gen -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFRAY_PGO=generate \
    -DFRAY_PGO_DIR="$data" >/dev/null
cmake --build build/pgo-gen --target fray bench_sim
if [ ! -e "$data/trained.stamp" ] || [ build/pgo-gen/fray -nt "$data/trained.stamp" ] ||
    [ build/pgo-gen/bench_sim -nt "$data/trained.stamp" ]; then
    echo "training the profile (bench/pgo-train.sh)"
    rm -rf "$data"
    mkdir -p "$data"
    bench/pgo-train.sh build/pgo-gen/fray build/pgo-gen/bench_sim
    touch "$data/trained.stamp"
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFRAY_PGO=use -DFRAY_PGO_DIR="$data" >/dev/null
cmake --build build ${1:+--target "$@"}
