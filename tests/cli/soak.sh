#!/usr/bin/env bash
# A bounded soak in every test run (scripts/soak.sh runs the long one on
# demand): random legal play and the policy on every example and on random
# pairings of every ruleset's creatures, under the sanitizer build: 25
# fights of each encounter and mix, every encounter reached once (some
# 4,100 fights: 41 encounters, 4 mixes) unless 40 s run out first (a
# loaded suite reaches some 40 encounter-mixes; scripts/soak.sh runs the
# long soak).
# LeakSanitizer off (its exit check was a third of the time; sim's paths
# under the policy and random play are leak-checked by cli_sim).
set -u
fray=$1
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
exec "$(dirname "$0")/../../scripts/soak.sh" --fray "$fray" --fights 4100 --seconds 40 --batch 25
