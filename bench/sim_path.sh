#!/usr/bin/env bash
# What the sim path calls that it should not (issue 16): a string
# comparison, an allocation or a printf-family formatting, once per fight or
# more. For each duel example, `perf record --call-graph dwarf` of
# `fray sim DUEL --threads 1`, then every sample whose innermost function
# matches str*cmp / *alloc / free / *printf and whose stack passes through
# fray_run or fray_step (the fight, not the loading before it) is counted
# and printed with its caller. Exit 1 when any is found.
#   bench/sim_path.sh [FRAY] [SECONDS]    (default build/fray, about 2 s a duel)
set -eu
fray=${1:-build/fray} secs=${2:-2}
cd "$(dirname "$0")/.."
command -v perf >/dev/null || { echo "sim_path.sh: perf is not installed (linux-perf)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
found=0
for duel in examples/energy-duel.json examples/wounds-duel.json; do
    # size the run to about $secs seconds from a short one
    fps=$("$fray" sim "$duel" -n 20000 --seed 1 --threads 1 --json | jq '.timing.fights_per_s | floor')
    n=$((fps * secs))
    perf record -q -F 2000 --call-graph dwarf,8192 -o "$tmp/perf.data" \
        "$fray" sim "$duel" -n "$n" --seed 1 --threads 1 >/dev/null 2>&1
    perf script -i "$tmp/perf.data" -F ip,sym 2>/dev/null | awk -v duel="$duel" -v n="$n" '
        BEGIN { RS = ""; FS = "\n" }
        {
            total++
            if ($0 !~ /fray_(run|step)/) next
            sim++
            leaf = $1; sub(/^[ \t]*[0-9a-f]+ /, "", leaf); sub(/ \(inlined\)$/, "", leaf)
            if (leaf !~ /^_*str[a-z]*cmp|^_*(libc_|int_)?(malloc|calloc|realloc|free|cfree)$|printf/) next
            caller = $2; sub(/^[ \t]*[0-9a-f]+ /, "", caller)
            bad[leaf " <- " caller]++; nbad++
        }
        END {
            printf "%s: %d fights, %d samples, %d in the fight loop, %d in str*cmp/alloc/free/printf\n",
                   duel, n, total, sim, nbad
            for (k in bad) printf "    %5d  %s\n", bad[k], k
            exit nbad > 0
        }' || found=1
done
exit "$found"
