#!/bin/sh
# Install the Debian packages fray needs, only those that are missing.
# Run as root on Debian 12 (or with sudo); does nothing when all are present.
set -eu
PKGS="gcc clang make cmake ninja-build pkg-config jq libjansson-dev libcmocka-dev libsqlite3-dev libedit-dev tmux sqlite3 libclang-rt-14-dev python3-jsonschema man-db libmicrohttpd-dev curl chromium"
# node and npm from Debian, unless a node with its npm is there already
command -v npm >/dev/null 2>&1 || PKGS="$PKGS nodejs npm"
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
    cd "$(dirname "$0")/.."
    if [ ! -d node_modules/playwright-core ] && command -v npm >/dev/null 2>&1; then
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
    fi
}
if [ -z "$missing" ]; then
    echo "setup: all packages present ($PKGS)"
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
$SUDO apt-get install -y --no-install-recommends $missing
npm_deps
