/* threeaction.h: the `threeaction` ruleset (002_9c6f0ed04fdad0e7.txt):
 * rounds of turns in initiative order, three Actions and one Reaction a
 * turn, d20 + Level + attribute against Physical or Mental Defense, hit
 * points, and Bleeding on the Bleed Table once a creature is down.
 *
 * Files follow the text's parts: sheet.c (the creature sheet), rounds.c
 * (#Parts of a Round: initiative, turns, start-of-turn effects), actions.c
 * (#Attack ... #Use a Skill), maneuvers.c (#Maneuver and its six),
 * conditions.c (subjective and objective conditions, hit points, the
 * condition table), tables.c (the Bleed Table, sizes, falling), legal.c
 * (what may be taken when), movement.c and terrain.c (moving, the map's
 * terrain), resolve.c, policy.c and situation.c (the answers about a pair
 * kept while the policy decides), odds.c, ruleset.c (the table).
 * Internal names carry the prefix ta_. */
#ifndef TA_THREEACTION_H
#define TA_THREEACTION_H

#include "core.h"

#define TA_SEED "002_9c6f0ed04fdad0e7.txt"
#define TA_RULE(h) TA_SEED "#" h

#define TA_FT 30            /* centimetres in a foot: 5 ft = 150 cm, one square */
#define TA_SQUARE 150
#define TA_MAX_WEAPONS 4
#define TA_MAX_SPELLS 3

/* ---- Actions (the order of `fray rulesets`) ---- */
enum {
    TA_A_MELEE = 0, TA_A_RANGED, TA_A_CAST, TA_A_CONTROL, TA_A_MOVE, TA_A_FLANK, TA_A_RETREAT,
    TA_A_STAND, TA_A_DODGE, TA_A_FOCUS, TA_A_COMMAND,
    TA_A_BREAK, TA_A_PUSH, TA_A_FEINT, TA_A_DISARM, TA_A_TRIP, TA_A_GRAPPLE,
    TA_A_READY, TA_A_READIED, TA_A_MEDICINE, TA_A_PUT_OUT, TA_A_PICK_UP, TA_A_SMOTHER,
    TA_A_DROP_PRONE, TA_A_RELEASE, TA_A_HOLD, TA_A_DELAY, TA_A_ENTER,
    /* appended with the map (terrain.c): listed only when the encounter has one */
    TA_A_STRAIGHT, TA_A_COVER, TA_A_STABILIZE,
    TA_NACT
};

/* ---- Resources ---- */
enum { TA_R_HP = 0, TA_R_INIT, TA_R_ACTIONS, TA_R_REACTIONS, TA_R_ENERGY, TA_R_BLEED, TA_NRES };

/* ---- Conditions (bit k of the core's cmask) ---- */
enum {
    TA_C_BLEEDING = 0, TA_C_BLINDED, TA_C_ENTANGLED, TA_C_SHAKEN, TA_C_GRAPPLED, TA_C_GRAPPLING,
    TA_C_INCAPACITATED, TA_C_INVISIBLE, TA_C_ON_FIRE, TA_C_POISONED, TA_C_PRONE, TA_C_SLOWED,
    TA_C_STUNNED, TA_C_SQUEEZING, TA_C_UNCONSCIOUS, TA_C_FLAT_FOOTED, TA_C_FEINTED,
    TA_C_DODGING, TA_C_HIDDEN, TA_C_UNDETECTED, TA_C_SUFFOCATING, TA_C_UNSTABLE,
    TA_NCOND
};

/* ---- Rule options ---- */
enum {
    TA_OPT_CRIT_MARGIN = 0, TA_OPT_NATURAL_CRITS, TA_OPT_OPPOSED_TIES, TA_OPT_DEFENSE_BASE,
    TA_OPT_HP_BASE, TA_OPT_HP_PER_LEVEL, TA_OPT_INITIATIVE_LEVEL, TA_OPT_ADV_STACK,
    TA_OPT_MAX_INCREMENTS, TA_OPT_FALL_DIE, TA_OPT_POISON_DIE, TA_OPT_MEDICINE_DC,
    TA_OPT_STABILIZE_SKIPS_DAMAGE, TA_OPT_READIED_REACTION,
    /* appended with the map (terrain.c) */
    TA_OPT_SWIM_DC, TA_OPT_CLIMB_DC, TA_OPT_CLIMB_FALL_MARGIN, TA_OPT_WATER_FALL,
    TA_OPT_DIFFICULT_IGNORE_SIZE,
    /* appended with issue 33 (the text's reading by default, the old one kept) */
    TA_OPT_RANGE_PAST_FIRST, TA_OPT_INCAPACITATED_ACTS, TA_OPT_DODGE_UNTIL_TURN,
    TA_OPT_PRONE_SPELL_DIS, TA_OPT_COVER_RANGED_ONLY, TA_OPT_AREA_COVER,
    TA_OPT_ALLY_SQUARES_DIFFICULT, TA_NOPT
};

