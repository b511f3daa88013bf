#!/usr/bin/env bash
# fray serve: every route answers; a whole fight of each bundled duel is
# played over HTTP (actions, entered rolls, undo, redo, fiat, odds, sim),
# and its log is byte for byte what `fray play` replays from the same
# store; the bad-request suite (malformed JSON, wrong types, oversize and
# deep bodies, unknown ids, illegal actions, ../ paths, wrong methods, a
# slow client) gets the right status and a JSON error each time while the
# server keeps serving; the token; a clean stop on SIGTERM.
set -u
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); srv=
trap '[ -n "$srv" ] && kill "$srv" 2>/dev/null; rm -rf "$tmp"' EXIT

start() { # start DB [options...]: the server on a free loopback port
    local db=$1; shift
    # the last server's lines gone first: the background shell empties the
    # file only when it runs, and the loop below read the stopped server's
    # port from it on a fast machine (connection refused)
    rm -f "$tmp/serve.out"
    "$fray" serve --db "$db" --listen 127.0.0.1:0 "$@" >"$tmp/serve.out" 2>"$tmp/serve.err" &
    srv=$!
    for _ in $(seq 100); do grep -q listening "$tmp/serve.out" 2>/dev/null && break; sleep 0.1; done
    base=$(grep -oE 'http://[0-9.]+:[0-9]+' "$tmp/serve.out")
    [ -n "$base" ] || { echo "FAIL: the server did not start: $(cat "$tmp/serve.err")"; exit 1; }
}
stop() { kill -TERM "$srv"; wait "$srv"; local rc=$?; srv=; return $rc; }
# req METHOD PATH [BODY]: the status in $code, the body in $tmp/body
req() {
    code=$(curl -s --path-as-is -o "$tmp/body" -w '%{http_code}' -X "$1" "$base$2" \
        ${3+--data-binary "$3"} -H 'Content-Type: application/json')
}
# expect_error CODE WHERE-REGEX WHAT: the last reply is that error, as JSON
expect_error() {
    if [ "$code" = "$1" ] && jq -e --arg w "$2" '(.error | type == "string" and length > 0) and (.where | test($w))' \
        "$tmp/body" >/dev/null 2>&1; then ok; else bad "$3: got $code $(head -c 300 "$tmp/body")"; fi
}
alive() { req GET /api/health; [ "$code" = 200 ] && ok || bad "server stopped answering after: $1"; }

db="$tmp/s.db"
start "$db"

