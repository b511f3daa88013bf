# Writes the threeaction terrain scenario files, one per kind of map region
# and for walls and objects (run once; the JSON files are the tests).
import json
W = {"name": "sword", "weight": "medium", "damage": "1d8"}
BOW = {"name": "bow", "damage": "1d8", "range": 30}
def cr(name, side, at, script, **sheet):
    s = {"level": 1, "hp": 20, "weapons": [W]}
    s.update(sheet)
    return {"name": name, "side": side, "at": at, "sheet": s, "controller": "script",
            "script": script + ["pass"] * 6}
def sc(fn, title, dice, rounds, mp, *cs, options=None):
    d = {"ruleset": "threeaction", "name": title, "max_rounds": rounds, "dice": dice,
         "combatants": list(cs), "map": mp}
    if options:
        d["options"] = options
    open("terrain_" + fn + ".json", "w").write(json.dumps(d, indent=1) + "\n")
def rg(kind, a, b, **kw):
    r = {"kind": kind, "from": a, "to": b}
    r.update(kw)
    return r

# Difficult Terrain: the square left decides; 30 ft of Speed
sc("difficult", "Difficult Terrain: judged by the square left", [15, 5], 1,
   {"regions": [rg("difficult", [-0.75, -0.75], [3.75, 0.75], name="rubble")]},
   cr("A", "blue", [0, 0], ["Move > T"]), cr("T", "red", [15, 0], []))
# Swimming: a current carries a creature at its turn's start; wading costs double
sc("water", "Swimming: a current, and wading; water puts out a fire", [15, 10, 5, 3, 4], 1,
   {"regions": [rg("water", [1.5, -3], [6, 1.5], name="ford", current=[0, -1.5])]},
   cr("A", "blue", [0, 0], ["Move > T"], conditions=[{"condition": "On fire"}]),
   cr("B", "blue", [3, 1.2], []), cr("T", "red", [12, -3], []))
# Deep water: a failed Swim Check founders and goes under; then swims out and breathes
sc("deep_water", "Swimming and Suffocating in deep water", [15, 5, 3, 16, 12], 2,
   {"regions": [rg("deep_water", [-1.5, -1.5], [3, 1.5], name="pool")]},
   cr("A", "blue", [0, 0], ["Move > T", "pass", "Move > T"], skills={"Swim": 2}),
   cr("T", "red", [9, 0], []))
# Climbing a surface, and a fall next to it: the Climb grab
sc("climb", "Climbing, and grabbing a surface when falling", [15, 10, 5, 14, 15, 12, 9], 1,
   {"regions": [rg("climb", [1.5, -1.5], [6.75, 3], name="cliff", height=6)]},
   cr("A", "blue", [0, 0], ["Move > T", "Trip > F"], skills={"Climb": 2}),
   cr("F", "red", [7.5, 1.5], [], flight="flight", altitude=5, skills={"Climb": 3}),
   cr("T", "red", [9, 0], []), options={"natural_crits": 0})
# Falling into water: 50 ft less
sc("fall_water", "Falling into water", [15, 5, 3], 1,
   {"regions": [rg("water", [-3, -3], [3, 3], name="lake")]},
   cr("A", "blue", [9, 0], []),
   cr("F", "red", [0, 0], ["pass"], flight="flight", altitude=60))
# Zero-G: push off a wall, drift, attack floating free (Unstable), Stabilize
sc("zero_g", "Zero-G: pushing off, drifting, Stabilize", [15, 5, 12, 3], 2,
   {"regions": [rg("zero_g", [-3, -6], [30, 6], name="hold")],
    "walls": [{"from": [-0.75, -6], "to": [-0.75, 6]}, {"from": [24, -6], "to": [24, 6]}]},
   cr("A", "blue", [0, 0], ["Move > T", "Melee Attack > T", "Stabilize"]),
   cr("T", "red", [10.5, 0], []))
