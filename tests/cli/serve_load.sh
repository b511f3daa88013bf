#!/usr/bin/env bash
# fray serve under load on loopback (tests/server/load.mjs): 64 concurrent
# clients over 16 fights, bounded (60 rounds each, 60 s at most); no error,
# no command lost or taken twice. Prints the requests/s measured.
set -u
fray=$1
command -v node >/dev/null || { echo "FAIL: node is not installed (scripts/setup.sh)"; exit 1; }
tmp=$(mktemp -d); srv=
trap '[ -n "$srv" ] && kill "$srv" 2>/dev/null; rm -rf "$tmp"' EXIT
"$fray" serve --db "$tmp/load.db" --listen 127.0.0.1:0 --threads 4 >"$tmp/out" 2>"$tmp/err" &
srv=$!
for _ in $(seq 100); do grep -q listening "$tmp/out" && break; sleep 0.1; done
base=$(grep -oE 'http://127\.[0-9.]+:[0-9]+' "$tmp/out")
[ -n "$base" ] || { echo "FAIL: the server did not start: $(cat "$tmp/err")"; exit 1; }
node tests/server/load.mjs "$base" 64 16 60 60
rc=$?
kill -TERM "$srv"; wait "$srv" || { echo "FAIL: the server did not stop cleanly"; rc=1; }
srv=
exit $rc
