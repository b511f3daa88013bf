#!/usr/bin/env bash
# fray serve, issue 36: a creature's place in the add body is `position`
# (`at` is the stale check); an add past the most creatures a fight holds is
# refused and not journaled; half-open connections are dropped after
# --header-timeout (5 s by default), not --timeout, and those of one
# address take at most --per-client places.
set -u
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); srv=
trap '[ -n "$srv" ] && kill "$srv" 2>/dev/null; rm -rf "$tmp"' EXIT
trap '' PIPE # writes to connections the server closed

"$fray" serve --db "$tmp/g.db" --listen 127.0.0.1:0 --timeout 60 >"$tmp/out" 2>"$tmp/err" &
srv=$!
for _ in $(seq 100); do grep -q listening "$tmp/out" && break; sleep 0.1; done
base=$(grep -oE 'http://[0-9.]+:[0-9]+' "$tmp/out")
port=${base##*:}
[ -n "$base" ] || { echo "FAIL: the server did not start: $(cat "$tmp/err")"; exit 1; }
req() { code=$(curl -s -o "$tmp/body" -w '%{http_code}' -X "$1" "$base$2" ${3:+-d "$3"}); }

req POST /api/fights '{"example":"energy-duel"}'
id=$(jq -r .fight.id "$tmp/body")

# the documented body: the creature joins where `position` says (36.6)
req POST "/api/fights/$id/creatures" '{"name":"Wolf","side":"red","creature":"wolf","position":[3,0]}'
[ "$code" = 200 ] && ok || bad "add with position: $code $(head -c 300 "$tmp/body")"
[ "$(jq -c '.creatures[] | select(.name == "Wolf") | .at' "$tmp/body")" = "[3,0]" ] && ok ||
    bad "Wolf not at [3,0]: $(jq -c '.creatures[] | select(.name == "Wolf")' "$tmp/body")"
req POST "/api/fights/$id/creatures" '{"name":"Wolf2","side":"red","creature":"wolf","at":[3,0]}'
[ "$code" = 400 ] && [ "$(jq -r .where "$tmp/body")" = body.at ] && jq -r .error "$tmp/body" | grep -q '`position`' &&
    ok || bad "a position as at: $code $(head -c 300 "$tmp/body")"

# past the most creatures a fight holds: 422, the journal unchanged (36.2)
for i in $(seq 2 30); do req POST "/api/fights/$id/creatures" "{\"name\":\"W$i\",\"side\":\"red\",\"creature\":\"wolf\"}"; done
[ "$code" = 200 ] && ok || bad "the 32nd creature: $code $(head -c 300 "$tmp/body")"
entries=$(jq .fight.entries "$tmp/body")
req POST "/api/fights/$id/creatures" '{"name":"W31","side":"red","creature":"wolf"}'
[ "$code" = 422 ] && jq -r .error "$tmp/body" | grep -q "the fight holds 32 creatures" && ok ||
    bad "the 33rd creature: $code $(head -c 300 "$tmp/body")"
req GET "/api/fights/$id"
[ "$(jq .fight.entries "$tmp/body")" = "$entries" ] && ok || bad "a refused add was journaled"

# 300 half-open connections from 127.0.0.1 (36.8): another address is
# answered at once (they hold at most --per-client places), and 127.0.0.1
# again within a few seconds (--header-timeout closes them, not --timeout)
fds=()
for _ in $(seq 300); do
    exec {fd}<>"/dev/tcp/127.0.0.1/$port" || break
    printf 'GET /api/health HTTP/1.1\r\nHost: x\r\n' >&"$fd" 2>/dev/null
    fds+=("$fd")
done
[ "${#fds[@]}" = 300 ] && ok || bad "opened ${#fds[@]} connections of 300"
# from the source address 127.0.0.2 (loopback is 127/8)
code=$(curl -s -m 3 -o /dev/null -w '%{http_code}' --interface 127.0.0.2 "$base/api/health")
[ "$code" = 200 ] && ok || bad "another address not answered beside 300 half-open connections: $code"
code=000
for _ in $(seq 20); do
    code=$(curl -s -m 1 -o /dev/null -w '%{http_code}' "$base/api/health")
    [ "$code" = 200 ] && break
    sleep 0.5
done
[ "$code" = 200 ] && ok || bad "127.0.0.1 not answered within 20 tries while half-open connections wait: $code"
for fd in "${fds[@]}"; do exec {fd}>&-; done
kill -TERM "$srv" && wait "$srv" && ok || bad "SIGTERM: not a clean stop"
srv=
echo "$pass passed, $failn failed"
[ "$failn" = 0 ]
