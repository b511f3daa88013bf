/* dist_test.c: exact distributions (src/core/dist.c). Expected values are
 * exact fractions; the code computes in doubles, so they are compared with a
 * relative tolerance far below anything a wrong formula could hide in. */
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dice.h"

#define REL 1e-12

static void near_at(double got, double want, double rel, const char *what, int line)
{
    if (!(fabs(got - want) <= rel * fabs(want) + 1e-300)) {
        print_error("line %d: %s: got %.17g, want %.17g\n", line, what, got, want);
        fail();
    }
}
#define near(got, want) near_at((got), (want), REL, #got, __LINE__)

static fray_dist expr(const char *s, int adv)
{
    fray_dexpr e;
    fray_dist d;
    char err[160];
    if (fray_dexpr_parse(s, &e, err, sizeof err) != 0)
        fail_msg("%s: %s", s, err);
    if (fray_dist_expr(&d, &e, adv) != 0)
        fail_msg("%s: no distribution", s);
    return d;
}

static double mass(const fray_dist *d)
{
    double m = 0.0;
    for (int i = 0; i < d->n; i++)
        m += d->p[i];
    return m;
}

static double binom(int n, int k)
{
    double c = 1.0;
    for (int i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

/* ---- Plain dice and sums -------------------------------------------------- */

static void plain_die(void **state)
{
    (void)state;
    fray_dist d;
    assert_int_equal(fray_dist_die(&d, 6, 0, 0), 0);
    assert_int_equal(d.lo, 1);
    assert_int_equal(d.n, 6);
    for (int v = 1; v <= 6; v++)
        near(fray_dist_at(&d, v), 1.0 / 6);
    assert_true(fray_dist_at(&d, 0) == 0.0 && fray_dist_at(&d, 7) == 0.0);
    near(fray_dist_mean(&d), 3.5);
    near(fray_dist_sd(&d), sqrt(35.0 / 12));
    assert_true(d.tail == 0.0);
    fray_dist_free(&d);
    assert_null(d.p);

    assert_int_equal(fray_dist_die(&d, 1, 0, 0), 0);
    assert_int_equal(d.n, 1);
    near(d.p[0], 1.0);
    fray_dist_free(&d);

    assert_int_equal(fray_dist_const(&d, -4), 0);
    near(fray_dist_at(&d, -4), 1.0);
    near(fray_dist_mean(&d), -4.0);
    near(fray_dist_sd(&d) + 1.0, 1.0);
    fray_dist_free(&d);
}

static void two_and_three_d6(void **state)
{
    (void)state;
    fray_dist d = expr("2d6", 0);
    assert_int_equal(d.lo, 2);
    assert_int_equal(d.n, 11);
    near(fray_dist_at(&d, 7), 6.0 / 36);
    for (int v = 2; v <= 12; v++)
        near(fray_dist_at(&d, v), (6 - abs(7 - v)) / 36.0);
    near(fray_dist_mean(&d), 7.0);
    near(fray_dist_sd(&d), sqrt(35.0 / 6));
    near(fray_dist_ge(&d, 10), 6.0 / 36);
    near(fray_dist_ge(&d, -50), 1.0);
    assert_true(fray_dist_ge(&d, 13) == 0.0);
    fray_dist_free(&d);

    d = expr("3d6", 0);
    near(fray_dist_at(&d, 10), 27.0 / 216);
    near(fray_dist_at(&d, 3), 1.0 / 216);
    near(fray_dist_at(&d, 18), 1.0 / 216);
    fray_dist_free(&d);
}

static void sums_and_constants(void **state)
{
    (void)state;
    fray_dist d = expr("1d8+1d6+2", 0);
    assert_int_equal(d.lo, 4);
    assert_int_equal(d.lo + d.n - 1, 16);
    near(fray_dist_mean(&d), 10.0);
    near(fray_dist_at(&d, 10), 6.0 / 48);
    fray_dist_free(&d);

    d = expr("3d6-1", 0);
    assert_int_equal(d.lo, 2);
    near(fray_dist_at(&d, 9), 27.0 / 216);
    fray_dist_free(&d);

    d = expr("10-1d6", 0);
    assert_int_equal(d.lo, 4);
    assert_int_equal(d.n, 6);
    for (int v = 4; v <= 9; v++)
        near(fray_dist_at(&d, v), 1.0 / 6);
    fray_dist_free(&d);

    d = expr("1d6-1d6", 0);
    assert_int_equal(d.lo, -5);
    near(fray_dist_at(&d, 0), 6.0 / 36);
    near(fray_dist_at(&d, -5), 1.0 / 36);
    near(fray_dist_mean(&d) + 1.0, 1.0);
    fray_dist_free(&d);

    /* fray_dist_add is the same convolution */
    fray_dist a, b, c;
    assert_int_equal(fray_dist_die(&a, 8, 0, 0), 0);
    assert_int_equal(fray_dist_const(&b, 3), 0);
    assert_int_equal(fray_dist_add(&c, &a, &b), 0);
    assert_int_equal(c.lo, 4);
    near(fray_dist_at(&c, 11), 1.0 / 8);
    fray_dist_free(&a);
    fray_dist_free(&b);
    fray_dist_free(&c);
}

/* The sliding-window sum of plain dice must agree with plain convolution,
 * down to the smallest probabilities (6^-20 at the ends). */
static void many_dice_agree_with_convolution(void **state)
{
    (void)state;
    fray_dist die, acc, next;
    fray_dist d = expr("20d6", 0);

    assert_int_equal(fray_dist_die(&die, 6, 0, 0), 0);
    assert_int_equal(fray_dist_die(&acc, 6, 0, 0), 0);
    for (int i = 1; i < 20; i++) {
        assert_int_equal(fray_dist_add(&next, &acc, &die), 0);
        fray_dist_free(&acc);
        acc = next;
    }
    assert_int_equal(d.lo, acc.lo);
    assert_int_equal(d.n, acc.n);
    for (int i = 0; i < d.n; i++)
        near_at(d.p[i], acc.p[i], 1e-10, "20d6", __LINE__);
    near(fray_dist_at(&d, 20), pow(6.0, -20));
    fray_dist_free(&die);
    fray_dist_free(&acc);
    fray_dist_free(&d);

    d = expr("-5d6", 0);
    fray_dist e = expr("5d6", 0);
    assert_int_equal(d.lo, -30);
    for (int v = 5; v <= 30; v++)
        near(fray_dist_at(&d, -v), fray_dist_at(&e, v));
    fray_dist_free(&d);
    fray_dist_free(&e);

    /* the largest plain sum the grammar allows, in one go */
    d = expr("100d1000", 0);
    assert_int_equal(d.lo, 100);
    assert_int_equal(d.n, 99901);
    near_at(mass(&d), 1.0, 1e-12, "mass", __LINE__);
    near(fray_dist_mean(&d), 50050.0);
    near_at(fray_dist_sd(&d), sqrt(100 * (1000.0 * 1000.0 - 1) / 12), 1e-9, "sd", __LINE__);
    near_at(fray_dist_at(&d, 100), pow(1000.0, -100), 1e-6, "min", __LINE__);
    fray_dist_free(&d);
}

/* ---- Keep highest / lowest ---------------------------------------------------- */

static void keep_two_d20(void **state)
{
    (void)state;
    fray_dist d = expr("2d20kh1", 0);
    near(fray_dist_at(&d, 20), 39.0 / 400);
    near(fray_dist_at(&d, 1), 1.0 / 400);
    for (int v = 1; v <= 20; v++)
        near(fray_dist_at(&d, v), (2 * v - 1) / 400.0);
    fray_dist_free(&d);

    d = expr("2d20kl1", 0);
    near(fray_dist_at(&d, 1), 39.0 / 400);
    near(fray_dist_at(&d, 20), 1.0 / 400);
    for (int v = 1; v <= 20; v++)
        near(fray_dist_at(&d, v), (41 - 2 * v) / 400.0);
    fray_dist_free(&d);

    /* advantage on a single d20 is 2d20kh1 */
    fray_dist a = expr("1d20", 1), b = expr("2d20kh1", 0);
    for (int v = 1; v <= 20; v++)
        near(fray_dist_at(&a, v), fray_dist_at(&b, v));
    fray_dist_free(&a);
    fray_dist_free(&b);
}

static void keep_four_d6_drop_lowest(void **state)
{
    (void)state;
    fray_dist d = expr("4d6kh3", 0);
    assert_int_equal(d.lo, 3);
    assert_int_equal(d.n, 16);
    near(fray_dist_at(&d, 18), 21.0 / 1296);
    near(fray_dist_at(&d, 3), 1.0 / 1296);
    near(fray_dist_mean(&d), 15869.0 / 1296);
    fray_dist_free(&d);
}

/* Brute force over every face of every raw die (each kept die the best or
 * worst of |adv|+1 raw dice), for small cases. */
static void brute_keep(int n, int sides, int keep, int adv, double *out, int *lo)
{
    int per = (adv < 0 ? -adv : adv) + 1, raw = n * per;
    int faces[16], vals[8];
    long total = 1;
    for (int i = 0; i < raw; i++)
        total *= sides;
    int k = keep < 0 ? -keep : keep;
    *lo = k;
    memset(out, 0, sizeof(double) * (size_t)(k * sides + 1));
    for (long code = 0; code < total; code++) {
        long c = code;
        for (int i = 0; i < raw; i++) {
            faces[i] = (int)(c % sides) + 1;
            c /= sides;
        }
        for (int i = 0; i < n; i++) {
            int v = faces[i * per];
            for (int j = 1; j < per; j++) {
                int f = faces[i * per + j];
                if (adv > 0 ? f > v : f < v)
                    v = f;
            }
            vals[i] = v;
        }
        /* sort descending (insertion) */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && vals[j] > vals[j - 1]; j--) {
                int t = vals[j];
                vals[j] = vals[j - 1];
                vals[j - 1] = t;
            }
        int s = 0;
        for (int i = 0; i < k; i++)
            s += keep > 0 ? vals[i] : vals[n - 1 - i];
        out[s - k] += 1.0 / (double)total;
    }
}

static void keep_matches_brute_force(void **state)
{
    (void)state;
    static const struct { const char *e; int n, sides, keep, adv; } cases[] = {
        { "5d6kh2", 5, 6, 2, 0 },
        { "5d6kl2", 5, 6, -2, 0 },
        { "4d8kl3", 4, 8, -3, 0 },
        { "4d8kh3", 4, 8, 3, 0 },
        { "3d6kh2", 3, 6, 2, 1 },
        { "3d6kl2", 3, 6, -2, -1 },
        { "6d4kh3", 6, 4, 3, 0 },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double want[64];
        int lo;
        brute_keep(cases[c].n, cases[c].sides, cases[c].keep, cases[c].adv, want, &lo);
        fray_dist d = expr(cases[c].e, cases[c].adv);
        int k = cases[c].keep < 0 ? -cases[c].keep : cases[c].keep;
        for (int s = k; s <= k * cases[c].sides; s++)
            near_at(fray_dist_at(&d, s), want[s - lo], 1e-12, cases[c].e, __LINE__);
        near_at(mass(&d), 1.0, 1e-13, cases[c].e, __LINE__);
        fray_dist_free(&d);
    }
}

/* Keeping exploding dice: compared with a direct sum over every triple of
 * values of the single exploding die. */
static void keep_exploding(void **state)
{
    (void)state;
    fray_dist die, d = expr("3d4!kh2", 0);
    assert_int_equal(fray_dist_die(&die, 4, 1, 0), 0);
    double *want = calloc((size_t)(2 * die.n + 2), sizeof *want);
    assert_non_null(want);
    for (int a = 0; a < die.n; a++)
        for (int b = 0; b < die.n; b++)
            for (int c = 0; c < die.n; c++) {
                int lo = a < b ? (a < c ? a : c) : (b < c ? b : c);
                want[a + b + c - lo] += die.p[a] * die.p[b] * die.p[c];
            }
    for (int s = 0; s <= 2 * (die.n - 1); s++)
        near_at(fray_dist_at(&d, 2 * die.lo + s), want[s], 1e-9, "3d4!kh2", __LINE__);
    near_at(d.tail, 3 * die.tail, 1e-6, "tail", __LINE__); /* 1-(1-t)^3 */
    free(want);
    fray_dist_free(&die);
    fray_dist_free(&d);
}

/* Counts the brief asks to be fast, and one the DP must refuse rather than
 * grind through. */
static void keep_large(void **state)
{
    (void)state;
    static const char *ok[] = { "10d10kh3", "10d20kl5", "100d6kh50", "20d10!kh10", "10d100kh9" };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        fray_dist d = expr(ok[i], 0);
        near_at(mass(&d) + d.tail, 1.0, 1e-11, ok[i], __LINE__);
        fray_dist_free(&d);
    }

    fray_dexpr e;
    fray_dist d;
    assert_int_equal(fray_dexpr_parse("100d1000kh50", &e, NULL, 0), 0);
    assert_int_equal(fray_dist_expr(&d, &e, 0), -1);
    assert_null(d.p);
}

