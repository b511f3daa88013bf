#!/usr/bin/env bash
# Every line of the event stream of every example (fray run --json, with
# the policy and with random play, several seeds; a sim's trace; play's
# export) validates against docs/events.schema.json, with Debian's
# python3-jsonschema (installed by scripts/setup.sh).
set -u
# LeakSanitizer off: its check at each process's exit was a third of this
# test's time, and the paths it runs (sim, run) are leak-checked by
# cli_sim and cli_run; crashes and undefined behaviour still stop it.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fray=$1
py=/usr/bin/python3
if ! $py -c 'import jsonschema' 2>/dev/null; then
    echo "FAIL: python3-jsonschema is not installed (scripts/setup.sh installs it)"; echo "0 passed, 1 failed"; exit 1
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for ex in examples/*.json; do
    side=$(jq -r '.combatants[0].side' "$ex")
    for seed in 1 2 3; do
        "$fray" run "$ex" --seed $seed --json >>"$tmp/events.jsonl"
        "$fray" run "$ex" --seed $seed --fight 9 --policy "$side=random" --json >>"$tmp/events.jsonl"
    done
    "$fray" sim "$ex" -n 20 --seed 4 --trace-fight 3 --trace-file "$tmp/t.jsonl" --json >/dev/null
    cat "$tmp/t.jsonl" >>"$tmp/events.jsonl"
    printf 'damage %s 3\nexport\nquit\n' "$(jq -r '.combatants[1].name' "$ex")" |
        "$fray" play "$ex" --db "$tmp/p.db" --seed 5 | grep '^{' >>"$tmp/events.jsonl"
done
$py - docs/events.schema.json "$tmp/events.jsonl" <<'PY'
import json, sys
from jsonschema import Draft202012Validator
schema = json.load(open(sys.argv[1]))
Draft202012Validator.check_schema(schema)
v = Draft202012Validator(schema)
good = bad = 0
for n, line in enumerate(open(sys.argv[2]), 1):
    errors = list(v.iter_errors(json.loads(line)))
    if errors:
        bad += 1
        if bad <= 5:
            print(f"FAIL: line {n}: {errors[0].message}: {line[:200]}")
    else:
        good += 1
kinds = set()
print(f"{good} passed, {bad} failed")
sys.exit(1 if bad or good < 100 else 0)
PY
