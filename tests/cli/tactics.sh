#!/bin/bash
# tests/cli/tactics.sh FRAY: the tactics report of `fray sim` (docs/sim.md,
# "The tactics report") on every example and adventuring day, and the
# bounds of issue 35 ("Done when" 1) on the rulesets whose policies are
# sound.
#
# For each: the --json report has a side for every side of "wins", and per
# side its "actions" are the sum of its kinds' "used", its "nothing" count
# the sum of theirs, no kind achieved nothing more often than it was used,
# every kind is an action the ruleset names (`fray rulesets ID` lists
# them), each resource's "left" is at most its "after" (a refill raises
# it), and the round limit's count is at most the fights. The text report
# shows the same counts (checked on the duels: the same code prints every
# report).
#
# The bounds, policy against policy, for each ruleset of SOUND: under 0.5%
# of fights at the round limit (count * 200 < fights), under 2% of each
# side's actions achieving nothing (count * 50 < actions), and each
# distinctive option of the ruleset (OPTIONS below: a kind the report
# names, "A|B" for either) used in at least one of its examples. The other
# rulesets' figures are printed as "not yet", without failing; the lead
# adds a ruleset to SOUND when its policy is fixed.
#
# N = 400 fights an example (one fray process each, seed 3: the figures are
# the same on every run): with the bound at 0.5%, one fight at the limit
# passes and two fail, so a policy whose true rate is 1.5% (6 expected)
# fails with probability 98%, and one at 0.1% (0.4 expected) passes with
# probability 94%; the 2% bound on thousands of actions a side is far
# tighter. Fewer fights could not tell 0.5% from 0 (200 fights: a single
# fight at the limit is already 0.5%).
set -u
# LeakSanitizer off: its check at each process's exit was a third of this
# test's time, and the paths it runs (sim, run) are leak-checked by
# cli_sim and cli_run; crashes and undefined behaviour still stop it.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
FRAY=${1:?usage: tactics.sh FRAY}
N=${FRAY_TACTICS_TEST_N:-400}
SOUND=${FRAY_TACTICS_SOUND-energy threeaction wounds contest} # the rulesets whose policies are sound
# The distinctive options of issue 35, point 2, as the report names the
# kinds. Those that are answers inside an action (contest's Block, Dodge,
# Parry and Withstand in Defend, its maneuvers of a critical win; injury's
# aimed body parts) the report does not count by name: not listed.
declare -A OPTIONS=(
    [energy]="Defend;Swift Attack;Initiative;Agile Move"
    [threeaction]="Dodge;Feint;Trip|Push|Disarm|Grapple|Break;Move: Take Cover;Focus"
    [injury]="Power Attack|Deadly Aim;Reckless Attack;Lunge;Disarm|Drag|Grapple|Overrun|Reposition|Shove|Steal|Sunder|Trick|Trip;Parry"
    [contest]="Defend;Grapple;Sneak;Save Turn;Opportunity Attack"
    [wounds]="Quick Attack;Strong Attack;Defend;Rebuff;Seize Initiative;Create an Opening|Hinder: Disarm|Hinder: Distract|Hinder: Shove|Hinder: Trip"
)
sound() { case " $SOUND " in *" $1 "*) return 0 ;; esac; return 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
here=$(cd "$(dirname "$0")/../.." && pwd)

