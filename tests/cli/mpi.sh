#!/usr/bin/env bash
# fray-mpi (issue 37, docs/cluster.md): `sim`, `sweep` and `compare` of every
# ruleset's duel under `mpirun --oversubscribe -np 1, 2 and 3` on loopback
# give the JSON of the plain `fray` with the same seed and n, less "timing",
# whose "ranks" says how many ran; a rank killed with kill -9 mid-run ends
# the whole run with a non-zero exit and a message naming the rank, within
# 10 s; a bad input file is reported once, before any fight.
#   tests/cli/mpi.sh FRAY [FRAY_MPI]   exit 77 (skip) when there is no MPI
# ctest gives FRAY_MPI as $FRAY_MPI_BIN when the build made fray-mpi.
set -u
fray=$1 fmpi=${2:-${FRAY_MPI_BIN:-}}
if [ -z "$fmpi" ] || [ ! -x "$fmpi" ] || ! command -v mpirun >/dev/null; then
    echo "skipped: fray-mpi or mpirun is not installed (scripts/setup.sh --test installs libopenmpi-dev and openmpi-bin)"
    exit 77
fi
# the suite runs as root in CI; Open MPI refuses root unless told twice
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# Open MPI's plugins are unloaded before LeakSanitizer looks, and what they
# keep until exit is reported as leaks of unknown modules that no
# suppression can name; fray's own code is leak-checked by every other test
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
strip() { jq -S 'del(.timing)' "$1"; }
N=240

# The plain runs, once: sim, a three-point sweep, and compare against a
# variant with a round limit of 3 (same sides, different fights)
for ex in examples/*-duel.json; do
    name=$(basename "$ex" .json)
    jq '.max_rounds = 3' "$ex" >"$tmp/$name-short.json"
    "$fray" sim "$ex" -n $N --seed 5 --threads 2 --json >"$tmp/$name.sim.plain"
    "$fray" sweep "$ex" --set max_rounds=2..4 -n $N --seed 5 --threads 2 --json >"$tmp/$name.sweep.plain"
    "$fray" compare "$ex" "$tmp/$name-short.json" -n $N --seed 5 --threads 2 --json >"$tmp/$name.compare.plain"
done

# Each verb under 1, 2 and 3 ranks (one thread a rank, two for -np 1); the
# three -np run at once, as mpirun mostly waits on its ranks' start
runs() { # runs NP
    local np=$1 t=1 ex name
    [ "$np" = 1 ] && t=2
    for ex in examples/*-duel.json; do
        name=$(basename "$ex" .json)
        mpirun --oversubscribe -np "$np" "$fmpi" sim "$ex" -n $N --seed 5 --threads $t --json \
            >"$tmp/$name.sim.$np" 2>"$tmp/$name.sim.$np.err"
        mpirun --oversubscribe -np "$np" "$fmpi" sweep "$ex" --set max_rounds=2..4 -n $N --seed 5 \
            --threads $t --json >"$tmp/$name.sweep.$np" 2>"$tmp/$name.sweep.$np.err"
        [ "$np" = 1 ] && continue # compare's one-rank run is sim's path again
        mpirun --oversubscribe -np "$np" "$fmpi" compare "$ex" "$tmp/$name-short.json" -n $N --seed 5 \
            --threads $t --json >"$tmp/$name.compare.$np" 2>"$tmp/$name.compare.$np.err"
    done
}
jobs_=()
for np in 1 2 3; do runs $np & jobs_+=($!); done
wait "${jobs_[@]}"
for ex in examples/*-duel.json; do
    name=$(basename "$ex" .json)
    for np in 1 2 3; do
        for verb in sim sweep compare; do
            [ $np = 1 ] && [ $verb = compare ] && continue
            out=$tmp/$name.$verb.$np
            if ! jq -e . "$out" >/dev/null 2>&1; then
                bad "$name $verb -np $np: no JSON: $(head -c 300 "$out.err")"; continue
            fi
            if cmp -s <(strip "$out") <(strip "$tmp/$name.$verb.plain"); then ok; else
                bad "$name $verb -np $np differs from fray's: $(diff <(strip "$out") <(strip "$tmp/$name.$verb.plain") | head -5)"
            fi
        done
        for verb in sim sweep; do
            [ "$(jq '.timing.ranks' "$tmp/$name.$verb.$np" 2>/dev/null)" = "$np" ] && ok ||
                bad "$name $verb -np $np: timing.ranks is not $np"
        done
    done
done

# A bad input file: one message (rank 0's), exit 2, no fight
printf '{"ruleset":"energy","combatants":[{"name":"A"}]}' >"$tmp/bad.json"
mpirun --oversubscribe -np 3 "$fmpi" sim "$tmp/bad.json" -n 100 --seed 1 >"$tmp/bad.out" 2>"$tmp/bad.err"
rc=$?
[ $rc != 0 ] && ok || bad "a bad file: exit $rc"
[ "$(grep -c 'bad.json' "$tmp/bad.err")" = 1 ] && ok || bad "a bad file: reported $(grep -c 'bad.json' "$tmp/bad.err") times: $(cat "$tmp/bad.err")"
[ ! -s "$tmp/bad.out" ] && ok || bad "a bad file: output $(head -c 200 "$tmp/bad.out")"
# the verbs that have nothing to spread are refused
mpirun --oversubscribe -np 1 "$fmpi" run examples/energy-duel.json >/dev/null 2>"$tmp/run.err"
grep -q 'only sim, sweep and compare' "$tmp/run.err" && ok || bad "fray-mpi run: $(head -3 "$tmp/run.err")"

# kill -9 of rank 1 mid-run: the job ends, non-zero, naming rank 1, within 10 s
mpirun --oversubscribe -np 2 "$fmpi" sim examples/contest-duel.json -n 100000000 --seed 1 --threads 1 \
    >"$tmp/kill.out" 2>"$tmp/kill.err" &
job=$!
victim=
for _ in $(seq 200); do
    for p in $(pgrep -f 'fray-mpi sim examples/contest-duel.json'); do
        if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1'; then victim=$p; fi
    done
    [ -n "$victim" ] && break
    sleep 0.1
done
if [ -z "$victim" ]; then
    bad "rank 1 never started"; kill "$job" 2>/dev/null
else
    sleep 1 # mid-run
    t0=$(date +%s%N)
    kill -9 "$victim"
    for _ in $(seq 150); do kill -0 "$job" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$job" 2>/dev/null; then
        bad "still running 15 s after rank 1 was killed"; kill -9 "$job"; pkill -9 -f 'fray-mpi sim examples/contest-duel.json'
    else
        wait "$job"; rc=$?
        ms=$((($(date +%s%N) - t0) / 1000000))
        [ $rc != 0 ] && ok || bad "killed rank: exit 0"
        [ $ms -le 10000 ] && ok || bad "killed rank: the run ended after $ms ms"
        grep -q 'rank 1' "$tmp/kill.err" && ok || bad "killed rank: no message naming rank 1: $(cat "$tmp/kill.err")"
        echo "killed rank 1: the run ended in $ms ms with exit $rc"
    fi
fi
echo "$pass passed, $failn failed"
[ "$failn" = 0 ]
