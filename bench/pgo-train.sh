#!/usr/bin/env bash
# The training run of the profile-guided build (scripts/build.sh): FRAY, a
# `fray` built with FRAY_PGO=generate, simulates every example and every
# adventuring day, with the built-in policy and with random legal play on
# each side, so that the profile holds every ruleset's fight loop, and the
# two duels at length, as designers sweep them. One thread, fixed seeds:
# the same profile every time. With BENCH_SIM (bench_sim of the same
# build), the engine floor's ruleset (bench/floor_rules.c) too, which no
# example plays: untrained, the loop compiled for it ran a third slower
# than without a profile. About half a minute.
#   bench/pgo-train.sh FRAY [BENCH_SIM]
set -eu
fray=${1:?usage: bench/pgo-train.sh FRAY [BENCH_SIM]}
bench=${2:-}
cd "$(dirname "$0")/.."
for ex in examples/*.json examples/days/*.json; do
    "$fray" sim "$ex" -n 500 --seed 11 --threads 1 >/dev/null
    for s in $(jq -r '[.combatants[].side] | unique | .[]' "$ex"); do
        "$fray" sim "$ex" -n 100 --seed 12 --threads 1 --policy "$s=random" >/dev/null
    done
done
"$fray" sim examples/energy-duel.json -n 20000 --seed 13 --threads 1 >/dev/null
"$fray" sim examples/wounds-duel.json -n 100000 --seed 13 --threads 1 >/dev/null
if [ -n "$bench" ]; then
    "$bench" --only floor -n 200000 --repeat 1 --threads 1 >/dev/null
fi
