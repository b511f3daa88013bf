#!/usr/bin/env bash
# fray-mpi (issue 37, docs/cluster.md): `sim`, `sweep` and `compare` under
# `mpirun --oversubscribe -np 1, 2 and 3` on loopback give the JSON of the
# plain `fray` with the same seed and n, less "timing", whose "ranks" says
# how many ran; a rank killed with kill -9 mid-run ends the whole run with a
# non-zero exit and a message naming the rank, within 10 s; a bad input file
# is reported once, before any fight.
# The runs: every ruleset's duel by `sim` under 2 ranks (each ruleset's
# encounter crosses the ranks' split), and one duel (energy's) by every
# verb under 1, 2 and 3 ranks (how the fights, a sweep's points and
# compare's two files are split is the same code for every ruleset). It ran
# every verb of every duel under every rank count before: 40 mpiruns, 70 s
# of the suite's 8 minutes, for the same paths.
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

# which verbs run under which rank counts, per duel
verbs_of() { # verbs_of NAME NP
    if [ "$1" = energy-duel ]; then
        case $2 in 1) echo sim sweep ;; *) echo sim sweep compare ;; esac # compare's one-rank run is sim's path
    elif [ "$2" = 2 ]; then echo sim; fi
}

# The plain runs, once: sim, a three-point sweep, and compare against a
# variant with a round limit of 3 (same sides, different fights)
plain() { # plain EX VERB
    local ex=$1 name
    name=$(basename "$ex" .json)
    case $2 in
    sim) "$fray" sim "$ex" -n $N --seed 5 --threads 2 --json ;;
    sweep) "$fray" sweep "$ex" --set max_rounds=2..4 -n $N --seed 5 --threads 2 --json ;;
    compare) jq '.max_rounds = 3' "$ex" >"$tmp/$name-short.json"
        "$fray" compare "$ex" "$tmp/$name-short.json" -n $N --seed 5 --threads 2 --json ;;
    esac >"$tmp/$name.$2.plain"
}
for ex in examples/*-duel.json; do
    name=$(basename "$ex" .json)
    for verb in $(verbs_of "$name" 2; verbs_of "$name" 1); do
        [ -e "$tmp/$name.$verb.plain" ] || plain "$ex" "$verb"
    done
done

# Each verb under its rank counts (one thread a rank, two for -np 1); the
# three -np run at once, as mpirun mostly waits on its ranks' start
runs() { # runs NP
    local np=$1 t=1 ex name verb
    [ "$np" = 1 ] && t=2
    for ex in examples/*-duel.json; do
        name=$(basename "$ex" .json)
        for verb in $(verbs_of "$name" "$np"); do
            case $verb in
            sim) set -- sim "$ex" ;;
            sweep) set -- sweep "$ex" --set max_rounds=2..4 ;;
            compare) set -- compare "$ex" "$tmp/$name-short.json" ;;
            esac
            mpirun --oversubscribe -np "$np" "$fmpi" "$@" -n $N --seed 5 --threads $t --json \
                >"$tmp/$name.$verb.$np" 2>"$tmp/$name.$verb.$np.err"
        done
    done
}
jobs_=()
for np in 1 2 3; do runs $np & jobs_+=($!); done
wait "${jobs_[@]}"
for ex in examples/*-duel.json; do
    name=$(basename "$ex" .json)
    for np in 1 2 3; do
        for verb in $(verbs_of "$name" "$np"); do
            out=$tmp/$name.$verb.$np
            if ! jq -e . "$out" >/dev/null 2>&1; then
                bad "$name $verb -np $np: no JSON: $(head -c 300 "$out.err")"; continue
            fi
            if cmp -s <(strip "$out") <(strip "$tmp/$name.$verb.plain"); then ok; else
                bad "$name $verb -np $np differs from fray's: $(diff <(strip "$out") <(strip "$tmp/$name.$verb.plain") | head -5)"
            fi
            [ "$verb" = compare ] && continue
            [ "$(jq '.timing.ranks' "$out" 2>/dev/null)" = "$np" ] && ok ||
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
