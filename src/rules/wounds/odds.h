/* odds.h: exact odds of the `wounds` ruleset (`fray odds wounds ...`).
 *
 * `attack`: one attack from plain numbers (the wild d20 plus the attack
 * modifier against a Defense; damage received and the wound level it gives);
 * `defeat`: the exact distribution of the number of attacks and rounds until
 * the defender receives a fatal wound, by dynamic programming over its filled
 * wound slots. Built on the core's exact distributions and on the ruleset's
 * pure rules (wo_wound_level, wo_damage_received, wo_wound_fill,
 * wo_slot_counts, wo_speed_row_for); the `--mc` checks roll with wo_wild.
 */
#ifndef WO_ODDS_H
#define WO_ODDS_H

#include "core.h"
#include "wounds.h"

int wo_odds(int argc, char **argv, json_t **out, char *err, size_t errlen);
extern const char wo_odds_help[];

enum { WO_ODDS_STANDARD = 0, WO_ODDS_QUICK, WO_ODDS_STRONG, WO_ODDS_REBUFF };

typedef struct wo_attack_q {
    int attack;      /* the attack roll's modifier: attribute + skill + specialization + accuracy */
    int defense;     /* the targeted Defense */
    int damage;      /* the damage roll: Strength + weapon damage */
    int toughness;   /* the target's Toughness (armour included unless pierced) */
    int action;      /* WO_ODDS_*: Quick -1 step, Strong +1d6, Rebuff +1 step */
    int penetrating; /* #Penetrating Attacks: damage counts toward the hit */
    int concussive;  /* a hit gives at least a light wound (the engine's reading) */
    int wild;        /* WO_WILD_*: how the wild d20 explodes */
    int nonlethal;   /* #Action: Nonlethal Attack: a fatal wound is held to critical */
} wo_attack_q;

typedef struct wo_attack_odds {
    double p_hit, p_crit, p_fumble;
    double level[WO_NLEVELS + 1]; /* [0] no wound (misses included), [1 + WO_LIGHT..] */
    fray_dist damage;   /* P(hit and damage received = v); owned */
    double mean_level;  /* mean wound level over wounds given, light = 1 */
    double tail;        /* mass cut off by truncating the exploding wild die */
    int explosions;
} wo_attack_odds;

int wo_attack_odds_compute(const wo_attack_q *q, wo_attack_odds *r);
/* The JSON `fray odds wounds attack` prints, for a query built from the
 * state (the ruleset's action_odds); attacker and defender name the
 * creatures in "params" (NULL: left out). 0, or -1 with err. */
int wo_attack_odds_json(const wo_attack_q *q, const char *attacker, const char *defender,
                        json_t **out, char *err, size_t errlen);
void wo_attack_odds_free(wo_attack_odds *r);

#endif
