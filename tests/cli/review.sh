#!/usr/bin/env bash
# A new user's bad input: every verb with wrong, missing or extreme option
# values, and encounter files whose creature sheets ("sheet" overrides of
# bundled energy and wounds creatures) have wrong types. Each must exit 2
# with a message on stderr that says what was wrong; nothing may crash.
# Run from the repository root; $1 is the fray binary.
set -u
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run ARGS... : sets out (stdout), err (stderr), rc
run() {
    out=$("$fray" "$@" 2>"$tmp/err"); rc=$?
    err=$(cat "$tmp/err")
}
# expect2 WANTED ARGS...: exit 2, WANTED in stderr, no sanitizer report
expect2() {
    local want=$1; shift
    run "$@"
    if [ "$rc" != 2 ]; then bad "fray $*: exit $rc, expected 2 (stderr: $err)"; return; fi
    case "$err" in
        *"runtime error"*|*Sanitizer*) bad "fray $*: sanitizer report: $err"; return ;;
    esac
    case "$err" in *"$want"*) ok ;; *) bad "fray $*: stderr lacks '$want': $err" ;; esac
}
# encounter FILE RULESET USE SHEET-JSON [SIDE-OF-FIRST]: a two-creature encounter
encounter() {
    printf '{"ruleset": "%s", "name": "t", "combatants": [\n' "$2" >"$1"
    printf '  {"name": "A", "side": "%s", "at": [0, 0], "use": "%s",\n   "sheet": %s},\n' \
        "${5-blue}" "$3" "$4" >>"$1"
    printf '  {"name": "B", "side": "red", "at": [2, 0], "use": "goblin"}]}\n' >>"$1"
}

E=examples/energy-duel.json

# ---- options of every verb ------------------------------------------------
expect2 "expects a non-negative integer" run $E --seed -1
expect2 "expects a non-negative integer" run $E --seed ""
expect2 "too large" run $E --seed 99999999999999999999999
expect2 "--max-rounds must be from 1" run $E --max-rounds 0
expect2 "expected die results" run $E --dice 0
expect2 "expected die results" run $E --dice 5,x
expect2 "expected SIDE=" run $E --policy red
expect2 "no side 'green'" run $E --policy green=random
expect2 "expected one encounter file" run
expect2 "expected one encounter file" run $E $E
expect2 "-n N is required" sim $E
expect2 "-n expects a non-negative integer" sim $E -n -1
expect2 "-n expects a non-negative integer" sim $E -n abc
expect2 "--threads must be from 1 to 1024" sim $E -n 10 --threads 0
expect2 "--threads must be from 1 to 1024" sim $E -n 10 --threads 5000
expect2 "--seed expects a non-negative integer" sim $E -n 10 --seed -1
expect2 "exclude each other" sim $E -n 10 --json --csv
expect2 "unknown ruleset 'nosuch'" rulesets nosuch
expect2 "no file given" check
expect2 "unknown check 'nosuch'" odds energy nosuch
expect2 "needs --av N and --evasion N" odds energy melee --av 17
expect2 "is not an integer" odds energy melee --av abc --evasion 11
expect2 "is not an integer in 0..19" odds energy melee --av 17 --evasion 11 --precise 20
expect2 "the number of dice" odds energy melee --av 17 --evasion 11 --damage 0d6
expect2 "unknown parameter '--bogus'" odds energy melee --av 17 --evasion 11 --bogus 3
expect2 "go together" odds energy melee --attacker knight
expect2 "is not an integer in 1..1000" odds wounds defeat --attack 5 --defense 10 --ap 0
expect2 "expected L,M,S,C" odds wounds defeat --attack 5 --defense 10 --wounds 1,2
for x in 0d6 1d0 999999d6 d 1d6kh0 2d6+ 1d6kh1kh1 1d6/2 '2d6>0' ''; do
    expect2 "fray dice: " dice "$x"
done
expect2 "--vs needs a dice expression" dice 1d6 --vs

# a second ruleset id is an error, not silently ignored
expect2 "at most one ruleset id" rulesets energy wounds
# getopt's own messages name the program as "fray VERB", like every other message
for v in rulesets check run sim; do
    expect2 "fray $v: unrecognized option '--bogus'" $v --bogus x
done
expect2 "fray dice: unknown option '--bogus'" dice --bogus x
# a folder is not "Input/output error"
expect2 "cannot read: Is a directory" check tests
expect2 "cannot read: Is a directory" run tests
# a sheet file that cannot be opened: no "-1:-1" position
run odds energy melee --attacker knight --defender "$tmp/none.json"
[ "$rc" = 2 ] && ok || bad "odds with a missing sheet file: exit $rc"
case "$err" in *":-1:"*) bad "odds with a missing sheet file: $err" ;; *) ok ;; esac
# a wounds sheet given to an energy check names the ruleset mismatch
expect2 'sheet.ruleset: expected "energy"' odds energy melee --attacker data/wounds/knight.json --defender goblin

