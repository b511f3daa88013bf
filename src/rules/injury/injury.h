/* injury.h: the `injury` ruleset (seed 001_7bb09e523b7677c3.txt), internal.
 *
 * Damage is not a number here: a hit inflicts injuries on a body part the
 * attacker chooses, and each injury changes what the creature can do. The
 * files follow the text's parts:
 *   tables.c     the body parts, their severities and per-injury effects,
 *                sizes, skills: every number of the text, once
 *   sheet.c      the creature sheet: attributes, Stamina, anatomy, weapons
 *   injuries.c   #Injuries .. #Fatal Injuries: applying injuries, their
 *                effects, strain, exhaustion, unconsciousness and death
 *   attack.c     #Attack Roll, #Defence Value, #Critical Hits and Misses,
 *                #Size Differences, #Positioning, #Melee, #Ranged
 *   maneuvers.c  #Maneuvers and the ten maneuvers
 *   actions.c    #Rounds and Actions: the legal list and every action
 *   reactions.c  #Reactions: Parry, Reactive Attack
 *   rounds.c     #Initiative, turns, bleed and waking
 *   policy.c     the computer-run creature
 *   odds.c       exact odds shown to users (odds.h: in doubles, off the
 *                decision path: no rule and no policy calls it)
 *   rest.c       after the fight: untreated injuries, Heal checks
 * Interpretations of silent passages are rule options (IN_OPT_*),
 * documented in docs/rules/injury.md.
 */
#ifndef INJURY_H
#define INJURY_H

#include <limits.h>

#include "core.h"

#define IN_SEED "001_7bb09e523b7677c3.txt"
#define IN_RULE(h) IN_SEED "#" h

/* ---- Enumerations ---------------------------------------------------------- */

enum in_attr { IN_STR, IN_DEX, IN_CON, IN_INT, IN_WIS, IN_CHA, IN_NATTR };

enum in_skill { IN_SK_ACROBATICS, IN_SK_ATHLETICS, IN_SK_THIEVERY, IN_SK_PERCEPTION,
                IN_SK_STEALTH, IN_SK_LORE, IN_SK_HEAL, IN_SK_FLY, IN_SK_SURVIVAL, IN_NSKILL };

enum in_sev { IN_MINOR, IN_MAJOR, IN_SEVERE, IN_DEADLY, IN_FATAL, IN_NSEV };

enum in_part_type { IN_EAR, IN_NOSE, IN_TAIL, IN_WING, IN_EYE, IN_HAND, IN_FOOT, IN_HORN,
                    IN_MOUTH, IN_ARM, IN_LEG, IN_HEAD, IN_HEART, IN_NPART };

enum in_size { IN_FINE, IN_DIMINUTIVE, IN_TINY, IN_SMALL, IN_MEDIUM, IN_LARGE, IN_HUGE,
               IN_GARGANTUAN, IN_COLOSSAL, IN_NSIZE };

enum in_res { IN_R_AP, IN_R_INIT, IN_R_REACT, IN_R_STAMINA, IN_R_EXH, IN_R_STRAIN, IN_R_BLEED,
              IN_R_ATTACKS, IN_NRES };

enum in_cond { IN_C_OFFGUARD, IN_C_PRONE, IN_C_UNCONSCIOUS, IN_C_STUNNED, IN_C_DAZED,
               IN_C_CONFUSED, IN_C_SICKENED, IN_C_EXHAUSTED, IN_C_DEFENDING, IN_C_SHIELD,
               IN_C_OPENED, IN_C_LUNGING, IN_C_GRAPPLED, IN_C_FLYING, IN_C_BLINDED,
               IN_C_DEAFENED, IN_C_COMA, IN_C_TRICKED, IN_NCOND };

enum in_act {
    IN_A_ATTACK, IN_A_POWER, IN_A_RECKLESS, IN_A_DEADLY_AIM, IN_A_MULTIWEAPON, IN_A_RAPID,
    IN_A_THROW, IN_A_LUNGE, IN_A_DISARM, IN_A_DRAG, IN_A_GRAPPLE, IN_A_OVERRUN,
    IN_A_REPOSITION, IN_A_SHOVE, IN_A_STEAL, IN_A_SUNDER, IN_A_TRICK, IN_A_TRIP, IN_A_DEFEND,
    IN_A_SHIELD, IN_A_CHARGE, IN_A_MOVE, IN_A_STAND, IN_A_PICKUP, IN_A_PARRY, IN_A_REACTIVE,
    IN_A_ESCAPE, IN_NACT
};
#define IN_FIRST_MANEUVER IN_A_DISARM
#define IN_NMANEUVER 10

