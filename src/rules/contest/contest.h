/* contest.h: the `contest` ruleset (seed 004_ddd5865ba645a58b.txt), internal.
 *
 * Every attack is a Combat Roll: the defender picks Block, Dodge, Parry or
 * Withstand before the dice, both roll a test, and the pair of results
 * decides. The text leaves "test", "Successes", boon and bane to its core
 * chapter; the reading is the rule option test_model (CT_OPT_MODEL):
 *   0 d20 roll-under: pass when 1d20 <= base + attribute + skill + mods,
 *     Successes = target - roll + 1; a boon rolls two d20 and keeps the
 *     lower, a bane the higher;
 *   1 dice pool: attribute + skill + mods d6, each die showing pool_success
 *     or more is a Success, pass with one or more; a boon adds a die, a bane
 *     takes one away.
 * Files follow the text's parts:
 *   tables.c      every table (armour, sizes, damage types, styles' gear words)
 *   test.c        the test model (both readings) and its exact distribution
 *   sheet.c       the creature sheet: attributes, skills, Fighting Styles, gear
 *   initiative.c  #The Initiative Structure, #Combat Overview, #Saving Your Turn
 *   actions.c     #Actions in Combat: the legal actions of each window
 *   attack.c      #Attacking & Defending: Steps I-III, the Combat Roll
 *   maneuvers.c   #Maneuvers, #Size Matters
 *   positioning.c #Positioning: moving, opportunity attacks, cover, flanking
 *   damage.c      #Damage & Health: types, resistance, Armor, Shields
 *   exact.c       the exact Combat Roll in integers (what the policy reads)
 *   policy.c      the built-in policy; odds.c `fray odds contest` (odds.h)
 */
#ifndef CONTEST_H
#define CONTEST_H

#include "core.h"

#define CT_SEED "004_ddd5865ba645a58b.txt"
#define CT_RULE(h) CT_SEED "#" h

/* ---- Enumerations ---- */

enum ct_attr { CT_STR, CT_AGI, CT_PER, CT_INT, CT_WIL, CT_NATTR };

enum ct_skill { CT_SK_DODGE, CT_SK_SORCERY, CT_SK_FOCUS, CT_SK_ATHLETICS, CT_SK_ACROBATICS,
                CT_SK_SLEIGHT, CT_SK_DECEPTION, CT_SK_OBSERVATION, CT_SK_STEALTH, CT_NSKILL };

enum ct_res { CT_R_HEALTH, CT_R_INIT, CT_R_AP, CT_R_ATTACKS, CT_R_FREE, CT_R_MOVE, CT_NRES };

enum ct_cond { CT_C_UNCONSCIOUS, CT_C_PRONE, CT_C_DAZED, CT_C_GRAPPLED, CT_C_BRACED,
               CT_C_FEINTING, CT_C_DISENGAGED, CT_C_SURPRISED, CT_C_HIDDEN, CT_C_DISARMED,
               CT_NCOND };

enum ct_act {
    CT_A_STRIKE, CT_A_MAGIC, CT_A_MOVE, CT_A_DASH, CT_A_DISENGAGE, CT_A_GRAPPLE, CT_A_SEARCH,
    CT_A_SNEAK, CT_A_SAVE, CT_A_STAND, CT_A_DEFEND, CT_A_MANIPULATE, CT_A_OPPORTUNITY,
    CT_A_MAGIC_REACT, CT_NACT
};

enum ct_opt { CT_OPT_MODEL, CT_OPT_D20_BASE, CT_OPT_POOL_SUCCESS, CT_OPT_AP_ROUND,
              CT_OPT_ATTACKS, CT_OPT_AP_PRIMARY, CT_OPT_AP_REACTION, CT_OPT_OTHER_BLOCK,
              CT_OPT_UNTRAINED_ARMOR, CT_OPT_UNTRAINED_WEAPON, CT_OPT_PASS_THROUGH, CT_NOPT };

/* option untrained_armor: what armour in no style imposes */
enum { CT_UA_BANE = 0, CT_UA_PENALTY = 1, CT_UA_BOTH = 2 };

enum { CT_MODEL_D20 = 0, CT_MODEL_POOL = 1 };

/* #Step II: Defend (the question's answers; "None", always allowed, first,
 * so that an answer by number 1 is always one allowed) */
