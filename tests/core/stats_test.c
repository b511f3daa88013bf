/* stats_test.c: the streaming statistics of `fray sim` against answers
 * worked out by hand. */
#include "test.h"

#include <math.h>
#include <string.h>

#include "stats.h"

/* The 95% Wilson score interval of k successes in n trials, p = k/n, z the
 * 0.975 normal quantile (1.959963984540054, z^2 = 3.841458820694124):
 *
 *     centre = (p + z^2/(2n)) / (1 + z^2/n)
 *     half   = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/(4n^2))
 *     [lo, hi] = [centre - half, centre + half]
 *
 * Worked by hand for the cases below:
 *   k = 50, n = 100: p = 1/2, so centre = (1/2 + z^2/200) / (1 + z^2/100) = 1/2,
 *     and half = z/(1 + z^2/100) * sqrt(1/400 + z^2/40000)
 *              = z / (2 sqrt(100 + z^2)) = 1.959964 / (2 * 10.190263) = 0.0961685,
 *     so [0.4038315, 0.5961685].
 *   k = 0, n = 10: p = 0, centre = (z^2/20)/(1 + z^2/10) and
 *     half = z/(1 + z^2/10) * z/20 = centre, so lo = 0 and
 *     hi = 2 centre = z^2 / (10 + z^2) = 3.8414588 / 13.8414588 = 0.2775328.
 *   k = 10, n = 10: the mirror image, lo = 1 - 0.2775328 = 10/(10 + z^2)
 *     = 0.7224672 and hi = 1.
 *   k = 3, n = 10: p = 0.3, centre = (0.3 + 0.1920729)/1.3841459 = 0.3555066,
 *     half = 1.959964/1.3841459 * sqrt(0.021 + 0.0096036) = 0.2477153,
 *     so [0.1077913, 0.6032219].
 */
static void wilson_known_answers(void **state)
{
    (void)state;
    double lo, hi;
    fray_wilson95(50, 100, &lo, &hi);
    assert_true(fabs(lo - 0.4038315) < 1e-6);
    assert_true(fabs(hi - 0.5961685) < 1e-6);
    assert_true(fabs((lo + hi) / 2 - 0.5) < 1e-12); /* symmetric about 1/2 */

    fray_wilson95(0, 10, &lo, &hi);
    assert_true(lo == 0.0);
    assert_true(fabs(hi - 0.2775328) < 1e-6);

    fray_wilson95(10, 10, &lo, &hi);
    assert_true(fabs(lo - 0.7224672) < 1e-6);
    assert_true(hi == 1.0);

    fray_wilson95(3, 10, &lo, &hi);
    assert_true(fabs(lo - 0.1077913) < 1e-6);
    assert_true(fabs(hi - 0.6032219) < 1e-6);
}

/* No trials say nothing: the whole of [0, 1]. */
static void wilson_no_trials(void **state)
{
    (void)state;
    double lo, hi;
    fray_wilson95(0, 0, &lo, &hi);
    assert_true(lo == 0.0 && hi == 1.0);
}

/* The interval narrows as 1/sqrt(n): 50/100 against 5000/10000. */
static void wilson_narrows(void **state)
{
    (void)state;
    double lo1, hi1, lo2, hi2;
    fray_wilson95(50, 100, &lo1, &hi1);
    fray_wilson95(5000, 10000, &lo2, &hi2);
    double ratio = (hi1 - lo1) / (hi2 - lo2);
    assert_true(ratio > 9.5 && ratio < 10.1);
}

static fray_hist *sample_hist(void)
{
    /* 1, 2, 2, 3, 3, 3, 4, 4, 4, 4 */
    static fray_hist h;
    memset(&h, 0, sizeof h);
    static const int v[] = {4, 3, 2, 4, 1, 3, 4, 2, 3, 4};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        fray_hist_add(&h, v[i]);
    return &h;
}

/* Nearest rank: the smallest value with at least ceil(p n) values at or
 * below it. Sorted, the sample is 1 2 2 3 3 3 4 4 4 4 (n = 10). */
static void percentiles_small_sample(void **state)
{
    (void)state;
    const fray_hist *h = sample_hist();
    int64_t v = -1;
    assert_int_equal(h->n, 10);
    assert_int_equal(h->bin[1], 1);
    assert_int_equal(h->bin[2], 2);
    assert_int_equal(h->bin[3], 3);
    assert_int_equal(h->bin[4], 4);
    assert_int_equal(h->over, 0);
    assert_int_equal(fray_hist_percentile(h, 0, &v), 0);
    assert_int_equal(v, 1);   /* rank 1 */
    assert_int_equal(fray_hist_percentile(h, 200, &v), 0);
    assert_int_equal(v, 2);   /* rank 2 */
    assert_int_equal(fray_hist_percentile(h, 300, &v), 0);
    assert_int_equal(v, 2);   /* rank 3 */
    assert_int_equal(fray_hist_percentile(h, 310, &v), 0);
    assert_int_equal(v, 3);   /* rank ceil(3.1) = 4 */
    assert_int_equal(fray_hist_percentile(h, 500, &v), 0);
    assert_int_equal(v, 3);   /* median: rank 5 */
    assert_int_equal(fray_hist_percentile(h, 600, &v), 0);
    assert_int_equal(v, 3);   /* rank 6 */
    assert_int_equal(fray_hist_percentile(h, 610, &v), 0);
    assert_int_equal(v, 4);   /* rank 7 */
    assert_int_equal(fray_hist_percentile(h, 900, &v), 0);
    assert_int_equal(v, 4);   /* rank 9 */
    assert_int_equal(fray_hist_percentile(h, 990, &v), 0);
    assert_int_equal(v, 4);   /* rank ceil(9.9) = 10 */
    assert_int_equal(fray_hist_percentile(h, 1001, &v), -1);
}