/* ---- Success counts -------------------------------------------------------------- */

static void count_successes(void **state)
{
    (void)state;
    fray_dist d = expr("6d6>5", 0);
    assert_int_equal(d.lo, 0);
    assert_int_equal(d.n, 7);
    for (int k = 0; k <= 6; k++)
        near(fray_dist_at(&d, k), binom(6, k) * pow(1.0 / 3, k) * pow(2.0 / 3, 6 - k));
    near(fray_dist_mean(&d), 2.0);
    fray_dist_free(&d);

    /* an exploding 6 is still a success: same odds */
    d = expr("6d6!>5", 0);
    for (int k = 0; k <= 6; k++)
        near(fray_dist_at(&d, k), binom(6, k) * pow(1.0 / 3, k) * pow(2.0 / 3, 6 - k));
    assert_true(d.tail == 0.0);
    fray_dist_free(&d);

    /* a target above an exploding die is reachable: 1d6!>7 succeeds when
     * the first roll is a 6 and the total reaches 7, 1/6 in all */
    d = expr("1d6!>7", 0);
    near(fray_dist_at(&d, 1), 1.0 / 6);
    fray_dist_free(&d);
}

/* ---- Exploding dice ----------------------------------------------------------------- */

/* Energy, Defenses: "if you roll the highest number on the die, reroll it and
 * add the result to what was already rolled ... You may continue as long as
 * the highest number on the die is rolled." */