enum ct_def { CT_D_NONE, CT_D_BLOCK, CT_D_DODGE, CT_D_PARRY, CT_D_WITHSTAND, CT_NDEF };
/* #Maneuvers */
enum ct_man { CT_M_NONE, CT_M_BASH, CT_M_BRACE, CT_M_DISARM, CT_M_FEINT, CT_M_PRECISION,
              CT_M_PUSH, CT_M_TRIP, CT_NMAN };
enum { CT_Q_DEFENCE, CT_Q_MANEUVER, CT_Q_ITEM, CT_NQ };
/* #Maneuvers: Disarm: "Choose an item the target is holding": answer 0
 * its shield, k its weapon k - 1 on the sheet */
#define CT_ITEM_SHIELD 0
#define CT_NITEM CT_MAX_WEAPONS

/* #Damage Type */
enum ct_dtype { CT_CRUSHING, CT_PIERCING, CT_SLASHING, CT_FIRE, CT_FROST, CT_SHOCK, CT_ACID,
                CT_FORCE, CT_NECROTIC, CT_RADIANT, CT_POISON, CT_PSYCHIC, CT_NDTYPE };
enum ct_group { CT_G_PHYSICAL, CT_G_MAGICAL, CT_G_OTHER, CT_NGROUP };
/* resistance slots: one per type, then one per group ("Magic Resistance") */
#define CT_NRESIST (CT_NDTYPE + CT_NGROUP)

enum ct_size { CT_TINY, CT_SMALL, CT_MEDIUM, CT_LARGE, CT_HUGE, CT_NSIZE };
enum ct_level { CT_UNARMORED, CT_PARTIAL, CT_FULL, CT_NLEVEL };
enum ct_cover { CT_COVER_NONE, CT_COVER_LOW, CT_COVER_HIGH, CT_COVER_FULL, CT_NCOVER };

#define CT_MAX_WEAPONS 5 /* four on the sheet, and unarmed fighting */
#define CT_MAX_STYLES 3
#define CT_MAX_GEAR 10
#define CT_MAX_SPELLS 4
#define CT_NAME 24
/* A Manipulate's arg: the item (a weapon's index, or CT_MANIP_SHIELD), plus
 * CT_MANIP_STOW to stow it (else it is taken into hand) */
#define CT_MANIP_SHIELD 8
#define CT_MANIP_STOW 16
/* #Reactions: "an object within touch": a reading, 1.5 m (as far as a
 * Grapple reaches) */
#define CT_TOUCH 150

/* ---- Tables (tables.c) ---- */

extern const char *const ct_attr_name[CT_NATTR];
extern const char *const ct_skill_name[CT_NSKILL];
extern const int ct_skill_attr[CT_NSKILL];
extern const char *const ct_dtype_name[CT_NDTYPE];
extern const int ct_dtype_group[CT_NDTYPE];
extern const char *const ct_group_name[CT_NGROUP];
extern const char *const ct_size_name[CT_NSIZE];
extern const char *const ct_level_name[CT_NLEVEL];
extern const char *const ct_cover_name[CT_NCOVER];
extern const char *const ct_def_name[CT_NDEF];
extern const char *const ct_man_name[CT_NMAN];
extern const char *const ct_item_name[CT_NITEM];

typedef struct ct_material_row {
    const char *name;
    int ar[CT_NLEVEL]; /* unarmored, partial, full */
} ct_material_row;
extern const ct_material_row ct_materials[];
extern const int ct_nmaterials;

/* #Cover: attack penalty and Dodge bonus against ranged attacks */
typedef struct ct_cover_row { int attack, dodge, blocks; } ct_cover_row;
extern const ct_cover_row ct_cover_table[CT_NCOVER];

/* ---- The test model (test.c) ---- */

/* One test as rolled: pass, and Successes (0 on a fail). */
typedef struct ct_roll { int pass, successes; } ct_roll;

/* The rating a test reads (attribute + skill + modifiers) and its counted
 * boons (> 0) or banes (< 0); auto: +1 passes, -1 fails without dice. */
typedef struct ct_test { int rating, boon, autores; } ct_test;

