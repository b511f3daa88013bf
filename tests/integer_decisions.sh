#!/usr/bin/env bash
# No floating point decides a fight (issue 34). The test build compiles the
# core and the rules once more with -mgeneral-regs-only (CMakeLists.txt,
# target fray_integer_check), with which gcc refuses any float or double: a
# file on the decision path that computes with one does not build. Only the
# files of FRAY_FP_SHOWN, which compute what is shown or measured, and of
# FRAY_FP_IO (numbers read from and printed to text) are left out of that
# build. This test checks the other half: nothing compiled that way *calls*
# a function of the FRAY_FP_SHOWN files (one could return an integer worked
# out in floating point). Taking such a function's address, as a ruleset's
# table of hooks does for its odds, is not a call. It also checks that the
# check itself still bites: a file with a double does not compile that way.
#   tests/integer_decisions.sh CHECK_DIR FRAYOBJ_DIR FP_SHOWN_FILE...
set -u
check=$1 objs=$2
shift 2
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# the functions the floating-point files define, and which file
: >"$tmp/fp_syms"
for f in "$@"; do
    o=$objs/$f.o
    [ -f "$o" ] || { bad "no object $o for $f (built?)"; continue; }
    nm --defined-only "$o" | awk -v f="$f" '$2 ~ /^[TW]$/ { print $3, f }' >>"$tmp/fp_syms"
done
[ -s "$tmp/fp_syms" ] && ok || bad "the floating-point files define no function"

# every call (a PLT32 relocation: call or tail jump) made by the integer
# build, as "symbol file" lines, against the functions above
n=$(find "$check" -name '*.c.o' | wc -l)
while IFS= read -r o; do
    src=${o#"$check"/}
    objdump -r "$o" | awk -v f="${src%.o}" '$2 == "R_X86_64_PLT32" { sub(/-0x[0-9a-f]+$/, "", $3); print $3, f }'
done < <(find "$check" -name '*.c.o') | sort -u >"$tmp/calls"
[ "$n" -gt 50 ] && ok || bad "only $n objects in $check: is the integer build there?"
awk 'NR == FNR { fp[$1] = $2; next } ($1 in fp) { print $2 " calls " $1 ", which " fp[$1] " computes in floating point" }' \
    "$tmp/fp_syms" "$tmp/calls" >"$tmp/bad"
if [ -s "$tmp/bad" ]; then
    while read -r line; do bad "$line"; done <"$tmp/bad"
else
    ok
fi

# the check bites: a double in a function does not compile this way
printf 'int f(int a) { double x = a; return (int)(x * 1.5); }\n' >"$tmp/fp.c"
if ${CC:-cc} -mgeneral-regs-only -c "$tmp/fp.c" -o "$tmp/fp.o" 2>/dev/null; then
    bad "-mgeneral-regs-only compiled a double: the integer build checks nothing"
else
    ok
fi
echo "$n files compiled without floating point, $(wc -l <"$tmp/fp_syms") functions of $# files allowed it"
echo "$pass passed, $failn failed"
[ "$failn" = 0 ]