static void exploding_d10(void **state)
{
    (void)state;
    fray_dist d;
    assert_int_equal(fray_dist_die(&d, 10, 1, 0), 0);
    near(fray_dist_at(&d, 1), 1.0 / 10);
    assert_true(fray_dist_at(&d, 10) == 0.0); /* a 10 always rolls on */
    near(fray_dist_at(&d, 13), 1.0 / 100);
    assert_true(fray_dist_at(&d, 20) == 0.0);
    near(fray_dist_at(&d, 21), 1.0 / 1000);
    near(fray_dist_ge(&d, 11), 1.0 / 10);
    near(fray_dist_ge(&d, 31), 1.0 / 1000 - d.tail);
    near_at(fray_dist_mean(&d), 5.5 * 10 / 9, 1e-14, "mean", __LINE__);
    /* truncated where reaching the next level is below 1e-16; what is cut is
     * stated in tail, and the kept probabilities are not rescaled */
    assert_true(d.tail > 0.0 && d.tail < 1e-16);
    near_at(mass(&d) + d.tail, 1.0, 1e-15, "mass", __LINE__);
    fray_dist_free(&d);

    fray_dist e = expr("1d10*", 0);
    near(fray_dist_at(&e, 21), 1.0 / 1000);
    fray_dist_free(&e);

    /* a d1 cannot explode (it would never stop): it is a plain d1 */
    assert_int_equal(fray_dist_die(&d, 1, 1, 0), 0);
    assert_int_equal(d.n, 1);
    assert_true(d.tail == 0.0);
    fray_dist_free(&d);
}