enum in_opt {
    IN_OPT_ADV_MODE, IN_OPT_DEGREE_STEP, IN_OPT_DV_BASE, IN_OPT_AMBUSH_SIDE,
    IN_OPT_STRAIN_STAMINA, IN_OPT_INJURY_VALUE, IN_OPT_EXHAUSTED_DIS, IN_OPT_LEAVE_PROVOKES,
    IN_OPT_CHARGE_ADV, IN_OPT_AP_STAND, IN_OPT_HEART_LORE, IN_OPT_SPREAD, IN_OPT_BLIND_DIS,
    IN_OPT_MOVE_FT, IN_OPT_GRAPPLE_ESCAPE, IN_OPT_UNARMED, IN_OPT_MAX_INCREMENTS,
    IN_OPT_FREE_ONCE, IN_NOPT
};

enum in_question { IN_Q_PART, IN_Q_CLEAVE, IN_NQ };

/* what a weapon is doing in the fight */
enum { IN_W_READY = 0, IN_W_DROPPED, IN_W_GONE, IN_W_BROKEN, IN_W_STOWED };
enum { IN_DMG_BLUDGEON = 0, IN_DMG_PIERCE, IN_DMG_SLASH };
enum { IN_CRIT_NONE = 0, IN_CRIT_BLEED, IN_CRIT_PRONE };

#define IN_MAX_PARTS 40
#define IN_PS_N 4          /* injuries per hit whose part scores are kept (policy.c) */
#define IN_PS_FINAL 0x8000 /* ps_hurt: the base is the whole score (death, a knockout) */
#define IN_MAX_WEAPONS 10
#define IN_SQUARE_CM 150 /* 5 feet */
#define IN_FT_CM(ft) ((ft) * 30)

/* ---- Tables (tables.c) --------------------------------------------------- */

/* what an injury does, beyond its text */
enum in_fx_special {
    IN_X_NONE = 0, IN_X_DESTROYED, IN_X_CONCUSSION, IN_X_STUN_CHECK, IN_X_KNOCKOUT,
    IN_X_HEART_STUN
};

typedef struct in_part_info {
    const char *name;   /* "Eye" */
    int severity;       /* in_sev */
    int destroy_at;     /* the injury that destroys it (0: never) */
    const char *all_text; /* what holds when every part of the kind is injured, or NULL */
} in_part_info;

/* One row per body part and injury count (#Minor Injuries .. #Fatal Injuries). */
typedef struct in_injury_row {
    int part, nth;
    const char *text;
    int attack_dis;      /* disadvantage on attack rolls */
    int d20_dis;         /* disadvantage on every d20 roll */
    uint32_t skills;     /* skills given skill_dis disadvantage (bit per in_skill) */
    int skill_dis;
    int stand_ap;        /* extra AP to stand up */
    int speed_ft;        /* base speed reduced by */
    int disables;        /* its natural attack is disabled */
    int drops;           /* drops what it holds; cannot ready a shield (arm) */
    int no_fly;          /* the wing no longer counts as uninjured */
    int special;         /* in_fx_special */
} in_injury_row;

extern const in_part_info in_parts[IN_NPART];
extern const in_injury_row in_injury_table[];
extern const int in_injury_rows;
extern const char *const in_sev_name[IN_NSEV];
extern const char *const in_size_name[IN_NSIZE];
extern const char *const in_attr_name[IN_NATTR];
extern const char *const in_skill_name[IN_NSKILL];
extern const int in_skill_attr[IN_NSKILL];
extern const int in_maneuver_skill[IN_NMANEUVER]; /* a skill, or -1: Strength (Sunder) */
extern const char *const in_nth_name[5];

/* The row of part's nth injury, or NULL (no effect listed). */
const in_injury_row *in_injury_row_of(int part, int nth);
/* #Size Differences: the melee attack modifier against a target `diff`
 * categories larger (negative: smaller); the maneuver modifier; degrees. */
int in_size_attack(int diff);
int in_size_maneuver(int diff);
int in_size_degrees(int diff);

/* ---- The creature (sheet.c) ------------------------------------------------ */

typedef struct in_part {
    int8_t type, inj;
    int8_t treated;   /* rest.c: injuries treated with a Heal check */
    int8_t days;      /* rest.c: days of recovery so far */
} in_part;

