#!/bin/sh
# The same fights whatever the compiler: gcc and clang builds give
# byte-identical `fray run --json` and `fray sim --json` (less its
# "timing") on every example, with the policy and with random play.
set -eu
cd "$(dirname "$0")/.."
# In the test suite, the gcc side is the suite's own build (gcc, -O1, the
# sanitizers: FRAY_GCC_FRAY) and the clang side the release build ctest's
# fixture makes once a run (FRAY_RELEASE_CLANG): two compilers, two
# optimisation levels. Run alone, this script makes release builds with
# both compilers and compares those.
fray_clang=${FRAY_RELEASE_CLANG:+$FRAY_RELEASE_CLANG/fray}
fray_gcc=${FRAY_GCC_FRAY:-}
if [ -z "$fray_gcc" ]; then
    sh scripts/release-build.sh gcc build-cmp-gcc >/dev/null
    fray_gcc=build-cmp-gcc/fray
fi
if [ -z "$fray_clang" ]; then
    sh scripts/release-build.sh clang build-cmp-clang >/dev/null
    fray_clang=build-cmp-clang/fray
fi
fray_of() { if [ "$1" = gcc ]; then echo "$fray_gcc"; else echo "$fray_clang"; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
for ex in examples/*.json; do
    side=$(jq -r '.combatants[0].side' "$ex")
    for pol in "" "--policy $side=random"; do
        for cc in gcc clang; do
            # shellcheck disable=SC2086
            "$(fray_of $cc)" run "$ex" --seed 11 $pol --json >"$tmp/run-$cc"
            # shellcheck disable=SC2086
            "$(fray_of $cc)" sim "$ex" -n 200 --seed 11 $pol --json | jq -S 'del(.timing)' >"$tmp/sim-$cc"
        done
        for what in run sim; do
            if cmp -s "$tmp/$what-gcc" "$tmp/$what-clang"; then n=$((n + 1)); else
                echo "compilers: $ex $pol: $what differs between gcc and clang"; bad=$((bad + 1)); fi
        done
    done
done
echo "compilers: gcc and clang agree on $n outputs"
echo "$n passed, $bad failed"
[ $bad = 0 ]
