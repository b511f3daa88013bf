#!/usr/bin/env bash
# docs/fray.1 is what scripts/manpage.sh makes from the program's help
# texts: regenerate it and compare, so the man page never drifts.
set -u
fray=$1
if scripts/manpage.sh "$fray" | cmp -s - docs/fray.1; then
    echo "1 passed, 0 failed"
else
    echo "FAIL: docs/fray.1 is stale: run scripts/manpage.sh build/fray > docs/fray.1"
    scripts/manpage.sh "$fray" | diff docs/fray.1 - | head -10
    echo "0 passed, 1 failed"; exit 1
fi
