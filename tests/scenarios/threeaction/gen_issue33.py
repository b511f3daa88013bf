# Writes the threeaction scenarios of issue 33 ("every boundary of every
# text exact"): each replays scripted dice at the boundary of one sentence
# of 002_9c6f0ed04fdad0e7.txt, quoted above it. Run once from this folder;
# the JSON files are the tests, their golden streams were read line by line.
import json
W = {"name": "sword", "weight": "medium", "damage": "1d8"}
BOW = {"name": "bow", "damage": "1d8", "range": 30}
def cr(name, side, at, script, **sheet):
    s = {"level": 1, "hp": 20, "weapons": [W]}
    s.update(sheet)
    return {"name": name, "side": side, "at": at, "sheet": s, "controller": "script",
            "script": script + ["pass"] * 6}
def sc(fn, title, dice, rounds, *cs, options=None):
    d = {"ruleset": "threeaction", "name": title, "max_rounds": rounds, "dice": dice,
         "combatants": list(cs)}
    if options:
        d["options"] = options
    open(fn + ".json", "w").write(json.dumps(d, indent=1) + "\n")

# #Ranged Attack: "you take a -1 Penalty on the Attack for every Range
# Increment it is from you rounded down". 30 ft increments: 59 ft -1, 60 ft
# -2 (d20 11 + 1 - 2 = 10 misses Physical Defense 11), 61 ft -2.
sc("range_rounded_down", "Ranged Attack: -1 per increment rounded down (59, 60, 61 ft)",
   [15, 5, 4, 3, 11, 4, 11, 12, 3], 1,
   cr("A", "blue", [0, 0], ["Ranged Attack > N", "Ranged Attack > F", "Ranged Attack > G"],
      weapons=[BOW]),
   cr("N", "red", [17.7, 0], []), cr("F", "red", [0, 18], []), cr("G", "red", [0, -18.3], []))
