#!/usr/bin/env bash
# The energy policy against random legal play, in mirror: N seeded fights of
# examples/energy-skirmish.json with red random (blue plays the policy), and
# N with blue random (red plays the policy). Prints the policy's win rate.
#   bench/energy_policy.sh FRAY [N] [ENCOUNTER]
set -u
fray=${1:?usage: energy_policy.sh FRAY [N] [ENCOUNTER]}
n=${2:-500}
enc=${3:-$(dirname "$0")/../examples/energy-skirmish.json}
wins=0 draws=0 fights=0
for ((s = 1; s <= n; s++)); do
  for random in red blue; do
    policy=$([ "$random" = red ] && echo blue || echo red)
    last=$("$fray" run "$enc" --seed "$s" --json --policy "$random=random" | tail -n 1)
    winner=$(printf '%s' "$last" | sed -n 's/.*"outcome": *"\([^"]*\)".*/\1/p')
    fights=$((fights + 1))
    [ "$winner" = "$policy" ] && wins=$((wins + 1))
    [ "$winner" = draw ] && draws=$((draws + 1))
  done
done
echo "energy policy vs random: $wins of $fights fights won ($draws draws), win rate $((100 * wins / fights))%"
awk -v w="$wins" -v f="$fights" 'BEGIN { exit !(w >= 0.8 * f) }'