ct_roll ct_test_roll(fray_encounter *e, const ct_test *t, const char *purpose);
/* Probabilities in integers, fixed point: CT_P_ONE is certainty, so that a
 * decision reads the same numbers on every machine and compiler. */
#define CT_P_BITS 31
#define CT_P_ONE ((int64_t)1 << CT_P_BITS)
/* The exact distribution of Successes (each probability rounded to
 * 1/CT_P_ONE; they sum to CT_P_ONE): p[0] failing, p[s] passing with s
 * Successes, s < CT_MAX_SUCC. model, base and pool threshold as the options. */
#define CT_MAX_SUCC 64
void ct_test_dist(int model, int base, int thr, const ct_test *t, int64_t p[CT_MAX_SUCC]);

/* ---- The creature (sheet.c) ---- */

typedef struct ct_weapon {
    char name[CT_NAME];
    int dice, sides, bonus; /* damage NdS + bonus */
    int type;               /* ct_dtype */
    int reach;              /* cm, melee */
    int range;              /* cm, 0: melee only */
    int two_handed, heavy;
    int thrown;             /* leaves the hand when used at range */
    int explicit_thrown;    /* (loading: "thrown" was given) */
    int held;               /* in hand (else stowed, or on the floor) */
    int floor, fx, fy;      /* lies on the floor at (fx, fy), cm */
    int unarmed;            /* unarmed fighting, always at hand, in no hand */
    int rank;               /* the best style rank listing it, -1 untrained (at load) */
} ct_weapon;

typedef struct ct_spell {
    char name[CT_NAME];
    int dice, sides, bonus, type;
    int range;        /* cm */
    int melee_attack; /* the Melee Attack trait: casting it provokes no attack */
    int mind;         /* targets the mind: Withstand allowed */
    int heal;         /* a non-attacking spell: heals an ally */
    uint8_t defences; /* bit per ct_def the spell allows */
} ct_spell;

typedef struct ct_style {
    char name[CT_NAME];
    int rank;
    int ngear;
    char gear[CT_MAX_GEAR][CT_NAME];
} ct_style;

typedef struct ct_creature {
    int pc;
    int attr[CT_NATTR];
    int skill[CT_NSKILL];
    int initiative, speed, size, health;
    int nstyle;
    ct_style style[CT_MAX_STYLES];
    int nweapon;
    ct_weapon weapon[CT_MAX_WEAPONS];
    int armor_level, armor_material, ar;
    char armor_name[CT_NAME];
    char shield[CT_NAME];
    int br, shield_held;
    int shield_floor, sfx, sfy; /* the shield on the floor at (sfx, sfy) */
    int nspell;
    ct_spell spell[CT_MAX_SPELLS];
    int8_t resist[CT_NRESIST], vuln[CT_NRESIST];
    int cover, ambush;
    /* the gear's Fighting Style ranks, read from the sheet at load: the
     * shield's (-1: no style lists it), the best of any style, whether the
     * armour worn is trained (or none is worn) */
    struct { int shield, best, armor_ok; } rank;
    /* What the items in hand give, asked at every choice and changed only
     * when an item is taken, stowed, thrown or knocked away: kept by
     * ct_hands_changed (sheet.c), which each of those calls. reach: the
     * longest melee reach (ct_reach); melee: the melee weapon (ct_melee_weapon);
     * untrained: an untrained item wielded (ct_wields_untrained); full: the
     * hands filled (ct_hands_full); ranged: fights better at range (the
     * policy's prefers_range). */
    struct { int reach, melee, untrained, full, ranged; } hand;
} ct_creature;

typedef struct ct_state {
    uint32_t oa_open;  /* who may make an opportunity attack in the window under way */
    uint32_t saved;    /* who saved its turn this round (#Saving Your Turn: once) */
    uint32_t acted;    /* who took an action in its turn under way */
} ct_state;

/* The ruleset's memo (e->memo, fray_memo: not state, carried by copies,
 * kept by a reset): the sheets this fight was loaded with, a number no
 * other load in the process has (ct_new_serial), set at each creature's
 * load. What the policy's memo of pairs (exact.c) knows the creatures by,
 * never read by a rule; not state, so that two loads of one fight are the
 * same fight (the look-ahead's memo of choices keys on the state). */
typedef struct ct_memo {
    uint64_t serial;
} ct_memo;

