/* test_test.c: the two readings of a test (src/rules/contest/test.c,
 * option test_model) and #Size Matters (maneuvers.c). */
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/contest/contest.h"

static int64_t total(const int64_t p[CT_MAX_SUCC])
{
    int64_t s = 0;
    for (int i = 0; i < CT_MAX_SUCC; i++)
        s += p[i];
    return s;
}

/* p, over CT_P_ONE, is num / den to within the fixed point's rounding
 * (two units). */
static int near(int64_t p, int64_t num, int64_t den)
{
    int64_t diff = p * den - num * CT_P_ONE;
    return diff <= 2 * den && diff >= -2 * den;
}

/* d20 roll-under: target 8 + 4 = 12 passes on 1..12 (12/20); a boon keeps
 * the lower of two d20: 1 - (8/20)^2; Successes = target - roll + 1. */
static void d20_reading(void **s)
{
    (void)s;
    int64_t p[CT_MAX_SUCC];
    ct_test t = {4, 0, 0};
    ct_test_dist(CT_MODEL_D20, 8, 5, &t, p);
    assert_true(near(p[0], 8, 20));
    assert_true(near(p[12], 1, 20)); /* a roll of 1 */
    assert_true(total(p) == CT_P_ONE);
    t.boon = 1;
    ct_test_dist(CT_MODEL_D20, 8, 5, &t, p);
    assert_true(near(p[0], 16, 100));
    t.boon = -1;
    ct_test_dist(CT_MODEL_D20, 8, 5, &t, p);
    assert_true(near(p[0], 64, 100));
}

/* Pool: rating d6, a Success on 5 or 6; a boon one die more. */
static void pool_reading(void **s)
{
    (void)s;
    int64_t p[CT_MAX_SUCC];
    ct_test t = {3, 0, 0};
    ct_test_dist(CT_MODEL_POOL, 8, 5, &t, p);
    assert_true(near(p[0], 8, 27));
    assert_true(near(p[3], 1, 27));
    assert_true(total(p) == CT_P_ONE);
    t.boon = 1;
    ct_test_dist(CT_MODEL_POOL, 8, 5, &t, p);
    assert_true(near(p[0], 16, 81));
    /* no dice: a failure */
    t = (ct_test){0, -1, 0};
    ct_test_dist(CT_MODEL_POOL, 8, 5, &t, p);
    assert_true(p[0] == CT_P_ONE);
}

/* #Step III: "if the defender didn't defend, they automatically fail" */
static void automatic(void **s)
{
    (void)s;
    int64_t p[CT_MAX_SUCC];
    ct_test t = {10, 0, -1};
    ct_test_dist(CT_MODEL_D20, 8, 5, &t, p);
    assert_true(p[0] == CT_P_ONE);
    t.autores = 1;
    ct_test_dist(CT_MODEL_POOL, 8, 5, &t, p);
    assert_true(p[0] == 0);
}


/* #Step III: "Both fail ... One fails, the other passes ... Both pass":
 * the d20 reading passes a roll equal to the target (12 on 12: one
 * Success), fails one above (13); the pool counts a die equal to
 * pool_success (5) and not one below (4). */
static void pass_at_the_target(void **s)
{
    (void)s;
    int64_t p[CT_MAX_SUCC];
    ct_test t = {4, 0, 0}; /* target 8 + 4 = 12 */
    ct_test_dist(CT_MODEL_D20, 8, 5, &t, p);
    assert_true(near(p[1], 1, 20));  /* a roll of 12: passes, 1 Success */
    assert_true(near(p[0], 8, 20));  /* 13 to 20 fail */
    assert_true(near(p[12], 1, 20)); /* a roll of 1: 12 Successes */
    t = (ct_test){1, 0, 0};                      /* one die */
    ct_test_dist(CT_MODEL_POOL, 8, 5, &t, p);
    assert_true(near(p[1], 2, 6));   /* 5 and 6 */
    ct_test_dist(CT_MODEL_POOL, 8, 4, &t, p);
    assert_true(near(p[1], 3, 6));   /* 4, 5 and 6 */
}

/* #Size Matters: "If the target is one size larger than you, the target
 * makes their test with a boon. Creatures more than one size larger than
 * you automatically pass the test. If the target is one size smaller than
 * you, the target makes their test with a bane. Creatures more than one
 * size smaller than you automatically fail the test." Sizes 0 to 2 steps
 * either way from a medium winner. */
static void size_steps(void **s)
{
    (void)s;
    fray_encounter *e = test_open_round1(
        "{\"ruleset\": \"contest\", \"name\": \"sizes\", \"combatants\": ["
        " {\"name\": \"W\", \"side\": \"a\", \"at\": [0, 0], \"sheet\": {\"health\": 9}},"
        " {\"name\": \"T\", \"side\": \"d\", \"at\": [1, 0], \"sheet\": {\"health\": 9, \"size\": \"tiny\"}},"
        " {\"name\": \"S\", \"side\": \"d\", \"at\": [2, 0], \"sheet\": {\"health\": 9, \"size\": \"small\"}},"
        " {\"name\": \"M\", \"side\": \"d\", \"at\": [3, 0], \"sheet\": {\"health\": 9}},"
        " {\"name\": \"L\", \"side\": \"d\", \"at\": [4, 0], \"sheet\": {\"health\": 9, \"size\": \"large\"}},"
        " {\"name\": \"H\", \"side\": \"d\", \"at\": [5, 0], \"sheet\": {\"health\": 9, \"size\": \"huge\"}}]}",
        "sizes");
    static const struct { int boon, autores; } want[5] = {{0, -1}, {-1, 0}, {0, 0}, {1, 0}, {0, 1}};
    for (int k = 0; k < 5; k++) {
        ct_test t = {0};
        ct_size_matters(e, 0, 1 + k, &t);
        assert_int_equal(t.boon, want[k].boon);
        assert_int_equal(t.autores, want[k].autores);
    }
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(d20_reading),
        cmocka_unit_test(pool_reading),
        cmocka_unit_test(automatic),
        cmocka_unit_test(pass_at_the_target),
        cmocka_unit_test(size_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
