#!/usr/bin/env bash
# fray play on a real terminal (tmux): for every ruleset with a duel
# example, a whole fight with entered and automatic rolls, a refused
# command, an undo and a redo, checking what the screen shows; every roll
# asked names a creature of the GM's side (the duel's first side), none of
# the policy's, and the GM's creature is asked its initiative, attack,
# damage, defence or save and Death roll where its ruleset has them
# (issue 36).
set -u
fray=$(realpath "$1")
# shellcheck source=tests/cli/tmux.bash
. "$(dirname "$0")/tmux.bash"
# The last 400 lines, each whole (-J: a line wider than the pane is one line).
screen() { t capture-pane -p -J -t play -S -400; }
# Wait until the screen shows the pattern (a regular expression); generous,
# since a loaded machine may take seconds over a look-ahead's hint.
wait_for() {
    for _ in $(seq 600); do screen | grep -Eq "$1" && return 0; sleep 0.05; done
    return 1
}
send() { t send-keys -t play -l "$1"; t send-keys -t play Enter; }
# The prompts in the pane's whole history ("Name> ", with what was typed at
# it), and whether fray waits at an empty one: an input is taken when the
# count has grown and fray waits again. A screen that has merely changed
# (the typed text echoed, half of the answer printed) is not enough: the
# next pick would be read from the old question (CI, stop 44).
prompts() { t capture-pane -p -J -t play -S - | grep -cE '^[A-Za-z][A-Za-z0-9]*>( |$)'; }
waiting() { screen | grep -v '^ *$' | tail -1 | grep -Eq '^[A-Za-z][A-Za-z0-9]*> ?$'; }
send_wait() {
    local before
    before=$(prompts)
    send "$1"
    for _ in $(seq 600); do
        [ "$(prompts)" -gt "$before" ] && waiting && return 0
        sleep 0.05
    done
    bad "$id: no prompt again after '$1': $(screen | tail -3)"
    return 1
}
# The kinds of roll each ruleset's GM creature must be asked in its fight
# (a pattern over "Name: purpose"): initiative, attack, damage, a defence
# or save, a Death roll. The GM's creature attacks whenever an attack is
# legal (else the first legal action, a pass every fourth), hits hard once,
# then misses and fails its saves, so that the foe brings it down. energy
# rolls initiative only when an action is contested, not at the start;
# injury has no damage dice and wounds none for a plain hit, and wounds no
# defence roll (static Defenses) and no Death roll; injury's Death roll is
# the Constitution check while dying, threeaction's the Bleed Table.
kinds() {
    case $1 in
        energy) printf '%s\n' "Combat roll|Hit roll" "Damage roll" "Evasion roll|Fortitude roll" "Death roll|Death Save" ;;
        injury) printf '%s\n' "Initiative" "Attack" "Parry roll|Constitution" ;;
        threeaction) printf '%s\n' "Initiative" "Attack roll" "Damage" "Bleed Table" ;;
        wounds) printf '%s\n' "Initiative check" "Attack roll" ;;
        contest) printf '%s\n' "Initiative" "Strike|Attack" "Damage" "Dodge|Block|Parry|Withstand" ;;
    esac
}
# The number of an attack in the legal list on the screen; else the first
# entry (the first reaction: energy's Initiative, injury's Parry), but a
# pass when a contest creature may react (Manipulate would stow its weapon).
pick() {
    local n
    n=$(screen | tail -40 | sed -n '/Legal now/,$p' |
        sed -nE 's/^  (Attack|Strike|Melee Attack|Standard Attack) +([0-9]+) .*/\2/p' | tail -1)
    if [ -z "$n" ] && [ "$id" = contest ] && screen | tail -40 | grep "Legal now" | tail -1 | grep -q " may react"; then
        n=pass
    fi
    echo "${n:-1}"
}