/* ---- Questions ---- */
enum { TA_Q_PUSH = 0, TA_Q_DISARM, TA_NQ };
enum { TA_DISARM_DROP = 0, TA_DISARM_FLING, TA_DISARM_TAKE };

/* Weapon weight classes (#Melee Attack: Light and Medium may use DEX). */
enum { TA_LIGHT = 0, TA_MEDIUM, TA_HEAVY };
/* Where a weapon is. */
enum { TA_IN_HAND = 0, TA_ON_GROUND, TA_GONE };
/* Sizes, #Occupied Squares "2 sizes larger or smaller". */
enum { TA_TINY = 0, TA_SMALL, TA_MEDIUM_SIZE, TA_LARGE, TA_HUGE, TA_GARGANTUAN, TA_NSIZES };
/* Spell defenses. */
enum { TA_PHYSICAL = 0, TA_MENTAL };

typedef struct ta_inflict {
    int8_t cond;    /* a TA_C_ condition, -1 none */
    int8_t rounds;  /* 0: until removed */
    int8_t level;   /* Poisoned's level */
} ta_inflict;

typedef struct ta_weapon {
    char name[24];
    int8_t weight;     /* TA_LIGHT.. */
    int8_t ranged;     /* a ranged or thrown weapon */
    int8_t natural;    /* a Natural Weapon (#Grapple: a free hand or one) */
    int8_t where;      /* TA_IN_HAND, TA_ON_GROUND, TA_GONE */
    int16_t reach;     /* cm */
    int16_t increment; /* range increment, cm */
    int16_t hp, durability;
    int32_t gx, gy;    /* on the ground: where */
    fray_dexpr damage;
    ta_inflict on_hit;
} ta_weapon;

typedef struct ta_spell {
    char name[24];
    int8_t defense;    /* TA_PHYSICAL or TA_MENTAL */
    int8_t control;    /* it lasts and may be Controlled on later turns */
    int16_t energy;
    int16_t range;     /* cm */
    int16_t area;      /* radius in cm, 0 one target */
    fray_dexpr damage;
    ta_inflict on_hit;
} ta_spell;

typedef struct ta_creature {
    int level, str, dex, con, ess;
    int hp_max, pdef, mdef, speed, size, energy_max, reactions;
    int flight;        /* 0 none, 1 Flight, 2 Improved Flight */
    int altitude;      /* cm above the ground */
    int free_hand;     /* a hand free to Grapple */
    int unaware;       /* #Parts of a Round: no turn in the first round */
    int medicine, climb, swim; /* skill bonuses */
    int darkvision;    /* #Darkness: perceives creatures in the dark */
    int burrow;        /* #Burrowing: moves through soft earth */
    int bulk;          /* #Thin Ice: what it weighs, in Bulk */
    int commander;     /* combatant who Commands it (#Command), -1 none */
    char commander_name[FRAY_NAME];
    int nweapons, nspells;
    ta_weapon w[TA_MAX_WEAPONS];
    ta_spell sp[TA_MAX_SPELLS];
    /* during the fight */
    int flew;          /* spent an Action to fly this turn */
    int acted;         /* spent an Action this turn (holding and delaying come first) */
    int controlled;    /* Controlled a spell this turn, or Cast a lasting one (#Control: "on a previous Turn") */
    int active_spell;  /* the spell Cast on an earlier turn that lasts, -1 */
    int commanded;     /* round it was last Commanded */
    int breath;        /* rounds without breath */
    int hid_x, hid_y;  /* where it became Hidden */
    int drift_x, drift_y; /* #Zero-G: cm it moves at each turn's start, until it hits something */
    unsigned crossed;  /* the kinds of map region its last move went through */
    int swam;          /* #Swimming this turn: 0 not yet, 1 swam, -1 failed (goes under) */
} ta_creature;

