#!/bin/sh
# Configure and build fray (release with debug information, -O3, link-time
# optimisation) into build/.
#   scripts/build.sh             the fray program alone: what a first fight needs
#   scripts/build.sh TARGET...   those targets of build/ (bench_sim, fray_shared...)
#   scripts/build.sh --pgo [TARGET...]
#                                everything but the tests (or those targets),
#                                with profile-guided optimisation
#                                (docs/sim.md, "Building for speed"):
#   1. build/pgo-gen: a `fray` (and bench_sim, for the engine floor) that
#      records, as it runs, which way each branch goes (only rebuilt where
#      the sources changed);
#   2. when that program is newer than the profile, bench/pgo-train.sh
#      runs it over the examples into build/pgo-data (about a minute);
#   3. build/: compiled with that profile.
# The benchmarks' figures (bench/, docs/sim.md) are those of --pgo. The
# test suite has a build of its own (scripts/test.sh).
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
pgo=0
case "${1:-}" in
    --pgo) pgo=1; shift ;;
    -h|--help) sed -n '2,17s/^# \{0,1\}//p' "$0"; exit 0 ;;
esac
# FRAY_PGO=1 in the environment asks for the profile too (older docs' way)
[ "${FRAY_PGO:-0}" = 1 ] && pgo=1
if [ $pgo = 0 ]; then
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFRAY_PGO= -DFRAY_TESTS=OFF >/dev/null
    if [ $# = 0 ]; then set -- fray; fi
    cmake --build build --target "$@"
    exit
fi
data=$top/build/pgo-data
cmake -S . -B build/pgo-gen -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFRAY_PGO=generate \
    -DFRAY_PGO_DIR="$data" -DFRAY_TESTS=OFF >/dev/null
cmake --build build/pgo-gen --target fray bench_sim
if [ ! -e "$data/trained.stamp" ] || [ build/pgo-gen/fray -nt "$data/trained.stamp" ] ||
    [ build/pgo-gen/bench_sim -nt "$data/trained.stamp" ]; then
    echo "training the profile (bench/pgo-train.sh)"
    rm -rf "$data"
    mkdir -p "$data"
    bench/pgo-train.sh build/pgo-gen/fray build/pgo-gen/bench_sim
    touch "$data/trained.stamp"
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFRAY_PGO=use -DFRAY_PGO_DIR="$data" \
    -DFRAY_TESTS=OFF >/dev/null
cmake --build build ${1:+--target "$@"}
