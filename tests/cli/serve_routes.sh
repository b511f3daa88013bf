#!/usr/bin/env bash
# fray serve: every route of the route table (src/server/routes.c) is in the
# OpenAPI document (web/openapi.json) and in docs/api.md, and nothing else
# is; the server serves the same document at /api/openapi.json.
set -u
fray=$1
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); srv=
trap '[ -n "$srv" ] && kill "$srv" 2>/dev/null; rm -rf "$tmp"' EXIT

grep -oE '^\s*\{"(GET|POST|PUT|DELETE|PATCH)", "[^"]+"' src/server/routes.c |
    sed -E 's/^\s*\{"([A-Z]+)", "([^"]+)"/\1 \2/' | sort >"$tmp/table"
jq -r '.paths | to_entries[] | .key as $p | .value | keys[] | "\(ascii_upcase) \($p)"' web/openapi.json |
    sort >"$tmp/openapi"
grep -oE '^### `(GET|POST|PUT|DELETE|PATCH) [^`]+`' docs/api.md | sed -E 's/^### `(.*)`$/\1/' | sort >"$tmp/doc"
[ "$(wc -l <"$tmp/table")" -ge 20 ] && ok || bad "route table not read: $(wc -l <"$tmp/table") routes"
diff "$tmp/table" "$tmp/openapi" >"$tmp/d1" && ok || bad "routes.c and openapi.json differ: $(cat "$tmp/d1")"
diff "$tmp/table" "$tmp/doc" >"$tmp/d2" && ok || bad "routes.c and docs/api.md differ: $(cat "$tmp/d2")"

"$fray" serve --db "$tmp/r.db" --listen 127.0.0.1:0 >"$tmp/out" 2>&1 &
srv=$!
for _ in $(seq 50); do grep -q listening "$tmp/out" && break; sleep 0.1; done
base=$(grep -oE 'http://[0-9.]+:[0-9]+' "$tmp/out")
curl -s "$base/api/openapi.json" | jq -S . >"$tmp/served"
jq -S . web/openapi.json >"$tmp/file"
cmp -s "$tmp/served" "$tmp/file" && ok || bad "/api/openapi.json is not web/openapi.json"
[ "$(jq -r .openapi "$tmp/served")" = 3.0.3 ] && ok || bad "not an OpenAPI 3 document"
echo "$pass passed, $failn failed"
[ "$failn" = 0 ]