typedef struct in_weapon {
    char name[24];
    int8_t melee, ranged, thrown, natural, bow, crossbow, rapid, touch, shield;
    int8_t part, part_n;      /* natural: the body part it is attached to (type, instance) */
    int8_t hand;              /* manufactured: the hand (and arm) holding it */
    int8_t crit_from, crit_effect, dmg;
    int16_t reach_ft, increment_ft;
    int8_t state;             /* IN_W_* */
    int8_t fumbled;           /* own turn ends left while a natural attack is disabled */
    int8_t unarmed;           /* option unarmed: fists, usable when no other melee weapon is */
} in_weapon;

/* Effects of all injuries at once (injuries.c). `value` is the sum of the
 * injuries' severity ranks; with option injury_value 1 the value is the
 * number of injuries (in_fx_value). */
typedef struct in_fx {
    int attack_dis, d20_dis, skill_dis[IN_NSKILL], stand_ap, speed_cut;
    int blinded, deafened, no_scent, no_fly, legs_down, head_level, dead, sickened, injuries,
        value;
    int8_t all[IN_NPART], injured[IN_NPART], destroyed[IN_NPART]; /* parts of each kind */
} in_fx;

typedef struct in_creature {
    int level, mb, attr[IN_NATTR], has_con, def_attr;
    int armor, shield;        /* DV bonuses */
    int size, speed_ft, fly_ft, flying0;
    int stamina_max, exh_max, reactions;
    int skill[IN_NSKILL];
    int injury_limit;         /* creatures with no Constitution: destroyed at this many injuries */
    int cover;                /* 0 none, 1 cover, 2 total cover */
    int npart;
    in_part part[IN_MAX_PARTS];
    int nweapon;
    in_weapon w[IN_MAX_WEAPONS];
    uint32_t heart_known, heart_tried; /* bit per foe: #Heart's Lore check */
    int no_attack;            /* #Defend: no Attack for the rest of the turn */
    int free_used;            /* free actions taken this turn (option free_once) */
    int wake;                 /* #Head 3rd injury: wakes with DC 30 checks */
    int grappler;             /* who grapples it, -1 */
    int confuse_round;        /* #Head 2nd injury: Confused after its turn of this round, 0 */
    /* Derived from the injuries alone, kept up to date by in_injuries_changed
     * whenever an injury count changes (never recomputed at a question): */
    in_fx fx;                 /* what all injuries do at once */
    uint32_t w_hurt;          /* bit per weapon its injuries disable (in_weapon_usable) */
    /* The policy's score of n injuries to each part kind (policy.c
     * in_best_part), derived from the injuries like fx: entry [kind][n - 1]
     * holds while bit n - 1 of ps_ok[kind] is set. in_part_injured clears
     * the kinds whose score the new injuries can change (injuries.c
     * forget_scores), in_injuries_changed all of them. */
    int32_t ps_base[IN_NPART][IN_PS_N]; /* the score less its weapon terms */
    uint16_t ps_hurt[IN_NPART][IN_PS_N]; /* weapons the injuries disable; IN_PS_FINAL */
    uint8_t ps_ok[IN_NPART];
    int8_t ps_spread, ps_iv;  /* the options the entries were computed under */
} in_creature;

typedef struct in_state {
    int parry_cut;            /* degrees a Parry took off the attack under way */
    int ask_degrees, ask_target; /* the hit whose body part is being chosen */
    uint32_t reacted;         /* creatures that reacted to the trigger under way */
    uint32_t provoked;        /* creatures the action under way provokes */
    char detail[8][200];      /* narration of the event under way (ring) */
    int ndetail;
} in_state;

#define IN_CR(e, i) ((in_creature *)fray_priv((e), (i)))
#define IN_CCR(e, i) ((const in_creature *)fray_cpriv((e), (i)))
#define IN_ST(e) ((in_state *)(e)->state)
#define IN_CST(e) ((const in_state *)(e)->state)