/* Energy, Defenses: "Advantage and Disadvantage applies every time you would
 * normally roll the die once." Each roll of the chain is the best (worst) of
 * two d10, and it explodes when that kept die shows 10. */
static void exploding_with_advantage(void **state)
{
    (void)state;
    fray_dist d;

    assert_int_equal(fray_dist_die(&d, 10, 1, -1), 0);
    near(fray_dist_at(&d, 3), 15.0 / 100);                 /* min of 2d10 is 3 */
    near(fray_dist_at(&d, 13), (1.0 / 100) * (15.0 / 100)); /* (10,10) then 3 */
    assert_true(fray_dist_at(&d, 10) == 0.0);
    /* Wald: mean of one roll over the chance of stopping */
    near_at(fray_dist_mean(&d), 3.85 / 0.99, 1e-14, "mean", __LINE__);
    fray_dist_free(&d);

    assert_int_equal(fray_dist_die(&d, 10, 1, 1), 0);
    near(fray_dist_at(&d, 9), 17.0 / 100);
    near(fray_dist_at(&d, 13), (19.0 / 100) * (5.0 / 100));
    near_at(fray_dist_mean(&d), 7.15 / 0.81, 1e-14, "mean", __LINE__);
    assert_true(d.tail < 1e-16);
    fray_dist_free(&d);

    /* the same through an expression: adv applies to every die */
    fray_dist e = expr("1d10!+2", -1);
    near(fray_dist_at(&e, 15), (1.0 / 100) * (15.0 / 100));
    fray_dist_free(&e);
}

