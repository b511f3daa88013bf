/* odds.h: the exact odds of the `injury` ruleset shown to users (`fray odds
 * injury`, the action odds of `fray play`), in floating point. Nothing that
 * decides a fight includes this header: the rules and the policy
 * (policy.c) use integers only, and odds.c calls the policy's integer
 * choices (in_best_part), never the other way round. */
#ifndef IN_ODDS_H
#define IN_ODDS_H

#include "injury.h"

/* The distribution of degrees of one attack: p_deg[k] for k degrees
 * (k < maxd), p_noinj a hit without injury, p_miss, p_crit, p_fumble. */
typedef struct in_attack_dist {
    double p_miss, p_noinj, p_crit, p_fumble, p_deg[16];
} in_attack_dist;
void in_attack_odds(int bonus, int dv, int adv, int adv_mode, int crit_from, int step,
                    int extra_deg, in_attack_dist *out);

#endif
