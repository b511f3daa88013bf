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
start=$(date +%s%N)
{ cat "$tmp/ref.lines"; echo export; } | "$fray" play "$ex" --db "$tmp/time.db" --seed $seed >"$tmp/t.out" 2>&1
span=$(( ($(date +%s%N) - start) / 1000 ))   # microseconds
events "$tmp/t.out" | cmp -s - "$tmp/ref.jsonl" && ok || bad "the entries replayed as commands give another fight"

# Kill, check what survived, resume with the rest, compare.
check_and_finish() {
    local db=$1 what=$2
    if [ "$(sqlite3 "$db" 'SELECT count(*) FROM fight' 2>/dev/null)" != 1 ]; then
        # killed before the fight was recorded: the GM starts it again
        { cat "$tmp/ref.lines"; echo export; } | "$fray" play "$ex" --db "$db" --seed $seed >"$tmp/r.out" 2>&1
        events "$tmp/r.out" | cmp -s - "$tmp/ref.jsonl" && ok || bad "$what: started again, the fight differs"
        return
    fi
    journal "$db" >"$tmp/got.journal" 2>/dev/null
    local m; m=$(wc -l <"$tmp/got.journal")
    head -n "$m" "$tmp/ref.journal" | cmp -s - "$tmp/got.journal" ||
        { bad "$what: the journal is not a prefix of the session's ($m entries)"; return; }
    { tail -n +"$((m + 1))" "$tmp/ref.lines"; echo export; } |
        "$fray" play --db "$db" --resume >"$tmp/r.out" 2>&1
    events "$tmp/r.out" | cmp -s - "$tmp/ref.jsonl" && ok || bad "$what: resumed after $m entries, the fight differs"
}
for k in $(seq 1 "$trials"); do
    # a kill at a moment spread over the session's length
    rm -f "$tmp"/k.db*
    { cat "$tmp/ref.lines"; echo export; } | "$fray" play "$ex" --db "$tmp/k.db" --seed $seed >/dev/null 2>&1 &
    pid=$!
    sleep "$(awk -v s="$span" -v k="$k" -v t="$trials" 'BEGIN { printf "%.6f", s * k / (t + 1) / 1e6 }')"
    { kill -9 $pid; wait $pid; } 2>/dev/null
    check_and_finish "$tmp/k.db" "kill $k of $trials"
    # and a kill inside the commit of entry k*n/trials (not committed: must not survive)
    at=$(( (k * n) / trials )); [ "$at" -ge 1 ] || at=1
    rm -f "$tmp"/c.db*
    ( { cat "$tmp/ref.lines"; echo export; } |
        FRAY_STORE_CRASH_AT=$at "$fray" play "$ex" --db "$tmp/c.db" --seed $seed >/dev/null 2>&1 ) 2>/dev/null
    got=$(journal "$tmp/c.db" | wc -l)
    [ "$got" = $((at - 1)) ] && ok || bad "killed inside commit $at: $got entries survived"
    check_and_finish "$tmp/c.db" "kill inside commit $at"
done
echo "$pass passed, $failn failed"
[ $failn = 0 ]
