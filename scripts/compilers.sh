#!/bin/sh
# The same fights whatever the compiler: release builds with gcc and clang
# give byte-identical `fray run --json` and `fray sim --json` (less its
# "timing") on every example, with the policy and with random play.
set -eu
cd "$(dirname "$0")/.."
for cc in gcc clang; do
    CC=$cc cmake -S . -B "build-cmp-$cc" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "build-cmp-$cc" --target fray >/dev/null
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
n=0 bad=0
for ex in examples/*.json; do
    side=$(jq -r '.combatants[0].side' "$ex")
    for pol in "" "--policy $side=random"; do
        for cc in gcc clang; do
            # shellcheck disable=SC2086
            "build-cmp-$cc/fray" run "$ex" --seed 11 $pol --json >"$tmp/run-$cc"
            # shellcheck disable=SC2086
            "build-cmp-$cc/fray" sim "$ex" -n 3000 --seed 11 $pol --json | jq -S 'del(.timing)' >"$tmp/sim-$cc"
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
