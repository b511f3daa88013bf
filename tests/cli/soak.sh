#!/usr/bin/env bash
# A bounded soak in every test run (scripts/soak.sh runs the long one on
# demand): random legal play and the policy on every example and on random
# pairings of every ruleset's creatures, under the sanitizer build: 100
# fights of each encounter and mix, every encounter reached once (some
# 16,000 fights) unless two minutes run out first.
set -u
fray=$1
exec "$(dirname "$0")/../../scripts/soak.sh" --fray "$fray" --fights 16000 --minutes 2 --batch 100
