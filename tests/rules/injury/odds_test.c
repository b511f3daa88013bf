/* odds_test.c: the exact distribution of one attack (src/rules/injury/odds.c)
 * against a count over the twenty faces, and its degrees as #Injuries and
 * #Critical Hits and Misses say. */
#include "support/test.h"
#include <math.h>

#include "rules/injury/odds.h"

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 1e-9)

/* "A natural 20 on an attack roll is a critical hit. If the attack roll
 * result is still less than the target's DV, the attack deals a minor injury
 * instead"; "A natural 1 ... decreases the severity of the inflicted injury
 * by one step. If the injury would have been a minor one, then no injury". */
static void one_attack(void **s)
{
    (void)s;
    in_attack_dist d;
    in_attack_odds(6, 13, 0, 1, 20, 5, 0, &d);
    NEAR(1 - d.p_miss, 13.0 / 20); /* 8..20 beat 13 */
    NEAR(d.p_deg[0], 5.0 / 20);     /* 14..18 */
    NEAR(d.p_deg[3], 1.0 / 20);     /* 20: 2 + the critical's */
    in_attack_odds(0, 30, 0, 1, 20, 5, 0, &d);
    NEAR(d.p_deg[0], 1.0 / 20);     /* only the natural 20 */
    in_attack_odds(30, 0, 0, 1, 20, 5, 0, &d);
    NEAR(d.p_fumble, 1.0 / 20);
    NEAR(d.p_deg[5], 1.0 / 20);     /* natural 1: 31 -> 6 - 1 */
    /* "Natural rolls in the rest of the critical range only threaten if the
     * result is a successful hit": 19 hits 13 with +0 and adds a degree */
    in_attack_odds(0, 13, 0, 1, 19, 5, 0, &d);
    NEAR(d.p_crit, 2.0 / 20);
    /* #Size Differences: a degree less against a larger target, down to none */
    in_attack_odds(6, 13, 0, 1, 20, 5, -1, &d);
    NEAR(d.p_noinj, 5.0 / 20);
    double sum = d.p_miss + d.p_noinj;
    for (int k = 0; k < 16; k++)
        sum += d.p_deg[k];
    NEAR(sum, 1);
}

/* Counted advantage, adv_mode 1: +2 a level; 0: the best of two d20. */
static void advantage(void **s)
{
    (void)s;
    in_attack_dist a, b;
    in_attack_odds(0, 10, 1, 1, 20, 5, 0, &a);
    in_attack_odds(2, 10, 0, 1, 20, 5, 0, &b);
    NEAR(a.p_miss, b.p_miss);
    in_attack_odds(0, 10, 1, 0, 20, 5, 0, &a);
    NEAR(a.p_miss, (10.0 / 20) * (10.0 / 20)); /* both of 2d20 at 1..10 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(one_attack), cmocka_unit_test(advantage)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
