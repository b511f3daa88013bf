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

# #Prone: "Melee Attacks against it have Advantage, and Ranged Attacks
# against it have Disadvantage": a bow shot at the Prone T has Disadvantage
# (12 and 4: 5 misses), a Spell Attack has not (one die, 10 + 1 hits 11).
sc("prone_ranged_spell", "Prone: Ranged Attacks have Disadvantage, Spell Attacks not",
   [15, 5, 12, 4, 10, 4], 1,
   cr("A", "blue", [0, 0], ["Ranged Attack > T", "Cast > T"], weapons=[BOW], energy=6,
      spells=[{"name": "Bolt", "energy": 1, "damage": "1d6"}]),
   cr("T", "red", [6, 0], [], conditions=[{"condition": "Prone"}]))
# #Cover: "Attacks against Creatures with Cover are made with Disadvantage":
# a 10 ft pike past K (the same Size as T) has Disadvantage (15 and 6: 7
# misses); past the Small S at T2 it has not (6 + 1 misses 11, 15 hits).
sc("cover_melee", "Cover: melee past a creature of at least the target's Size",
   [15, 5, 4, 3, 2, 15, 6, 6, 15, 5], 1,
   cr("A", "blue", [0, 0], ["Melee Attack > T", "Melee Attack > T2", "Melee Attack > T2"],
      weapons=[{"name": "pike", "damage": "1d8", "reach": 10}]),
   cr("K", "red", [1.5, 0], []), cr("T", "red", [3, 0], []),
   cr("S", "red", [0, 1.5], [], size="small"), cr("T2", "red", [0, 3], []))
# #Cover: "If being attacked by an Effect with an Area determine Cover based
# on the point of origin of the Area": a Fire Ball on T, one roll (14) for
# all; U, behind K from T, reads it with Disadvantage (a second die, 3).
sc("area_cover", "Cover: an Area's Cover from its point of origin",
   [15, 5, 4, 3, 14, 2, 2, 3], 1,
   cr("M", "blue", [0, 0], ["Cast > T"], energy=6,
      spells=[{"name": "Fire Ball", "energy": 4, "damage": "1d6", "area": 10}]),
   cr("T", "red", [6, 0], []), cr("K", "red", [7.5, 0], []), cr("U", "red", [9, 0], []))

# #Dodge: "You spend one Action to give the next Attack against you
# Disadvantage": no time limit. D dodges in round 1, T attacks only in
# round 2, after D's next turn: still Disadvantage (18 and 4: 5 misses).
sc("dodge_lasts", "Dodge: the next Attack, after the dodger's next turn too", [15, 5, 18, 4], 2,
   dict(cr("D", "blue", [0, 0], ["Dodge"]), script=["Dodge", "pass", "pass"]),
   dict(cr("T", "red", [1.5, 0], []), script=["pass", "Melee Attack > D", "pass"]))

# #Incapacitated: "An Incapacitated Creature gets 2 less Actions and 2 less
# Reactions per Turn to a minimum of 0 (usually 1 Action and 0 Reactions)."
# T falls to 0 HP in round 1; its turn: Bleeding (14 - 1: no row; 2 damage),
# then its 1 Action, an attack from the ground (Prone: Disadvantage), and
# its turn ends; its second Melee Attack waits.
sc("incapacitated_acts", "Incapacitated: 1 Action in its turn", [15, 5, 3, 15, 4, 14, 1, 1, 19, 19, 5], 1,
   cr("A", "blue", [0, 0], ["Melee Attack > T"]),
   cr("T", "red", [1.5, 0], ["Melee Attack > A", "Melee Attack > A"], hp=4),
   cr("R", "red", [30, 0], []))
# #Command: "When a Creature is commanded they are able to use their
# Actions": an Incapacitated companion has 1 (3 less 2), not 3: after its
# attack it has none left (the "pass" ends its part of R's turn).
sc("command_incapacitated", "Command: an Incapacitated companion has 1 Action",
   [15, 5, 3, 15, 3, 18, 18, 2, 14, 1, 1], 1,
   cr("T", "red", [1.5, 0], ["Melee Attack > W"]),
   cr("R", "blue", [0, 0], ["Command > W"]),
   dict(cr("W", "blue", [1.5, 1.5], ["Melee Attack > T", "pass"]),
        sheet={"level": 1, "hp": 3, "commander": "R",
               "weapons": [{"name": "jaws", "damage": "1d6", "natural": True}]}))

# #Occupied Squares: "Creatures may Move through squares occupied by Allies
# or by Creatures either 2 sizes larger or smaller than themselves. While
# moving through these squares count as Difficult Terrain." A passes the
# Tiny E without a Push (its square costs double), the Small F only by one.
sc("occupied_squares", "Occupied Squares: 2 Sizes apart passed without a Push",
   [15, 5, 4, 3, 14, 9], 1,
   cr("A", "blue", [0, 0], ["Move > T", "Move > T"]),
   cr("E", "red", [3, 0], [], size="tiny"), cr("F", "red", [12, 0], [], size="small"),
   cr("T", "red", [21, 0], []))

# #Readied action: "you must choose a specific Action to ready and a
# specific condition to trigger that Action": an archer readies a Ranged
# Attack, fired when T's move ends within range (10 ft away: 14 + 1 hits).
sc("ready_ranged", "Readied action: a Ranged Attack when a foe comes within range",
   [15, 5, 14, 6], 1,
   cr("R", "blue", [0, 0], ["Ready", "pass", "Readied Attack > T"], weapons=[BOW]),
   cr("T", "red", [12, 0], ["Move > R"]))
