#!/usr/bin/env bash
# The designer's bench: fray sweep (one parameter and a grid of two, its
# table, CSV, JSON and SVG), fray compare (identical variants, a better
# weapon) and adventuring days (state carried across rests as each
# ruleset's rest rules say; sim's survival after each fight).
set -u
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# ---- sweep: one parameter, on two rulesets ----
"$fray" sweep examples/wounds-duel.json --set 'red.*.sheet.armor=leather,hide,chain,plate' -n 400 --seed 3 \
    --csv --svg "$tmp/w.svg" >"$tmp/w.csv" 2>"$tmp/err" && ok || bad "wounds sweep: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/w.csv")" = 5 ] && ok || bad "wounds sweep CSV: not a header and 4 rows: $(cat "$tmp/w.csv")"
head -1 "$tmp/w.csv" | grep -q '^red\.\*\.sheet\.armor,blue_wins,blue_win_rate,' && ok || bad "CSV header: $(head -1 "$tmp/w.csv")"
cut -d, -f1 "$tmp/w.csv" | tail -n +2 | tr '\n' ' ' | grep -qx 'leather hide chain plate ' && ok || bad "CSV values out of order"
# the CSV's counts add up: wins of both sides and draws are every fight
awk -F, 'NR > 1 && $2 + $6 + $11 != $10 {exit 1}' "$tmp/w.csv" && ok || bad "CSV counts do not add up"
# heavier armour on red: red wins no less often in plate than in leather
awk -F, 'NR == 2 {l = $6} NR == 5 {p = $6} END {exit !(p >= l)}' "$tmp/w.csv" && ok || bad "plate helps red less than leather"
python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); \
print(sum(1 for e in r.iter() if e.get("class") == "point"))' "$tmp/w.svg" >"$tmp/n" 2>"$tmp/err" &&
    [ "$(cat "$tmp/n")" = 4 ] && ok || bad "wounds SVG: not XML with 4 points: $(cat "$tmp/n" "$tmp/err")"
"$fray" sweep examples/energy-duel.json --set 'red.*.sheet.abilities.dex=8..16/4' -n 300 --seed 3 --json \
    --svg "$tmp/e.svg" >"$tmp/e.json" 2>"$tmp/err" && ok || bad "energy sweep: $(cat "$tmp/err")"
jq -e '(.points | length) == 3 and ([.points[].values[0]] == [8, 12, 16]) and
       all(.points[]; .fights == 300 and (.wins.blue.count + .wins.red.count + .draws.count) == 300)' \
    "$tmp/e.json" >/dev/null && ok || bad "energy sweep JSON: $(head -c 300 "$tmp/e.json")"
jq -e '.points[0].first_attacks.blue.p_hit > 0' "$tmp/e.json" >/dev/null && ok || bad "no exact odds beside the points"
python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); \
print(sum(1 for e in r.iter() if e.get("class") == "point"))' "$tmp/e.svg" | grep -qx 3 && ok || bad "energy SVG points"
# common random numbers: a point equals a plain sim of the same file with the same seed
jq '.combatants[1].sheet.abilities.dex = 12' examples/energy-duel.json >"$tmp/d12.json"
"$fray" sim "$tmp/d12.json" -n 300 --seed 3 --json | jq -c '[.wins[].count, .draws.count]' >"$tmp/sim.w"
jq -c '.points[1] | [.wins[].count, .draws.count]' "$tmp/e.json" | cmp -s - "$tmp/sim.w" && ok || bad "a sweep point differs from sim of the same encounter"

# ---- sweep: a grid of two ----
"$fray" sweep examples/energy-duel.json --set 'blue.*.sheet.abilities.str=12,16' \
    --set 'red.*.sheet.abilities.str=10..16/3' -n 200 --seed 4 --csv --svg "$tmp/g.svg" >"$tmp/g.csv" 2>"$tmp/err" &&
    ok || bad "grid sweep: $(cat "$tmp/err")"
[ "$(tail -n +2 "$tmp/g.csv" | wc -l)" = 6 ] && ok || bad "grid: not 2 x 3 rows"
python3 -c 'import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); \
print(sum(1 for e in r.iter() if e.get("class") == "point"))' "$tmp/g.svg" | grep -qx 6 && ok || bad "grid SVG cells"
"$fray" sweep examples/wounds-duel.json --set 'combatants[0].sheet.attributes.Strength=0..2' \
    --set 'options.ap_minor=1,2' -n 100 --seed 4 --json >"$tmp/g2.json" 2>"$tmp/err" &&
    jq -e '(.points | length) == 6' "$tmp/g2.json" >/dev/null && ok || bad "grid by check's paths: $(cat "$tmp/err")"