/* An even count: the median of 1 2 3 4 is the lower middle value, 2 (rank
 * 2), since a percentile is always a value that occurred. */
static void percentile_even_count(void **state)
{
    (void)state;
    fray_hist h;
    memset(&h, 0, sizeof h);
    for (int i = 1; i <= 4; i++)
        fray_hist_add(&h, i);
    int64_t v;
    assert_int_equal(fray_hist_percentile(&h, 500, &v), 0);
    assert_int_equal(v, 2);
    assert_int_equal(fray_hist_percentile(&h, 510, &v), 0);
    assert_int_equal(v, 3);
}

/* Values past the last bin (and negative ones) go to the overflow bucket; a
 * percentile that lands there says "at least FRAY_HIST_BINS". */
static void hist_overflow(void **state)
{
    (void)state;
    fray_hist h;
    memset(&h, 0, sizeof h);
    int64_t v;
    assert_int_equal(fray_hist_percentile(&h, 500, &v), -1); /* empty */
    fray_hist_add(&h, 0);
    fray_hist_add(&h, FRAY_HIST_BINS - 1);
    fray_hist_add(&h, FRAY_HIST_BINS);
    fray_hist_add(&h, 1000000);
    fray_hist_add(&h, -1);
    assert_int_equal(h.n, 5);
    assert_int_equal(h.bin[0], 1);
    assert_int_equal(h.bin[FRAY_HIST_BINS - 1], 1);
    assert_int_equal(h.over, 3);
    assert_int_equal(fray_hist_percentile(&h, 400, &v), 0);
    assert_int_equal(v, FRAY_HIST_BINS - 1); /* rank 2 */
    assert_int_equal(fray_hist_percentile(&h, 410, &v), 1); /* rank 3 */
    assert_int_equal(v, FRAY_HIST_BINS);
}

/* Two halves merged equal the whole, bin for bin. */
static void hist_merge(void **state)
{
    (void)state;
    fray_hist a, b, all;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&all, 0, sizeof all);
    for (int i = 0; i < 3000; i++) {
        int x = (i * 37) % 1500;
        fray_hist_add(i % 2 ? &a : &b, x);
        fray_hist_add(&all, x);
    }
    fray_hist_merge(&a, &b);
    assert_memory_equal(&a, &all, sizeof a);
}

/* 2 4 4 4 5 5 7 9: mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32, so the
 * sample sd is sqrt(32/7). */
static void moments_small_sample(void **state)
{
    (void)state;
    static const int v[] = {2, 4, 4, 4, 5, 5, 7, 9};
    fray_moments m;
    memset(&m, 0, sizeof m);
    assert_true(fray_moments_mean(&m) == 0.0);
    for (size_t i = 0; i < 8; i++)
        fray_moments_add(&m, v[i]);
    assert_int_equal(m.n, 8);
    assert_int_equal(m.sum, 40);
    assert_int_equal(m.sq_lo, 4 + 16 * 3 + 25 * 2 + 49 + 81);
    assert_int_equal(m.sq_hi, 0);
    assert_int_equal(m.min, 2);
    assert_int_equal(m.max, 9);
    assert_true(fray_moments_mean(&m) == 5.0);
    assert_true(fabs(fray_moments_sd(&m) - sqrt(32.0 / 7.0)) < 1e-12);
}

/* Squares past 2^64 carry into the high word: 4e9 and -4e9 have a sum of
 * squares of 3.2e19 (2^64 is about 1.8447e19), mean 0 and sample sd
 * sqrt(3.2e19 / 1) = 4e9 sqrt(2). */
static void moments_wide_squares(void **state)
{
    (void)state;
    fray_moments m;
    memset(&m, 0, sizeof m);
    fray_moments_add(&m, 4000000000LL);
    fray_moments_add(&m, -4000000000LL);
    /* 3.2e19 = 1 * 2^64 + 13553255926290448384 */
    assert_int_equal(m.sq_hi, 1);
    assert_true(m.sq_lo == 13553255926290448384ULL);
    assert_true(fray_moments_mean(&m) == 0.0);
    assert_true(fabs(fray_moments_sd(&m) / (4e9 * sqrt(2.0)) - 1.0) < 1e-12);
    assert_int_equal(m.min, -4000000000LL);
    assert_int_equal(m.max, 4000000000LL);
}

/* Merging partial moments gives exactly the moments of the whole, so the
 * sim's result does not depend on how fights were split among threads. */
static void moments_merge(void **state)
{
    (void)state;
    fray_moments a, b, c, all;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    memset(&c, 0, sizeof c);
    memset(&all, 0, sizeof all);
    for (int i = 0; i < 1000; i++) {
        int64_t x = (int64_t)((i * 7919) % 201) - 100;
        fray_moments_add(i < 300 ? &a : i < 700 ? &b : &c, x);
        fray_moments_add(&all, x);
    }
    fray_moments_merge(&a, &b);
    fray_moments_merge(&a, &c);
    assert_memory_equal(&a, &all, sizeof a);
    fray_moments empty;
    memset(&empty, 0, sizeof empty);
    fray_moments_merge(&a, &empty);
    assert_memory_equal(&a, &all, sizeof a);
    fray_moments_merge(&empty, &all);
    assert_memory_equal(&empty, &all, sizeof a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wilson_known_answers),  cmocka_unit_test(wilson_no_trials),
        cmocka_unit_test(wilson_narrows),        cmocka_unit_test(percentiles_small_sample),
        cmocka_unit_test(percentile_even_count), cmocka_unit_test(hist_overflow),
        cmocka_unit_test(hist_merge),            cmocka_unit_test(moments_small_sample),
        cmocka_unit_test(moments_wide_squares),  cmocka_unit_test(moments_merge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
