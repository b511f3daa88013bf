#!/usr/bin/env bash
# Every verb's --help (and -h) prints its usage on stdout and exits 0; the
# verbs are those `fray --help` lists, so a verb added later is checked too.
set -u
fray=${1:?usage: help.sh FRAY}
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
out=$(mktemp); trap 'rm -f "$out"' EXIT
"$fray" --help >"$out" 2>&1 && ok || bad "fray --help exits $?"
verbs=$(awk '/^verbs:/ {on = 1; next} on && /^  [a-z]/ {print $1}' "$out")
[ "$(echo "$verbs" | wc -w)" -ge 10 ] && ok || bad "fray --help lists only: $verbs"
for v in $verbs; do
    for flag in --help -h; do
        "$fray" "$v" "$flag" >"$out" 2>/dev/null
        rc=$?
        if [ $rc = 0 ] && grep -q "fray $v" "$out"; then ok; else
            bad "fray $v $flag: exit $rc, $(wc -c <"$out") bytes on stdout"
        fi
    done
done
echo "$pass passed, $failn failed"
[ $failn = 0 ]