# ---- sweep: bad input, exit 2 with the reason ----
"$fray" sweep examples/wounds-duel.json --set 'red.*.sheet.armor=mithril' -n 10 >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "armor=mithril.*no armor named 'mithril'" "$tmp/err" && ok || bad "bad value: $(cat "$tmp/err")"
"$fray" sweep examples/wounds-duel.json --set 'green.*.sheet.armor=chain' -n 10 >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "no side 'green'" "$tmp/err" && ok || bad "unknown side: $(cat "$tmp/err")"
"$fray" sweep examples/wounds-duel.json --set 'combatants[7].sheet.armor=chain' -n 10 >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "no element 7" "$tmp/err" && ok || bad "index out of range: $(cat "$tmp/err")"
"$fray" sweep examples/wounds-duel.json --set 'red.*.sheet.armor' -n 10 >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "expects PATH=VALUES" "$tmp/err" && ok || bad "no values: $(cat "$tmp/err")"
"$fray" sweep examples/wounds-duel.json --set a=1 --set b=2 --set c=3 -n 10 >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "at most two --set" "$tmp/err" && ok || bad "three --set: $(cat "$tmp/err")"
"$fray" sweep examples/wounds-duel.json --set 'red.*.sheet.armor=chain' >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q -- "-n N is required" "$tmp/err" && ok || bad "no -n: $(cat "$tmp/err")"

# ---- compare ----
"$fray" compare examples/wounds-duel.json examples/wounds-duel.json -n 2000 --seed 5 --json >"$tmp/c0.json" &&
    jq -e '.win_rate_diff.estimate == 0 and .win_rate_diff.ci95[0] <= 0 and .win_rate_diff.ci95[1] >= 0 and
           .rounds_diff.estimate == 0' "$tmp/c0.json" >/dev/null && ok || bad "identical variants differ: $(cat "$tmp/c0.json")"
grep -q '"verdict": "no difference' "$tmp/c0.json" && ok || bad "identical variants: verdict"
# B: Aldric with a two-handed greataxe loses his shield: blue wins less often
jq '.combatants[0].sheet.weapons = ["greataxe"]' examples/wounds-duel.json >"$tmp/axe.json"
"$fray" compare "$tmp/axe.json" examples/wounds-duel.json -n 4000 --seed 5 >"$tmp/c1.txt" 2>&1 &&
    grep -q "^B: blue wins [0-9.]* +- [0-9.]* points more often than under A" "$tmp/c1.txt" && ok ||
    bad "the better variant is not found: $(cat "$tmp/c1.txt")"
"$fray" compare examples/wounds-duel.json "$tmp/axe.json" -n 4000 --seed 5 --json |
    jq -e '.win_rate_diff.ci95[1] < 0 and .win_rate_diff.mcnemar_p < 0.001' >/dev/null && ok || bad "the worse variant"
"$fray" compare examples/wounds-duel.json examples/energy-duel.json -n 10 --seed 5 >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "different rulesets or sides" "$tmp/err" && ok || bad "variants of two fights: $(cat "$tmp/err")"

