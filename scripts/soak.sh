#!/usr/bin/env bash
# Random legal play as a fuzzer of the rules: many fights of every example
# and of every ruleset's bundled creatures paired at random, each side run
# by the policy or by random legal play, under AddressSanitizer and
# UndefinedBehaviorSanitizer. Reports fights played, crashes, stalls and
# runtime errors, each failure with the command that replays it.
#
#   scripts/soak.sh [--fights N] [--minutes M] [--fray PATH] [--seed S] [--batch K]
#
# --fights N   stop after about N fights (default 1,000,000)
# --minutes M  stop after M minutes (default 10); whichever comes first
# --seconds S  the same limit in seconds (the suite's bounded soak)
# --fray PATH  the binary to soak (default: an ASan+UBSan build made in
#              build-asan-gcc, as scripts/test.sh makes it)
# --seed S     first seed (default 1); each batch takes the next
# --batch K    fights of the first `fray sim` call on an encounter (default
#              2,000); later calls size themselves to about 20 s each, so
#              fast encounters play many more fights than slow ones
# Rulesets, examples and creatures are found by themselves: a ruleset added
# later is soaked the same way. Exit 0 when nothing failed, 1 otherwise.
set -u
cd "$(dirname "$0")/.."
fights=1000000 minutes=10 fray="" seed=1 batch=2000
while [ $# -gt 0 ]; do
    case $1 in
    --fights) fights=$2; shift 2;;
    --minutes) minutes=$2; shift 2;;
    --seconds) seconds=$2; shift 2;;
    --fray) fray=$2; shift 2;;
    --seed) seed=$2; shift 2;;
    --batch) batch=$2; shift 2;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0;;
    *) echo "soak: unknown option $1 (see --help)" >&2; exit 2;;
    esac
done
if [ -z "$fray" ]; then
    # optimised, with the sanitizers: three times the fights of a debug build
    cmake -S . -B build-soak -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFRAY_SANITIZE=ON >/dev/null &&
        cmake --build build-soak --target fray >/dev/null || { echo "soak: build failed" >&2; exit 1; }
    fray=build-soak/fray
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# The encounters: every example, and per ruleset random pairings of its
# bundled creatures, one against one and two against two.
encounters=()
for ex in examples/*.json; do encounters+=("$ex"); done
rng=$seed
next() { rng=$(( (rng * 1103515245 + 12345) % 2147483648 )); echo $(( rng % $1 )); }
for id in $("$fray" rulesets --json | jq -r '.[].id'); do
    mapfile -t cs < <(ls "data/$id"/*.json 2>/dev/null | xargs -r -n1 basename | sed 's/\.json$//')
    [ ${#cs[@]} -gt 0 ] || continue
    for k in $(seq 1 6); do
        a=${cs[$(next ${#cs[@]})]} b=${cs[$(next ${#cs[@]})]}
        c=${cs[$(next ${#cs[@]})]} d=${cs[$(next ${#cs[@]})]}
        f="$tmp/$id-$k.json"
        if [ $((k % 2)) = 1 ]; then
            jq -n --arg id "$id" --arg a "$a" --arg b "$b" '{name: "soak \($a) v \($b)", ruleset: $id,
              combatants: [{name: "A", side: "blue", at: [0, 0], use: $a},
                           {name: "B", side: "red", at: [4, 0], use: $b}]}' >"$f"
        else
            jq -n --arg id "$id" --arg a "$a" --arg b "$b" --arg c "$c" --arg d "$d" '{name: "soak pairs", ruleset: $id,
              combatants: [{name: "A", side: "blue", at: [0, 0], use: $a}, {name: "C", side: "blue", at: [0, 2], use: $c},
                           {name: "B", side: "red", at: [6, 0], use: $b}, {name: "D", side: "red", at: [6, 2], use: $d}]}' >"$f"
        fi
        # a pairing the loader refuses (a mount alone, say) is not a fight
        if "$fray" check "$f" >/dev/null 2>&1; then encounters+=("$f"); fi
    done
done

start=$(date +%s) played=0 runs=0 crashes=0 stalls=0 errors=0
declare -A size
failures="$tmp/failures"
: >"$failures"
deadline=$((start + ${seconds:-$((minutes * 60))}))
while [ "$played" -lt "$fights" ] && [ "$(date +%s)" -lt "$deadline" ]; do
    for enc in "${encounters[@]}"; do
        sides=$(jq -r '[.combatants[].side] | unique | .[]' "$enc")
        s1=$(echo "$sides" | sed -n 1p) s2=$(echo "$sides" | sed -n 2p)
        for mix in "" "--policy $s1=random" "--policy $s2=random" "--policy $s1=random --policy $s2=random"; do
            [ "$played" -lt "$fights" ] && [ "$(date +%s)" -lt "$deadline" ] || break 2
            seed=$((seed + 1)) runs=$((runs + 1))
            n=${size["$enc$mix"]:-$batch}
            # shellcheck disable=SC2086
            timeout 300 "$fray" sim "$enc" -n "$n" --seed "$seed" $mix --json >"$tmp/out" 2>"$tmp/err"
            rc=$?
            cmd="fray sim $enc -n $n --seed $seed $mix"
            if [ $rc = 124 ]; then
                # a batch sized on a quiet machine can outlast the limit on a
                # busy one: the first twentieth of it again tells a hang (the
                # same fights never end) from a slow machine
                small=$(( n / 20 > 0 ? n / 20 : 1 ))
                # shellcheck disable=SC2086
                if timeout 300 "$fray" sim "$enc" -n "$small" --seed "$seed" $mix --json >"$tmp/out" 2>"$tmp/err"; then
                    played=$((played + small)); size["$enc$mix"]=$small
                    echo "soak: slow, not stalled: $cmd (its first $small fights end)" >&2
                else
                    stalls=$((stalls + 1)); echo "stall (no end in 300 s): $cmd" >>"$failures"
                fi
            elif [ $rc -gt 128 ] || grep -qE "runtime error|AddressSanitizer|LeakSanitizer" "$tmp/err"; then
                crashes=$((crashes + 1))
                echo "crash (exit $rc): $cmd" >>"$failures"
                grep -E "runtime error|ERROR:|SUMMARY" "$tmp/err" | head -3 | sed 's/^/    /' >>"$failures"
            elif [ $rc != 0 ]; then
                errors=$((errors + 1))
                { echo "error (exit $rc): $cmd"; sed 's/^/    /' "$tmp/err" | head -3; } >>"$failures"
            else
                played=$((played + $(jq -r .fights "$tmp/out")))
                # the next call on this encounter: about 20 s of fights
                size["$enc$mix"]=$(jq -r '[(.timing.fights_per_s * 20 | floor), 200] | max' "$tmp/out")
                [ $((runs % 20)) = 0 ] && echo "soak: $played fights, $runs runs, $(( $(date +%s) - start )) s" >&2
            fi
        done
    done
done
secs=$(( $(date +%s) - start ))
cat "$failures"
echo "soak: $played fights in $runs runs of ${#encounters[@]} encounters over $secs s" \
     "($fray): $crashes crashes, $stalls stalls, $errors errors"
[ $((crashes + stalls + errors)) = 0 ]
