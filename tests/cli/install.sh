#!/usr/bin/env bash
# fray as a library people depend on: a release build installed into a
# temporary prefix; both embedding examples built with pkg-config and with
# find_package(fray), run and checked; the installed fray finds its
# creatures from another folder; libfray.so exports exactly the fray_
# functions of fray.h; man fray works from the prefix.
set -u
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
src=$(pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
# a release build (the suite's is instrumented with sanitizers): the one
# ctest's fixture made (FRAY_RELEASE_DIR), else one of its own; installed
# with the prefix given at install time, not the one it was configured with
rel=${FRAY_RELEASE_DIR:-}
if [ -z "$rel" ]; then
    rel=build-install
    sh scripts/release-build.sh cc "$rel" >/dev/null || { echo "FAIL: build"; echo "0 passed, 1 failed"; exit 1; }
fi
cmake --install "$rel" --prefix "$prefix" >/dev/null ||
    { echo "FAIL: cmake --install $rel --prefix $prefix"; echo "0 passed, 1 failed"; exit 1; }
lib=$(dirname "$(find "$prefix" -name libfray.so -print -quit)")
[ -n "$lib" ] && [ -e "$lib/libfray.so.0" ] && [ -e "$lib/libfray.a" ] && ok || bad "libfray.so.0 / libfray.a not installed"
[ "$(readelf -d "$lib/libfray.so" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')" = libfray.so.0 ] && ok || bad "SONAME is not libfray.so.0"
for f in bin/fray include/fray.h share/fray/data/energy share/man/man1/fray.1 share/fray/web/index.html \
    share/fray/web/openapi.json share/fray/examples/energy-duel.json; do
    [ -e "$prefix/$f" ] && ok || bad "$f not installed"
done

# pkg-config, exactly as a user does it: a program including <fray.h>
# built with the flags the installed fray.pc gives, and run
export PKG_CONFIG_PATH="$lib/pkgconfig"
cat >"$tmp/t.c" <<'EOF'
#include <stdio.h>
#include <fray.h>
int main(void) { printf("fray %s, %d rulesets\n", fray_version(), fray_ruleset_count()); return 0; }
EOF
# shellcheck disable=SC2046
cc -o "$tmp/t" "$tmp/t.c" $(pkg-config --cflags --libs fray) && LD_LIBRARY_PATH="$lib" "$tmp/t" >"$tmp/t.out" &&
    grep -q "^fray .*, 5 rulesets$" "$tmp/t.out" && ok || bad "a program with <fray.h> does not build or run from pkg-config"
[ "$(pkg-config --variable=includedir fray)" -ef "$prefix/include" ] && ok ||
    bad "fray.pc's includedir is $(pkg-config --variable=includedir fray), not under $prefix"
cc -o "$tmp/fight" examples/embed/fight.c $(pkg-config --cflags --libs fray) -Wl,-rpath,"$lib" &&
    cc -o "$tmp/odds" examples/embed/odds.c $(pkg-config --cflags --libs fray) -Wl,-rpath,"$lib" && ok ||
    bad "examples do not build with pkg-config"
"$tmp/fight" "$src/examples/energy-duel.json" 7 >"$tmp/f.out" 2>&1 && grep -q "^blue after [0-9]* rounds" "$tmp/f.out" &&
    grep -q "hurts" "$tmp/f.out" && ok || bad "fight example: $(tail -2 "$tmp/f.out")"
"$tmp/odds" energy melee --av 17 --evasion 11 >"$tmp/o.out" 2>&1 &&
    jq -e '.p_hit == 0.58999999999999997' "$tmp/o.out" >/dev/null && ok || bad "odds example: $(head -3 "$tmp/o.out")"
"$tmp/odds" chess melee >/dev/null 2>"$tmp/o.err"; [ $? = 2 ] && grep -q "unknown ruleset 'chess'" "$tmp/o.err" && ok ||
    bad "odds example with a bad ruleset"

# find_package(fray)
cmake -S examples/embed -B "$tmp/cm" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null &&
    cmake --build "$tmp/cm" >/dev/null && ok || bad "examples do not build with find_package(fray)"
LD_LIBRARY_PATH="$lib" "$tmp/cm/fight" "$src/examples/wounds-duel.json" 7 >"$tmp/c.out" 2>&1 &&
    grep -q "rounds" "$tmp/c.out" && ok || bad "find_package fight: $(tail -2 "$tmp/c.out")"

# the installed fray finds its data wherever it is run from
( cd "$tmp" && env -u FRAY_DATA "$prefix/bin/fray" run "$src/examples/energy-duel.json" --seed 7 --quiet ) >"$tmp/r.out" 2>&1 &&
    ok || bad "installed fray run from another folder: $(cat "$tmp/r.out")"
# ... from its own prefix, not the source tree: also once moved elsewhere
( cd "$tmp" && env -u FRAY_DATA "$prefix/bin/fray" --version ) | grep -qx "bundled data: $prefix/share/fray/data" &&
    ok || bad "installed fray does not use its own data: $("$prefix/bin/fray" --version | tail -1)"
cp -r "$prefix" "$tmp/moved"
( cd / && env -u FRAY_DATA "$tmp/moved/bin/fray" --version ) | grep -qx "bundled data: $tmp/moved/share/fray/data" &&
    ok || bad "a moved install does not find its data"

# exported: exactly the fray_ functions declared in fray.h
nm -D --defined-only "$lib/libfray.so" | awk '$2 == "T" {print $3}' | sort >"$tmp/exported"
grep -oE '^FRAY_API [^(]*\b(fray_[a-z_]+)\(' include/fray.h | grep -oE 'fray_[a-z_]+\($' | tr -d '(' | sort >"$tmp/declared"
cmp -s "$tmp/exported" "$tmp/declared" && ok || bad "exports differ from fray.h: $(diff "$tmp/declared" "$tmp/exported" | head -5)"
nm -D --defined-only "$lib/libfray.so" | awk '{print $3}' | grep -v '^fray_' | grep -v '^_' >"$tmp/other"
[ ! -s "$tmp/other" ] && ok || bad "non-fray symbols exported: $(head -3 "$tmp/other")"

# the installed fray serve finds its page and examples beside its data
env -u FRAY_DATA "$prefix/bin/fray" serve --db "$tmp/i.db" --listen 127.0.0.1:0 >"$tmp/serve.out" 2>&1 &
spid=$!
for _ in $(seq 100); do grep -q listening "$tmp/serve.out" && break; sleep 0.1; done
sbase=$(grep -oE 'http://[0-9.]+:[0-9]+' "$tmp/serve.out")
curl -s "$sbase/" | grep -q '<html' && curl -s "$sbase/api/examples" | jq -e '.examples | length > 0' >/dev/null &&
    ok || bad "installed fray serve: no page or no examples"
kill -TERM "$spid" 2>/dev/null; wait "$spid" 2>/dev/null

# man fray from the prefix, the same text as --help for every verb
if command -v man >/dev/null; then
    MANPATH="$prefix/share/man" MANWIDTH=200 man fray 2>/dev/null | col -b >"$tmp/man.txt"
    grep -q "FRAY RUN" "$tmp/man.txt" && ok || bad "man fray does not show the run verb"
    for verb in $("$prefix/bin/fray" --help | awk '/^verbs:/ {on = 1; next} on && /^  [a-z]/ {print $1}'); do
        first=$("$prefix/bin/fray" "$verb" --help | head -1 | sed 's/  */ /g')
        sed 's/  */ /g' "$tmp/man.txt" | grep -qF "$first" && ok || bad "man fray lacks '$first'"
    done
else
    bad "man is not installed (scripts/setup.sh installs man-db)"
fi
echo "$pass passed, $failn failed"
[ $failn = 0 ]
