#!/usr/bin/env bash
# fray play: the journal replays to the same fight as `fray run`, survives a
# restart, undo and redo; bad commands and bad stores are refused.
set -u
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
events() { grep '^{"seq"' "$1"; }

# Everyone run by fray: play's events are run's, byte for byte.
for ex in examples/*.json; do
    side=$(jq -r '.combatants[0].side' "$ex")
    printf 'export\nquit\n' | "$fray" play "$ex" --db "$tmp/all.db" --seed 7 \
        --control "$side=policy" >"$tmp/p.out" 2>&1 || bad "$ex: play failed: $(tail -2 "$tmp/p.out")"
    "$fray" run "$ex" --seed 7 --json | tail -n +2 >"$tmp/r.jsonl"
    events "$tmp/p.out" >"$tmp/p.jsonl"
    cmp -s "$tmp/p.jsonl" "$tmp/r.jsonl" && ok || bad "$ex: play (all policy) differs from run"
done

# A GM side: actions, entered rolls, a refusal, undo and redo, resume (the
# first question is Aldric's initiative check, rolled on the GM's word).
ex=examples/wounds-duel.json db="$tmp/gm.db"
printf '%s\n' '' 1 '' 'do Aldric Standard Attack > Grok' 'fly away' 'do Aldric Teleport' \
    'status' 'export' quit |
    "$fray" play "$ex" --db "$db" --seed 5 >"$tmp/g1.out" 2>&1
grep -q "refused: 'fly away' is neither a command nor an action of wounds" "$tmp/g1.out" && ok || bad "unknown words not refused"
printf 'roll\nfrobnicate\nquit\n' | "$fray" play --db "$db" --resume >"$tmp/g0.out" 2>&1
grep -q "refused: the fight does not wait for a roll now" "$tmp/g0.out" && ok || bad "roll at an action prompt not refused"
grep -q "refused: 'Teleport' is neither a command nor an action of wounds" "$tmp/g1.out" && ok || bad "illegal action not refused"
events "$tmp/g1.out" >"$tmp/g1.jsonl"
printf 'export\nquit\n' | "$fray" play --db "$db" --resume >"$tmp/g2.out" 2>&1
events "$tmp/g2.out" >"$tmp/g2.jsonl"
cmp -s "$tmp/g1.jsonl" "$tmp/g2.jsonl" && ok || bad "export of the resumed fight differs"
printf 'undo\nredo\nexport\nquit\n' | "$fray" play --db "$db" --resume >"$tmp/g3.out" 2>&1
events "$tmp/g3.out" >"$tmp/g3.jsonl"
cmp -s "$tmp/g1.jsonl" "$tmp/g3.jsonl" && ok || bad "undo then redo changed the fight"
grep -q "^undo: 1 entry" "$tmp/g3.out" && ok || bad "undo did not report"

# Entered rolls: the GM's roll is used, and one off the die is refused.
ex=examples/energy-duel.json db="$tmp/dice.db"
lines=()
for i in $(seq 1 40); do lines+=(1 25 7); done
printf '%s\n' "${lines[@]}" export quit |
    "$fray" play "$ex" --db "$db" --seed 3 >"$tmp/d.out" 2>&1
grep -q "refused: 25 is not on a d" "$tmp/d.out" && ok || bad "a roll off the die was not refused"
grep -q '"purpose":"[^"]*","die":[0-9]*,"value":7' "$tmp/d.out" && ok || bad "an entered 7 was not used"

# sim from the present: the shares add up, the same twice (its own seeds);
# odds: the ruleset's exact figures.
printf '%s\n' 'sim 200' 'sim 200' 'odds --json melee --av 17 --evasion 11' 'odds melee --av 17 --evasion 11' 'odds nonsense' quit |
    "$fray" play --db "$tmp/dice.db" --resume >"$tmp/s.out" 2>&1
[ "$(grep -c '^from here, 200 fights' "$tmp/s.out")" = 2 ] && ok || bad "sim did not report: $(grep -i sim "$tmp/s.out")"
[ "$(grep '^from here' "$tmp/s.out" | sort -u | wc -l)" = 1 ] && ok || bad "sim gave two answers from one state"
grep -q '"p_hit": 0.59,' "$tmp/s.out" && ok || bad "odds melee: $(grep -A3 p_hit "$tmp/s.out")"
grep -q "refused: unknown check 'nonsense'\|refused: .*nonsense" "$tmp/s.out" && ok || bad "odds with a bad check not refused"
# odds as a table (issue 36): chances in percent to one decimal, the damage
# chart; JSON only with --json
grep -q '^chance to hit: 59\.0%$' "$tmp/s.out" && grep -qE '^  1  59\.0% #+$' "$tmp/s.out" && ok || bad "odds table: $(sed -n '/^odds of melee/,/^mean/p' "$tmp/s.out")"
[ "$(grep -c '"p_hit"' "$tmp/s.out")" = 1 ] && ok || bad "odds without --json printed JSON"

# odds ACTION TARGET: the action legal now, read from the live state (the
# archer's shot at 6 m, inside the second range number); a move has none;
# an action not legal now is refused with the rule that allows it.
ex=examples/energy-duel.json
printf '%s\n' 'odds --json Ranged Attack > Grok' 'odds 2' 'do Melee Attack > Grok' quit |
    "$fray" play "$ex" --db "$tmp/odds.db" --seed 5 >"$tmp/o.out" 2>&1
grep -q '"action": "Ranged Attack"' "$tmp/o.out" && ok || bad "odds of the legal Ranged Attack: $(head -c 400 "$tmp/o.out")"
grep -q '"mcm": 8' "$tmp/o.out" && grep -q '"p_hit": 0\.8' "$tmp/o.out" && ok || bad "odds of the shot not from the archer's state: $(grep -A14 '"params"' "$tmp/o.out")"
grep -q "refused: Run has no exact odds: only attacks have them" "$tmp/o.out" && ok || bad "odds of a move not refused"
grep -q "refused: Melee Attack is not legal for Aldric now. #Melee Attacks: a melee weapon in hand and a foe within its Reach.* It costs 3 Energy; Aldric has Aura 28/28" "$tmp/o.out" && ok || bad "illegal action refused without its rule: $(grep refused "$tmp/o.out")"
ex=examples/wounds-duel.json
printf '%s\n' '' 'do Aldric Pin > Grok' quit | "$fray" play "$ex" --db "$tmp/odds2.db" --seed 5 >"$tmp/o2.out" 2>&1
grep -q "refused: Pin is not legal for Aldric now. #Action: Pin: a foe you grapple" "$tmp/o2.out" && ok || bad "wounds refusal without its rule: $(grep refused "$tmp/o2.out")"

# The tracker's screen on a pipe (issue 36): no colour codes; the table in
# the engine's turn order (threeaction: initiative, as fray run's turns);
# the 16 Shift entries of energy-skirmish one line with their places in
# metres, `legal Shift` lists them all, `do Shift X,Y` takes the first to
# that place, a place none goes to is refused.
printf '%s\n' 'legal Shift' 'do Shift -1,0' 'do Shift 9,9' export quit |
    "$fray" play examples/energy-skirmish.json --db "$tmp/screen.db" --seed 3 --control blue=policy \
        --control Aldric=gm >"$tmp/sc.out" 2>&1
! grep -q $'\033' "$tmp/sc.out" && ok || bad "escape codes on a pipe"
grep -qE '^  Shift +5:1,0 7:-1,0 13:0\.96,0\.26 15:-0\.96,-0\.26 +\+4: legal Shift$' "$tmp/sc.out" && ok ||
    bad "the Shift entries not one line: $(grep -m1 '^  Shift' "$tmp/sc.out")"
awk '/acts. Legal now/,/^Aldric|^legal/ { if (length($0) > 80) exit 1 }' "$tmp/sc.out" && ok || bad "a grouped line past 80 columns"
[ "$(grep -cE '^ +[0-9]+  Shift > ' "$tmp/sc.out")" = 16 ] && ok || bad "legal Shift did not list the 16 entries"
grep -q '"kind":"action","actor":"Aldric","target":"Grok","action":"Shift","outcome":"moved".*"who":"Aldric","what":"Agility","before":3,"after":1' "$tmp/sc.out" &&
    ok || bad "do Shift -1,0 did not take entry 7 (away from Grok, 2 Agility)"
grep -q "refused: no legal Shift goes to 9,9 now" "$tmp/sc.out" && ok || bad "a Shift to nowhere not refused: $(grep refused "$tmp/sc.out")"
printf 'quit\n' | "$fray" play examples/threeaction-skirmish.json --db "$tmp/order.db" --seed 3 \
    --control blue=policy >"$tmp/ord.out" 2>&1
shown=$(sed -n '/^Ambush.*round/,$p' "$tmp/ord.out" | grep -oE '^ [>?. ] [A-Za-z]+' | tail -8 | cut -c4- | tr '\n' ' ')
turns=$("$fray" run examples/threeaction-skirmish.json --seed 3 --json | jq -r 'select(.round == 1 and .kind == "turn") | .actor' | tr '\n' ' ')
[ "$shown" = "$turns" ] && ok || bad "the table's order '$shown' is not the turns' '$turns'"

# A creature joins mid-fight and another leaves; a bad one is refused; none
# joins while a roll is asked (Aldric's initiative, within everyone's).
printf '%s\n' 'add Snik red goblin 3 0' '' 'add Snik red goblin 3 0' 'add Snak red dragon' 'add Aldric red goblin' 'remove Grok' export quit |
    "$fray" play examples/wounds-duel.json --db "$tmp/add.db" --seed 5 >"$tmp/a.out" 2>&1
grep -q "refused: a roll is asked now (Aldric: Initiative check, 1d20): enter it (or Enter), then add" "$tmp/a.out" && ok || bad "add at a roll not refused: $(grep -m1 refused "$tmp/a.out")"
grep -q '"kind":"joins","actor":"Snik"' "$tmp/a.out" && ok || bad "add: no joins event"
grep -q '"kind":"initiative","actor":"Snik"' "$tmp/a.out" && ok || bad "add: the newcomer rolled no initiative"
grep -q "refused: .*no bundled wounds creature 'dragon'" "$tmp/a.out" && ok || bad "add of an unknown creature not refused"
grep -q "refused: .*'Aldric' is already the name" "$tmp/a.out" && ok || bad "add of a taken name not refused"
grep -q '"kind":"leaves","actor":"Grok"' "$tmp/a.out" && ok || bad "remove: no leaves event"
printf 'export\nquit\n' | "$fray" play --db "$tmp/add.db" --resume >"$tmp/a2.out" 2>&1
cmp -s <(events "$tmp/a.out") <(events "$tmp/a2.out") && ok || bad "a fight with an added creature does not replay the same"
# The GM's note and reveal (as on the page): a note is journaled and shown
# to the GM, a reveal is the GM's event; a fiat at the initiative roll's
# question shows its own record, not the initiative's modifiers under way.
jq '.combatants[1].hidden = true' examples/wounds-duel.json >"$tmp/hid.json"
printf '%s\n' 'note the ogre waits behind the door' 'note' 'reveal Grok' 'reveal Grok' '' export quit |
    "$fray" play "$tmp/hid.json" --db "$tmp/hid.db" --seed 5 >"$tmp/hid.out" 2>&1
grep -q '^  \* note: the ogre waits behind the door$' "$tmp/hid.out" && ok || bad "note not shown"
grep -q 'refused: usage: note TEXT (one line)' "$tmp/hid.out" && ok || bad "an empty note not refused"
grep -q '"kind":"fiat","detail":"reveal Grok","rule":"GM fiat"}$' "$tmp/hid.out" && ok ||
    bad "reveal: no fiat event of its own: $(grep -m1 '"kind":"fiat"' "$tmp/hid.out")"
grep -q 'refused: Grok is not hidden' "$tmp/hid.out" && ok || bad "a second reveal not refused"
grep -q '"kind":"initiative","actor":"Aldric".*"mods":\[{"source":"Perception"' "$tmp/hid.out" && ok ||
    bad "the initiative under way lost its modifiers to the reveal"
printf 'export\nquit\n' | "$fray" play --db "$tmp/hid.db" --resume >"$tmp/hid2.out" 2>&1
cmp -s <(events "$tmp/hid.out") <(events "$tmp/hid2.out") && ok || bad "a fight with a note and a reveal does not replay the same"

# Nor while an answer is asked within an action: Aldric's Charge hits and
# he chooses the body part (a creature added there was a heap-use-after-free
# under the attack); once the answer is in and his next choice is his own,
# the wolf joins.
printf '%s\n' '' 4 '' 'add Wolfie red wolf 8 0' 1 'add Wolfie red wolf 8 0' export quit |
    "$fray" play examples/injury-duel.json --db "$tmp/addans.db" --seed 5 >"$tmp/aa.out" 2>&1
grep -q "refused: Aldric is asked in the middle of an action now: answer, then add when a creature chooses its action" "$tmp/aa.out" &&
    ok || bad "add at an answer not refused: $(grep -m1 -E 'refused|ERROR' "$tmp/aa.out")"
grep -q '"kind":"joins","actor":"Wolfie"' "$tmp/aa.out" && ok || bad "add after the answer: no joins event"

# GM fiat: damage and healing by the ruleset's rules, recorded as the GM's.
printf '%s\n' 'damage Grok 12' 'heal Grok 5' 'damage Nobody 3' 'damage Grok -2' export quit |
    "$fray" play examples/energy-duel.json --db "$tmp/fiat.db" --seed 5 >"$tmp/f.out" 2>&1
grep -q '"kind":"fiat".*"detail":"Grok 12"' "$tmp/f.out" && ok || bad "damage not recorded as fiat"
grep -q '"kind":"damage","target":"Grok","outcome":"aura","value":12' "$tmp/f.out" && ok || bad "damage did not take Aura"
grep -q '"what":"Aura","before":13,"after":18' "$tmp/f.out" && ok || bad "heal did not give Aura back"
grep -q "refused: no creature named 'Nobody'" "$tmp/f.out" && ok || bad "damage to nobody not refused"
grep -q "refused: usage: damage WHO AMOUNT" "$tmp/f.out" && ok || bad "negative damage not refused"

# A refused command changes nothing: a roll line with a roll off its die,
# or more rolls than are asked for, enters none of its rolls (issue 36.1).
entries() { printf 'quit\n' | "$fray" play --db "$1" --resume 2>&1 | sed -nE '1s/.* ([0-9]+) entr.*/\1/p'; }
printf '%s\n' 1 '5 99' '5 5 5 5 5 5 5 5 5 5' quit |
    "$fray" play examples/energy-duel.json --db "$tmp/line.db" --seed 3 >"$tmp/line.out" 2>&1
