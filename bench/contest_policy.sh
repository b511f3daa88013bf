#!/usr/bin/env bash
# The contest policy against random legal actions, in mirror: N seeded fights
# of examples/contest-skirmish.json with red random (the policy plays blue),
# and N with blue random (the policy plays red). Prints the policy's win rate.
#   bench/contest_policy.sh FRAY [N]      (N fights per side, default 500)
set -u
fray=${1:?usage: $0 FRAY [N]}
n=${2:-500}
here=$(cd "$(dirname "$0")/.." && pwd)
enc="$here/examples/contest-skirmish.json"
wins=0 total=0 draws=0
for side in blue red; do
  if [ "$side" = blue ]; then other=red; else other=blue; fi
  for ((s = 1; s <= n; s++)); do
    res=$("$fray" run "$enc" --seed "$s" --quiet --policy "$other=random" 2>/dev/null | awk '{print $1}')
    total=$((total + 1))
    if [ "$res" = "$side" ]; then wins=$((wins + 1)); elif [ "$res" = draw ]; then draws=$((draws + 1)); fi
  done
done
echo "contest policy vs random: $wins/$total wins ($((100 * wins / total))%), $draws draws"
awk -v w="$wins" -v t="$total" 'BEGIN { exit (w * 100 >= 80 * t) ? 0 : 1 }'
