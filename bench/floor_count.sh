#!/usr/bin/env bash
# The engine floor by instruction counts, which do not depend on how busy
# the machine is (bench_sim's wall-clock ratio does):
#   instructions per fight / (dice per fight x instructions per die)
# from callgrind over `bench_sim --only floor` on one thread: the fights
# are everything under the sim's worker (work), the die is one call of
# die_once, which die_cost times (fray_die on a d10, in the same binary).
#   bench/floor_count.sh [BENCH_SIM] [FIGHTS]
set -eu
bin=${1:-build/bench_sim}
n=${2:-100000}
out=$(mktemp)
trap 'rm -f "$out" "$out.txt"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" --only floor -n "$n" --repeat 1 \
    --threads 1 --json >"$out.txt" 2>/dev/null
dice=$(jq ".rows[] | select(.ruleset == \"floor\") | .dice_per_fight" "$out.txt")
# inclusive counts: the workers' loop (both runs, 1 and "all" threads, are
# on one thread here, so 2n fights) and die_once as die_cost calls it
ann=$(callgrind_annotate --inclusive=yes --tree=caller "$out" 2>/dev/null)
work=$(echo "$ann" | awk '/\*  .*src\/core\/sim.c:work/ {gsub(",","",$1); print $1; exit}')
# (its block in the tree: a line per caller, "< caller (Nx)", then "*")
read -r die draws < <(echo "$ann" | awk '/^ *$/ { ir = 0; calls = 0 }
    /  < / { c = $0; x = $1; gsub(",", "", x); sub(/.*\(/, "", c); sub(/x\).*/, "", c); gsub(",", "", c)
             ir += x; calls += c }
    /\*  .*:die_once/ && calls > 0 && !done { print ir, calls; done = 1 }')
[ -n "$work" ] && [ -n "$die" ] || { echo "floor_count: could not read the profile" >&2; exit 1; }
awk -v w="$work" -v n="$n" -v d="$dice" -v die="$die" -v draws="$draws" 'BEGIN {
    per_fight = w / (2 * n); per_die = die / draws
    printf "floor: %.0f instructions per fight, %.1f dice per fight, %.1f instructions per die: ratio %.2f\n",
           per_fight, d, per_die, per_fight / (d * per_die) }'