grep -q "refused: 99 is not on a d20 (Hit roll, 1d20: 1 to 20): nothing entered" "$tmp/line.out" && ok || bad "a roll off the die: $(grep refused "$tmp/line.out")"
grep -q "refused: 10 rolls given, 3 asked for: nothing entered" "$tmp/line.out" && ok || bad "too many rolls: $(grep refused "$tmp/line.out")"
[ "$(entries "$tmp/line.db")" = 1 ] && ok || bad "a refused roll line was journaled: $(entries "$tmp/line.db") entries"

# add past the most creatures a fight holds is refused, nothing journaled;
# a creature added appears; a name taken by an added creature is refused (36.2).
{ echo 'add W1 red wolf'; echo 'add W1 red wolf'; for i in $(seq 2 31); do echo "add W$i red wolf"; done; echo status; echo quit; } |
    "$fray" play examples/energy-duel.json --db "$tmp/full.db" --seed 3 >"$tmp/full.out" 2>&1
grep -q "refused: .*'W1' is already the name" "$tmp/full.out" && ok || bad "an added creature's name taken again"
grep -q "refused: the fight holds 32 creatures, the most it can .*nothing added" "$tmp/full.out" && ok || bad "add past 32 not refused"
grep -qE '^   W30 +red' "$tmp/full.out" && ! grep -qE '^   W31 ' "$tmp/full.out" && ok || bad "W30 missing, or W31 shown"
[ "$(entries "$tmp/full.db")" = 30 ] && ok || bad "refused adds journaled: $(entries "$tmp/full.db") entries"

