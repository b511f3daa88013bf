#!/usr/bin/env bash
# A sweep runs at the speed of sim: 20 points of N fights each (default
# 100,000) against one `fray sim` of 20 x N fights of the same encounter,
# alternating, best of R (default 3). Prints both rates and their ratio.
# The parameter swept is the round limit, from 81 to 100: no duel lasts that
# long, so every point plays the very fights the sim does and the ratio
# measures the sweep's own cost (loading each point, the exact odds beside
# it, the threads started and joined per point).
#   bench/sweep.sh [FRAY] [N] [R] [ENCOUNTER]
set -eu
fray=${1:-build/fray} n=${2:-100000} reps=${3:-3} enc=${4:-examples/wounds-duel.json}
best_sweep=0 best_sim=0
for _ in $(seq "$reps"); do
    s=$(date +%s%N)
    "$fray" sweep "$enc" --set 'max_rounds=81..100' -n "$n" --seed 1 --json >/dev/null
    t_sweep=$(( $(date +%s%N) - s ))
    s=$(date +%s%N)
    "$fray" sim "$enc" -n $((20 * n)) --seed 1 --json >/dev/null
    t_sim=$(( $(date +%s%N) - s ))
    r_sweep=$(( 20 * n * 1000000000 / t_sweep )) r_sim=$(( 20 * n * 1000000000 / t_sim ))
    [ "$r_sweep" -gt "$best_sweep" ] && best_sweep=$r_sweep
    [ "$r_sim" -gt "$best_sim" ] && best_sim=$r_sim
done
echo "sweep: 20 points x $n fights: $best_sweep fights/s (wall clock, loading and odds included)"
echo "sim:   $((20 * n)) fights:          $best_sim fights/s"
awk -v a="$best_sweep" -v b="$best_sim" 'BEGIN { printf "ratio sweep/sim: %.3f (1.0 is the speed of sim)\n", a / b }'
