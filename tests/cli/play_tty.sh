#!/usr/bin/env bash
# fray play on a real terminal (tmux): for every ruleset with a duel
# example, a whole fight with entered and automatic rolls, a refused
# command, an undo and a redo, checking what the screen shows.
set -u
fray=$(realpath "$1")
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
if ! command -v tmux >/dev/null; then echo "skip: tmux is not installed (scripts/setup.sh installs it)"; exit 0; fi
tmp=$(mktemp -d)
sock="$tmp/tmux.sock"
t() { tmux -S "$sock" "$@"; }
trap 't kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
screen() { t capture-pane -p -t play -S -400; }
# Wait until the screen shows the pattern (a regular expression).
wait_for() {
    for _ in $(seq 100); do screen | grep -Eq "$1" && return 0; sleep 0.05; done
    return 1
}
send() { t send-keys -t play -l "$1"; t send-keys -t play Enter; }

for id in $("$fray" rulesets --json | jq -r '.[].id'); do
    ex=examples/$id-duel.json
    [ -f "$ex" ] || continue
    db="$tmp/$id.db"
    t new-session -d -s play -x 160 -y 50 "$fray play $(realpath "$ex") --db $db --seed 5; sleep 30"
    wait_for "[A-Za-z]> ?$" && ok || { bad "$id: no prompt: $(screen | tail -5)"; t kill-session -t play; continue; }
    screen | grep -q "round 1" && ok || bad "$id: the status table has no round"
    screen | grep -Eq "Legal now|1d[0-9]+" && ok || bad "$id: no question on the screen"
    send "frobnicate"
    wait_for "refused: 'frobnicate'" && ok || bad "$id: a bad command was not refused on screen"
    creature=$(ls data/$id/*.json | head -1 | xargs basename | sed 's/\.json$//')
    send "add Newcomer $(jq -r '.combatants[-1].side' "$ex") $creature 2 2"
    wait_for "Newcomer joins" && ok || bad "$id: the added creature did not join on screen"
    screen | grep -Eq "^ *>? *Newcomer " && ok || bad "$id: the added creature is not in the status table"
    entered=0 rolled=0 undone=0
    for step in $(seq 400); do
        s=$(screen | tail -60)
        last=$(echo "$s" | grep -E "Legal now|\(enter 1-|The fight is over" | tail -1)
        echo "$last" | grep -q "The fight is over" && break
        if echo "$last" | grep -q "(enter 1-"; then
            # alternate: type a roll, let fray roll
            if [ $(( step % 2 )) = 0 ]; then send "1"; entered=$((entered+1)); else send ""; rolled=$((rolled+1)); fi
        elif [ $(( step % 4 )) = 3 ]; then
            send "pass"   # a free action taken forever (a toggle) would never end the turn
        else
            send "1"
        fi
        if [ "$step" = 6 ] && [ "$undone" = 0 ]; then
            send "undo"; wait_for "^undo: 1 entry" && ok || bad "$id: undo not shown"
            send "redo"; wait_for "^redo: 1 entry" && ok || bad "$id: redo not shown"
            undone=1
        fi
        sleep 0.1
    done
    wait_for "The fight is over" && ok || { bad "$id: the fight did not end on screen"; screen | tail -15; }
    [ "$undone" = 1 ] && ok || bad "$id: the fight ended before undo was tried"
    echo "$id: $entered rolls entered, $rolled rolled by fray on the GM's word"
    [ "$id" = energy ] && { [ "$entered" -gt 0 ] && ok || bad "$id: no roll was entered"; }
    send "quit"
    wait_for "saved: fray play" && ok || bad "$id: quit did not say how to resume"
    t kill-session -t play 2>/dev/null
    # the fight in the store replays to the same end
    printf 'export\nquit\n' | "$fray" play --db "$db" --resume >"$tmp/out" 2>&1
    grep -q '"kind":"end"' "$tmp/out" && ok || bad "$id: the stored fight does not replay to its end"
done
echo "$pass passed, $failn failed"
[ $failn = 0 ]