/* The encounter's own state (what a fight changes on the map). */
#define TA_MAX_ICE 256
typedef struct ta_state {
    uint64_t broken[TA_MAX_ICE / 64]; /* #Thin Ice: regions broken, by map region index */
} ta_state;

static inline ta_creature *ta_cr(fray_encounter *e, int who) { return fray_priv(e, who); }
static inline const ta_creature *ta_ccr(const fray_encounter *e, int who) { return fray_cpriv(e, who); }

/* tables.c */
typedef struct ta_bleed_row { int lo, hi; const char *name; int effect; } ta_bleed_row;
enum { TA_BLEED_DEATH = 0, TA_BLEED_UNCONSCIOUS, TA_BLEED_DETERIORATE, TA_BLEED_NONE,
       TA_BLEED_STABILIZE };
extern const ta_bleed_row ta_bleed_table[5];
const ta_bleed_row *ta_bleed_lookup(int total);
extern const int ta_size_space[TA_NSIZES];
extern const char *const ta_size_names[TA_NSIZES];
/* #Falling: the dice of fall damage for a fall of ft feet by a creature of size. */
int ta_fall_dice(int ft, int size);

/* sheet.c */
int ta_load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who);
int ta_loaded(fray_load *ld, fray_encounter *e);
extern const char *const ta_cond_names[TA_NCOND];

/* conditions.c */
extern const fray_cond_info ta_cond_info[TA_NCOND];
void ta_inflict_on(fray_encounter *e, int who, int src, const ta_inflict *in);
int ta_flat_footed(const fray_encounter *e, int target, int attacker);
int ta_flanked_by(const fray_encounter *e, int target, int attacker);
int ta_concealed(const fray_encounter *e, int target, int attacker);
int ta_cover(const fray_encounter *e, int target, int attacker);
int ta_cover_at(const fray_encounter *e, int t, int ox, int oy, int o);
void ta_damage(fray_encounter *e, int who, int amount, int src, const char *what, const char *rule);
void ta_heal(fray_encounter *e, int who, int amount);
void ta_bleed(fray_encounter *e, int who);
void ta_fall(fray_encounter *e, int who, int ft, int extra_ft);
void ta_fiat(fray_encounter *e, int who, int amount, int heal);

/* rounds.c */
extern const fray_turn_rules ta_turns;
void ta_start_combat(fray_encounter *e);
void ta_join(fray_encounter *e, int who);
void ta_start_round(fray_encounter *e);
void ta_end_round(fray_encounter *e);
int ta_describe(const fray_encounter *e, int who, char *buf, size_t len);
/* Actions or Reactions a turn (#Turn less #Slowed and #Incapacitated). */
int ta_turn_allowance(const fray_encounter *e, int who, int res);
/* Able, or Incapacitated and still acting (#Incapacitated: 1 Action). */
int ta_acting(const fray_encounter *e, int who);

/* actions.c: distances and attacks shared with maneuvers.c and legal.c */
int ta_dist(const fray_encounter *e, int a, int b);
int ta_in_reach(const fray_encounter *e, int a, int b, int reach);
int ta_foes(const fray_encounter *e, int a, int b);
int ta_melee_weapon(const fray_encounter *e, int who);
int ta_ranged_weapon(const fray_encounter *e, int who);
int ta_melee_bonus(const fray_encounter *e, int who, int w, const char **attr);
int ta_speed(const fray_encounter *e, int who);
int ta_spend(fray_encounter *e, int who, int actions);
/* #Ranged Attack: the penalty's size, "-1 ... for every Range Increment it
 * is from you rounded down" (option range_past_first: the old count). */
int ta_range_penalty(const fray_encounter *e, int d, int increment);
void ta_attack_adv(fray_encounter *e, int who, int t, int kind, int *adv);
int ta_settle_adv(const fray_encounter *e, int adv);
void ta_crit(const fray_encounter *e, fray_check *c);
void ta_resolve(fray_encounter *e, const fray_action *a);
/* movement.c */
void ta_move(fray_encounter *e, const fray_action *a);
int ta_approach_point(const fray_encounter *e, int who, int t, int *x, int *y);
int ta_flank_point(const fray_encounter *e, int who, int t, int *x, int *y);
void ta_carry(fray_encounter *e, int who, int x, int y);
/* Whether the move a (Move, Straight, Take Cover, Flank, Retreat) would
 * change where its mover stands, or roll a die on the way (a Swim, Climb
 * or free Push): asked by the policy before it takes it. No dice drawn. */