int in_load_creature(fray_load *ld, const json_t *sheet, fray_encounter *e, int who);
int in_loaded(fray_load *ld, fray_encounter *e);
int in_count(const in_creature *c, int type);
int in_instance(const in_creature *c, int type, int n); /* index in part[], -1 */
int in_skill_mod(const fray_encounter *e, int who, int skill);
int in_foe(const fray_encounter *e, int a, int b);
const char *in_detail(fray_encounter *e, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- Injuries (injuries.c) ------------------------------------------------- */

/* Computes the effects of c's injuries from its parts (fx->value with
 * injury_value 0). The rules and the policy read c->fx, which this keeps. */
void in_effects(const in_creature *c, in_fx *fx);
/* Call after any change of c's injury counts: refreshes c->fx and c->w_hurt. */
void in_injuries_changed(in_creature *c);
/* The same, faster, after part idx's count rose from `from` (and no other
 * changed): adds what the new injuries do. */
void in_part_injured(in_creature *c, int idx, int from);
/* #Stamina and Exhaustion: "the sum of the value of all of your current
 * injuries": the severity's rank (option injury_value 0) or 1 each (1). */
static inline int in_fx_value(const in_fx *fx, int injury_value)
{
    return injury_value ? fx->injuries : fx->value;
}
int in_part_destroyed(const in_creature *c, int idx);
int in_weapon_usable(const in_creature *c, int w);
/* in_weapon_usable of every weapon at once: bit per weapon. */
uint32_t in_usable_mask(const in_creature *c);
/* The instance of `type` a new injury goes to (#Injuries; option spread). */
int in_pick_instance(const in_creature *c, int type, int spread);
/* Add n injuries to part type on c without an encounter (odds, policy);
 * in_injure_part: to part idx (in_pick_instance's). */
void in_injure_plain(in_creature *c, int type, int n, int spread);
void in_injure_part(in_creature *c, int idx, int n);
/* Whether c is out of the fight: dead, unconscious, destroyed. */
int in_plain_out(const in_creature *c);
/* Inflict n injuries on a part of `type` of `who`, from src. */
void in_injure(fray_encounter *e, int who, int type, int n, int src);
/* Strain from a hit (#Strain), spent from Stamina then Exhaustion. */
void in_strain(fray_encounter *e, int who, int amount, int src);
void in_stamina_damage(fray_encounter *e, int who, int amount);
int in_con_check(fray_encounter *e, int who, int dc, const char *purpose);
void in_fall_unconscious(fray_encounter *e, int who, int coma);
void in_die(fray_encounter *e, int who, const char *why);
void in_unconscious_save(fray_encounter *e, int who);
void in_spend_stamina(fray_encounter *e, int who, int n);

/* ---- Attacks (attack.c) ------------------------------------------------------ */

typedef struct in_attack_opts {
    int weapon, power, reckless, extra_dis, charge, thrown, cleaving;
} in_attack_opts;

int in_dv(const fray_encounter *e, int who, int touch, int offguard);
int in_offguard(const fray_encounter *e, int who);
int in_attack_bonus(const fray_encounter *e, int who, const in_weapon *w, int thrown);
int in_reach_cm(const fray_encounter *e, int who, const in_weapon *w);
int in_in_reach(const fray_encounter *e, int who, int t, const in_weapon *w);
int in_in_range(const fray_encounter *e, int who, int t, const in_weapon *w, int thrown);
int in_increment_ft(const fray_encounter *e, int who, const in_weapon *w, int thrown);
int in_adv(fray_encounter *e, int who, int t, const in_weapon *w, int thrown, int emit);
int in_path_dv(const fray_encounter *e, int who, int t);
/* One attack; returns 1 on a hit. */
int in_attack(fray_encounter *e, const fray_action *a, int t, const in_attack_opts *o);
/* The d20 with counted advantage, as option adv_mode says. */
void in_roll_adv(fray_encounter *e, fray_check *c, const char *purpose);

/* ---- Maneuvers, actions, reactions, rounds ---------------------------------- */

void in_maneuver(fray_encounter *e, const fray_action *a);
/* The grapple's reading: Escape (an opposed maneuver against the grappler's
 * DV), and the grapple's end once the pair is apart or the grappler is out. */
int in_escape_ok(const fray_encounter *e, int who);
void in_escape(fray_encounter *e, const fray_action *a);
void in_grapple_hold(fray_encounter *e);
/* The maneuvers who may take against t: bit k for IN_FIRST_MANEUVER + k. */
uint32_t in_maneuvers_ok(const fray_encounter *e, int who, int t);
int in_legal(fray_encounter *e, int who, int window, const fray_action *trigger,
             fray_action *out, int max);
int in_may_answer(const fray_encounter *e, int who, int window, const fray_action *trigger);
void in_resolve(fray_encounter *e, const fray_action *a);
int in_ap_cost(const fray_encounter *e, int who, int kind);
int in_can_stand(const fray_encounter *e, int who);
int in_speed_ft(const fray_encounter *e, int who);
void in_parry(fray_encounter *e, const fray_action *a);
void in_reactive(fray_encounter *e, const fray_action *a);
int in_provoke(fray_encounter *e, const fray_action *a, uint32_t who);
void in_start_combat(fray_encounter *e);
void in_start_round(fray_encounter *e);
void in_end_round(fray_encounter *e);
void in_turn_start(fray_encounter *e, int who);
void in_turn_end(fray_encounter *e, int who);
int in_turn_over(const fray_encounter *e, int who);
int in_counter_size(const fray_encounter *e, int who, int res);
int in_tie(const fray_encounter *e, int who);
int in_describe(const fray_encounter *e, int who, char *buf, size_t len);
void in_fiat(fray_encounter *e, int who, int amount, int heal);
void in_rest(fray_encounter *e, int who, int kind);

/* ---- Policy (policy.c) ---------------------------------------------------------- */

int in_policy(fray_encounter *e, int who, int window, const fray_action *trigger,
              const fray_action *legal, int n);
int in_answer(fray_encounter *e, int who, int q, uint32_t allowed, const fray_action *ctx);
/* Fills c's kept part scores (in_best_part's) for every part kind it has
 * and 1 .. IN_PS_N injuries: at load, so that every fight the encounter
 * resets to starts with them (the first hits of a fight ask them all). */
void in_part_scores(in_creature *c, int spread, int injury_value);
/* The part type a policy picks with d degrees on creature c (allowed: bit
 * per part type). Each choice is tried on c itself, left as it was. */
int in_best_part(in_creature *c, int d, uint32_t allowed, int spread, int injury_value);
/* The policy's own turn: what it would take of each kind (an index in
 * the actions it looked at, -1 none) and its choice among them, from the
 * whole legal list (in_policy) or from the actions in_decide finds. */
typedef struct in_picks {
    int stand, escape, pick, shield, defend, charge, move;
    int best; /* the attack worth most (in_attack_worth) on the foe nearest to falling */
    int maneuver; /* a maneuver worth more than that attack (in_maneuver_pick) */
    int lunge;    /* a Lunge at a foe a step out of reach (in_lunge_target) */
} in_picks;
#define IN_NO_PICKS ((in_picks){-1, -1, -1, -1, -1, -1, -1, -1, -1, -1})
int in_turn_pick(const fray_encounter *e, int who, const in_picks *p);
int in_standing(const fray_encounter *e, int t);
int in_is_attack(int kind);
/* An attack roll as the policy weighs it: its modifiers (the counted
 * advantage at 2 a level), the DV to beat, the degree step, the critical
 * range and the size's degrees. */
typedef struct in_aim {
    int bonus, dv, step, crit_from, deg;
} in_aim;
void in_aim_at(fray_encounter *e, int who, int t, const in_weapon *w, int thrown, in_aim *a);
/* The same with the counted advantage adv (in_adv's) already known: a
 * melee attack's is the same with every melee weapon. */
void in_aim_with(fray_encounter *e, int who, int t, const in_weapon *w, int thrown, int adv,
                 in_aim *a);
/* No counted advantage read yet (in_maneuver_pick's adv). */
#define IN_ADV_UNKNOWN INT_MIN
/* The worth of the roll summed over the d20's twenty faces, `plus` on
 * the roll and `extra` degrees on a hit (tenths of a strain point). */
int in_roll_worth(const in_aim *a, int plus, int extra);
/* The worth of attack `kind` with count n (Stamina, degrees, shots) by a
 * creature with st Stamina, less what the Stamina costs it. */
int in_variant_worth(const in_aim *a, int kind, int n, int st);
int in_attack_worth(fray_encounter *e, int who, const fray_action *a);
/* The maneuver (an in_act kind, of the bits `ok`) worth more on t than
 * its best attack (worth w0, -1 none), or -1; adv the counted advantage
 * of a melee attack of who on t when the caller has read it, else
 * IN_ADV_UNKNOWN. */
int in_maneuver_pick(fray_encounter *e, int who, int t, int w0, uint32_t ok, int adv);
/* The foe a Lunge with melee weapon m puts in reach, when that pays; -1. */
int in_lunge_target(fray_encounter *e, int who, int m);
int in_usable_weapons(const in_creature *c);
int in_decide(fray_encounter *e, int who, int window, const fray_action *trigger,
              fray_action *out);
/* The part types a hit of d degrees may target on c (severity <= d). */
uint32_t in_part_allowed(const in_creature *c, int d);

/* ---- Odds (odds.c) --------------------------------------------------------------- */

extern const char in_odds_help[];
int in_odds(int argc, char **argv, json_t **out, char *err, size_t errlen);
int in_action_odds(fray_encounter *e, const fray_action *a, json_t **out, char *err,
                   size_t errlen);

#endif
