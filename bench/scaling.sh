#!/usr/bin/env bash
# Two-thread scaling of each duel, as issue 16 asks for it: the median over
# R separate bench_sim runs (each one run on one thread and one on all
# threads) of fights/s on all threads over fights/s on one, with the share of
# a core each thread got (scaling means little on a busy machine).
#   bench/scaling.sh [BENCH_SIM] [R] [FIGHTS]
set -eu
bin=${1:-build/bench_sim}
reps=${2:-5}
n=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for r in $(seq "$reps"); do
    "$bin" --repeat 1 ${n:+-n "$n"} --json >"$tmp/$r.json"
done
jq -s -r '
  [.[].rows[]] | group_by(.file)[] |
  (map(.scaling) | sort) as $s |
  "\(.[0].file): median scaling \($s[(length / 2 | floor)] * 100 | round / 100) of \(length) runs (min \($s[0] * 100 | round / 100), max \($s[-1] * 100 | round / 100)); cpu x1 \(map(.cpu_share_1) | min * 100 | round)%..\(map(.cpu_share_1) | max * 100 | round)%, xT \(map(.cpu_share_all) | min * 100 | round)%..\(map(.cpu_share_all) | max * 100 | round)%"
' "$tmp"/*.json
