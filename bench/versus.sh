#!/usr/bin/env bash
# Two fray binaries side by side, for a change that must make fights
# faster and change none of them (issue 16):
#   1. every example (examples/*.json and the adventuring days in
#      examples/days/): `fray sim --json` minus "timing" must be the same
#      from both (same seed, 2 threads), and so must the same with random
#      legal play on every side (the legal lists, in their order): the same
#      fights, only faster;
#   2. for each ruleset's duel (examples/*-duel.json), fights/s on one
#      thread, the two binaries alternating, best of R runs each (a busy
#      moment of the machine then counts for neither), and the ratio
#      new/old. Each duel runs N fights, N sized per ruleset to about a
#      second or more (bench_sim's figures: wounds 1,000,000, threeaction
#      300,000, energy and injury 100,000, contest 20,000: an old binary
#      of contest plays about 1,600 a second); FRAY_VERSUS_N="id=N ..."
#      sets any of them.
#   bench/versus.sh OLD NEW [R]
# OLD is typically a build of the commit before the change:
#   git worktree add --detach /tmp/before REV && (cd /tmp/before && scripts/build.sh --pgo)
#   bench/versus.sh /tmp/before/build/fray build/fray
# Exit status 1 when any example's results differ.
set -eu
old=${1:?usage: bench/versus.sh OLD NEW [R]}
new=${2:?usage: bench/versus.sh OLD NEW [R]}
reps=${3:-5}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
strip() { jq -S 'del(.timing)'; }

same=0 differ=0
compare() { # encounter, then any extra sim arguments
    local ex=$1
    shift
    if ! "$old" sim "$ex" -n 1 --seed 7 --json "$@" >/dev/null 2>&1; then
        echo "skipped: $ex: $old cannot run it (a key it does not know)"
        return
    fi
    "$old" sim "$ex" -n 2000 --seed 7 --threads 2 --json "$@" | strip >"$tmp/old.json"
    "$new" sim "$ex" -n 2000 --seed 7 --threads 2 --json "$@" | strip >"$tmp/new.json"
    if cmp -s "$tmp/old.json" "$tmp/new.json"; then
        same=$((same + 1))
    else
        differ=$((differ + 1))
        echo "DIFFERENT: $ex $*"
        diff "$tmp/old.json" "$tmp/new.json" | head -10
    fi
}
for ex in examples/*.json examples/days/*.json; do
    compare "$ex"
    sides=$(jq -r '[.combatants[].side] | unique | .[]' "$ex")
    args=()
    for s in $sides; do args+=(--policy "$s=random"); done
    [ ${#args[@]} -gt 0 ] && compare "$ex" "${args[@]}"
done
echo "results: $same runs identical, $differ different (2000 fights each, seed 7; built-in policy and random legal play)"

rate() { # binary encounter fights -> fights/s on one thread (the sim's own timing)
    "$1" sim "$2" -n "$3" --seed 1 --threads 1 --json | jq '.timing.fights_per_s | floor'
}
fights_for() { # ruleset id -> fights to time
    local n
    case $1 in
        wounds) n=1000000 ;;
        threeaction) n=300000 ;;
        contest) n=20000 ;;
        *) n=100000 ;;
    esac
    for kv in ${FRAY_VERSUS_N:-}; do
        [ "${kv%%=*}" = "$1" ] && n=${kv#*=}
    done
    echo "$n"
}
for ex in examples/*-duel.json; do
    duel=$(basename "$ex" -duel.json)
    if ! "$old" sim "$ex" -n 1 --seed 1 --json >/dev/null 2>&1; then
        echo "$duel-duel: skipped: $old cannot run it"
        continue
    fi
    n=$(fights_for "$duel")
    best_old=0 best_new=0
    for _ in $(seq "$reps"); do
        r=$(rate "$old" "$ex" "$n")
        [ "$r" -gt "$best_old" ] && best_old=$r
        r=$(rate "$new" "$ex" "$n")
        [ "$r" -gt "$best_new" ] && best_new=$r
    done
    awk -v d="$duel" -v a="$best_old" -v b="$best_new" -v r="$reps" -v n="$n" 'BEGIN {
        printf "%s-duel: old %d fights/s, new %d fights/s, new/old %.2fx (1 thread, %d fights, best of %d)\n",
               d, a, b, b / a, n, r }'
done
[ "$differ" -eq 0 ]