static inline ct_creature *ct_c(fray_encounter *e, int who) { return fray_priv(e, who); }
static inline const ct_creature *ct_cc(const fray_encounter *e, int who)
{
    return fray_cpriv(e, who);
}

int ct_load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who);
int ct_loaded(fray_load *ld, fray_encounter *e);
/* The Fighting Style ranks of c's gear, read once at load (ct_ranks). */
static inline int ct_armor_trained(const ct_creature *c) { return c->rank.armor_ok; }
/* The hands an item takes: a two-handed weapon 2, fists 0, else 1. */
int ct_hands_of(const ct_weapon *w);
/* c's items in hand changed (held, shield_held): c->hand worked out again. */
void ct_hands_changed(ct_creature *c);
/* The hands c's weapons and shield in hand fill (0 to 2). */
static inline int ct_hands_full(const ct_creature *c) { return c->hand.full; }
/* Whether c wields (holds) a weapon or shield that no style of c lists. */
static inline int ct_wields_untrained(const ct_creature *c) { return c->hand.untrained; }
const char *ct_opt_model_name(int model);

/* ---- Initiative (initiative.c) ---- */

extern const fray_turn_rules ct_turns;
void ct_start_combat(fray_encounter *e);
void ct_start_round(fray_encounter *e);
void ct_end_round(fray_encounter *e);
void ct_join(fray_encounter *e, int who);

/* ---- Actions (actions.c) ---- */

int ct_legal(fray_encounter *e, int who, int window, const fray_action *trig, fray_action *out,
             int max);
int ct_may_answer(const fray_encounter *e, int who, int window, const fray_action *trig);
void ct_resolve(fray_encounter *e, const fray_action *a);
void ct_spend(fray_encounter *e, int who, int ap, int attack);
int ct_can_react(const fray_encounter *e, int who);
static inline int ct_foes(const fray_encounter *e, int a, int b)
{
    return e->c[a].side != e->c[b].side;
}
/* The melee weapon a creature parries and opportunity-attacks with: the
 * one in hand with the most damage (unarmed fighting last); -1 if none. */
static inline int ct_melee_weapon(const fray_encounter *e, int who)
{
    return ct_cc(e, who)->hand.melee;
}
/* A ranged Strike among a[0..n) at a foe a melee weapon in hand reaches
 * after a free step (actions.c): when the policy weighs stepping in. */
int ct_ranged_close(const fray_encounter *e, int who, const fray_action *a, int n);
/* The hands of `who` free of items and of the foes it grapples. */
int ct_free_hands(const fray_encounter *e, int who);

/* ---- The Combat Roll (attack.c) ---- */

/* What one attack brings to the roll, read from the creatures. */
typedef struct ct_plan {
    int spell;          /* a spell attack */
    int ranged;         /* a ranged weapon attack (or a spell beyond reach) */
    int mind;
    ct_test att;
    ct_test def[CT_NDEF];
    uint32_t allowed;   /* defences allowed (bit per ct_def) */
    int dice, sides, bonus, type;
    int ar, br;         /* the defender's Armor and Block Ratings */
    int resist, vuln;   /* the highest resistance and vulnerability to the type */
} ct_plan;

void ct_plan_of(fray_encounter *e, int who, int t, int weapon, int spell, int show, ct_plan *p);
/* What ct_plan_of reads that a fight changes (positions, conditions,
 * items in hand), as one word: equal words, equal plans, for a pair, a
 * weapon or spell and the sheets and options of one load. */
uint64_t ct_plan_situation(const fray_encounter *e, int who, int t, int weapon, int spell);
void ct_attack(fray_encounter *e, const fray_action *a, int weapon, int spell);
/* The rating of a test: attribute + skill-or-style + untrained/cover/flank
 * modifiers attached to the next event (with sources) when e is given. */
void ct_skill_test(const fray_encounter *e, int who, int skill, ct_test *t);
/* Everything a creature's state gives its tests: Dazed, Prone, untrained
 * armour, a Brace (used if use is set). */
void ct_state_boons(fray_encounter *e, int who, int defence, ct_test *t);

/* ---- Maneuvers (maneuvers.c) ---- */

