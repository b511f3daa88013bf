/* odds.h: the Combat Roll shown to users (`fray odds contest strike`,
 * odds.c), as probabilities; decisions read exact.c's integers instead. */
#ifndef CT_ODDS_H
#define CT_ODDS_H

#include "contest.h"

/* The exact Combat Roll of a plan against one defence. */
typedef struct ct_odds_shown {
    double both_fail, att_crit, def_crit, block, hit, miss;
    double dmg[128]; /* P(damage = v) after ratings, v < 128; misses count as 0 */
} ct_odds_shown;
void ct_odds_of(int model, int base, int thr, int other_block, const ct_plan *p, int def,
                ct_odds_shown *o);
double ct_expected_damage(const ct_odds_shown *o);

#endif