# ---- adventuring days ----
for d in examples/days/*.json; do
    "$fray" check "$d" >/dev/null && ok || bad "$d does not check"
    "$fray" sim "$d" -n 600 --seed 2 --threads 1 --json | jq -c 'del(.timing)' >"$tmp/d1"
    "$fray" sim "$d" -n 600 --seed 2 --threads 2 --json | jq -c 'del(.timing)' >"$tmp/d2"
    cmp -s "$tmp/d1" "$tmp/d2" && ok || bad "$d: sim differs on 1 and 2 threads"
    jq -e '(.day.fights | length) == 3 and ([.day.fights_won[]] | add) == 600 and
           .day.fights[0].survived.count >= .day.fights[1].survived.count and
           .day.fights[1].survived.count >= .day.fights[2].survived.count and
           .day.fights[2].survived.count == .wins.party.count' "$tmp/d1" >/dev/null && ok ||
        bad "$d: survival after each fight: $(jq -c .day "$tmp/d1" | head -c 400)"
    "$fray" run "$d" --seed 5 >"$tmp/r1" && "$fray" run "$d" --seed 5 >"$tmp/r2" && cmp -s "$tmp/r1" "$tmp/r2" &&
        ok || bad "$d: run is not deterministic"
done
# The state of creature $2 in the heading of fight $3, and at the end of fight $4 ("Result" table).
heading() { awk -v f="== Fight $3 of" -v who="$2" 'index($0, f) == 1 {on = 1; next} on && $1 == who {print; exit}' "$1"; }
result() { awk -v k="$3" -v who="$2" '/^Result:/ {n++; next} n == k && $1 == who {print; exit}' "$1"; }
"$fray" run examples/days/wounds-day.json --seed 5 >"$tmp/wd"
# 003 #Resting: a short rest "recovers half of your current maximum stamina"
# (capped at the maximum): Aldric's Stamina after fight 1, below his maximum,
# and at the start of fight 2
read -r st mx < <(result "$tmp/wd" Aldric 1 | grep -oE 'Stamina [0-9]+/[0-9]+' | tr -c '0-9\n' ' ')
after=$(heading "$tmp/wd" Aldric 2 | grep -oE 'Stamina [0-9]+/' | tr -cd '0-9')
want=$((st + mx / 2 > mx ? mx : st + mx / 2))
[ -n "$st" ] && [ "$st" -lt "$mx" ] && [ "$after" = "$want" ] &&
    ok || bad "wounds: the short rest did not restore Aldric's stamina to $want: $(result "$tmp/wd" Aldric 1) / $(heading "$tmp/wd" Aldric 2)"
# "If you are lightly or moderately wounded, it also removes a single light
# wound": Wren's moderate wound stays from fight to fight
w1=$(result "$tmp/wd" Wren 1 | grep -o 'Wounds [0-9/]*') w2=$(heading "$tmp/wd" Wren 2 | grep -o 'Wounds [0-9/]*')
[ "$w1" = "Wounds 0/1/0/0/0" ] && [ "$w2" = "$w1" ] && ok || bad "wounds: Wren's wound not carried: '$w1' -> '$w2'"
# (seed 12: Aldric ends fight 2 standing and hurt; under the policy of issue 35 seed 5 kills him)
"$fray" run examples/days/energy-day.json --seed 12 >"$tmp/ed"
# 000 #Short Rest: "You regain all your Stamina."
result "$tmp/ed" Wren 1 | grep -q "Stamina 7/12" && heading "$tmp/ed" Wren 2 | grep -q "Stamina 12/12" &&
    ok || bad "energy: short rest stamina: $(result "$tmp/ed" Wren 1) / $(heading "$tmp/ed" Wren 2)"
# and Energy spent is carried: what a creature had left is what it starts with
[ "$(result "$tmp/ed" Aldric 2 | grep -o 'Energy [0-9]*')" = "$(heading "$tmp/ed" Aldric 3 | grep -o 'Energy [0-9]*')" ] &&
    ok || bad "energy: Energy not carried"
# 000 #Long Rest: "Your Aura is fully restored."
# (Aldric ends fight 2 hurt, whatever the fight: below 28, so the rest shows)
aura2=$(result "$tmp/ed" Aldric 2 | grep -o 'Aura [0-9]*/28' | grep -o '[0-9]*/' | tr -d /)
[ -n "$aura2" ] && [ "$aura2" -lt 28 ] && heading "$tmp/ed" Aldric 3 | grep -q "Aura 28/28" &&
    ok || bad "energy: long rest aura: $(result "$tmp/ed" Aldric 2) / $(heading "$tmp/ed" Aldric 3)"
"$fray" run examples/days/injury-day.json --seed 7 >"$tmp/id"
# 001 #Injuries: an injury is healed over days, not by an hour's rest (the
# rest hook's kind 0): Wren's nose injury and its strain come to fight 2;
# the hour gives Stamina back
result "$tmp/id" Wren 1 | grep -q "injuries: Nose1" && heading "$tmp/id" Wren 2 | grep -q "Strain 1, injuries: Nose1" &&
    ok || bad "injury: the injury was not carried: $(result "$tmp/id" Wren 1) / $(heading "$tmp/id" Wren 2)"
heading "$tmp/id" Wren 2 | grep -Eq "Stamina ([0-9]+)/\1," && ok || bad "injury: the hour's rest gave no Stamina: $(heading "$tmp/id" Wren 2)"
# bad days
jq '.day[1] = {"rest": "nap"}' examples/days/wounds-day.json >"$tmp/bad1.json"
"$fray" check "$tmp/bad1.json" >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "day\[1\].rest" "$tmp/err" && ok || bad "a rest of an unknown kind: $(cat "$tmp/err")"
jq '.day[0].combatants[0].side = "party"' examples/days/wounds-day.json >"$tmp/bad2.json"
"$fray" sim "$tmp/bad2.json" -n 10 >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "foe 'Snik' is on the party's side" "$tmp/err" && ok || bad "a foe on the party's side: $(cat "$tmp/err")"
jq '.day[2].combatants[0].use = "dragon"' examples/days/wounds-day.json >"$tmp/bad3.json"
"$fray" check "$tmp/bad3.json" >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "day\[2\].combatants\[0\].use" "$tmp/err" && ok || bad "a bad foe of fight 2: $(cat "$tmp/err")"
echo "$pass passed, $failn failed"
[ $failn = 0 ]
