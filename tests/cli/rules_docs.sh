#!/usr/bin/env bash
# Every ruleset's docs/rules/<id>.md has its table "Comparisons at their
# boundaries" (issue 33): each row a comparative phrase of the rule text,
# the code that implements it and the test that checks it at the
# boundary. Every file a `code` or `test` cell names exists, and every
# function (or other name) after it occurs in that file, so that a row
# cannot name a test that is not there. A phrase fray deliberately omits
# says so at the start of its rule cell ("omitted", "not modelled", with
# the reason) and may leave its code and test cells without a name ("-",
# "none", "not implemented"); what they do name is checked all the same.
# Rulesets come from `fray rulesets`.
set -u
fray=${1:?usage: rules_docs.sh FRAY}
pass=0 failn=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL: $*"; failn=$((failn+1)); }
for id in $("$fray" rulesets --json | jq -r '.[].id'); do
    doc=docs/rules/$id.md
    [ -f "$doc" ] || { bad "$doc: missing"; continue; }
    out=$(python3 - "$doc" <<'PY'
import os, re, sys
doc = sys.argv[1]
lines = open(doc).read().split("\n")
try:
    start = lines.index("## Comparisons at their boundaries")
except ValueError:
    print(f"FAIL {doc}: no section '## Comparisons at their boundaries'")
    sys.exit(0)
rows = 0
header = None
for n, line in enumerate(lines[start + 1:], start + 2):
    if line.startswith("## "):
        break
    if not line.startswith("|"):
        continue
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if header is None:
        header = [c.lower() for c in cells]
        if header[:4] != ["phrase in the text", "rule", "code", "test"]:
            print(f"FAIL {doc}:{n}: the header is {cells}, expected phrase in the text | rule | code | test")
            sys.exit(0)
        continue
    if set(line.replace("|", "").strip()) <= set("-: "):
        continue
    rows += 1
    rule = cells[1].lower() if len(cells) >= 2 else ""
    omitted = rule.startswith(("not modelled", "not implemented")) or "omitted" in rule
    for col in (2, 3):
        if col >= len(cells):
            print(f"FAIL {doc}:{n}: no {header[col]} cell")
            continue
        ticks = re.findall(r"`([^`]+)`", cells[col])
        if not ticks:
            if not omitted:
                print(f"FAIL {doc}:{n}: the {header[col]} cell names nothing in backticks")
            continue
        path = None
        for t in ticks:
            if "/" in t:
                path = t
                if not os.path.isfile(path):
                    print(f"FAIL {doc}:{n}: {path} does not exist")
                    path = None
            elif path is None:
                print(f"FAIL {doc}:{n}: `{t}` follows no file")
            elif not re.search(r"\b" + re.escape(t) + r"\b", open(path).read()):
                print(f"FAIL {doc}:{n}: `{t}` is not in {path}")
if rows == 0:
    print(f"FAIL {doc}: the comparison table has no row")
print(f"ROWS {rows}")
PY
)
    if echo "$out" | grep -q '^FAIL'; then
        echo "$out" | grep '^FAIL' | head -10 | while IFS= read -r l; do echo "FAIL: ${l#FAIL }"; done
        failn=$((failn + $(echo "$out" | grep -c '^FAIL')))
    else
        ok; echo "ok: $doc: $(echo "$out" | sed -n 's/^ROWS //p') rows, every file and name found"
    fi
done
echo "$pass passed, $failn failed"
[ $failn = 0 ]
