# Writes the threeaction scenario files (run once; the JSON files are the tests).
import json
W = {"name": "sword", "weight": "medium", "damage": "1d8"}
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

# Attack: a hit, a natural 20 (double damage), a miss; Melee with DEX for a Light weapon
sc("melee_attack", "Melee Attack: hit, critical, miss", [15, 5, 12, 6, 20, 4, 1], 1,
   cr("A", "blue", [0, 0], ["Melee Attack > T", "Melee Attack > T", "Melee Attack > T"],
      attributes={"STR": 1, "DEX": 3}, weapons=[{"name": "rapier", "weight": "light", "damage": "1d6"}]),
   cr("T", "red", [1.5, 0], [], physical_defense=14))
# Ranged: -1 per Range Increment, Disadvantage within 5 ft
sc("ranged_attack", "Ranged Attack: range increments and 5 ft", [15, 5, 14, 4, 12, 8, 3, 16, 2, 5], 1,
   cr("A", "blue", [0, 0], ["Ranged Attack > F", "Ranged Attack > N"],
      attributes={"DEX": 2}, weapons=[{"name": "bow", "damage": "1d8", "range": 30}]),
   cr("F", "red", [25, 0], []), cr("N", "red", [0, 1.5], []))
# Spell Attack against Mental Defense; Cast spends Energy; Focus; Control; an Area: one roll
sc("spell_attack", "Cast, Spell Attack, Area, Control, Focus", [15, 5, 6, 14, 3, 2, 13, 4, 10, 1, 1], 2,
   cr("M", "blue", [0, 0], ["Cast > T", "Cast > T", "Focus", "Control > T"],
      attributes={"ESS": 3}, energy=6,
      spells=[{"name": "Fire Ball", "energy": 4, "damage": "1d6", "area": 10, "control": True},
              {"name": "Mind Spike", "defense": "mental", "energy": 2, "damage": "1d6",
               "on_hit": {"condition": "Shaken", "rounds": 1}}]),
   cr("T", "red", [6, 0], [], mental_defense=12), cr("U", "red", [7.5, 0], []))
# Move towards a foe, through an ally, pushing through an enemy (free Push)
sc("move", "Move: through an ally, pushing through an enemy", [15, 5, 3, 12, 14, 9, 12, 3], 1,
   cr("A", "blue", [0, 0], ["Move > T", "Move > T", "Melee Attack > T"]),
   cr("B", "blue", [3, 0], []), cr("E", "red", [6, 0], []), cr("T", "red", [12, 0], []))
# Dodge: the next Attack has Disadvantage
sc("dodge", "Dodge", [15, 5, 18, 4], 1,
   cr("D", "blue", [0, 0], ["Dodge"]), cr("T", "red", [1.5, 0], ["Melee Attack > D"]))
# Maneuvers
sc("push", "Push: 5 ft, and 15 ft on a Critical", [15, 5, 14, 10, 20, 3, 9], 1,
   cr("A", "blue", [0, 0], ["Push > T", "Push > T : 15 ft"], attributes={"STR": 2}),
   cr("T", "red", [1.5, 0], []))
sc("feint", "Feint: Flat Footed against you, then everyone", [15, 5, 16, 12, 3, 5, 20], 2,
   cr("A", "blue", [0, 0], ["Feint > T", "Melee Attack > T", "pass", "Feint > T"]),
   cr("T", "red", [1.5, 0], [], mental_defense=12))
sc("break_disarm", "Break and Disarm, Pick Up", [15, 5, 15, 3, 6, 14, 10, 20, 2], 2,
   cr("A", "blue", [0, 0], ["Break > T", "Disarm > T", "pass", "Disarm > T : Fling"], attributes={"STR": 2}),
   cr("T", "red", [1.5, 0], ["Pick Up"],
      weapons=[{"name": "spear", "damage": "1d8", "hp": 6, "durability": 1},
               {"name": "knife", "weight": "light", "damage": "1d4"}]))
sc("trip", "Trip: Prone, and a flyer falls", [15, 5, 2, 14, 10, 20, 3, 4, 12, 2, 3], 1,
   cr("A", "blue", [0, 0], ["Trip > T", "Trip > F", "Melee Attack > T"]),
   cr("T", "red", [1.5, 0], []),
   cr("F", "red", [0, 1.5], [], flight="flight", altitude=5))
sc("grapple", "Grapple, Smother, escape by Push, Release", [15, 5, 14, 3, 20, 2, 16, 10, 9, 9, 9, 9], 2,
   cr("G", "blue", [0, 0], ["Grapple > T", "Smother > T", "pass", "Grapple > T", "Release > T"],
      size="large", attributes={"STR": 3}),
   cr("T", "red", [1.5, 0], ["Push > G"]))
# Readied action, hold and delay
sc("ready", "Readied action: an attack when a foe comes into reach", [15, 5, 14, 4, 9], 1,
   cr("R", "blue", [0, 0], ["Ready", "pass", "Readied Attack > T"]),
   cr("T", "red", [6, 0], ["Move > R"]))
sc("hold_delay", "Hold and Delay: changing the Initiative place", [15, 10, 5, 12, 4, 11, 3, 9, 9], 1,
   cr("A", "blue", [0, 0], ["Hold > C", "Melee Attack > C"]),
   cr("B", "blue", [0, 1.5], ["Delay", "Enter", "Melee Attack > C"]),
   cr("C", "red", [1.5, 0], ["Melee Attack > A"]))
