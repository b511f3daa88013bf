#!/usr/bin/env bash
# fray play's screen on an 80x24 terminal (tmux), issue 36 "Done when" 3:
# a turn of the 4-against-4 energy-skirmish fits, with the status table
# and the legal list both in view, the creatures in the order they act.
# One tmux session; the screen is polled, never waited for by the clock.
set -u
fray=$(realpath "$1")
# shellcheck source=tests/cli/tmux.bash
. "$(dirname "$0")/tmux.bash"
# the visible screen, each line whole (-J: a line wider than the pane
# comes back as one line, not wrapped)
screen() { t capture-pane -p -J -t play; }
wait_for() {
    for _ in $(seq 200); do screen | grep -Eq "$1" && return 0; sleep 0.05; done
    return 1
}
send() { t send-keys -t play -l "$1"; t send-keys -t play Enter; }
ex=$(realpath examples/energy-skirmish.json)

# The checks of one screen: at most 80 columns a line, the whole table
# (its heading and the 8 creatures) and the whole legal list (its heading
# and its groups, up to the prompt) in the 24 lines.
fits() {
    local s="$tmp/screen" what=$1
    screen >"$s"
    [ "$(wc -l <"$s")" -le 24 ] && ok || bad "$what: more than 24 lines"
    awk 'length($0) > 80 { exit 1 }' "$s" && ok || bad "$what: a line past 80 columns: $(awk 'length($0) > 80' "$s")"
    local head; head=$(grep -n ' (energy) round [0-9]' "$s" | tail -1 | cut -d: -f1)
    [ -n "$head" ] && ok || { bad "$what: no table heading in view"; cat "$s"; return; }
    sed -n "$((head + 1)),$((head + 8))p" "$s" | grep -cE '^ [>?. ] [A-Z][a-z]+ +(blue|red) ' >"$tmp/n"
    [ "$(cat "$tmp/n")" = 8 ] && ok || { bad "$what: the table's 8 creatures not all in view"; cat "$s"; }
    sed -n "$((head + 9)),\$p" "$s" | grep -q 'acts. Legal now' && ok || bad "$what: the legal list's heading not under the table"
    tail -1 "$s" | grep -q '> *$' && grep -qE '^  (Run|Shift) ' "$s" && ok || bad "$what: the legal list not whole above the prompt"
    # the order on screen: the names, as the table gives them
    sed -n "$((head + 1)),$((head + 8))p" "$s" | sed -E 's/^ [>?. ] ([A-Za-z]+) .*/\1/' | tr '\n' ' ' >"$tmp/order"
}

start=$(date +%s%N)
# blue run by fray but for Aldric and Bryn: the prompts are theirs
t new-session -d -s play -x 80 -y 24 \
    "$fray play $ex --db $tmp/s.db --seed 3 --control blue=policy --control Aldric=gm --control Bryn=gm; sleep 60"
wait_for '^Aldric> $' && ok || { bad "no prompt: $(screen | tail -3)"; exit 1; }
fits "round 1, Aldric's action"
# The engine's order (#Action Order & Initiative: the one with the most
# Energy acts; ties by file order): everyone has 5, so file order, and
# `fray run` begins with the same creature.
[ "$(cat "$tmp/order")" = "Aldric Bryn Cora Dunn Grok Snik Fang Vex " ] && ok || bad "order at the start: $(cat "$tmp/order")"
first=$("$fray" run "$ex" --seed 3 --json | jq -r 'select(.kind != "state" and .actor != null) | .actor' | head -1)
[ "$first" = Aldric ] && ok || bad "fray run's first actor is $first"
grep -q '^ > Aldric ' "$tmp/screen" && ok || bad "the creature acting not marked"
grep -qE '^  Shift +5:1,0 7:-1,0 ' "$tmp/screen" && ok || bad "the Shift entries not one line with their places"

# Aldric shifts for 1 Energy (entry 6, the other way to 1,0 than 5's 2
# Agility); Bryn then acts, and Aldric, with 4 Energy, acts last.
send 6
wait_for '^Bryn> $' && ok || { bad "Bryn not asked after Aldric's Shift: $(screen | tail -4)"; exit 1; }
if screen | grep -q 'may react'; then send pass; wait_for 'Bryn acts' || true; fi
fits "Bryn's action"
[ "$(cat "$tmp/order")" = "Bryn Cora Dunn Grok Snik Fang Vex Aldric " ] && ok || bad "order after Aldric's Shift: $(cat "$tmp/order")"
grep -qE '^   Aldric .* Energy 4, Agility 3 @1,0$' "$tmp/screen" && ok || bad "Aldric's Energy and place not shown after the Shift: $(grep Aldric "$tmp/screen")"
grep -q '^ > Bryn ' "$tmp/screen" && ok || bad "Bryn not marked"

# Colour on the terminal: the state of each creature (able: green), and
# none with NO_COLOR set (no-color.org).
t capture-pane -p -e -t play | grep -q $'\033\\[32mable' && ok || bad "no colour for an able creature"
send quit
wait_for 'saved: fray play' || true
t respawn-pane -k -t play "NO_COLOR=1 $fray play --db $tmp/s.db --resume; sleep 60"
wait_for '^Bryn> $' && ok || bad "no prompt on resuming: $(screen | tail -3)"
! t capture-pane -p -e -t play | grep -q $'\033\\[3[1-9]m' && ok || bad "colour with NO_COLOR set"

# Tab completion by context: after `do Shift ` the places and creatures,
# not the commands.
t send-keys -t play -l "do Shift -"
t send-keys -t play Tab Tab
wait_for '^-[0-9.]+,-?[0-9.]+ +-[0-9.]+,' && ok || bad "after 'do Shift -' no places offered: $(screen | tail -4)"
t send-keys -t play C-u
t send-keys -t play -l "set Br"
t send-keys -t play Tab
wait_for 'Bryn> set Bryn +$' && ok || bad "set: the creature's name not completed: $(screen | tail -2)"
t send-keys -t play -l "Ag"
t send-keys -t play Tab
wait_for 'Bryn> set Bryn Agility +$' && ok || bad "set: the resource not completed: $(screen | tail -2)"
t send-keys -t play C-u
echo "wall time: $(( ($(date +%s%N) - start) / 1000000 )) ms"
echo "$pass passed, $failn failed"
[ $failn = 0 ]
