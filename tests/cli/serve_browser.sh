#!/usr/bin/env bash
# fray serve in a real browser (tests/server/browser.mjs): node with
# playwright-core (scripts/setup.sh: npm ci) driving Debian's chromium.
# Skips (exit 77) only where Chromium cannot start; screenshots are left
# in $FRAY_SHOTS (default: screenshots/ in the build folder's parent test dir).
set -u
fray=$1
shots=${FRAY_SHOTS:-$(dirname "$fray")/screenshots}
command -v node >/dev/null || { echo "FAIL: node is not installed (scripts/setup.sh)"; exit 1; }
exec node tests/server/browser.mjs "$fray" "$shots"
