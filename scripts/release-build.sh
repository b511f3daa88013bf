#!/bin/sh
# A plain release build of what a user installs (the fray program,
# libfray.so and libfray.a), for the tests that need one beside the
# suite's sanitized build: the install test installs it, the compilers
# test compares its fights with clang's. No tests, no link-time
# optimisation, no profile, no fray-mpi: a few compiles of each source,
# once per run.
#   scripts/release-build.sh CC DIR
set -eu
cc=${1:?usage: scripts/release-build.sh CC DIR}
dir=${2:?usage: scripts/release-build.sh CC DIR}
cd "$(dirname "$0")/.."
CC=$cc cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DFRAY_TESTS=OFF -DFRAY_MPI=OFF \
    -DFRAY_LTO=OFF >/dev/null
cmake --build "$dir" --target fray fray_shared fraylib >/dev/null
echo "release-build: $cc into $dir"
echo "1 passed, 0 failed"