# set on the initiative reorders the turns the scheduler takes; a set that
# would lose a turn still to come is refused, with why (36.4).
printf '%s\n' '' '' '' '' 'set Aldric Initiative 30' 'set Mira Initiative 30' pass pass pass pass quit |
    "$fray" play examples/threeaction-skirmish.json --db "$tmp/init.db" --seed 1 >"$tmp/init.out" 2>&1
[ "$(sed -n '/^-- Round 2 --/,$p' "$tmp/init.out" | grep -m1 -oE '^  [A-Za-z]+ turn [0-9]+')" = "  Aldric turn 30" ] && ok ||
    bad "Initiative 30 did not put Aldric first in round 2: $(sed -n '/^-- Round 2 --/,$p' "$tmp/init.out" | grep -m2 ' turn ')"
grep -q "refused: Mira's turn this round is still to come, and Initiative 30 would put it before turns already had" "$tmp/init.out" && ok || bad "a set losing Mira's turn not refused"

# set keeps a resource's range and goes through the rules' thresholds: Aura
# 0 by the damage rules, so the next hit is a Death roll (36.5).
printf '%s\n' 'set Grok Aura -5' 'set Grok Aura 26' 'set Grok Aura 25' 'set Grok Aura 0' 'damage Grok 3' 'set Grok Stamina 0' 'set Grok Stamina 1' export quit |
    "$fray" play examples/energy-duel.json --db "$tmp/range.db" --seed 3 >"$tmp/range.out" 2>&1