uint32_t ct_items_held(const ct_creature *c);
uint32_t ct_maneuvers_allowed(const fray_encounter *e, int winner, int loser, int strike);
void ct_maneuver(fray_encounter *e, int winner, int loser, int man, const fray_action *a);
/* The size rule of a starred maneuver's test: the boon, or auto. */
void ct_size_matters(const fray_encounter *e, int winner, int loser, ct_test *t);

/* ---- Positioning (positioning.c) ---- */

/* The longest reach of a melee weapon in hand. */
static inline int ct_reach(const fray_encounter *e, int who) { return ct_cc(e, who)->hand.reach; }
/* Whether a point (dx, dy) cm away is within r >= 0 cm, the distance in
 * whole cm as fray_isqrt floors it (isqrt(d2) <= r exactly when
 * d2 < (r + 1)^2), without the root. */
static inline int ct_within(int64_t dx, int64_t dy, int r)
{
    return dx * dx + dy * dy < (int64_t)(r + 1) * (r + 1);
}
int ct_in_reach(const fray_encounter *e, int who, int t);
int ct_flanked(const fray_encounter *e, int who, int t);
void ct_move_to(fray_encounter *e, const fray_action *a, int cost_move);
void ct_provoke(fray_encounter *e, const fray_action *a, int window, uint32_t who);
uint32_t ct_reach_of(const fray_encounter *e, int mover, int x, int y);
int ct_weapon_reaches(const fray_encounter *e, int who, int w, int t);
int ct_move_dest(const fray_encounter *e, int who, int t, int away, int budget, int *x, int *y);

/* ---- Damage (damage.c) ---- */

/* Damage after Armor Rating, Block Rating (on a block), resistance and
 * vulnerability; never below 0. */
int ct_damage_after(int raw, int type, int ar, int br, int blocked, int resist, int vuln,
                    int other_block);
int ct_block_part(int type, int br, int other_block);
int ct_resist_of(const ct_creature *c, int type);
int ct_vuln_of(const ct_creature *c, int type);
void ct_take_damage(fray_encounter *e, int who, int amount, int src);
void ct_fiat(fray_encounter *e, int who, int amount, int heal);

/* ---- Policy and odds ---- */

int ct_policy(fray_encounter *e, int who, int window, const fray_action *trig,
              const fray_action *legal, int n);
int ct_answer(fray_encounter *e, int who, int q, uint32_t allowed, const fray_action *ctx);

/* The exact Combat Roll of a plan against one defence (exact.c), in
 * integers: each outcome's probability over CT_P_ONE * CT_P_ONE. */
typedef struct ct_masses {
    int64_t both_fail, att_crit, def_crit, block, hit, miss;
} ct_masses;
void ct_masses_of(int model, int base, int thr, const ct_plan *p, int def, ct_masses *m);
/* The raw damage NdS + bonus: P(raw = bonus + v) = count[v] / the value
 * returned (S^N), v < CT_MAX_RAW. */
#define CT_MAX_RAW 96
int64_t ct_raw_counts(const ct_plan *p, int64_t count[CT_MAX_RAW]);
/* What the policy reads of one attack against each defence the plan
 * allows and None (the others zero), over CT_P_ONE: the expected damage (after the
 * ratings, at most 127 a hit), and the chances of a critical win for
 * either side. Kept by the plan's numbers and the options (exact.c). */
typedef struct ct_expect { int64_t dmg, att_crit, def_crit; } ct_expect;
typedef struct ct_verdict { ct_expect x[CT_NDEF]; } ct_verdict;
/* Valid until the next call on the same thread. */
const ct_verdict *ct_verdict_of(const fray_encounter *e, const ct_plan *p);
/* The verdict of who's attack on t with a weapon (spell -1) or a spell
 * (weapon -1), as ct_plan_of and ct_verdict_of give it, and the defences
 * the plan allows: kept per pair by its situation (ct_plan_situation) for
 * the policy, which asks it of every attack it weighs. Valid until the
 * next call on the same thread. */
const ct_verdict *ct_verdict_for(fray_encounter *e, int who, int t, int weapon, int spell,
                                 uint32_t *allowed);
/* A number for the sheets of a load (ct_state's serial), never given twice
 * in a process. */
uint64_t ct_new_serial(void);
int ct_odds(int argc, char **argv, json_t **out, char *err, size_t errlen);
extern const char ct_odds_help[];

#endif
