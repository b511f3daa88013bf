#!/usr/bin/env bash
# Replay a scenario with the scripted dice it carries and compare its JSON
# event stream with the recorded golden file beside it.
#   tests/golden.sh FRAY SCENARIO.json
# FRAY_UPDATE_GOLDEN=1 rewrites the golden file instead (review the diff!).
set -u
fray=$1 sc=$2
golden=${sc%.json}.golden.jsonl
out=$(mktemp); trap 'rm -f "$out"' EXIT
"$fray" run "$sc" --seed 1 --json >"$out" 2>&1
rc=$?
echo "exit $rc" >>"$out"
if [ "${FRAY_UPDATE_GOLDEN:-0}" = 1 ]; then cp "$out" "$golden"; echo "updated $golden"; exit 0; fi
[ -f "$golden" ] || { echo "no golden file $golden (run with FRAY_UPDATE_GOLDEN=1)"; exit 1; }
diff -u "$golden" "$out" && echo "1 passed, 0 failed"