# Darkness and Light: Concealed in the dark, not within a light or to Darkvision
sc("dark_light", "Darkness, Light and Darkvision", [15, 10, 5, 3, 12, 9, 3, 14, 5, 12, 7], 1,
   {"dark": True, "regions": [{"kind": "light", "name": "brazier", "at": [3, 3], "radius": 3}]},
   cr("A", "blue", [0, 0], ["Melee Attack > D", "Melee Attack > L"]),
   cr("V", "blue", [0, -1.5], ["Melee Attack > D"], darkvision=True),
   cr("D", "red", [1.5, -0.75], []), cr("L", "red", [1.5, 1.5], []))
# Fog between two creatures conceals; line of effect stays
sc("fog", "Fog: Concealed when it interrupts sight", [15, 5, 16, 4, 12, 5], 1,
   {"regions": [rg("fog", [3, -1.5], [4.5, 1.5], name="smoke")]},
   cr("A", "blue", [0, 0], ["Ranged Attack > T", "Ranged Attack > U"], weapons=[BOW]),
   cr("T", "red", [9, 0], []), cr("U", "red", [0, 9], []))
# Burrowing under an enemy through soft earth
sc("earth", "Burrowing: through soft earth, under the enemy", [15, 10, 5], 1,
   {"regions": [rg("earth", [-1.5, -1.5], [12, 1.5], name="loam")]},
   cr("B", "blue", [0, 0], ["Move > T"], burrow=True),
   cr("E", "red", [3, 0], []), cr("T", "red", [9, 0], []))
# Thin Ice: a careful Move stops short, a straight one breaks through
sc("thin_ice", "Thin Ice: too thin for a bear", [15, 5, 3], 1,
   {"regions": [rg("thin_ice", [3, -3], [9, 3], name="pond", thickness=1)]},
   cr("B", "blue", [0, 0], ["Move > T", "Move: Straight > T"], size="large"),
   cr("T", "red", [12, 0], []))
# Squeezing into a narrow space
sc("narrow", "Squeezing: a narrow space for a Large creature", [15, 10, 5, 14, 6, 3], 1,
   {"regions": [rg("narrow", [3, -0.75], [9, 0.75], name="crack", fits="medium")]},
   cr("B", "blue", [0, 0], ["Move > T"], size="large"),
   cr("H", "blue", [-3, 0], ["Move > T"], size="huge"),
   cr("T", "red", [7.5, 0], ["Melee Attack > B"]))
# Walls: no Line of Effect through one, Cover round its end, Push into it
sc("walls", "Walls: Line of Effect, Cover, a Push into a wall", [15, 10, 5, 12, 7, 15, 5, 4, 3, 2, 18, 3, 2, 3, 4, 2, 5], 1,
   {"walls": [{"from": [3, 1.4], "to": [3, 10]}, {"from": [-2.25, -3], "to": [-2.25, 3]}]},
   cr("R", "blue", [0, 3], ["Ranged Attack > C"], weapons=[BOW]),
   cr("P", "blue", [0, 0], ["Push > W", "Push > W : 15 ft"], attributes={"STR": 3}),
   cr("W", "red", [-1.5, 0], []), cr("C", "red", [6, 0], []), cr("X", "red", [6, 6], []))
# Objects: Cover behind a crate; a shooter takes cover
sc("objects", "Cover behind an object, and taking it", [15, 10, 5, 14, 5, 16, 6], 1,
   {"objects": [{"name": "crate", "from": [4, -0.75], "to": [5, 0.75], "size": "medium"},
                {"name": "barrel", "from": [1, 4], "to": [2, 5], "size": "medium"}]},
   cr("A", "blue", [0, 0], ["Ranged Attack > T"], weapons=[BOW]),
   cr("S", "red", [1.5, 9], ["Move: Take Cover > A", "Ranged Attack > A"], weapons=[BOW]),
   cr("T", "red", [9, 0], []))
