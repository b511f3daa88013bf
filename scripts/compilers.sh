#!/bin/sh
# The same fights whatever the compiler: release builds with gcc and clang
# give byte-identical `fray run --json` and `fray sim --json` (less its
# "timing") on every example, with the policy and with random play.
set -eu
cd "$(dirname "$0")/.."
# The release builds: ctest's fixtures make them once a run
# (FRAY_RELEASE_GCC, FRAY_RELEASE_CLANG); run alone, this script makes its own.
dir_gcc=${FRAY_RELEASE_GCC:-build-cmp-gcc}
dir_clang=${FRAY_RELEASE_CLANG:-build-cmp-clang}
dir_of() { if [ "$1" = gcc ]; then echo "$dir_gcc"; else echo "$dir_clang"; fi; }
if [ -z "${FRAY_RELEASE_GCC:-}" ] || [ -z "${FRAY_RELEASE_CLANG:-}" ]; then
    for cc in gcc clang; do sh scripts/release-build.sh "$cc" "$(dir_of $cc)" >/dev/null; done
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
for ex in examples/*.json; do
    side=$(jq -r '.combatants[0].side' "$ex")
    for pol in "" "--policy $side=random"; do
        for cc in gcc clang; do
            # shellcheck disable=SC2086
            "$(dir_of $cc)/fray" run "$ex" --seed 11 $pol --json >"$tmp/run-$cc"
            # shellcheck disable=SC2086
            "$(dir_of $cc)/fray" sim "$ex" -n 200 --seed 11 $pol --json | jq -S 'del(.timing)' >"$tmp/sim-$cc"
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
