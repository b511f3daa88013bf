/* defeat_test.c: the time-to-defeat walk (src/core/defeat.c) against
 * closed forms: a defender with 3 hit points, each attack hitting for 1
 * with chance p, is out at attack j with the negative binomial chance
 * C(j-1, 2) p^3 (1-p)^(j-3). */
#include <math.h>

#include "test.h"
#include "core.h"

typedef struct hp_chain { double p; int per_round; int saves; } hp_chain;

static void hit(void *ud, int s, double m, double *next, double *out)
{
    const hp_chain *h = ud;
    next[s] += m * (1 - h->p);
    if (s == 1)
        *out += m * h->p;
    else
        next[s - 1] += m * h->p;
}

static int per_round(void *ud, int r)
{
    (void)r;
    return ((const hp_chain *)ud)->per_round;
}

/* a round's start heals one hit point with chance 1/2 (not past 3) */
static void heal(void *ud, int r, double *cur, double *out)
{
    (void)ud;
    (void)r;
    (void)out;
    for (int s = 2; s <= 3; s++) {
        cur[s] += cur[s - 1] / 2;
        cur[s - 1] /= 2;
    }
}

static double binom(int n, int k)
{
    double b = 1;
    for (int i = 1; i <= k; i++)
        b = b * (n - k + i) / i;
    return b;
}

static void test_negative_binomial(void **s)
{
    (void)s;
    hp_chain h = {0.3, 1, 0};
    fray_defeat_chain c = {.nstates = 4, .start = 3, .horizon = 200, .cut = 1e-12, .ud = &h,
                           .attack = hit};
    fray_defeat d;
    assert_int_equal(fray_defeat_run(&c, &d), 0);
    double sum = 0;
    for (int j = 1; j <= d.n_att; j++) {
        double want = j < 3 ? 0 : binom(j - 1, 2) * pow(0.3, 3) * pow(0.7, j - 3);
        assert_true(fabs(d.p_att[j] - want) < 1e-12);
        sum += d.p_att[j];
    }
    assert_true(fabs(sum + d.tail - 1) < 1e-12);
    assert_true(d.tail < 1e-12);
    assert_int_equal(d.n_rnd, d.n_att); /* one attack a round */
    fray_defeat_free(&d);
}

/* Rounds group attacks: two a round, so round r holds attacks 2r-1 and 2r;
 * a horizon stops the walk with the rest as the tail. */
static void test_rounds_and_horizon(void **s)
{
    (void)s;
    hp_chain h = {0.5, 2, 0};
    fray_defeat_chain c = {.nstates = 4, .start = 3, .horizon = 7, .cut = 0, .ud = &h,
                           .attack = hit, .attacks = per_round};
    fray_defeat d;
    assert_int_equal(fray_defeat_run(&c, &d), 0);
    assert_int_equal(d.n_att, 7);
    assert_int_equal(d.n_rnd, 4);
    assert_int_equal(d.k_rnd[1], 2);
    for (int r = 1; r <= 3; r++)
        assert_true(fabs(d.p_rnd[r] - (d.p_att[2 * r - 1] + d.p_att[2 * r])) < 1e-15);
    assert_true(fabs(d.p_rnd[4] - d.p_att[7]) < 1e-15);
    double sum = d.tail;
    for (int j = 1; j <= 7; j++)
        sum += d.p_att[j];
    assert_true(fabs(sum - 1) < 1e-12);
    assert_true(d.tail > 0.1);
    fray_defeat_free(&d);
}

/* A round's start may move mass (healing): it takes longer; a chain whose
 * attacks never harm is stopped by the caller's horizon of 0. */
static void test_round_start_and_no_harm(void **s)
{
    (void)s;
    hp_chain h = {0.5, 1, 0};
    fray_defeat_chain c = {.nstates = 4, .start = 3, .horizon = 1000, .cut = 1e-12, .ud = &h,
                           .attack = hit};
    fray_defeat plain, healed;
    assert_int_equal(fray_defeat_run(&c, &plain), 0);
    c.round_start = heal;
    assert_int_equal(fray_defeat_run(&c, &healed), 0);
    double m1 = 0, m2 = 0;
    for (int j = 1; j <= plain.n_att; j++)
        m1 += j * plain.p_att[j];
    for (int j = 1; j <= healed.n_att; j++)
        m2 += j * healed.p_att[j];
    assert_true(fabs(m1 - 6) < 1e-9); /* 3 hits at 1/2 each: 6 attacks */
    assert_true(m2 > m1 + 1);
    fray_defeat_free(&plain);
    fray_defeat_free(&healed);
    c.horizon = 0;
    fray_defeat none;
    assert_int_equal(fray_defeat_run(&c, &none), 0);
    assert_int_equal(none.n_att, 0);
    assert_true(none.tail == 1.0);
    fray_defeat_free(&none);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_negative_binomial),
        cmocka_unit_test(test_rounds_and_horizon),
        cmocka_unit_test(test_round_start_and_no_harm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