# --ask: a typo is asked again (it used to roll the die as if Enter was pressed),
# and a line too long for a die result is refused whole (its tail used to
# become the answer to the next roll)
ask() { # INPUT WANTED WHAT
    out=$(printf "$1" | "$fray" run $E --seed 7 --ask 2>"$tmp/err"); rc=$?
    err=$(cat "$tmp/err")
    case "$out" in *"$2"*) ok ;; *) bad "--ask $3: lacks '$2' (exit $rc): $(head -c 600 <<<"$out")" ;; esac
}
ask 'abc\n16\n4\n3\n' "[Combat roll, 1d20: 16; Evasion roll, 1d10 exploding: 4;" "typo"
case "$err" in *"a d20 shows 1 to 20"*) ok ;; *) bad "--ask typo: no hint: $err" ;; esac
ask "$(printf '%62s' '')16\n16\n4\n3\n" "[Combat roll, 1d20: 16; Evasion roll, 1d10 exploding: 4;" "long line"
ask '\n' "fray run: Duel at the ford" "Enter"

# the die of a roll is named once when scripted dice run out
expect2 "ran out at roll 2 (Evasion roll, 1d10 exploding)" run $E --seed 7 --dice 17
expect2 "ran out at roll 3 (Damage roll, 1d6)" run $E --seed 7 --dice 17,4

# ---- creature sheets with wrong types (via "sheet" overrides) --------------
f=$tmp/enc.json
chk() { # WANTED RULESET USE SHEET [SIDE]
    encounter "$f" "$2" "$3" "$4" "${5-blue}"
    expect2 "$1" check "$f"
    expect2 "$1" run "$f" --seed 1 --quiet
}
for rs in energy wounds; do
    chk 'sheet.ruleset: expected' $rs knight '{"ruleset": 7}'
    chk 'sheet.ruleset: expected' $rs knight '{"ruleset": []}'
    chk 'sheet.ruleset: expected' $rs knight '{"ruleset": "nosuch"}'
    chk 'sheet.description: expected a string' $rs knight '{"description": 3}'
    chk 'sheet.description: expected a string' $rs knight '{"description": {"a": 1}}'
    chk 'side: must not be empty' $rs knight '{}' ''
done
chk 'sheet.ruleset: expected "energy"' energy knight '{"ruleset": "wounds"}'
chk 'sheet.ruleset: expected "wounds"' wounds knight '{"ruleset": "energy"}'
chk 'sheet.mount.name: expected a string' wounds knight \
    '{"mount": {"name": 5, "size": 5, "movement_rate": 14}}'
chk 'sheet.armour.name: expected a string' energy knight \
    '{"armour": {"name": [], "rating": 2, "coverage": 10}}'
chk 'sheet.shield.name: expected a string' energy knight '{"shield": {"name": 1, "evasion": 1}}'
# the errors the loader already gave stay
chk 'sheet.level' energy knight '{"level": -1}'
chk 'sheet.abilities' energy knight '{"abilities": {"str": "x"}}'
chk 'sheet.weapons[0]' energy knight '{"weapons": [{"name": "w", "damage": "0d6"}]}'
chk 'sheet.weapons[0]' energy knight '{"weapons": ["nosuch"]}'
chk 'sheet.attributes.Strength' wounds knight '{"attributes": {"Strength": 1000}}'
chk 'sheet.weapons[0]' wounds knight '{"weapons": [{"item": "nosuch"}]}'
chk 'sheet.bogus: unknown key' wounds knight '{"bogus": 1}'
# the good ones still load
for rs in energy wounds; do
    encounter "$f" $rs knight "{\"ruleset\": \"$rs\", \"description\": \"mine\"}"
    run check "$f"
    [ "$rc" = 0 ] && ok || bad "$rs sheet with its own ruleset and a description: exit $rc ($err)"
done

# every bundled file and example checks
for x in data/*/*.json examples/*.json; do
    run check "$x"
    [ "$rc" = 0 ] && ok || bad "check $x: exit $rc ($err)"
done

# limits added after the review
expect2 "-n must be at least 1" sim examples/energy-duel.json -n 0
expect2 "the list is empty" run examples/energy-duel.json --dice ""
expect2 "--aura" odds energy defeat --av 17 --evasion 11 --aura 1001
printf '{"ruleset":"energy","combatants":[{"name":"A","side":"a","use":"knight","script":["Melee Attack >"]},{"name":"B","side":"b","use":"goblin"}]}' >"$tmp/gt.json"
expect2 "expected a combatant's name after '>'" check "$tmp/gt.json"

echo "$pass passed, $failn failed"
[ "$failn" = 0 ]