grep -q "refused: Aura of Grok takes 0 to 25, not -5" "$tmp/range.out" && ok || bad "Aura -5 not refused: $(grep -m1 -i 'aura' "$tmp/range.out")"
grep -q "refused: Aura of Grok takes 0 to 25, not 26" "$tmp/range.out" && ok || bad "Aura 26 not refused"
grep -q '"kind":"fiat","detail":"Grok Aura 25"' "$tmp/range.out" && grep -q '"kind":"fiat","detail":"Grok Stamina 1"' "$tmp/range.out" &&
    ok || bad "the ends of the ranges (Aura 25, Stamina 1) refused"
grep -q '"kind":"damage","target":"Grok","outcome":"aura","value":25' "$tmp/range.out" && ok || bad "Aura 0 not taken by the damage rules"
grep -q '"kind":"death roll","actor":"Grok"' "$tmp/range.out" && ok || bad "no Death roll on a hit at Aura 0"
grep -q "refused: Stamina of Grok takes 1 to 18, not 0: 0 Stamina knocks out" "$tmp/range.out" && ok || bad "Stamina 0 not refused with why"

# An unknown target is called unknown, with the nearest names (36.7).
printf '%s\n' 'do Ranged Attack > Grk' 'damage Grck 2' quit |
    "$fray" play examples/energy-duel.json --db "$tmp/typo.db" --seed 3 >"$tmp/typo.out" 2>&1
