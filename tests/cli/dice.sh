#!/usr/bin/env bash
# fray dice: canonical form, odds, the bar chart, --vs, --json, and the exits
# for a bad expression (2) and a bad option (2).
set -u
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
has() { # what, text, wanted substring
    case "$2" in *"$3"*) ok ;; *) bad "$1: lacks '$3' in: $2" ;; esac
}
# run ARGS... : sets out (stdout), err (stderr), rc
run() {
    local e; e=$(mktemp)
    out=$("$fray" dice "$@" 2>"$e"); rc=$?
    err=$(cat "$e"); rm -f "$e"
}
# jcheck WHAT JSON FILTER: the jq FILTER must be true of JSON; near(a; b)
# compares within 1e-12. One jq run per output keeps the test fast.
jcheck() {
    if jq -e "def near(a; b): ((a - b) | fabs) < 1e-12; $3" <<<"$2" >/dev/null 2>&1; then ok
    else bad "$1: not true: $3 (of: $2)"; fi
}

# text: canonical form, mean, sd, bounds, one line per value with its bar
run 2d6 + 3
[ "$rc" = 0 ] && ok || bad "2d6+3: exit $rc ($err)"
has "2d6+3" "$out" "2d6+3"
has "2d6+3" "$out" "mean 10.00  sd 2.42  min 5  max 15"
line=$(printf '%s\n' "$out" | grep -E '^ *10 ')
has "2d6+3 mode" "$line" "16.67% ##################################################"
line=$(printf '%s\n' "$out" | grep -E '^ *5 ')
has "2d6+3 least" "$line" "2.78% ########"
n=$(printf '%s\n' "$out" | grep -cE '^ *[0-9]+ +[0-9.]+%')
[ "$n" = 11 ] && ok || bad "2d6+3: expected 11 value lines, got $n"

# case and spacing are free; d20 means 1d20; * and ! both explode
run 'D20'
has "D20" "$out" "1d20"
run '1D10*'
has "1d10*" "$out" "1d10!"
has "1d10* max" "$out" "max unbounded"
has "1d10* tail" "$out" "1e-17 of the probability lies beyond"
has "1d10* hidden" "$out" "values above 39 hidden"
line=$(printf '%s\n' "$out" | grep -E '^ *10 ')
has "1d10! 10" "$line" " 0.00%"
line=$(printf '%s\n' "$out" | grep -E '^ *13 ')
has "1d10! 13" "$line" " 1.00%"

# --vs: P(A>B) = sum over a of (2a-1)/400 * (a-1)/20 = 513/800
run 2d20kh1 --vs 1d20
[ "$rc" = 0 ] && ok || bad "--vs: exit $rc ($err)"
has "--vs" "$out" "P(2d20kh1 > 1d20)   64.13%"
has "--vs" "$out" "P(2d20kh1 = 1d20)    5.00%"
has "--vs" "$out" "P(2d20kh1 < 1d20)   30.88%"

# --json: one object, exact odds
run 2d6+3 --json
[ "$rc" = 0 ] && ok || bad "--json: exit $rc ($err)"
[ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && ok || bad "--json: not one line"
jcheck "2d6+3 --json" "$out" '.expr == "2d6+3" and (.dist | length) == 11 and .tail == 0
    and near(.dist["10"]; 6/36) and near(.dist["5"]; 1/36) and near([.dist[]] | add; 1)
    and near(.mean; 10) and near(.sd; (35/6) | sqrt) and .min == 5 and .max == 15'

run '2d20kh1' --json --vs '1d20'
jcheck "2d20kh1 --json" "$out" 'near(.dist["20"]; 39/400) and near(.dist["1"]; 1/400)'
jcheck "--vs --json" "$out" '.vs.expr == "1d20" and near(.vs.p_gt; 513/800)
    and near(.vs.p_eq; 1/20) and near(.vs.p_lt; 247/800)'

# "1d10!": 10 and 20 are never totals, 21 is 10+10+1; unbounded above
run '1d10!' --json
jcheck "1d10! --json" "$out" '.expr == "1d10!" and near(.dist["21"]; 0.001)
    and near(.dist["13"]; 0.01) and (.dist | has("10") | not) and (.dist | has("20") | not)
    and .tail > 0 and .tail < 1e-16 and .max == null and near(.mean; 55/9)'

run '6d6>5' --json
jcheck "6d6>5 --json" "$out" 'near(.dist["2"]; 15*16/729) and near(.mean; 2)'

# an expression starting with '-' goes after --
run --json -- '-1d6+10'
jcheck "-1d6+10" "$out" '.expr == "-1d6+10" and .min == 4 and .max == 9'

# bad expressions: the parser's message, exit 2, nothing on stdout
run 2dx
[ "$rc" = 2 ] && ok || bad "2dx: exit $rc"
has "2dx" "$err" "fray dice: expected a number of sides after 'd' at column 3"
[ -z "$out" ] && ok || bad "2dx: stdout not empty"
run 2d6 --vs 1d6+
[ "$rc" = 2 ] && ok || bad "--vs 1d6+: exit $rc"
has "--vs 1d6+" "$err" "fray dice: expected a number or a die at column 5"

# usage errors
run --frobnicate 2d6
[ "$rc" = 2 ] && ok || bad "unknown option: exit $rc"
has "unknown option" "$err" "usage: fray dice"
run
[ "$rc" = 2 ] && ok || bad "no expression: exit $rc"
has "no expression" "$err" "usage: fray dice"
run 2d6 --vs
[ "$rc" = 2 ] && ok || bad "--vs without value: exit $rc"
run --help
[ "$rc" = 0 ] && ok || bad "--help: exit $rc"
has "--help" "$out" "usage: fray dice EXPR [--vs EXPR] [--json]"

# too large to compute exactly: refused, not ground through
run 100d1000kh50
[ "$rc" = 1 ] && ok || bad "100d1000kh50: exit $rc"
has "100d1000kh50" "$err" "too large"

echo "$pass passed, $failn failed"
[ "$failn" = 0 ]
