#!/bin/sh
# Install the Debian packages fray needs, only those that are missing.
# Run as root on Debian 12 (or with sudo); does nothing when all are present.
set -eu
PKGS="gcc clang make cmake ninja-build pkg-config jq libjansson-dev libcmocka-dev libsqlite3-dev libedit-dev tmux sqlite3 libclang-rt-14-dev python3-jsonschema man-db"
missing=""
for p in $PKGS; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing="$missing $p"
    fi
done
if [ -z "$missing" ]; then
    echo "setup: all packages present ($PKGS)"
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
