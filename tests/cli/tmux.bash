# tests/cli/tmux.bash: what the tests of fray play on a real terminal share,
# sourced after `fray=...`: the pass/fail counters, a private tmux server
# (t), removed with its folder ($tmp) at exit. Skips (exit 0) without tmux.
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
if ! command -v tmux >/dev/null; then echo "skip: tmux is not installed (scripts/setup.sh installs it)"; exit 0; fi
tmp=$(mktemp -d)
sock="$tmp/tmux.sock"
t() { tmux -S "$sock" "$@"; }
trap 't kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
