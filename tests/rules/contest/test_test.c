/* test_test.c: the two readings of a test (src/rules/contest/test.c,
 * option test_model) and #Size Matters (maneuvers.c). */
#include <math.h>
#include <string.h>

#include "support/test.h"
#include "rules/contest/contest.h"

static double total(const double p[CT_MAX_SUCC])
{
    double s = 0;
    for (int i = 0; i < CT_MAX_SUCC; i++)
        s += p[i];
    return s;
}

/* d20 roll-under: target 8 + 4 = 12 passes on 1..12 (12/20); a boon keeps
 * the lower of two d20: 1 - (8/20)^2; Successes = target - roll + 1. */
static void d20_reading(void **s)
{
    (void)s;
    double p[CT_MAX_SUCC];
    ct_test t = {4, 0, 0};
    ct_test_dist(CT_MODEL_D20, 8, 5, &t, p);
    assert_true(fabs(p[0] - 8.0 / 20) < 1e-12);
    assert_true(fabs(p[12] - 1.0 / 20) < 1e-12); /* a roll of 1 */
    assert_true(fabs(total(p) - 1) < 1e-12);
    t.boon = 1;
    ct_test_dist(CT_MODEL_D20, 8, 5, &t, p);
    assert_true(fabs(p[0] - 0.16) < 1e-12);
    t.boon = -1;
    ct_test_dist(CT_MODEL_D20, 8, 5, &t, p);
    assert_true(fabs(p[0] - (1 - 0.36)) < 1e-12);
}

/* Pool: rating d6, a Success on 5 or 6; a boon one die more. */
static void pool_reading(void **s)
{
    (void)s;
    double p[CT_MAX_SUCC];
    ct_test t = {3, 0, 0};
    ct_test_dist(CT_MODEL_POOL, 8, 5, &t, p);
    assert_true(fabs(p[0] - 8.0 / 27) < 1e-12);
    assert_true(fabs(p[3] - 1.0 / 27) < 1e-12);
    t.boon = 1;
    ct_test_dist(CT_MODEL_POOL, 8, 5, &t, p);
    assert_true(fabs(p[0] - 16.0 / 81) < 1e-12);
    /* no dice: a failure */
    t = (ct_test){0, -1, 0};
    ct_test_dist(CT_MODEL_POOL, 8, 5, &t, p);
    assert_true(p[0] == 1.0);
}

/* #Step III: "if the defender didn't defend, they automatically fail" */
static void automatic(void **s)
{
    (void)s;
    double p[CT_MAX_SUCC];
    ct_test t = {10, 0, -1};
    ct_test_dist(CT_MODEL_D20, 8, 5, &t, p);
    assert_true(p[0] == 1.0);
    t.autores = 1;
    ct_test_dist(CT_MODEL_POOL, 8, 5, &t, p);
    assert_true(p[0] == 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(d20_reading),
        cmocka_unit_test(pool_reading),
        cmocka_unit_test(automatic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
