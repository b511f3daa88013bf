#!/usr/bin/env bash
# fray run --fight I replays fight I of fray sim byte for byte: the events
# sim writes for that fight (--trace-fight) equal run's, for every example
# under the policy and random play; a failing sim names the fight and
# prints the command that replays it.
set -u
# LeakSanitizer off: its check at each process's exit was a third of this
# test's time, and the paths it runs (sim, run) are leak-checked by
# cli_sim and cli_run; crashes and undefined behaviour still stop it.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for ex in examples/*.json; do
    side=$(jq -r '.combatants[0].side' "$ex")
    for pol in "" "--policy $side=random"; do
        for i in 0 17; do # the first fight and a later one, which either thread may take
            # shellcheck disable=SC2086
            "$fray" sim "$ex" -n $((i + 1)) --seed 5 --threads 2 $pol --trace-fight $i \
                --trace-file "$tmp/sim.jsonl" --json >/dev/null 2>"$tmp/err" ||
                bad "$ex $pol: sim failed: $(cat "$tmp/err")"
            # shellcheck disable=SC2086
            "$fray" run "$ex" --seed 5 --fight $i $pol --json | tail -n +2 >"$tmp/run.jsonl"
            [ -s "$tmp/run.jsonl" ] && cmp -s "$tmp/sim.jsonl" "$tmp/run.jsonl" && ok ||
                bad "$ex $pol: fight $i of the sim and run --fight $i differ"
        done
    done
done
# run --fight 0 is the plain run
"$fray" run examples/energy-duel.json --seed 7 --json >"$tmp/a" && "$fray" run examples/energy-duel.json --seed 7 --fight 0 --json >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && ok || bad "run --fight 0 differs from run"
# a sim that fails names the fight and how to replay it
jq '.combatants[0].script = ["Load"]' examples/energy-duel.json >"$tmp/bad.json"
"$fray" sim "$tmp/bad.json" -n 10 --seed 3 --policy blue=script >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && ok || bad "a script that fails: sim exit $rc"
grep -q "fight 0 (seed 3)" "$tmp/err" && ok || bad "the failing fight is not named: $(cat "$tmp/err")"
grep -q "replay it: fray run $tmp/bad.json --seed 3 --fight 0 --policy blue=script" "$tmp/err" && ok ||
    bad "no replay command: $(cat "$tmp/err")"
echo "$pass passed, $failn failed"
[ $failn = 0 ]