for f in "$here"/examples/*.json "$here"/examples/days/*.json; do
    name=$(basename "$f")
    if ! "$FRAY" sim -n "$N" --seed 3 --threads 2 --json "$f" >"$tmp/r.json" 2>"$tmp/err"; then
        fail "$name: sim failed: $(cat "$tmp/err")"
        continue
    fi
    rs=$(jq -r .ruleset "$tmp/r.json")
    "$FRAY" rulesets "$rs" >"$tmp/rules.txt" 2>&1 || fail "$name: fray rulesets $rs failed"
    # the structure and the sums
    bad=$(jq -r '
        .fights as $n | .tactics as $t
        | (if ($t.round_limit.count > $n) then "round limit \($t.round_limit.count) > \($n) fights" else empty end),
          (if (($t.sides | keys) != (.wins | keys)) then "sides \($t.sides | keys) differ from \(.wins | keys)" else empty end),
          ($t.sides | to_entries[] | .key as $s | .value
            | (if (.actions != ([.kinds[].used] | add // 0)) then "\($s): actions \(.actions) != the kinds sum" else empty end),
              (if (.nothing.count != ([.kinds[].nothing] | add // 0)) then "\($s): nothing \(.nothing.count) != the kinds sum" else empty end),
              (if (.actions == 0 and $n > 0) then "\($s): no actions in \($n) fights" else empty end),
              (.kinds | to_entries[] | select(.value.nothing > .value.used) | "\($s): \(.key) nothing > used"),
              (.resources | to_entries[] | select(.value.left > .value.after or .value.refills == 0) | "\($s): \(.key) left > after")
          )' "$tmp/r.json")
    [ -z "$bad" ] || fail "$name: $bad"
    jq -r '.tactics.sides[].kinds | keys[]' "$tmp/r.json" | sort -u | while IFS= read -r k; do
        grep -qF "$k" "$tmp/rules.txt" || echo "$k"
    done >"$tmp/unknown"
    [ -s "$tmp/unknown" ] && fail "$name: kinds not named by fray rulesets $rs: $(tr '\n' ',' <"$tmp/unknown")"
    # the text report: the same actions per side (the duels)
    case $name in
    *-duel.json)
        "$FRAY" sim -n "$N" --seed 3 --threads 1 "$f" >"$tmp/r.txt" 2>&1 || fail "$name: text sim failed"
        for s in $(jq -r '.tactics.sides | keys[]' "$tmp/r.json"); do
            a=$(jq -r --arg s "$s" '.tactics.sides[$s].actions' "$tmp/r.json")
            grep -q "^  $s: $a actions" "$tmp/r.txt" || fail "$name: the text lacks '$s: $a actions'"
        done
        lim=$(jq -r .tactics.round_limit.count "$tmp/r.json")
        grep -q "^Tactics: $lim fight" "$tmp/r.txt" || fail "$name: the text's round limit is not $lim"
        ;;
    esac
    # issue 35's bounds: the figures, and what breaks them
    jq -r '.tactics.sides[].kinds | keys[]' "$tmp/r.json" >>"$tmp/used.$rs"
    figures=$(jq -r '
        .tactics as $t
        | "round limit \($t.round_limit.count)/\(.fights); " +
          ([$t.sides | to_entries[] | "\(.key) nothing \(.value.nothing.count)/\(.value.actions)"] | join(", "))' \
        "$tmp/r.json")
    broken=$(jq -r '
        .fights as $n | .tactics as $t
        | (if ($t.round_limit.count * 200 >= $n) then "round limit \($t.round_limit.count)/\($n) not under 0.5%" else empty end),
          ($t.sides | to_entries[] | select(.value.nothing.count * 50 >= .value.actions)
            | "\(.key): nothing \(.value.nothing.count)/\(.value.actions) not under 2%")' "$tmp/r.json")
    if sound "$rs"; then
        echo "$name: $figures"
        [ -z "$broken" ] || fail "$name ($rs is sound): $(echo "$broken" | paste -sd ';')"
    else
        echo "$name: not yet: $figures${broken:+ ($(echo "$broken" | paste -sd ';'))}"
    fi
done

# each distinctive option used in at least one example of its ruleset
for rs in "${!OPTIONS[@]}"; do
    [ -f "$tmp/used.$rs" ] || continue
    missing=""
    IFS=';' read -ra opts <<<"${OPTIONS[$rs]}"
    for o in "${opts[@]}"; do
        grep -qxE "$o" "$tmp/used.$rs" || missing="$missing${missing:+, }$o"
    done
    if sound "$rs"; then
        if [ -n "$missing" ]; then
            fail "$rs (sound): options never used: $missing"
        else
            echo "$rs: every option used (${OPTIONS[$rs]})"
        fi
    else
        echo "$rs: not yet: ${missing:+never used: }${missing:-every option used}"
    fi
done

# one thread and two, and fray-mpi's ranks (tests/cli/mpi.sh), give the
# same report: sim.sh compares the whole --json, "tactics" with it

if [ $fails -gt 0 ]; then
    echo "$fails failure(s)"
    exit 1
fi
echo "tactics: all passed"
