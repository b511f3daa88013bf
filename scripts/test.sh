#!/bin/sh
# Build with AddressSanitizer + UndefinedBehaviorSanitizer, warnings as
# errors, and run every test (unit, scenario golden files, command line).
# -O1, as the sanitizers' authors advise: the simulations that most tests
# run take half the time they take at -O0, every check still made.
set -eu
cd "$(dirname "$0")/.."
CC=${CC:-gcc}
export CC
cmake -S . -B "build-asan-$CC" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O1" -DFRAY_SANITIZE=ON -DFRAY_WERROR=ON >/dev/null
cmake --build "build-asan-$CC"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
cd "build-asan-$CC"
# one test more than the cores: the browser, terminal and crash tests
# spend much of their time waiting (Chromium, tmux, a killed session),
# and a third test fills that time
ctest --output-on-failure -j "$(( $(nproc) + 1 ))"
