#!/usr/bin/env bash
# fray odds: --help lists every ruleset's checks, `energy melee` in text and
# JSON (values worked out by hand from 000_ca603e8fb651e0df.txt, as in
# tests/rules/energy/odds_test.c), --mc beside the exact values, `defeat`,
# `wounds attack`, and exit 2 for every bad parameter.
set -u
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
has() { # what, text, wanted substring
    case "$2" in *"$3"*) ok ;; *) bad "$1: lacks '$3' in: $2" ;; esac
}
run() {
    local e; e=$(mktemp)
    out=$("$fray" odds "$@" 2>"$e"); rc=$?
    err=$(cat "$e"); rm -f "$e"
}
jcheck() {
    if jq -e "def near(a; b): ((a - b) | fabs) < 1e-12; $3" <<<"$2" >/dev/null 2>&1; then ok
    else bad "$1: not true: $3 (of: $2)"; fi
}

# --help: every registered ruleset, with its checks
run --help
[ "$rc" = 0 ] && ok || bad "--help: exit $rc"
has "--help" "$out" "[energy]"
has "--help" "$out" "energy melee --av N --evasion N [--coverage N] [--ar N] [--damage EXPR] [--precise N]"
has "--help" "$out" "energy defeat"
has "--help" "$out" "energy ranged --mcm N"
has "--help" "$out" "[wounds]"
has "--help" "$out" "wounds attack --attack N --defense N"

# AV 15 vs Evasion 8, Coverage 10, AR 3, damage 6: p_hit = 1/20 + 18/20 * 7/10,
# Combat rolls 2-9 hit the armour (8/20 * 7/10), damage 3 then, else 6.
run energy melee --av 15 --evasion 8 --coverage 10 --ar 3 --damage 6 --json
[ "$rc" = 0 ] && ok || bad "melee --json: exit $rc ($err)"
jcheck "melee json" "$out" 'near(.p_hit; 0.68) and near(.p_crit; 0.05) and near(.p_armor; 0.28)
    and near(.damage["0"]; 0.32) and near(.damage["3"]; 0.28) and near(.damage["6"]; 0.40)
    and near(.mean_damage; 3.24) and (.truncation.tail == 0)'

# text: the numbers and a bar per damage value
run energy melee --av 15 --evasion 8 --coverage 10 --ar 3 --damage 6
[ "$rc" = 0 ] && ok || bad "melee text: exit $rc ($err)"
has "melee text" "$out" "p_hit: 0.68"
has "melee text" "$out" "p_armor: 0.28"
line=$(printf '%s\n' "$out" | grep -E '^ *6 ')
has "melee bar" "$line" "40.00000% ##################################################"
line=$(printf '%s\n' "$out" | grep -E '^ *3 ')
has "melee bar" "$line" "28.00000% ###################################"

# Defend wins ties: 1d10* <= 6
run energy melee --av 15 --evasion 8 --defend --json
jcheck "defend" "$out" 'near(.p_hit; 0.59)'

# --mc prints the simulated figures beside the exact ones, with the seed
run energy melee --av 15 --evasion 8 --damage 1d8+2 --mc 100000 --seed 9
has "mc" "$out" "simulated"
has "mc" "$out" "(exact 0.68)"
has "mc" "$out" "seed: 9"
run energy melee --av 15 --evasion 8 --damage 1d8+2 --mc 100000 --seed 9 --json
jcheck "mc json" "$out" '((.mc.p_hit - .p_hit) | fabs) < 0.01 and .mc.n == 100000'

# a ranged attack at an unaware target: Hit rolls 10-20 against Miss Chance 10
run energy ranged --mcm 10 --unaware --json
jcheck "ranged" "$out" 'near(.p_hit; 0.55) and .check == "ranged"'

# time to defeat: Precise 18 makes every roll but 1 a Crit; at 0 Aura a Death
# roll of 1-4 takes the defender out: the first attack with 19/20 * 4/20
run energy defeat --av 0 --evasion 100 --precise 18 --aura 0 --no-saves --json
[ "$rc" = 0 ] && ok || bad "defeat: exit $rc ($err)"
jcheck "defeat" "$out" 'near(.attacks["1"]; 0.19) and .tail < 1e-15 and .attacks_per_round == 1'
run energy defeat --av 15 --evasion 8 --aura 10 --damage 1d6
has "defeat text" "$out" "attacks:"
has "defeat text" "$out" "rounds:"
has "defeat text" "$out" "still in the fight"

# wounds: d20 + 5 >= 14 on 9-20
run wounds attack --attack 5 --defense 14 --damage 4 --toughness 3 --wild plain --json
[ "$rc" = 0 ] && ok || bad "wounds attack: exit $rc ($err)"
jcheck "wounds attack" "$out" 'near(.p_hit; 0.6) and near(.wound.Fatal; 0.25) and near(.wound.Light; 0.05)'
run wounds defeat --attack 20 --defense 1 --wild plain --action quick --tier minion --json
jcheck "wounds defeat" "$out" 'near(.attacks["2"]; 1)'

# two creature sheets instead of numbers (bundled creatures of data/<id>/)
run energy melee --attacker knight --defender goblin --json
[ "$rc" = 0 ] && ok || bad "energy sheets: exit $rc ($err)"
jcheck "energy sheets" "$out" '.params.attacker == "knight" and .p_hit > 0 and .p_hit < 1'
run energy melee --attacker knight --defender goblin --av 30 --json
jcheck "energy sheets, --av overrides" "$out" '.params.av == 30'
run wounds defeat --attacker fighter --defender orc --json
[ "$rc" = 0 ] && ok || bad "wounds sheets: exit $rc ($err)"
jcheck "wounds sheets" "$out" '.params.defender == "orc" and .tail < 1e-15'

# bad input: exit 2 with a message naming the problem
for args in "energy melee --av 15" "energy melee --av 15 --evasion 8 --defense sideways" \
            "energy melee --av x --evasion 8" "energy melee --av 15 --evasion 8 --bogus 1" \
            "energy melee --av 15 --evasion 8 --damage 2d" "energy lunge --av 1 --evasion 1" \
            "energy" "nosuchruleset melee" "energy defeat --av 15 --evasion 8" \
            "wounds attack --attack 1" "wounds defeat --attack 1 --defense 2 --wounds 9,0,0,0" \
            "energy melee --attacker knight" "energy melee --attacker nobody --defender goblin" \
            "wounds attack --attacker fighter --defender /nonexistent.json"; do
    # shellcheck disable=SC2086
    run $args
    [ "$rc" = 2 ] && ok || bad "'$args': exit $rc, want 2"
    [ -n "$err" ] && ok || bad "'$args': no message"
done
run
[ "$rc" = 2 ] && ok || bad "no arguments: exit $rc, want 2"

echo "odds.sh: $pass passed, $failn failed"
[ "$failn" = 0 ]
