#!/usr/bin/env bash
# A bounded soak in every test run (scripts/soak.sh runs the long one on
# demand): random legal play and the policy on every example and on random
# pairings of every ruleset's creatures, under the sanitizer build.
set -u
fray=$1
exec "$(dirname "$0")/../../scripts/soak.sh" --fray "$fray" --fights 40000 --minutes 2 --batch 500
