#!/usr/bin/env bash
# fray run: byte-identical output for a seed, a different fight for another
# seed, a fight replayed from its dice, and too few dice is an error.
set -u
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for ex in examples/*.json; do
    [ -e "$ex" ] || continue
    "$fray" run "$ex" --seed 7 >"$tmp/a.txt" 2>&1 || bad "$ex: run failed: $(tail -3 "$tmp/a.txt")"
    "$fray" run "$ex" --seed 7 >"$tmp/b.txt" 2>&1
    cmp -s "$tmp/a.txt" "$tmp/b.txt" && ok || bad "$ex: text differs between two runs with seed 7"
    grep -q "seed 7" "$tmp/a.txt" && ok || bad "$ex: run does not print its seed"
    grep -q "^Result: " "$tmp/a.txt" && ok || bad "$ex: no result line"
    "$fray" run "$ex" --seed 7 --json >"$tmp/a.jsonl" 2>&1
    "$fray" run "$ex" --seed 7 --json >"$tmp/b.jsonl" 2>&1
    cmp -s "$tmp/a.jsonl" "$tmp/b.jsonl" && ok || bad "$ex: JSON differs between two runs with seed 7"
    jq -e . "$tmp/a.jsonl" >/dev/null 2>&1 && ok || bad "$ex: --json is not JSON Lines"
    [ "$(tail -1 "$tmp/a.jsonl" | jq -r .kind)" = end ] && ok || bad "$ex: last event is not the end"
    "$fray" run "$ex" --seed 8 --json >"$tmp/c.jsonl" 2>&1
    cmp -s "$tmp/a.jsonl" "$tmp/c.jsonl" && bad "$ex: seeds 7 and 8 gave the same fight" || ok
    # replay: every roll of the seed-7 fight given with --dice gives the same fight
    dice=$(jq -r 'select(.rolls) | .rolls[].value' "$tmp/a.jsonl" | paste -sd, -)
    "$fray" run "$ex" --seed 7 --json --dice "$dice" >"$tmp/r.jsonl" 2>&1
    cmp -s "$tmp/a.jsonl" "$tmp/r.jsonl" && ok || bad "$ex: replay with --dice differs"
    # the list is what is used: change the first roll and the fight changes
    first=$(jq -r 'select(.rolls) | .rolls[0] | "\(.value) \(.die)"' "$tmp/a.jsonl" | head -1)
    set -- $first
    other=$(( $1 % $2 + 1 ))
    "$fray" run "$ex" --seed 7 --json --dice "$other,${dice#*,}" >"$tmp/m.jsonl" 2>/dev/null
    got=$(jq -r 'select(.rolls) | .rolls[0].value' "$tmp/m.jsonl" | head -1)
    [ "$got" = "$other" ] && ok || bad "$ex: first roll $got, expected the given $other"
    # too few dice: a clear error and exit 2, not a hang
    short=${dice%,*}
    timeout 20 "$fray" run "$ex" --seed 7 --dice "$short" >/dev/null 2>"$tmp/err"; rc=$?
    [ $rc = 2 ] && grep -q "ran out" "$tmp/err" && ok || bad "$ex: short --dice gave exit $rc: $(cat "$tmp/err")"
done
"$fray" run --help | grep -q "usage: fray run" && ok || bad "run --help"
"$fray" run >/dev/null 2>&1; [ $? = 2 ] && ok || bad "run without a file must exit 2"
"$fray" run tests/data/bad/unknown-key.json >/dev/null 2>&1; [ $? = 2 ] && ok || bad "run of a bad file must exit 2"
"$fray" run examples/energy-duel.json --dice 1,x >/dev/null 2>&1; [ $? = 2 ] && ok || bad "bad --dice must exit 2"
"$fray" --version | grep -q '^fray [0-9]' && ok || bad "--version"
"$fray" --help | grep -q 'verbs:' && ok || bad "--help"
"$fray" bogus >/dev/null 2>&1; [ $? = 2 ] && ok || bad "unknown verb must exit 2"
"$fray" rulesets | grep -q '^energy' && ok || bad "rulesets lists energy"
"$fray" rulesets --json | jq -e '.[0].actions | length > 0' >/dev/null && ok || bad "rulesets --json"
echo "$pass passed, $failn failed"
[ "$failn" = 0 ]
