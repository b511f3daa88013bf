#!/usr/bin/env bash
# A ruleset's policy against random legal actions, in mirror: N seeded
# fights of examples/RULESET-skirmish.json with red random (the policy
# plays blue), and N with blue random (the policy plays red). Prints the
# policy's win rate; exits 1 when it is under 80%.
#   bench/policy.sh FRAY RULESET [N] [ENCOUNTER]   (N fights per side, default 500)
set -u
fray=${1:?usage: $0 FRAY RULESET [N] [ENCOUNTER]}
id=${2:?usage: $0 FRAY RULESET [N] [ENCOUNTER]}
n=${3:-500}
enc=${4:-$(cd "$(dirname "$0")/.." && pwd)/examples/$id-skirmish.json}
wins=0 total=0 draws=0
for side in blue red; do
  if [ "$side" = blue ]; then other=red; else other=blue; fi
  for ((s = 1; s <= n; s++)); do
    res=$("$fray" run "$enc" --seed "$s" --quiet --policy "$other=random" 2>/dev/null | awk '{print $1}')
    total=$((total + 1))
    if [ "$res" = "$side" ]; then wins=$((wins + 1)); elif [ "$res" = draw ]; then draws=$((draws + 1)); fi
  done
done
echo "$id policy vs random: $wins/$total wins ($((100 * wins / total))%), $draws draws"
awk -v w="$wins" -v t="$total" 'BEGIN { exit (w * 100 >= 80 * t) ? 0 : 1 }'
