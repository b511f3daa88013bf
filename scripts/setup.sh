#!/bin/sh
# Install the Debian packages fray needs, only those that are missing.
# Run as root on Debian 12 (or with sudo); does nothing when all are present.
#   scripts/setup.sh          what building and running fray needs
#   scripts/setup.sh --test   that, and what the test suite needs as well
#                             (clang, cmocka, Chromium, node, tmux, Open MPI...)
# A newcomer's first fight waits only on the first list; the suite's
# browser, terminal and compiler tests bring their own tools with --test.
set -eu
cd "$(dirname "$0")/.."
BUILD="gcc make cmake ninja-build pkg-config jq libjansson-dev libsqlite3-dev libedit-dev libmicrohttpd-dev"
TEST="clang libclang-rt-14-dev libcmocka-dev sqlite3 tmux python3-jsonschema man-db curl chromium libopenmpi-dev openmpi-bin"
PKGS=$BUILD
tests=0
case "${1:-}" in
    "") ;;
    --test) tests=1; PKGS="$BUILD $TEST" ;;
    -h|--help) sed -n '2,8s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "setup: unknown argument '$1' (expected --test or nothing)" >&2; exit 2 ;;
esac
# node and npm from Debian for the browser test, unless a node with its
# npm is there already
if [ $tests = 1 ] && ! command -v npm >/dev/null 2>&1; then PKGS="$PKGS nodejs npm"; fi
missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
# The browser test's one npm package (playwright-core, pinned in
# package-lock.json): it drives Debian's /usr/bin/chromium and never
# downloads a browser of its own.
npm_deps() {
    if [ $tests = 1 ] && [ ! -d node_modules/playwright-core ] && command -v npm >/dev/null 2>&1; then
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
    fi
}
if [ -z "$missing" ]; then
    echo "setup: all packages present"
    npm_deps
    exit 0
fi
echo "setup: installing:$missing"
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
        echo "setup: not root and no sudo: install as root: apt-get install$missing" >&2
        exit 1
    fi
else
    SUDO=""
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "setup: installed:$missing"
npm_deps