[ "$(grep -c "refused: no creature named 'Gr[c]*k' (nearest: Grok)" "$tmp/typo.out")" = 2 ] && ok || bad "a typo not called unknown: $(grep refused "$tmp/typo.out")"

# Bad stores: not a fray store, a newer schema, no such store; exit 2.
echo "not a database" >"$tmp/text.db"
"$fray" play --db "$tmp/text.db" >"$tmp/b.out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q "not a fray store" "$tmp/b.out" && ok || bad "a text file as store: rc $rc $(cat "$tmp/b.out")"
cmp -s "$tmp/text.db" <(echo "not a database") && ok || bad "the non-store file was written"
sqlite3 "$tmp/new.db" "PRAGMA application_id = 1179795801; PRAGMA user_version = 99; CREATE TABLE x (y);"
"$fray" play --db "$tmp/new.db" >"$tmp/b.out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q "newer fray" "$tmp/b.out" && ok || bad "a newer store: rc $rc $(cat "$tmp/b.out")"
sqlite3 "$tmp/other.db" "CREATE TABLE x (y);"
"$fray" play --db "$tmp/other.db" >"$tmp/b.out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q "another program" "$tmp/b.out" && ok || bad "another program's SQLite: rc $rc"
"$fray" play --db "$tmp/none.db" >"$tmp/b.out" 2>&1; rc=$?
[ $rc = 2 ] && ok || bad "a missing store: rc $rc"
# a store with corrupt pages is damaged, not empty: list and --resume (36.3)
cp "$tmp/init.db" "$tmp/bad.db"
head -c 3000 /dev/zero | tr '\0' '\377' | dd of="$tmp/bad.db" bs=1 seek=8192 conv=notrunc 2>/dev/null
"$fray" play --db "$tmp/bad.db" >"$tmp/b.out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q "the store is damaged (PRAGMA quick_check: " "$tmp/b.out" && ok || bad "listing a damaged store: rc $rc $(cat "$tmp/b.out")"
printf 'quit\n' | "$fray" play --db "$tmp/bad.db" --resume >"$tmp/b.out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q "the store is damaged" "$tmp/b.out" && ok || bad "resuming a damaged store: rc $rc $(head -c 300 "$tmp/b.out")"

# A read-only store (as a user who may not write it: root writes anything)
# can be listed, and is never written; playing in it is refused.
if command -v setpriv >/dev/null && [ "$(id -u)" = 0 ]; then
    cp "$tmp/gm.db" "$tmp/ro.db"; rm -f "$tmp"/gm.db-*
    chmod 755 "$tmp"; chmod 444 "$tmp/ro.db"
    sum=$(md5sum <"$tmp/ro.db")
    as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
    as_nobody "$fray" play --db "$tmp/ro.db" >"$tmp/ro1.out" 2>&1 && grep -q "Duel at the ford" "$tmp/ro1.out" &&
        ok || bad "listing a read-only store: $(cat "$tmp/ro1.out")"
    printf 'quit\n' | as_nobody "$fray" play --db "$tmp/ro.db" --resume >"$tmp/ro2.out" 2>&1; rc=$?
    [ $rc = 2 ] && grep -q "read-only" "$tmp/ro2.out" && ok || bad "playing a read-only store: rc $rc $(cat "$tmp/ro2.out")"
    [ "$(md5sum <"$tmp/ro.db")" = "$sum" ] && ok || bad "the read-only store was written"
else
    echo "skip: the read-only store test needs root and setpriv"
fi

# Two writers: the second is refused while the first holds the fight.
mkfifo "$tmp/in"
"$fray" play examples/energy-duel.json --db "$tmp/two.db" --seed 1 <"$tmp/in" >"$tmp/w1.out" 2>&1 &
exec 9>"$tmp/in"
for i in $(seq 50); do grep -q "Legal now" "$tmp/w1.out" 2>/dev/null && break; sleep 0.1; done
printf 'quit\n' | "$fray" play --db "$tmp/two.db" --resume >"$tmp/w2.out" 2>&1; rc=$?
[ $rc = 2 ] && grep -q "open in another fray" "$tmp/w2.out" && ok || bad "a second writer: rc $rc $(cat "$tmp/w2.out")"
echo quit >&9; exec 9>&-; wait
printf 'quit\n' | "$fray" play --db "$tmp/two.db" --resume >"$tmp/w3.out" 2>&1 && ok || bad "the fight was not released"

# Listing.
"$fray" play --db "$tmp/all.db" >"$tmp/l.out" 2>&1 && grep -q "Duel at the ford" "$tmp/l.out" && ok || bad "listing fights"
echo "$pass passed, $failn failed"
[ $failn = 0 ]
