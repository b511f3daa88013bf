/* odds.h: exact odds of the `energy` ruleset (`fray odds energy ...`).
 *
 * Three checks: `melee` and `ranged`, the exact outcome of one attack from
 * plain numbers (or two creature sheets), and `defeat`, the exact
 * distribution of the number of attacks and Rounds an attacker needs to take
 * a defender out (dead or unconscious), by dynamic programming over the
 * defender's Aura and bleeding state. All are built on the core's exact
 * distributions (fray_dist_*) and on the ruleset's own tables (en_d20_flags,
 * en_death_roll_effect), and their `--mc` checks resolve attacks with
 * en_melee_resolve and en_ranged_resolve, the functions the engine uses.
 * docs/odds.md states every reading of the text.
 */
#ifndef EN_ODDS_H
#define EN_ODDS_H

#include "core.h"

/* `fray odds energy CHECK ...`: the ruleset table's odds hook. */
int en_odds(int argc, char **argv, json_t **out, char *err, size_t errlen);
extern const char en_odds_help[];

/* One melee attack, from the numbers of the `melee` check. */
typedef struct en_melee_q {
    int av;          /* Attack Value */
    int evasion;     /* the Evasion the target adds to 1d10* */
    int coverage;    /* Armor Coverage: a Combat roll below it hits the armour */
    int ar;          /* Armor Rating */
    int precise;     /* widens the Crit range to 20-precise..20 */
    int defend;      /* the target took Defend: it wins ties */
    int defense_adv; /* +1 Advantage, -1 Disadvantage on every die of the Evasion roll */
    int attack_adv;  /* net Advantage on the Combat roll (0 from the parameters) */
    int auto_hit;    /* the target cannot roll Evasion (unconscious): every roll but a 1 hits */
    fray_dexpr damage; /* the damage roll, bonuses included */
    /* multipliers after armour (#Weaknesses and Resistances), through
     * en_damage_multiply; 0 from the raw-number parameters */
    int weak, resist, halves;
} en_melee_q;

typedef struct en_melee_odds {
    double p_hit, p_crit, p_armor;
    double p_fail;      /* natural 1: Critical Failure */
    double p_evade;     /* P(the Evasion roll beats the AV), one non-critical attack */
    double mean_damage;
    fray_dist damage;   /* damage dealt, misses as 0; owned, free with en_melee_odds_free */
    double tail;        /* mass cut off by truncating exploding damage dice (< 1e-15);
                           the Evasion roll is in closed form, not truncated */
} en_melee_odds;

/* Exact odds of one melee attack; 0, or -1 when a distribution is too large
 * to compute (r is then empty). */
int en_melee_odds_compute(const en_melee_q *q, en_melee_odds *r);
void en_melee_odds_free(en_melee_odds *r);
/* P(1d10* > t) for an Evasion roll with net Advantage adv, exactly. */
double en_evasion_exceeds(long t, int adv);

/* One ranged attack (`ranged` check): #Ranged Attacks, #Hit Roll. */
typedef struct en_ranged_q {
    int mcm;            /* the shooter's Miss Chance Modifier */
    int ranged_evasion; /* the target's Ranged Evasion */
    int evade;          /* the target is aware and able: it rolls 1d4* + Ranged Evasion */
    int situational;    /* size, movement and other Miss Chance modifiers */
    int hit_adv;        /* net Advantage on the Hit roll */
    int defense_adv;    /* net Advantage on every die of the Ranged Evasion roll */
    int defend;         /* the target wins ties (only when it rolls) */
    int coverage, ar;   /* ranged Coverage and Armor Rating */
    int armour_rule;    /* option ranged_armour_rule: 0 Hit roll < Coverage, 1 >= */
    int precise;
    fray_dexpr damage;  /* Weapon Damage roll + Extra Damage from Draw Weight */
    /* multipliers after armour, as en_melee_q's (0 from the parameters);
     * thrown_halves: a weapon without Thrown, thrown: half unless a natural 20 */
    int weak, resist, halves, thrown_halves;
} en_ranged_q;

/* Exact odds of one ranged attack, in the melee result's fields. */
int en_ranged_odds_compute(const en_ranged_q *q, en_melee_odds *r);

/* The JSON `fray odds energy melee` / `ranged` prints, for a query built
 * from the state (the ruleset's action_odds); attacker and defender name
 * the creatures in "params" (NULL: left out). 0, or -1 with err. */
int en_melee_odds_json(const en_melee_q *q, const char *attacker, const char *defender,
                       json_t **out, char *err, size_t errlen);
int en_ranged_odds_json(const en_ranged_q *q, json_t **out, char *err, size_t errlen);
/* Add a constant to a damage expression; -1 when it has no room. */
int en_dexpr_plus(fray_dexpr *d, int bonus);

#endif