static void exploding_sums(void **state)
{
    (void)state;
    fray_dist d = expr("2d6!", 0);
    /* 7 = 1+6? no, a 6 rolls on: only 1+6+... totals. 2 = 1+1 */
    near(fray_dist_at(&d, 2), 1.0 / 36);
    /* 8 = (6+1)+1 twice, or 2+6? no: 1+(6+1), (6+1)+1, 2+6 impossible, 3+5, 4+4, 5+3 */
    near(fray_dist_at(&d, 8), 2.0 / 216 + 3.0 / 36);
    near_at(fray_dist_mean(&d), 2 * 3.5 * 6 / 5, 1e-13, "mean", __LINE__);
    assert_true(d.tail > 0.0 && d.tail < 3e-16);
    fray_dist_free(&d);

    /* a subtracted exploding die is unbounded below */
    d = expr("10-1d6!", 0);
    assert_int_equal(d.lo + d.n - 1, 9);
    near(fray_dist_at(&d, 9), 1.0 / 6);
    near(fray_dist_at(&d, 2), 1.0 / 36);
    fray_dist_free(&d);

    d = expr("100d10!", 0);
    near_at(fray_dist_mean(&d), 100 * 5.5 * 10 / 9, 1e-12, "mean", __LINE__);
    near_at(mass(&d) + d.tail, 1.0, 1e-12, "mass", __LINE__);
    fray_dist_free(&d);
}

/* ---- Opposed rolls ------------------------------------------------------------------- */

static void versus(void **state)
{
    (void)state;
    double gt, eq, lt;
    fray_dist a = expr("1d6", 0), b = expr("1d6", 0);
    fray_dist_versus(&a, &b, &gt, &eq, &lt);
    near(gt, 15.0 / 36);
    near(eq, 6.0 / 36);
    near(lt, 15.0 / 36);
    fray_dist_free(&a);
    fray_dist_free(&b);

    /* 2d20kh1 against 1d20: P(A > B) = sum (2a-1)/400 * (a-1)/20 */
    a = expr("2d20kh1", 0);
    b = expr("1d20", 0);
    double want_gt = 0, want_eq = 0;
    for (int v = 1; v <= 20; v++) {
        want_gt += (2 * v - 1) / 400.0 * (v - 1) / 20.0;
        want_eq += (2 * v - 1) / 400.0 / 20.0;
    }
    fray_dist_versus(&a, &b, &gt, &eq, &lt);
    near(gt, want_gt);
    near(eq, want_eq);
    near(lt, 1 - want_gt - want_eq);
    fray_dist_free(&a);
    fray_dist_free(&b);

    /* disjoint supports */
    a = expr("1d4+10", 0);
    b = expr("1d6", 0);
    fray_dist_versus(&a, &b, &gt, &eq, &lt);
    near(gt, 1.0);
    assert_true(eq == 0.0 && lt == 0.0);
    fray_dist_versus(&b, &a, &gt, &eq, &lt);
    near(lt, 1.0);
    assert_true(eq == 0.0 && gt == 0.0);
    fray_dist_free(&a);
    fray_dist_free(&b);
}

static void bad_arguments(void **state)
{
    (void)state;
    fray_dist d;
    fray_dexpr e;

    assert_int_equal(fray_dist_die(&d, 0, 0, 0), -1);
    assert_null(d.p);
    assert_int_equal(fray_dist_die(&d, 6, 0, 101), -1);
    memset(&e, 0, sizeof e);
    assert_int_equal(fray_dist_expr(&d, &e, 0), -1);
    assert_int_equal(fray_dexpr_parse("2d6", &e, NULL, 0), 0);
    e.t[0].keep = 3; /* keeps more than it rolls */
    assert_int_equal(fray_dist_expr(&d, &e, 0), -1);
    fray_dist_free(&d); /* harmless on an empty distribution */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plain_die),
        cmocka_unit_test(two_and_three_d6),
        cmocka_unit_test(sums_and_constants),
        cmocka_unit_test(many_dice_agree_with_convolution),
        cmocka_unit_test(keep_two_d20),
        cmocka_unit_test(keep_four_d6_drop_lowest),
        cmocka_unit_test(keep_matches_brute_force),
        cmocka_unit_test(keep_exploding),
        cmocka_unit_test(keep_large),
        cmocka_unit_test(count_successes),
        cmocka_unit_test(exploding_d10),
        cmocka_unit_test(exploding_with_advantage),
        cmocka_unit_test(exploding_sums),
        cmocka_unit_test(versus),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
