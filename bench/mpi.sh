#!/usr/bin/env bash
# fray-mpi on this machine (docs/cluster.md, issue 37), one thread a rank:
#   1. fights/s of a duel on 1 and 2 ranks (from the JSON's timing: the
#      fights alone, not mpirun's start), best of R runs, and the efficiency
#      fights/s(2 ranks) / (2 x fights/s(1 rank));
#   2. a 400-point sweep (a 20 x 20 grid of max_rounds and the orc's stamina, N_SWEEP fights a point) on 1
#      and 2 ranks: the wall time of the whole command and the seconds rank
#      0 spent in the reductions (timing.reduce_s: the gathers of the 400
#      points, waiting on the slower rank included).
#   bench/mpi.sh FRAY_MPI [EXAMPLE] [N] [R] [N_SWEEP]
# Defaults: examples/wounds-duel.json, 2000000 fights, 3 runs, 2000 a point.
# Build with scripts/build.sh fray-mpi (MPI found: libopenmpi-dev).
set -eu
fmpi=${1:?usage: bench/mpi.sh FRAY_MPI [EXAMPLE] [N] [R] [N_SWEEP]}
ex=${2:-examples/wounds-duel.json} n=${3:-2000000} reps=${4:-3} nsweep=${5:-2000}
cd "$(dirname "$0")/.."
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
run() { mpirun --oversubscribe --bind-to none -np "$1" "$fmpi" "${@:2}"; }
best() { # best NP: the best fights/s of R runs
    local np=$1 b=0 f
    for _ in $(seq "$reps"); do
        f=$(run "$np" sim "$ex" -n "$n" --seed 1 --threads 1 --json | jq '.timing.fights_per_s | floor')
        [ "$f" -gt "$b" ] && b=$f
    done
    echo "$b"
}
f1=$(best 1) f2=$(best 2)
echo "sim $ex, $n fights, one thread a rank, best of $reps:"
echo "  1 rank:  $f1 fights/s"
awk -v a="$f1" -v b="$f2" 'BEGIN { printf "  2 ranks: %d fights/s  (speed-up %.2f, efficiency %.0f%%)\n", b, b / a, 100 * b / (2 * a) }'
echo "sweep $ex, 400 points (max_rounds 1..20 x red stamina 1..20), $nsweep fights a point, one thread a rank:"
for np in 1 2; do
    t0=$(date +%s%N)
    red=$(run "$np" sweep "$ex" --set max_rounds=1..20 --set red.*.sheet.stamina=1..20 -n "$nsweep" --seed 1 --threads 1 --json |
        jq '.timing.reduce_s')
    ms=$((($(date +%s%N) - t0) / 1000000))
    awk -v np="$np" -v ms="$ms" -v r="$red" 'BEGIN { printf "  %d rank(s): %d ms in all, of which %.1f ms in the reductions\n", np, ms, r * 1000 }'
done
