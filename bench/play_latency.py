#!/usr/bin/env python3
"""How long a GM waits in `fray play` (issue 35: a play turn under a second).

    bench/play_latency.py FRAY EXAMPLE [CONTROL]

Plays EXAMPLE in `fray play` on a pseudo-terminal (seed 5, a throw-away
database), the first side the GM's, CONTROL (default red=lookahead) for
the other, and answers every question in turn with Enter (fray rolls the
die), `pass`, `1` and `do 1` until the fight ends (at most 600 inputs).
Prints how many inputs it took, the slowest time from an input to the next
prompt, and the mean. A session rebuilds the fight from its journal at
every input; the time is that rebuild plus whatever the monsters choose
before the next question (docs/sim.md, "The look-ahead player").

    for ex in examples/*-duel.json examples/*-skirmish.json; do
        bench/play_latency.py build/fray $ex
    done
"""
import os
import pty
import re
import select
import sys
import tempfile
import time

INPUTS = ["", "pass", "1", "do 1"]


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.strip().split("\n\n")[1])
    fray, example = sys.argv[1], sys.argv[2]
    control = sys.argv[3] if len(sys.argv) == 4 else "red=lookahead"
    db = os.path.join(tempfile.mkdtemp(prefix="fray-latency-"), "play.db")
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(fray, [fray, "play", example, "--seed", "5", "--db", db, "--control", control])
    seen = b""

    def prompt(timeout=120.0):
        """Read until a prompt ("Name> ") or the fight's end; False on neither."""
        nonlocal seen
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if not ready:
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:
                return False
            if not data:
                return False
            seen += data
            tail = seen[-400:].decode("utf8", "replace").rstrip()
            if "The fight is over" in tail or re.search(r"[A-Za-z]>$", tail):
                return True
        return False

    times = []
    ok = prompt()
    while ok and len(times) < 600 and b"The fight is over" not in seen:
        seen = b""
        start = time.monotonic()
        os.write(fd, (INPUTS[len(times) % len(INPUTS)] + "\n").encode())
        ok = prompt()
        times.append(time.monotonic() - start)
    over = b"The fight is over" in seen
    os.write(fd, b"quit\n")
    time.sleep(0.2)
    try:
        os.kill(pid, 9)
    except OSError:
        pass
    name = os.path.basename(example)
    if not times:
        sys.exit(f"{name}: no prompt came")
    print(f"{name} {control}: {len(times)} inputs{'' if over else ' (the fight did not end)'}, "
          f"slowest {max(times):.2f} s, mean {sum(times) / len(times):.3f} s")


if __name__ == "__main__":
    main()