# ---- Routes that need no fight ----
req GET /api/health; [ "$code" = 200 ] && jq -e '.status == "ok"' "$tmp/body" >/dev/null && ok || bad "health: $code"
req GET /api/rulesets
for ex in examples/*-duel.json; do
    rs=$(jq -r .ruleset "$ex")
    jq -e --arg r "$rs" '.rulesets | map(.id) | index($r) != null' "$tmp/body" >/dev/null && ok || bad "rulesets lacks $rs"
done
req GET /api/examples
[ "$(jq '.examples | length' "$tmp/body")" = "$(ls examples/*.json | wc -l)" ] && ok || bad "examples: $(cat "$tmp/body")"
req POST /api/dice '{"expr":"2d6+3"}'
[ "$code" = 200 ] && jq -e '.mean == 10 and (.dist["5"] * 36 | . > 0.99 and . < 1.01)' "$tmp/body" >/dev/null && ok || bad "dice 2d6+3: $(cat "$tmp/body")"
"$fray" dice 2d6+3 --json | jq -S '{expr, dist, mean, sd}' >"$tmp/cli_dice"
jq -S '{expr, dist, mean, sd}' "$tmp/body" | cmp -s - "$tmp/cli_dice" && ok || bad "dice over HTTP differs from fray dice --json"
for rs in $(jq -r '.ruleset' examples/*-duel.json | sort -u); do
    check=$("$fray" odds --help 2>&1 | grep -oE "^ *$rs [a-z_-]+" | head -1 | awk '{print $2}')
    [ -n "$check" ] || continue
    req POST /api/odds "{\"ruleset\":\"$rs\",\"check\":\"$check\"}"
    if [ "$code" = 200 ]; then
        "$fray" odds "$rs" "$check" --json 2>/dev/null | jq -S . >"$tmp/o1" && jq -S . "$tmp/body" | cmp -s - "$tmp/o1" && ok ||
            bad "odds $rs $check differs from fray odds"
    else
        [ "$code" = 422 ] && ok || bad "odds $rs $check: $code $(cat "$tmp/body")"
    fi
done
req GET /; [ "$code" = 200 ] && grep -qi '<html' "$tmp/body" && ok || bad "page: $code"
req GET /static/app.js; [ "$code" = 200 ] && ok || bad "app.js: $code"
req GET /static/style.css; [ "$code" = 200 ] && ok || bad "style.css: $code"

# ---- A whole fight of each duel, over HTTP ----
# one node process plays a whole fight (tests/server/play_fight.mjs), or
# STEPS commands of it
play_fight() { node tests/server/play_fight.mjs "$base" "$@"; }
# each duel in a subshell of its own, the five at once: its files in a
# directory of its own, its counts and fight id left in files for the end
top=$tmp
duel() { # duel EXAMPLE
    local ex=$1 name id kind n with_odds k who resname val sim
    name=$(basename "$ex" .json)
    tmp=$top/$name pass=0 failn=0
    mkdir -p "$tmp"
    req POST /api/fights "{\"example\":\"$name\",\"seed\":11,\"name\":\"http $name\",\"control\":\"dice=all\"}"
    [ "$code" = 201 ] && ok || { bad "create $name: $code $(cat "$tmp/body")"; return; }
    id=$(jq -r .fight.id "$tmp/body"); echo "$id" >"$top/id_$name"
    [[ "$id" =~ ^[0-9a-f]{32}$ ]] && ok || bad "$name: id '$id' is not 32 hex digits"
    req GET "/api/fights/$id/actions"
    [ "$code" = 200 ] && ok || bad "$name actions: $code"
    kind=$(jq -r .kind "$tmp/body")
    if [ "$kind" = action ]; then
        n=$(jq '.actions | length' "$tmp/body")
        [ "$n" -gt 0 ] && ok || bad "$name: no legal action"
        with_odds=$(jq '[.actions[] | select(.odds != null)] | length' "$tmp/body")
        if [ "$with_odds" -gt 0 ]; then
            k=$(jq '[.actions[] | select(.odds != null)][0].index' "$tmp/body")
            jq -S "[.actions[] | select(.index == $k)][0].odds" "$tmp/body" >"$tmp/o_list"
            req POST "/api/fights/$id/odds" "{\"action\":$k}"
            jq -S . "$tmp/body" | cmp -s - "$tmp/o_list" && ok || bad "$name: odds of action $k differ from the list's"
        fi
        # the hint at an own turn: play's `hint`, its best three with their
        # win shares inside their intervals; a reaction has none
        req POST "/api/fights/$id/hint" '{"tries":40}'
        if [ "$(jq -r .window <(curl -s "$base/api/fights/$id/actions"))" = act ]; then
            [ "$code" = 200 ] && jq -e '(.hints | length) >= 1 and (.hints | length) <= 3 and .tries == 40 and
                all(.hints[]; .win >= .ci95[0] and .win <= .ci95[1] and .dealt >= 0 and (.action | length) > 0) and
                .policy.policy == true and ([.hints[].rank] == [range(1; (.hints | length) + 1)])' \
                "$tmp/body" >/dev/null && ok || bad "$name hint: $code $(head -c 300 "$tmp/body")"
        else
            expect_error 422 '^rules$' "$name: a hint at a reaction"
        fi
        req POST "/api/fights/$id/hint" '{"tries":0}'
        expect_error 400 '^body.tries$' "$name: hint with 0 tries"
        # an illegal action: play's reason, 422
        req POST "/api/fights/$id/do" '{"action":"Teleport > Nobody"}'
        expect_error 422 '^rules$' "$name: illegal action"
        req POST "/api/fights/$id/do" '{"action":999}'
        expect_error 400 '^body.action$' "$name: action number out of range"
        req POST "/api/fights/$id/roll" '{"value":3}'
        expect_error 422 '^rules$' "$name: a roll when none is asked"
    fi
    # undo and redo give back the same fight
    play_fight "$id" 1 && ok
    req GET "/api/fights/$id/log"; cp "$tmp/body" "$tmp/log1"
    req POST "/api/fights/$id/undo" '{}'; [ "$code" = 200 ] && ok || bad "$name undo: $code"
    req POST "/api/fights/$id/redo" '{"n":1}'; [ "$code" = 200 ] && ok || bad "$name redo: $code"
    req GET "/api/fights/$id/log"
    cmp -s "$tmp/body" "$tmp/log1" && ok || bad "$name: undo then redo changed the log"
    req POST "/api/fights/$id/redo" '{}'
    expect_error 422 '^rules$' "$name: nothing to redo"
    # a stale `at` is refused and changes nothing
    req POST "/api/fights/$id/pass" '{"at":0}'
    expect_error 409 '^body.at$' "$name: stale at"
    # GM fiat on the first creature (a resource set to what it is), a bad one
    who=$(jq -r '.creatures[0].name' <(curl -s "$base/api/fights/$id"))
    resname=$(curl -s "$base/api/fights/$id" | jq -r '.resources[0] // empty')
    if [ -n "$resname" ]; then
        val=$(curl -s "$base/api/fights/$id" | jq --arg r "$resname" '.creatures[0].resources[$r]')
        req POST "/api/fights/$id/fiat" "{\"kind\":\"set\",\"who\":\"$who\",\"resource\":\"$resname\",\"value\":$val}"
        [ "$code" = 200 ] && ok || bad "$name fiat set: $code $(cat "$tmp/body")"
        req POST "/api/fights/$id/undo" '{}'
    fi
    req POST "/api/fights/$id/fiat" '{"kind":"damage","who":"Nobody","amount":2}'
    expect_error 422 '^rules$' "$name: fiat on no creature"
    req POST "/api/fights/$id/fiat" '{"kind":"smite","who":"x"}'
    expect_error 400 '^body.kind$' "$name: unknown fiat"
    req POST "/api/fights/$id/creatures" '{"name":"Extra","side":"red","creature":"no-such-creature"}'
    expect_error 422 '^rules$' "$name: adding an unknown creature"
    req DELETE "/api/fights/$id/creatures/Nobody"
    expect_error 422 '^rules$' "$name: removing no creature"
    # a sim off the request thread, read until finished
    req POST "/api/fights/$id/sim" '{"n":120}'
    [ "$code" = 202 ] && ok || bad "$name sim: $code $(cat "$tmp/body")"
    sim=$(jq -r .id "$tmp/body")
    for _ in $(seq 100); do req GET "/api/fights/$id/sim/$sim"; jq -e .finished "$tmp/body" >/dev/null && break; sleep 0.1; done
    jq -e '.done == 120 and ((.wins | add) + .draws == 120) and ((.rounds_histogram | add) == 120)' "$tmp/body" >/dev/null &&
        ok || bad "$name sim result: $(cat "$tmp/body")"
    req GET "/api/fights/$id/sim/0123"; expect_error 404 '^sim$' "$name: unknown sim"
    req POST "/api/fights/$id/sim" '{"n":0}'; expect_error 400 '^body.n$' "$name: sim n=0"
    play_fight "$id" && ok
    req GET "/api/fights/$id"
    jq -e '.over and .question.kind == "over"' "$tmp/body" >/dev/null && ok || bad "$name: not over"
    req GET "/api/fights/$id/narration"
    [ "$(jq '.lines | length' "$tmp/body")" -gt 3 ] && ok || bad "$name: narration"
    req GET "/api/fights/$id/log"; cp "$tmp/body" "$top/http_$name.jsonl"
    req POST "/api/fights/$id/do" '{"action":1}'
    expect_error 422 '^rules$' "$name: an action after the end"
}
duels=()
for ex in examples/*-duel.json; do
    ( duel "$ex"; echo "$pass $failn" >"$top/count_$(basename "$ex" .json)" ) &
    duels+=($!)
done
wait "${duels[@]}" # not a bare wait: the server is a child too
ids=()
for ex in examples/*-duel.json; do
    name=$(basename "$ex" .json)
    if [ -f "$tmp/count_$name" ]; then
        read -r p f <"$tmp/count_$name"; pass=$((pass + p)) failn=$((failn + f))
    else
        bad "$name: its duel's subshell ended without its counts"
    fi
    [ -f "$tmp/id_$name" ] && ids+=("$(cat "$tmp/id_$name")")
done

# ---- A sim over HTTP is play's sim of the same state ----
# a fight a few commands in, simmed by the server and left there; play
# opens it once the server has stopped (a fight is open in one fray at a
# time) and its `sim 120` gives the same wins: serve plays the present
# once, then each try on its copy (or by replay, as play does)
req POST /api/fights '{"example":"energy-skirmish","seed":5,"name":"sim check"}'
sid=$(jq -r .fight.id "$tmp/body")
play_fight "$sid" 3 && ok
req POST "/api/fights/$sid/sim" '{"n":120}'
sim=$(jq -r .id "$tmp/body")
for _ in $(seq 300); do req GET "/api/fights/$sid/sim/$sim"; jq -e .finished "$tmp/body" >/dev/null && break; sleep 0.1; done
jq -r '.wins | to_entries[] | "\(.key) \(.value)"' "$tmp/body" | sort >"$tmp/sim_serve"

# ---- The bad-request suite: each the right status and a JSON error; the server keeps serving ----
id=${ids[0]}
req POST "/api/fights/$id/do" '{"action": '; expect_error 400 '^body:1:' "malformed JSON"; alive "malformed JSON"
req POST /api/fights '[1,2]'; expect_error 400 '^body$' "a JSON array body"; alive "array body"
req POST "/api/fights/$id/do" '{"action":1,"action":2}'; expect_error 400 '^body:' "duplicate key"
req POST "/api/fights/$id/do" '{"action":true}'; expect_error 400 '^body.action$' "wrong type (bool)"
req POST "/api/fights/$id/undo" '{"n":"two"}'; expect_error 400 '^body.n$' "wrong type (string for n)"
req POST /api/fights '{"example":42}'; expect_error 400 '^body.example$' "wrong type (example)"
req POST /api/fights '{"encounter":{"ruleset":"nonesuch","combatants":[]}}'; expect_error 422 '^body.encounter$' "encounter that does not load"
req POST /api/fights '{"example":"../../etc/passwd"}'; expect_error 400 '^body.example$' "example name with ../"
req POST /api/fights '{"example":"no-such-example"}'; expect_error 404 '^body.example$' "unknown example"
req POST /api/dice '{"expr":"2d"}'; expect_error 422 '^body.expr$' "bad dice expression"
req POST /api/odds '{"ruleset":"nonesuch","check":"melee"}'; expect_error 422 '^body$' "odds of no ruleset"
head -c 2000000 /dev/zero | tr '\0' ' ' >"$tmp/big"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST "$base/api/fights/$id/do" --data-binary @"$tmp/big")
expect_error 413 '^body$' "oversize body"; alive "oversize body"
code=$(head -c 1100000 /dev/zero | tr '\0' ' ' | curl -s -o "$tmp/body" -w '%{http_code}' -X POST \
    -H 'Transfer-Encoding: chunked' "$base/api/fights/$id/do" --data-binary @-)
expect_error 413 '^body$' "oversize chunked body"; alive "oversize chunked body"
deep=$(printf '%.0s[' $(seq 200))$(printf '%.0s]' $(seq 200))
req POST "/api/fights/$id/do" "{\"a\":$deep}"; expect_error 400 '^body$' "deep nesting"; alive "deep nesting"
req GET /api/fights/0123456789abcdef0123456789abcdef; expect_error 404 '^id$' "unknown fight id"
req POST /api/fights/nothex/do '{}'; expect_error 404 '^id$' "malformed fight id"
req GET /static/../../../etc/passwd; expect_error 404 '^path$' "../ path"
req GET /static/..%2F..%2Fetc%2Fpasswd; expect_error 404 '^path$' "encoded ../ path"
req GET /static/.hidden.js; expect_error 404 '^path$' "hidden file"
req GET /static/openapi; expect_error 404 '^path$' "file of no known type"
req GET /etc/passwd; expect_error 404 '^path$' "path outside the API"
req PUT /api/fights '{}'; expect_error 405 '^method$' "PUT on /api/fights"
req DELETE "/api/fights/$id" ''; expect_error 405 '^method$' "DELETE on a fight"
req GET "/api/fights/$id/do"; expect_error 405 '^method$' "GET on a command"
alive "wrong methods"
# a slow client: half a request, then nothing; it is cut at --timeout (set
# below to 2 s), while others are served meanwhile
stop || bad "stop before the slow-client part"
printf 'sim 120\nquit\n' | "$fray" play --db "$db" --resume "sim check" 2>&1 | grep '^from here' |
    grep -oE ' [a-z]+ [0-9.]+%' | grep -v ' draws ' |
    awk '{ sub("%", "", $2); printf "%s %d\n", $1, $2 * 1.2 + 0.5 }' | sort >"$tmp/sim_play"
[ -s "$tmp/sim_play" ] && cmp -s "$tmp/sim_serve" "$tmp/sim_play" && ok ||
    bad "serve's sim ($(tr '\n' ' ' <"$tmp/sim_serve")) differs from play's ($(tr '\n' ' ' <"$tmp/sim_play"))"
start "$db" --timeout 2 --token s3cret
t0=$(date +%s)
( exec 3<>"/dev/tcp/127.0.0.1/${base##*:}"
  printf 'POST /api/fights HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"exa' >&3
  timeout 10 cat <&3 >"$tmp/slow"; echo $? >"$tmp/slow.rc" ) &
slow=$!
sleep 0.5
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -H 'Authorization: Bearer s3cret' "$base/api/fights")
[ "$code" = 200 ] && ok || bad "served while a slow client waits: $code"
wait $slow
t1=$(date +%s)
[ "$(cat "$tmp/slow.rc")" = 0 ] && [ $((t1 - t0)) -le 6 ] && ok || bad "slow client not cut off in time ($((t1 - t0)) s)"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -H 'Authorization: Bearer s3cret' "$base/api/health")
[ "$code" = 200 ] && ok || bad "not serving after a slow client"
# the token
req GET /api/fights; expect_error 401 '^token$' "no token"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -H 'Authorization: Bearer wrong' "$base/api/fights")
expect_error 401 '^token$' "wrong token"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' "$base/api/fights?token=s3cret")
[ "$code" = 200 ] && ok || bad "token as a query: $code"
req GET /api/health; [ "$code" = 200 ] && ok || bad "health needs no token"
# HEAD on a GET route: its status, no body
code=$(curl -s -I -o "$tmp/head" -w '%{http_code}' "$base/api/fights?token=s3cret")
[ "$code" = 200 ] && grep -qi '^content-type: application/json' "$tmp/head" && ok || bad "HEAD /api/fights: $code"
# a fight's players' token (docs/api.md): it reads that fight without its
# hidden creature and GM notes, beside --token; every write, any other
# route and any other fight are refused
G=(-H 'Authorization: Bearer s3cret')
enc=$(jq -c '.combatants += [{"name":"Lurker","side":"red","at":[30,0],"use":"goblin","hidden":true}]' examples/energy-duel.json)
curl -s "${G[@]}" -X POST "$base/api/fights" --data-binary "{\"encounter\":$enc,\"name\":\"hidden\"}" >"$tmp/h.json"
hid=$(jq -r .fight.id "$tmp/h.json") ptok=$(jq -r .player_token "$tmp/h.json")
jq -e '[.creatures[] | select(.hidden)] | map(.name) == ["Lurker"]' "$tmp/h.json" >/dev/null && ok || bad "the GM sees the hidden creature"
curl -s "${G[@]}" -X POST "$base/api/fights/$hid/fiat" --data-binary '{"kind":"note","text":"Lurker waits"}' |
    jq -e '.notes == [{"entry": 1, "text": "Lurker waits"}]' >/dev/null && ok || bad "a GM note in the GM's state"
P=(-H "Authorization: Bearer $ptok")
for p in "" /actions /log /narration; do
    code=$(curl -s -o "$tmp/body" -w '%{http_code}' "${P[@]}" "$base/api/fights/$hid$p")
    [ "$code" = 200 ] && grep -q Aldric "$tmp/body" && ! grep -q Lurker "$tmp/body" && ok ||
        bad "players' GET fight$p: $code $(head -c 300 "$tmp/body")"
done
for w in "POST /fiat {\"kind\":\"reveal\",\"who\":\"Lurker\"}" "POST /undo {}" "DELETE /creatures/Grok" "POST /odds {\"action\":1}" "POST /hint {}"; do
    set -- $w
    code=$(curl -s -o "$tmp/body" -w '%{http_code}' "${P[@]}" -X "$1" "$base/api/fights/$hid$2" ${3+--data-binary "$3"})
    expect_error 403 '^token$' "players' token: $1 $2"
done
code=$(curl -s -o "$tmp/body" -w '%{http_code}' "${P[@]}" "$base/api/fights/${ids[0]}")
expect_error 401 '^token$' "a players' token on another fight"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' "${P[@]}" "$base/api/fights")
expect_error 401 '^token$' "a players' token on the list of fights"
curl -s "${G[@]}" -X POST "$base/api/fights/$hid/fiat" --data-binary '{"kind":"reveal","who":"Lurker"}' >/dev/null
curl -s "${P[@]}" "$base/api/fights/$hid" >"$tmp/body"
jq -e '(.creatures | map(.name) | index("Lurker")) != null and (.notes == null)' "$tmp/body" >/dev/null && ! grep -q 'Lurker waits' "$tmp/body" &&
    ok || bad "revealed, Lurker is the players' too; the note is not: $(head -c 300 "$tmp/body")"
# the same fight in play while served: refused; after SIGTERM, play replays it
n1=$(jq -r '.fights[] | select(.name | startswith("http")) | .name' <(curl -s -H 'Authorization: Bearer s3cret' "$base/api/fights") | head -1)
for id in "${ids[@]}"; do curl -s -H 'Authorization: Bearer s3cret' "$base/api/fights/$id" >/dev/null; done # opens (holds) them
printf 'quit\n' | "$fray" play --db "$db" --resume "$n1" >"$tmp/p.out" 2>&1
grep -q "open in another fray" "$tmp/p.out" && ok || bad "play took a fight the server holds: $(tail -2 "$tmp/p.out")"
stop && ok || bad "SIGTERM: exit not 0"
grep -q "stopping" "$tmp/serve.err" && ok || bad "no stop message"
for ex in examples/*-duel.json; do
    name=$(basename "$ex" .json)
    printf 'export\nquit\n' | "$fray" play --db "$db" --resume "http $name" 2>&1 | grep '^{"seq"' >"$tmp/play_$name.jsonl"
    cmp -s "$tmp/play_$name.jsonl" "$tmp/http_$name.jsonl" && ok || bad "$name: play's export differs from the HTTP log"
done
echo "$pass passed, $failn failed"
[ "$failn" = 0 ]
