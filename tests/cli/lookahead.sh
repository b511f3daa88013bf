#!/usr/bin/env bash
# The look-ahead player (issue 35, point 3): `--policy SIDE=lookahead` runs
# and is deterministic (the same seed, the same fights, on any number of
# threads); its options are checked; `compare --b-policy` pits it against
# the policy; play's `hint` shows three actions whose win chances agree
# with a `sim` from the same state within its interval.
set -u
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
strip() { jq -S 'del(.timing)'; }

ex=examples/energy-duel.json
"$fray" sim $ex -n 12 --seed 3 --threads 1 --policy red=lookahead:3,8 --json | strip >"$tmp/a.json" &&
    ok || bad "sim with red=lookahead failed"
"$fray" sim $ex -n 12 --seed 3 --threads 2 --policy red=lookahead:3,8 --json | strip >"$tmp/b.json"
cmp -s "$tmp/a.json" "$tmp/b.json" && ok || bad "red=lookahead: another thread count, other fights"
[ "$(jq '.fights' "$tmp/a.json")" = 12 ] && ok || bad "red=lookahead: not 12 fights"
"$fray" sim $ex -n 12 --seed 3 --threads 1 --json | strip >"$tmp/p.json"
cmp -s "$tmp/a.json" "$tmp/p.json" && bad "red=lookahead played the policy's fights" || ok

"$fray" sim $ex -n 1 --policy red=lookahead:0 >"$tmp/e.out" 2>&1
[ $? = 2 ] && grep -q "breadth is a whole number from 1" "$tmp/e.out" && ok ||
    bad "lookahead:0 not refused with exit 2: $(cat "$tmp/e.out")"
"$fray" sim $ex -n 1 --policy red=lookahead:2,3,4,5 >"$tmp/e.out" 2>&1
[ $? = 2 ] && ok || bad "lookahead:2,3,4,5 not refused with exit 2"

"$fray" compare $ex -n 10 --seed 2 --b-policy blue=lookahead:2,4 --json >"$tmp/c.json" &&
    ok || bad "compare --b-policy failed"
[ "$(jq '.fights' "$tmp/c.json")" = 10 ] && ok || bad "compare --b-policy: not 10 paired fights"
"$fray" compare $ex -n 10 --seed 2 >/dev/null 2>&1
[ $? = 2 ] && ok || bad "compare of one file without --b-policy not refused"

# hint at the GM's first own-turn question (energy's duel starts with Aldric's
# turn): three actions, one of them the policy's (*), whose win chance's
# interval holds blue's share of a sim from the same state
side=$(jq -r '.combatants[0].side' $ex)
printf 'sim 400\nhint 200\nhint 200\nquit\n' |
    "$fray" play $ex --db "$tmp/h.db" --seed 5 --control "$side=gm" >"$tmp/h.out" 2>&1
sim=$(sed -n "s/^from here, 400 fights played on by fray: $side \([0-9.]*\)%.*/\1/p" "$tmp/h.out")
[ -n "$sim" ] && ok || bad "no sim: $(cat "$tmp/h.out")"
[ "$(grep -c '^hint for ' "$tmp/h.out")" = 2 ] && ok || bad "hint did not report"
[ "$(grep -cE '^  [* ] [0-9]+ .* win +[0-9.]+% \[' "$tmp/h.out")" = 6 ] && ok ||
    bad "hint: not three actions each time: $(grep -A3 '^hint' "$tmp/h.out")"
[ "$(grep -A3 '^hint' "$tmp/h.out" | grep -v '^--' | sort | uniq -d | wc -l)" -ge 3 ] && ok ||
    bad "hint gave two answers from one state"
line=$(grep -m1 -E '^  \* ' "$tmp/h.out")
[ -n "$line" ] && ok || bad "hint: the policy's choice is not among the three: $(grep -A3 '^hint' "$tmp/h.out")"
lo=$(sed -n 's/.*win *[0-9.]*% \[\([0-9.]*\)-\([0-9.]*\)\].*/\1/p' <<<"$line")
hi=$(sed -n 's/.*win *[0-9.]*% \[\([0-9.]*\)-\([0-9.]*\)\].*/\2/p' <<<"$line")
awk -v s="$sim" -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(s >= lo && s <= hi) }' && ok ||
    bad "hint's policy choice wins [$lo-$hi]%, the sim from the same state $sim%"
# at a roll or a reaction there is no hint
printf 'hint\nquit\n' | "$fray" play examples/wounds-duel.json --db "$tmp/w.db" --seed 5 \
    --control "$(jq -r '.combatants[0].side' examples/wounds-duel.json)=gm" >"$tmp/w.out" 2>&1
grep -q "refused: hint: at a creature's own turn only" "$tmp/w.out" && ok || bad "hint at a roll not refused"

echo "lookahead: $pass passed, $failn failed"
[ $failn = 0 ]
