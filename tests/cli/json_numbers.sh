#!/usr/bin/env bash
# No JSON output of fray prints a number with more digits than it needs to
# read back the same value: every real in `sim`, `odds`, `compare`,
# `sweep` and `dice` output has no more significant digits than the
# shortest text of the same double (Python's repr, which is that).
set -u
fray=${1:?usage: json_numbers.sh FRAY}
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# too_long FILE: each real of the JSON text FILE that has more significant
# digits than its shortest form, one a line
too_long() {
    python3 - "$1" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
def digits(s):
    m = s.lower().split("e")[0].lstrip("-").replace(".", "").lstrip("0")
    return len(m.rstrip("0")) or 1
bad = []
def check(tok):
    if any(c in tok for c in ".eE"):
        if digits(tok) > digits(repr(float(tok))):
            bad.append(tok)
    return float(tok) if any(c in tok for c in ".eE") else int(tok)
json.loads(text, parse_float=check, parse_int=lambda t: int(t))
reals = len(re.findall(r'-?\d+\.\d+|-?\d+(?:\.\d+)?[eE][-+]?\d+', text))
print(f"reals {reals}")
for b in bad:
    print(b)
PY
}
run() { # run NAME fray-args...: the JSON output of one command checked
    local name=$1; shift
    if ! "$fray" "$@" >"$tmp/out.json" 2>"$tmp/err"; then
        bad "$name: fray $*: $(head -c 200 "$tmp/err")"; return
    fi
    too_long "$tmp/out.json" >"$tmp/res" || { bad "$name: not JSON"; return; }
    if [ "$(head -1 "$tmp/res")" = "reals 0" ]; then bad "$name: no real to check"; return; fi
    if [ "$(wc -l <"$tmp/res")" = 1 ]; then ok; echo "ok: $name: $(head -1 "$tmp/res"), none longer than needed"
    else bad "$name: $(tail -n +2 "$tmp/res" | head -5 | tr '\n' ' ')"; fi
}
run sim sim examples/energy-duel.json -n 200 --seed 3 --json
run sim-wounds sim examples/wounds-skirmish.json -n 100 --seed 3 --json
run odds odds energy melee --av 17 --evasion 11 --json
run odds-wounds odds wounds attack --attack 5 --defense 3 --json
run compare compare examples/wounds-duel.json examples/wounds-duel.json -n 200 --seed 5 --json
run sweep sweep examples/wounds-duel.json --set 'red.*.sheet.armor=leather,chain' -n 100 --seed 3 --json
run dice dice 3d6 --json
echo "$pass passed, $failn failed"
[ $failn = 0 ]
