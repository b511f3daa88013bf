#!/bin/sh
# Build a release and install fray under PREFIX (default /usr/local):
# bin/fray, lib/libfray.so (and .a), include/fray.h, the pkg-config file
# and CMake package, the man page and share/fray/data.
#   scripts/install.sh [PREFIX]
set -eu
cd "$(dirname "$0")/.."
prefix=${1:-/usr/local}
cmake -S . -B build-release -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" >/dev/null
cmake --build build-release
cmake --install build-release
echo "installed under $prefix: try 'fray run <encounter>' and 'man fray'"