# prompts() counts over the whole fight: a pane keeps 2,000 lines unless
# told more before it is made (a session that keeps the server and its
# option alive between the fights)
t new-session -d -s keep "sleep 100000"
t set-option -g history-limit 100000
for id in ${FRAY_TTY_RULESETS:-$("$fray" rulesets --json | jq -r '.[].id')}; do
    ex=examples/$id-duel.json
    [ -f "$ex" ] || continue
    # the two face each other (injury, contest, threeaction start apart
    # and their policies close slowly): the GM's creature attacks at once
    case $id in injury|contest|threeaction)
        jq '.combatants[1].at = [1, 0]' "$ex" >"$tmp/$id-duel.json"; ex=$tmp/$id-duel.json ;;
    esac
    db="$tmp/$id.db" t0=$SECONDS
    t new-session -d -s play -x 160 -y 50 "$fray play $(realpath "$ex") --db $db --seed 5; sleep 30"
    wait_for "^[A-Za-z][A-Za-z0-9]*> ?$" && ok || { bad "$id: no prompt: $(screen | tail -5)"; t kill-session -t play; continue; }
    screen | grep -Eq "round [01]" && ok || bad "$id: the status table has no round"
    screen | grep -Eq "Legal now|1d[0-9]+" && ok || bad "$id: no question on the screen"
    send_wait "frobnicate"
    wait_for "refused: .*'frobnicate'" && ok || bad "$id: a bad command was not refused on screen"
    creature=$(ls data/$id/*.json | head -1 | xargs basename | sed 's/\.json$//')
    gm=" $(jq -r '.combatants[0].side as $s | [.combatants[] | select(.side == $s) | .name] | join(" ")' "$ex") "
    entered=0 rolled=0 undone=0 added=0 asked="" exploded=0 hit=0 hinted=0
    # the newcomer joins the foes; in threeaction it joins the GM's side (a
    # gm creature too), so that the fight goes on while Aldric bleeds
    nside=$(jq -r '.combatants[-1].side' "$ex")
    [ "$id" = threeaction ] && nside=$(jq -r '.combatants[0].side' "$ex") gm="$gm Newcomer "
    for step in $(seq 400); do
        s=$(screen | tail -60)
        last=$(echo "$s" | grep -E "Legal now|\(enter 1-|The fight is over|^[A-Z][a-z]+ chooses [^:]+: " | tail -1)
        echo "$last" | grep -q "The fight is over" && break
        if echo "$last" | grep -Eq "^[A-Z][a-z]+ chooses [^:]+: "; then
            # a ruleset's question: a defence that rolls (the last, not
            # None); Precision, which deals damage; else the first answer
            if echo "$last" | grep -qE "  [0-9]+ Precision"; then
                send_wait "$(echo "$last" | grep -oE '[0-9]+ Precision' | tr -dc 0-9)"
            elif echo "$last" | grep -q " chooses Defence:"; then
                send_wait "$(echo "$last" | grep -oE '(^|  )[0-9]+ ' | tail -1 | tr -dc 0-9)"
            else
                send_wait "$(echo "$last" | sed -E 's/^[^:]+: +([0-9]+) .*/\1/')"
            fi
        elif echo "$last" | grep -q "(enter 1-"; then
            who=${last%%:*}
            [ "${gm#* $who }" != "$gm" ] && ok || bad "$id: a roll of $who, not a gm creature, was asked: $last"
            asked="$asked$last
"
            sides=$(echo "$last" | sed -E 's/.*\(enter 1-([0-9]+),.*/\1/')
            # a good roll and a bad one: contest's d20 tests succeed low (a
            # 1 is a critical win, which would maximise the damage die
            # rather than roll it)
            if [ "$id" = contest ]; then high=5 low=$sides; else high=$sides low=1; fi
            echo "$last" | grep -q ", exploded: roll again (enter" && exploded=$((exploded+1))
            if [ "$rolled" = 0 ] && [ "$(echo "$asked" | grep -c .)" = 2 ]; then
                send_wait ""; rolled=1   # once: fray rolls it on the GM's word
            elif [ "$exploded" = 0 ] && echo "$last" | grep -q "exploding (enter"; then
                send_wait "$sides"; entered=$((entered+1))   # its maximum: asked again
            elif echo "$last" | grep -Eq "exploded|explodes|implodes|Death|Bleed|Constitution|Waking|Evasion|Dodge|Block|Parry|Withstand|defender|Fortitude" ||
                 { [ "$hit" = 1 ] && ! echo "$last" | grep -q "Initiative"; }; then
                send_wait "$low"; entered=$((entered+1))   # the GM's creature fails its saves, then misses: the fight ends
            elif echo "$last" | grep -q "Damage"; then
                hit=1; send_wait 1; entered=$((entered+1))   # a scratch: the foe lives to strike back
            else
                send_wait "$high"; entered=$((entered+1))   # and hits once
            fi
        elif [ "$hinted" = 0 ] && echo "$last" | grep -q " acts\. Legal now"; then
            # the look-ahead's hint at the GM's own turn: three actions, each
            # with its win chance and interval (issue 35, Done when 3)
            send_wait "hint 40"
            wait_for "^hint for .* each played on 40 times" && ok || bad "$id: no hint shown"
            # three, or as many as there are candidates ("the best N of M")
            shown=$(screen | grep -oE '^hint for .*: the best [0-9]+ of' | tail -1 | grep -oE '[0-9]+ of$' | tr -dc 0-9)
            [ -n "$shown" ] && [ "$(screen | sed -n '/^hint for/,$p' | grep -cE 'win +[0-9.]+% \[')" -ge "$shown" ] &&
                ok || bad "$id: the hint does not show its $shown actions with win chances"
            hinted=1
        elif [ "$added" = 0 ] && echo "$last" | grep -q " acts\. Legal now"; then
            # a creature joins where one chooses its own action (at a roll, an
            # answer or a reaction, within an action, it is refused)
            send_wait "add Newcomer $nside $creature 2 2"
            wait_for "Newcomer joins" && ok || bad "$id: the added creature did not join on screen"
            screen | grep -Eq "^ *>? *Newcomer " && ok || bad "$id: the added creature is not in the status table"
            added=1
        elif [ $(( step % 4 )) = 3 ]; then
            send_wait "pass"   # a free action taken forever (a toggle) would never end the turn
        else
            send_wait "$(pick)"
        fi
        if [ "$step" = 6 ] && [ "$undone" = 0 ]; then
            send_wait "undo"; wait_for "^undo: 1 entry" && ok || bad "$id: undo not shown"
            send_wait "redo"; wait_for "^redo: 1 entry" && ok || bad "$id: redo not shown"
            undone=1
        fi
    done
    wait_for "The fight is over" && ok || { bad "$id: the fight did not end on screen"; screen | tail -15; }
    [ "$undone" = 1 ] && ok || bad "$id: the fight ended before undo was tried"
    [ "$hinted" = 1 ] && ok || bad "$id: the fight ended before a hint was asked"
    echo "$id: $((SECONDS - t0)) s, $step steps, $entered rolls entered, $rolled rolled by fray on the GM's word, $exploded exploded"
    [ "$entered" -gt 0 ] && ok || bad "$id: no roll was entered"
    while read -r k; do
        [ -n "$k" ] || continue
        echo "$asked" | grep -Eq "^[^:]+: ($k)" && ok || bad "$id: no roll /$k/ of a gm creature was asked: $(echo "$asked" | cut -d'(' -f1 | sort -u | tr '\n' ';')"
    done <<<"$(kinds "$id")"
    [ "$id" != energy ] || [ "$exploded" -gt 0 ] && ok || bad "$id: no exploding die said it exploded"
    send "quit"
    wait_for "saved: fray play" && ok || bad "$id: quit did not say how to resume"
    t kill-session -t play 2>/dev/null
    # the fight in the store replays to the same end
    printf 'export\nquit\n' | "$fray" play --db "$db" --resume >"$tmp/out" 2>&1
    grep -q '"kind":"end"' "$tmp/out" && ok || bad "$id: the stored fight does not replay to its end"
done
echo "$pass passed, $failn failed"
[ $failn = 0 ]
