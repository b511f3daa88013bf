#!/usr/bin/env bash
# fray play never loses a committed command: a scripted session is killed
# with SIGKILL at many points (at chosen moments, and inside the store's
# commit through FRAY_STORE_CRASH_AT), resumed each time, and must end with
# the event stream of the uninterrupted session.
set -u
fray=$1
trials=${PLAY_CRASH_TRIALS:-25}
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ex=examples/energy-duel.json seed=11
events() { grep '^{"seq"' "$1"; }
journal() { sqlite3 "$1" "SELECT kind || ' ' || body FROM journal WHERE undone = 0 ORDER BY seq"; }
# The line that enters a journal entry again.
as_lines() {
    while IFS= read -r entry; do
        set -- $entry
        case $1 in
        act) echo $(( $2 + 1 ));;
        die) echo "$2";;
        roll) echo "";;
        answer) echo $(( $2 + 1 ));;
        *) echo "unexpected entry: $entry" >&2;;
        esac
    done
}

# The uninterrupted session: the GM always takes the first choice.
yes 1 | head -400 | { cat; echo export; } |
    "$fray" play "$ex" --db "$tmp/ref.db" --seed $seed >"$tmp/ref.out" 2>&1
events "$tmp/ref.out" >"$tmp/ref.jsonl"
journal "$tmp/ref.db" >"$tmp/ref.journal"
n=$(wc -l <"$tmp/ref.journal")
grep -q "The fight is over" "$tmp/ref.out" && [ "$n" -gt 20 ] && ok ||
    { bad "the reference session did not end ($n entries)"; echo "$pass passed, $failn failed"; exit 1; }
as_lines <"$tmp/ref.journal" >"$tmp/ref.lines"
# How long a session lasts while PLAY_CRASH_JOBS of them run at once, as
# the trials below run: the kills are spread over that span.
jobs=${PLAY_CRASH_JOBS:-5}
start=$(date +%s%N)
for j in $(seq 1 "$jobs"); do
    { cat "$tmp/ref.lines"; echo export; } | "$fray" play "$ex" --db "$tmp/time$j.db" --seed $seed >"$tmp/t$j.out" 2>&1 &
done
wait
span=$(( ($(date +%s%N) - start) / 1000 ))   # microseconds
events "$tmp/t1.out" | cmp -s - "$tmp/ref.jsonl" && ok || bad "the entries replayed as commands give another fight"

# Kill, check what survived, resume with the rest, compare. The trials
# run PLAY_CRASH_JOBS at a time (default 5): each has its own files, and a
# session spends most of its time waiting for the store's fsync, not on
# the processor. Each trial writes "ok" or "FAIL: ..." lines to its own
# result file, counted at the end.
check_and_finish() {
    local db=$1 what=$2 k=$3
    if [ "$(sqlite3 "$db" 'SELECT count(*) FROM fight' 2>/dev/null)" != 1 ]; then
        # killed before the fight was recorded: the GM starts it again
        { cat "$tmp/ref.lines"; echo export; } | "$fray" play "$ex" --db "$db" --seed $seed >"$tmp/r$k.out" 2>&1
        events "$tmp/r$k.out" | cmp -s - "$tmp/ref.jsonl" && echo ok || echo "FAIL: $what: started again, the fight differs"
        return
    fi
    journal "$db" >"$tmp/got$k.journal" 2>/dev/null
    local m; m=$(wc -l <"$tmp/got$k.journal")
    head -n "$m" "$tmp/ref.journal" | cmp -s - "$tmp/got$k.journal" ||
        { echo "FAIL: $what: the journal is not a prefix of the session's ($m entries)"; return; }
    { tail -n +"$((m + 1))" "$tmp/ref.lines"; echo export; } |
        "$fray" play --db "$db" --resume >"$tmp/r$k.out" 2>&1
    events "$tmp/r$k.out" | cmp -s - "$tmp/ref.jsonl" && echo ok || echo "FAIL: $what: resumed after $m entries, the fight differs"
}
trial() {
    local k=$1 pid at got
    # a kill at a moment spread over the session's length
    { cat "$tmp/ref.lines"; echo export; } | "$fray" play "$ex" --db "$tmp/k$k.db" --seed $seed >/dev/null 2>&1 &
    pid=$!
    sleep "$(awk -v s="$span" -v k="$k" -v t="$trials" 'BEGIN { printf "%.6f", s * k / (t + 1) / 1e6 }')"
    { kill -9 $pid; wait $pid; } 2>/dev/null
    check_and_finish "$tmp/k$k.db" "kill $k of $trials" "k$k"
    # and a kill inside the commit of entry k*n/trials (not committed: must not survive)
    at=$(( (k * n) / trials )); [ "$at" -ge 1 ] || at=1
    ( { cat "$tmp/ref.lines"; echo export; } |
        FRAY_STORE_CRASH_AT=$at "$fray" play "$ex" --db "$tmp/c$k.db" --seed $seed >/dev/null 2>&1 ) 2>/dev/null
    got=$(journal "$tmp/c$k.db" | wc -l)
    [ "$got" = $((at - 1)) ] && echo ok || echo "FAIL: killed inside commit $at: $got entries survived"
    check_and_finish "$tmp/c$k.db" "kill inside commit $at" "c$k"
}
for k in $(seq 1 "$trials"); do
    trial "$k" >"$tmp/result.$k" 2>&1 &
    if [ $((k % jobs)) = 0 ]; then wait; fi
done
wait
for k in $(seq 1 "$trials"); do
    while IFS= read -r line; do
        case $line in
        ok) ok ;;
        FAIL:*) bad "${line#FAIL: }" ;;
        esac
    done <"$tmp/result.$k"
    grep -q . "$tmp/result.$k" || bad "trial $k reported nothing"
done
echo "$pass passed, $failn failed"
[ $failn = 0 ]
