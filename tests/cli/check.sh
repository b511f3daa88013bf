#!/usr/bin/env bash
# fray check: four kinds of bad file, four different messages with file,
# line and key, exit 2; nothing crashes (the suite runs under ASan).
set -u
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
expect() { # file, expected exit, expected text
    out=$("$fray" check "$1" 2>&1); rc=$?
    [ "$rc" = "$2" ] || { bad "$1: exit $rc, expected $2 ($out)"; return; }
    case "$out" in *"$3"*) ok ;; *) bad "$1: '$out' lacks '$3'" ;; esac
}
d=tests/data/bad
expect $d/syntax.json 2 "$d/syntax.json:5:5: syntax error"
expect $d/unknown-key.json 2 "$d/unknown-key.json:6:6: combatants[1].colour: unknown key"
expect $d/wrong-type.json 2 "$d/wrong-type.json:3:3: max_rounds: expected an integer"
expect $d/unknown-ruleset.json 2 "$d/unknown-ruleset.json:2:3: ruleset: unknown ruleset 'chess'"
expect $d/empty.json 2 "syntax error"
expect $d/array.json 2 "expected an encounter object"
expect $d/garbage.json 2 "syntax error"
expect /nonexistent.json 2 "cannot read"
expect $d/map-region.json 2 "$d/map-region.json:11:59: map.regions[1].thickness: 0 is out of range"
# the messages differ from each other
n=$(for f in syntax unknown-key wrong-type unknown-ruleset; do "$fray" check $d/$f.json 2>&1 | sed 's/^[^ ]* [^ ]* //'; done | sort -u | wc -l)
[ "$n" = 4 ] && ok || bad "expected 4 different messages, got $n"
# every bundled file and example is valid
for f in examples/*.json data/*/*.json; do
    [ -e "$f" ] || continue
    "$fray" check "$f" >/dev/null 2>&1 && ok || bad "$f does not check: $("$fray" check "$f" 2>&1)"
done
"$fray" check --help | grep -q "usage: fray check" && ok || bad "check --help"
"$fray" check >/dev/null 2>&1; [ $? = 2 ] && ok || bad "check with no file must exit 2"
echo "$pass passed, $failn failed"
[ "$failn" = 0 ]