sc("command", "Command: the companion acts within the commander's turn", [15, 5, 3, 14, 4, 9, 9], 1,
   cr("R", "blue", [0, 0], ["Command > W", "pass"]),
   dict(cr("W", "blue", [0, 1.5], ["Melee Attack > T", "pass"]), sheet={"level": 1, "hp": 10,
        "commander": "R", "weapons": [{"name": "jaws", "damage": "1d6", "natural": True}]}),
   cr("T", "red", [1.5, 0], []))
# Use a Skill: Medicine on a Bleeding ally
sc("medicine", "Use a Skill: Medicine ends Bleeding", [15, 5, 14, 14], 1,
   cr("M", "blue", [0, 0], ["Use a Skill: Medicine > B"], skills={"Medicine": 2}),
   cr("B", "blue", [0, 1.5], [], conditions=[{"condition": "Bleeding"}]),
   cr("T", "red", [9, 0], []))
# Incapacitated, Bleeding, the Bleed Table, Unconscious, Dead
sc("bleeding", "Incapacitated, Bleeding on the Bleed Table, Dead", [15, 5, 18, 8, 3, 3, 1, 1, 2], 3,
   cr("A", "blue", [0, 0], ["Melee Attack > T"], attributes={"STR": 3}),
   cr("T", "red", [1.5, 0], [], hp=6), cr("Z", "red", [9, 0], []))
# Objective conditions at the start of a turn
sc("on_fire", "On fire, Put Out Fire, Stand", [15, 5, 3, 4, 9, 9], 2,
   cr("F", "blue", [0, 0], ["Put Out Fire", "Stand"], conditions=[{"condition": "On fire"}]),
   cr("T", "red", [9, 0], []))
sc("poisoned", "Poisoned: the highest level, durations apart", [15, 5, 2, 3, 1, 4, 5, 6], 3,
   cr("P", "blue", [0, 0], [], conditions=[{"condition": "Poisoned", "rounds": 1, "level": 2},
                                           {"condition": "Poisoned", "rounds": 3, "level": 1}]),
   cr("T", "red", [9, 0], []))
sc("shaken_prone", "Shaken and Prone: Disadvantage, Advantage", [15, 5, 12, 3, 18, 9, 10, 4, 9], 1,
   cr("S", "blue", [0, 0], ["Melee Attack > T", "Drop Prone", "Melee Attack > T"],
      conditions=[{"condition": "Shaken", "rounds": 1}]),
   cr("T", "red", [1.5, 0], ["Melee Attack > S"], conditions=[{"condition": "Prone"}]))
sc("stunned_slowed", "Stunned, Slowed, Unconscious take fewer Actions", [5, 15, 12, 9, 9, 9], 1,
   cr("S", "blue", [0, 0], ["Melee Attack > T"], conditions=[{"condition": "Slowed", "rounds": 1}]),
   cr("U", "blue", [0, 1.5], [], conditions=[{"condition": "Stunned", "rounds": 1}]),
   cr("T", "red", [1.5, 0], ["Melee Attack > U", "Melee Attack > S"]))
sc("invisible_hidden", "Invisible, Hidden: a wrong square always misses", [15, 5, 18, 19, 16, 3, 18, 17], 1,
   cr("A", "blue", [0, 0], ["Melee Attack > I", "Melee Attack > H"]),
   cr("I", "red", [1.5, 0], [], conditions=[{"condition": "Invisible"}]),
   cr("H", "red", [0, 4.5], ["Move > A"], conditions=[{"condition": "Undetected"}, {"condition": "Invisible"}]))
sc("blinded_entangled", "Blinded, Entangled, Squeezing", [15, 5, 14, 15, 3, 16, 4], 1,
   cr("B", "blue", [0, 0], ["Melee Attack > T"], conditions=[{"condition": "Blinded"}]),
   cr("E", "blue", [3, 3], [], conditions=[{"condition": "Entangled"}]),
   cr("T", "red", [1.5, 0], ["Melee Attack > B"], conditions=[{"condition": "Squeezing"}],
      weapons=[{"name": "maul", "weight": "heavy", "damage": "1d10"}]))
sc("flanked_cover", "Flanked, Cover", [15, 10, 5, 3, 12, 12, 6, 5, 14, 2], 1,
   cr("A", "blue", [0, 0], ["Melee Attack > T"]),
   cr("B", "blue", [3, 0], ["Ranged Attack > Z"], weapons=[W, {"name": "sling", "damage": "1d4", "range": 30}]),
   cr("T", "red", [1.5, 0], []), cr("Z", "red", [3, 6], []), cr("C", "red", [3, 3], []))
sc("unaware_flying", "Unaware creatures skip round 1; a flyer that does not fly falls", [15, 5, 3, 4], 2,
   cr("A", "blue", [0, 0], ["pass", "pass"], flight="flight", altitude=20),
   cr("U", "red", [9, 0], ["Move > A"], unaware=True))
sc("suffocating", "Suffocating: held breath, 0 HP, death", [15, 5, 4, 15, 5] + [3] * 12, 4,
   cr("G", "blue", [0, 0], ["Grapple > T", "Smother > T", "pass", "Smother > T", "pass",
                            "Smother > T", "pass", "Smother > T"], attributes={"STR": 4}),
   cr("T", "red", [1.5, 0], [], attributes={"STR": 1}), cr("Z", "red", [12, 0], []))
