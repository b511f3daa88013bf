#!/usr/bin/env bash
# A bounded soak in every test run (scripts/soak.sh runs the long one on
# demand): random legal play and the policy on every example and on random
# pairings of every ruleset's creatures, under the sanitizer build: 50
# fights of each encounter and mix, every encounter reached once (some
# 8,200 fights: 41 encounters, 4 mixes) unless a minute runs out first.
set -u
fray=$1
exec "$(dirname "$0")/../../scripts/soak.sh" --fray "$fray" --fights 8200 --minutes 1 --batch 50