int ta_move_goes(const fray_encounter *e, const fray_action *a);
void ta_attack(fray_encounter *e, const fray_action *a, int kind);

/* maneuvers.c */
void ta_maneuver(fray_encounter *e, const fray_action *a);
/* An opposed Melee Attack roll of who against t: >0 success (2 a
 * critical success), <= 0 failure. */
int ta_opposed(fray_encounter *e, int who, int t, const char *what);

/* terrain.c: #Terrain and movement on the encounter's map (core map.h) */
const char *ta_travel_map(fray_encounter *e, int who, int x1, int y1, int budget, int straight,
                          int limit);
int ta_underground(const fray_encounter *e, int who);
int ta_swim(fray_encounter *e, int who);
int ta_climb_start(fray_encounter *e, int who);
int ta_line_of_effect(const fray_encounter *e, int a, int t);
int ta_map_cover(const fray_encounter *e, int t, int a);
int ta_map_cover_at(const fray_encounter *e, int t, int x, int y, int altitude);
int ta_map_concealed(const fray_encounter *e, int t, int a);
int ta_terrain_hides(const fray_encounter *e, int who);
int ta_push_map(fray_encounter *e, int who, int t, int d);
void ta_terrain_turn_start(fray_encounter *e, int who);
void ta_terrain_turn_end(fray_encounter *e, int who);
int ta_fall_grab(fray_encounter *e, int who);
int ta_fall_water(const fray_encounter *e, int who, int ft);
void ta_unsteady(fray_encounter *e, int who);
int ta_zero_g(const fray_encounter *e, int who);
int ta_can_push_off(const fray_encounter *e, int who, int *ally);
int ta_cover_point(const fray_encounter *e, int who, int foe, int *x, int *y);
int ta_straight_differs(const fray_encounter *e, int who, int t);
void ta_after_move(fray_encounter *e, int who);
int ta_walk_goes(const fray_encounter *e, int who, int x1, int y1, int budget, int straight);
extern const int ta_size_bulk[TA_NSIZES];

/* situation.c: the answers about a pair kept while the policy decides:
 * between ta_sit_begin(e) and ta_sit_end(), ta_sit_get(e, q, a, b) is the
 * answer kept (0 or 1), -1 none (or another encounter, or not deciding);
 * ta_sit_put keeps v and returns it. */
enum { TA_SIT_LOE, TA_SIT_COVER, TA_SIT_CONCEALED, TA_SIT_FLANKED, TA_SIT_NQ };
void ta_sit_begin(const fray_encounter *e);
void ta_sit_end(void);
int ta_sit_get(const fray_encounter *e, int q, int a, int b);
int ta_sit_put(const fray_encounter *e, int q, int a, int b, int v);

/* legal.c */
int ta_legal(fray_encounter *e, int who, int window, const fray_action *trig, fray_action *out,
             int max);
/* The parts of legal's list in FRAY_WIN_ACT, in the list's order: the
 * attacks, the moves, the maneuvers, the rest (other Actions, Free Actions,
 * hold and delay). Each kind comes from one part. */
enum { TA_PART_ATTACKS, TA_PART_MOVES, TA_PART_MANEUVERS, TA_PART_OTHERS, TA_NPARTS };
/* Whether legal lists anything in FRAY_WIN_ACT (the creature acts and has
 * an Action left), and then one part of the list into l. */
int ta_legal_acts(const fray_encounter *e, int who);
void ta_legal_part(fray_encounter *e, int who, int part, fray_list *l);
/* Whether the moves part lists the move `kind` (Move, Straight, Take
 * Cover, Flank, Retreat) towards t: one target's map questions, not every
 * target's. */
int ta_legal_move(fray_encounter *e, int who, int kind, int t);
/* At most how many entries the moves and the maneuvers hold (no map asked). */
int ta_legal_bound(const fray_encounter *e, int who, int part);

/* policy.c */
int ta_policy(fray_encounter *e, int who, int window, const fray_action *trig,
              const fray_action *legal, int n);
int ta_answer(fray_encounter *e, int who, int q, uint32_t allowed, const fray_action *ctx);
int ta_decide(fray_encounter *e, int who, int window, const fray_action *trig, fray_action *out);

/* odds.c */
int ta_odds(int argc, char **argv, json_t **out, char *err, size_t errlen);
int ta_action_odds(fray_encounter *e, const fray_action *a, json_t **out, char *err, size_t errlen);
extern const char ta_odds_help[];

#endif
