/* dice_test.c: the generator, the dice source and dice expressions
 * (src/core/dice.c). */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dice.h"

/* ---- Generator ------------------------------------------------------------ */

/* The reference outputs of xoshiro256** (Blackman & Vigna's xoshiro256starstar.c)
 * from the state {1, 2, 3, 4}. */
static void rng_known_answer(void **state)
{
    (void)state;
    fray_rng r = { { 1, 2, 3, 4 } };
    assert_true(fray_rng_next(&r) == 11520u);
    assert_true(fray_rng_next(&r) == 0u);
    assert_true(fray_rng_next(&r) == 1509978240u);
    assert_true(fray_rng_next(&r) == 1215971899390074240u);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* DESIGN.md, Determinism: "fight i draws from a stream derived from (seed, i)". */
static void rng_seed_and_streams(void **state)
{
    (void)state;
    fray_rng a, b;

    fray_rng_seed(&a, 42, 7);
    fray_rng_seed(&b, 42, 7);
    for (int i = 0; i < 100; i++)
        assert_true(fray_rng_next(&a) == fray_rng_next(&b));

    /* stream 0 and 1 of one seed differ, and (seed, stream) is not symmetric */
    fray_rng_seed(&a, 42, 0);
    fray_rng_seed(&b, 42, 1);
    assert_true(fray_rng_next(&a) != fray_rng_next(&b));
    fray_rng_seed(&a, 1, 0);
    fray_rng_seed(&b, 0, 1);
    assert_true(fray_rng_next(&a) != fray_rng_next(&b));

    /* the all-zero state would only ever give zeros */
    fray_rng_seed(&a, 0, 0);
    assert_true((a.s[0] | a.s[1] | a.s[2] | a.s[3]) != 0);

    /* many streams of one seed start in different places */
    enum { N = 4096 };
    uint64_t first[N];
    for (int i = 0; i < N; i++) {
        fray_rng_seed(&a, 12345, (uint64_t)i);
        first[i] = fray_rng_next(&a);
    }
    qsort(first, N, sizeof first[0], cmp_u64);
    for (int i = 1; i < N; i++)
        assert_true(first[i] != first[i - 1]);
}

static void rng_below_range(void **state)
{
    (void)state;
    fray_rng r;
    const uint32_t ns[] = { 2, 3, 5, 6, 7, 10, 1000, 1u << 31, (1u << 31) + 1, 3u << 30, UINT32_MAX };

    fray_rng_seed(&r, 1, 2);
    for (int i = 0; i < 100; i++)
        assert_int_equal(fray_rng_below(&r, 1), 0);
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++)
        for (int i = 0; i < 10000; i++)
            assert_true(fray_rng_below(&r, ns[k]) < ns[k]);
}

/* Pearson's statistic for `cells` equally likely cells. */
static double chi_square(const uint64_t *count, int cells, uint64_t draws)
{
    double expect = (double)draws / cells, x = 0.0;
    for (int i = 0; i < cells; i++) {
        double d = (double)count[i] - expect;
        x += d * d / expect;
    }
    return x;
}

/* Critical values of the chi-square distribution at p = 2.5e-7 (so the four
 * tests of a correct generator below fail together with probability under
 * 1e-6): 5 degrees of freedom 38.89, 6: 41.32, 2: 30.40. */
#define CHI2_DF5 38.89
#define CHI2_DF6 41.32
#define CHI2_DF2 30.40

static void rng_below_faces_uniform(void **state)
{
    (void)state;
    fray_rng r;
    uint64_t c6[6] = { 0 }, c7[7] = { 0 };

    fray_rng_seed(&r, 2024, 0);
    for (int i = 0; i < 6000000; i++)
        c6[fray_rng_below(&r, 6)]++;
    for (int i = 0; i < 7000000; i++)
        c7[fray_rng_below(&r, 7)]++;
    assert_true(chi_square(c6, 6, 6000000) < CHI2_DF5);
    assert_true(chi_square(c7, 7, 7000000) < CHI2_DF6);
}

/* What an unbiased draw must not do, kept here to show the test catches it. */
static uint32_t naive_modulo(fray_rng *r, uint32_t n)
{
    return (uint32_t)(fray_rng_next(r) >> 32) % n;
}

static uint32_t multiply_no_reject(fray_rng *r, uint32_t n)
{
    return (uint32_t)(((fray_rng_next(r) >> 32) * n) >> 32);
}

/* n = 3*2^30: 2^32 mod n = 2^30, so a modulo draw gives the first third of
 * the range twice the weight (bucket by v >> 30), and a multiply without
 * rejection maps 4 inputs to 3 outputs and favours v % 3 == 0. */
static void big_range_stats(uint32_t (*draw)(fray_rng *, uint32_t), double *by_third, double *by_residue)
{
    enum { N = 1000000 };
    const uint32_t n = 3u << 30;
    uint64_t third[3] = { 0 }, residue[3] = { 0 };
    fray_rng r;

    fray_rng_seed(&r, 99, 3);
    for (int i = 0; i < N; i++) {
        uint32_t v = draw(&r, n);
        third[v >> 30]++;
        residue[v % 3]++;
    }
    *by_third = chi_square(third, 3, N);
    *by_residue = chi_square(residue, 3, N);
}

static void rng_below_no_modulo_bias(void **state)
{
    (void)state;
    double third, residue;

    big_range_stats(fray_rng_below, &third, &residue);
    assert_true(third < CHI2_DF2);
    assert_true(residue < CHI2_DF2);

    /* The same statistics reject the biased draws by a wide margin. */
    big_range_stats(naive_modulo, &third, &residue);
    assert_true(third > 100 * CHI2_DF2);
    big_range_stats(multiply_no_reject, &third, &residue);
    assert_true(residue > 100 * CHI2_DF2);
}

/* ---- Dice source ---------------------------------------------------------- */

static void dice_init_state(void **state)
{
    (void)state;
    fray_dice d;
    memset(&d, 0x5a, sizeof d);
    fray_dice_init(&d, 7, 1);
    assert_null(d.script);
    assert_null(d.enter);
    assert_true(d.drawn == 0);
    assert_int_equal(d.error, 0);
    assert_string_equal(d.errmsg, "");
    assert_int_equal(d.nlog, 0);
    assert_int_equal(d.keep_log, 1);

    fray_dice e;
    fray_dice_init(&e, 7, 1);
    for (int i = 0; i < 50; i++)
        assert_int_equal(fray_die(&d, 20, "x"), fray_die(&e, 20, "x"));
}

static void dice_generator_faces(void **state)
{
    (void)state;
    fray_dice d;
    int seen[21] = { 0 };

    fray_dice_init(&d, 5, 0);
    d.keep_log = 0;
    for (int i = 0; i < 10000; i++) {
        int v = fray_die(&d, 20, "face");
        assert_in_range(v, 1, 20);
        seen[v]++;
        assert_int_equal(fray_die(&d, 1, "d1"), 1);
    }
    for (int v = 1; v <= 20; v++)
        assert_true(seen[v] > 0);
    assert_true(d.drawn == 20000);
    assert_int_equal(d.nlog, 0);
}

static void dice_script_and_log(void **state)
{
    (void)state;
    static const int vals[] = { 4, 17, 2 };
    fray_dice d;

    fray_dice_init(&d, 0, 0);
    fray_dice_script(&d, vals, 3);
    assert_int_equal(fray_die(&d, 6, "Damage"), 4);
    assert_int_equal(fray_die(&d, 20, "Hit roll"), 17);
    assert_int_equal(fray_die(&d, 4, "Damage"), 2);
    assert_int_equal(d.error, 0);
    assert_true(d.drawn == 3);
    assert_int_equal(d.nlog, 3);
    assert_string_equal(d.log[1].purpose, "Hit roll");
    assert_int_equal(d.log[1].sides, 20);
    assert_int_equal(d.log[1].value, 17);

    /* FRAY_ROLL_LOG: "more are counted, not kept" */
    fray_dice_init(&d, 1, 0);
    for (int i = 0; i < FRAY_ROLL_LOG + 6; i++)
        fray_die(&d, 6, "many");
    assert_int_equal(d.nlog, FRAY_ROLL_LOG);
    assert_true(d.drawn == FRAY_ROLL_LOG + 6);
}

/* dice.h: "a short script is an error, never a hang". */
static void dice_script_runs_out(void **state)
{
    (void)state;
    static const int vals[] = { 12, 3 };
    fray_dice d;

    fray_dice_init(&d, 0, 0);
    fray_dice_script(&d, vals, 2);
    assert_int_equal(fray_die(&d, 20, "Hit roll"), 12);
    assert_int_equal(fray_die(&d, 20, "Hit roll"), 3);
    assert_int_equal(fray_die(&d, 20, "Hit roll"), 1);
    assert_int_equal(d.error, 1);
    assert_string_equal(d.errmsg, "the scripted dice ran out at roll 3 (Hit roll, 1d20)");
    assert_true(d.drawn == 2);
    /* sticky: the first failure is the one reported */
    assert_int_equal(fray_die(&d, 6, "Damage"), 1);
    assert_int_equal(fray_die_explode(&d, 10, 0, "Evasion roll"), 1);
    assert_string_equal(d.errmsg, "the scripted dice ran out at roll 3 (Hit roll, 1d20)");
    assert_true(d.drawn == 2);
}

static void dice_script_value_off_die(void **state)
{
    (void)state;
    static const int vals[] = { 7 };
    fray_dice d;

    fray_dice_init(&d, 0, 0);
    fray_dice_script(&d, vals, 1);
    assert_int_equal(fray_die(&d, 6, "Damage"), 1);
    assert_string_equal(d.errmsg, "scripted value 7 at roll 1 is not on a d6 (Damage)");

    fray_dice_init(&d, 0, 0);
    assert_int_equal(fray_die(&d, 0, "Nothing"), 1);
    assert_int_equal(d.error, 1);
}

/* Energy, Defenses: "You may continue as long as the highest number on the
 * die is rolled." A script of nothing but maximums must run out. */
static void dice_explode_script_of_maximums(void **state)
{
    (void)state;
    static const int tens[] = { 10, 10, 10 };
    fray_dice d;

    fray_dice_init(&d, 0, 0);
    fray_dice_script(&d, tens, 3);
    assert_int_equal(fray_die_explode(&d, 10, 0, "Evasion roll"), 1);
    assert_int_equal(d.error, 1);
    assert_string_equal(d.errmsg, "the scripted dice ran out at roll 4 (Evasion roll, 1d10)");

    /* the same with advantage: every roll takes two dice */
    fray_dice_init(&d, 0, 0);
    fray_dice_script(&d, tens, 3);
    assert_int_equal(fray_die_explode(&d, 10, 1, "Evasion roll"), 1);
    assert_int_equal(d.error, 1);
}

/* Energy, Defenses: "if you roll the highest number on the die, reroll it and
 * add the result to what was already rolled ... Advantage and Disadvantage
 * applies every time you would normally roll the die once." */
static void dice_explode_with_advantage(void **state)
{
    (void)state;
    fray_dice d;

    /* disadvantage: min(10,10) = 10 explodes, min(10,4) = 4 stops: 14 */
    static const int dis[] = { 10, 10, 10, 4 };
    fray_dice_init(&d, 0, 0);
    fray_dice_script(&d, dis, 4);
    assert_int_equal(fray_die_explode(&d, 10, -1, "Evasion roll"), 14);
    assert_true(d.drawn == 4);

    /* disadvantage: a 10 beside a 9 keeps the 9, which does not explode */
    static const int dis2[] = { 10, 9 };
    fray_dice_init(&d, 0, 0);
    fray_dice_script(&d, dis2, 2);
    assert_int_equal(fray_die_explode(&d, 10, -1, "Evasion roll"), 9);

    /* advantage: max(3,10) = 10 explodes, max(1,7) = 7: 17 */
    static const int adv[] = { 3, 10, 1, 7 };
    fray_dice_init(&d, 0, 0);
    fray_dice_script(&d, adv, 4);
    assert_int_equal(fray_die_explode(&d, 10, 1, "Evasion roll"), 17);
    assert_int_equal(d.nlog, 4);

    /* no advantage: 10, 10, 3 */
    static const int plain[] = { 10, 10, 3 };
    fray_dice_init(&d, 0, 0);
    fray_dice_script(&d, plain, 3);
    assert_int_equal(fray_die_explode(&d, 10, 0, "Evasion roll"), 23);
}

static void dice_explode_generator(void **state)
{
    (void)state;
    fray_dice d;
    int above = 0;

    fray_dice_init(&d, 77, 0);
    d.keep_log = 0;
    for (int i = 0; i < 20000; i++) {
        int v = fray_die_explode(&d, 10, 0, "Evasion roll");
        assert_true(v >= 1);
        assert_true(v % 10 != 0); /* a maximum always rolls on */
        above += v > 10;
    }
    assert_int_equal(d.error, 0);
    assert_in_range(above, 1500, 2500); /* about 1 in 10 */

    /* a d1 always shows its maximum: it is rolled once, not forever */
    fray_dice_init(&d, 1, 0);
    assert_int_equal(fray_die_explode(&d, 1, 0, "d1"), 1);
    assert_true(d.drawn == 1);
}

static void dice_adv(void **state)
{
    (void)state;
    static const int two[] = { 3, 17 }, three[] = { 5, 19, 2 };
    fray_dice d;

    fray_dice_init(&d, 0, 0);
    fray_dice_script(&d, two, 2);
    assert_int_equal(fray_die_adv(&d, 20, 1, "Hit roll"), 17);
    fray_dice_script(&d, two, 2);
    assert_int_equal(fray_die_adv(&d, 20, -1, "Hit roll"), 3);
    fray_dice_script(&d, three, 3);
    assert_int_equal(fray_die_adv(&d, 20, 2, "Hit roll"), 19);
    fray_dice_script(&d, three, 3);
    assert_int_equal(fray_die_adv(&d, 20, -2, "Hit roll"), 2);
    fray_dice_script(&d, three, 3);
    assert_int_equal(fray_die_adv(&d, 20, 0, "Hit roll"), 5);
    assert_int_equal(d.error, 0);
    assert_true(d.drawn == 2 + 2 + 3 + 3 + 1);
}

typedef struct entered {
    const char *purpose; /* entered for this purpose only */
    int value;
    int asked;
} entered;

static int enter_cb(void *ud, const char *purpose, int sides, int *value)
{
    entered *e = ud;
    (void)sides;
    e->asked++;
    if (strcmp(purpose, e->purpose) != 0)
        return 0;
    *value = e->value;
    return 1;
}

/* DESIGN.md, Data flow: "values a person enters for any roll, mixed freely
 * with rolled ones". */
static void dice_entered(void **state)
{
    (void)state;
    static const int vals[] = { 2, 3 };
    entered e = { "Damage", 5, 0 };
    fray_dice d;

    fray_dice_init(&d, 0, 0);
    fray_dice_script(&d, vals, 2);
    d.enter = enter_cb;
    d.enter_ud = &e;
    assert_int_equal(fray_die(&d, 20, "Hit roll"), 2);
    assert_int_equal(fray_die(&d, 6, "Damage"), 5);
    assert_int_equal(fray_die(&d, 20, "Hit roll"), 3);
    assert_int_equal(e.asked, 3);
    assert_true(d.drawn == 3);
    assert_int_equal(d.log[1].value, 5);

    e.value = 7;
    assert_int_equal(fray_die(&d, 6, "Damage"), 1);
    assert_int_equal(d.error, 1);
    assert_string_equal(d.errmsg, "entered value 7 is not on a d6 (Damage)");
}

/* What an entry callback sees of each die: the roller and whether the
 * die is an exploding one's roll again. */
typedef struct seen {
    fray_dice *d;
    int n, roller[8], exploded[8];
    const int *vals; /* entered, in turn */
} seen;

static int seen_cb(void *ud, const char *purpose, int sides, int *value)
{
    seen *s = ud;
    (void)purpose;
    (void)sides;
    s->roller[s->n] = s->d->roller;
    s->exploded[s->n] = s->d->exploded;
    *value = s->vals[s->n++];
    return 1;
}

/* fray_die_by: the die is asked of `who`, and the roller before is back
 * once it is drawn (the acting creature rolls what follows). */
static void dice_by_roller(void **state)
{
    (void)state;
    static const int vals[] = { 4, 5, 6 };
    fray_dice d;
    fray_dice_init(&d, 0, 0);
    seen s = { .d = &d, .vals = vals };
    d.enter = seen_cb;
    d.enter_ud = &s;
    d.roller = 0;
    assert_int_equal(fray_die(&d, 20, "Combat roll, 1d20"), 4);
    assert_int_equal(fray_die_by(&d, 1, 20, "Evasion roll"), 5);
    assert_int_equal(d.roller, 0);
    int was = fray_dice_by(&d, 1);
    assert_int_equal(was, 0);
    assert_int_equal(fray_die(&d, 20, "Dodge test"), 6);
    d.roller = was;
    assert_int_equal(s.n, 3);
    assert_int_equal(s.roller[0], 0);
    assert_int_equal(s.roller[1], 1);
    assert_int_equal(s.roller[2], 1);
}

/* An exploding die asks again after its maximum, saying so; the flag is
 * down for the chain's first roll and for the next die. */
static void dice_explode_says_exploded(void **state)
{
    (void)state;
    static const int vals[] = { 10, 10, 3, 7, 2 };
    fray_dice d;
    fray_dice_init(&d, 0, 0);
    seen s = { .d = &d, .vals = vals };
    d.enter = seen_cb;
    d.enter_ud = &s;
    assert_int_equal(fray_die_explode(&d, 10, 0, "Evasion roll, 1d10 exploding"), 23);
    assert_int_equal(fray_die_explode(&d, 10, 0, "Evasion roll, 1d10 exploding"), 7);
    assert_int_equal(fray_die(&d, 6, "Damage"), 2);
    assert_int_equal(s.n, 5);
    static const int want[] = { 0, 1, 1, 0, 0 };
    for (int i = 0; i < 5; i++)
        assert_int_equal(s.exploded[i], want[i]);
    assert_int_equal(d.exploded, 0);
}

/* ---- Expressions ----------------------------------------------------------- */

static void expr_accepted(void **state)
{
    (void)state;
    static const struct { const char *in, *canon; } ok[] = {
        { "2d6+3", "2d6+3" },
        { "3d6-1", "3d6-1" },
        { "d20", "1d20" },
        { "1d10*", "1d10!" },
        { "1d10!", "1d10!" },
        { "2d20kh1", "2d20kh1" },
        { "2d20kl1", "2d20kl1" },
        { "6d6>5", "6d6>5" },
        { "6d6>=5", "6d6>5" },
        { "1d8+1d6+2", "1d8+1d6+2" },
        { " 2 D 20 KH 1 ", "2d20kh1" },
        { "1D10* + 4", "1d10!+4" },
        { "-1d6+10", "-1d6+10" },
        { "7", "7" },
        { "100d1000", "100d1000" },
        { "4d6!kh3", "4d6!kh3" },
        { "5d10!>8", "5d10!>8" },
        { "1+1+1+1+1+1+1+1", "1+1+1+1+1+1+1+1" },
        { "100000-100000", "100000-100000" },
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        fray_dexpr e;
        char err[160], buf[128];
        if (fray_dexpr_parse(ok[i].in, &e, err, sizeof err) != 0)
            fail_msg("'%s' rejected: %s", ok[i].in, err);
        assert_int_equal(fray_dexpr_format(&e, buf, sizeof buf), (int)strlen(ok[i].canon));
        assert_string_equal(buf, ok[i].canon);
    }

    fray_dexpr e;
    assert_int_equal(fray_dexpr_parse("2d20kl1+6d6>5-3", &e, NULL, 0), 0);
    assert_int_equal(e.n, 3);
    assert_int_equal(e.t[0].count, 2);
    assert_int_equal(e.t[0].sides, 20);
    assert_int_equal(e.t[0].keep, -1);
    assert_int_equal(e.t[1].count_ge, 5);
    assert_int_equal(e.t[2].count, 0);
    assert_int_equal(e.t[2].sign, -1);
    assert_int_equal(e.t[2].value, 3);
}

static void expr_rejected(void **state)
{
    (void)state;
    static const struct { const char *in, *msg; } bad[] = {
        { "", "empty dice expression" },
        { "   ", "empty dice expression" },
        { "2d", "expected a number of sides after 'd' at column 3 (end of input)" },
        { "2dx", "expected a number of sides after 'd' at column 3, found 'x'" },
        { "0d6", "the number of dice at column 1 must be 1 to 100" },
        { "101d6", "the number of dice at column 1 must be 1 to 100" },
        { "1d0", "a die at column 3 needs 1 to 1000 sides" },
        { "6d6>7", "a d6 never shows 7 or more (column 1): use a target of 1 to 6, or an exploding die" },
        { "1d1001", "a number of sides at column 3 is too large (at most 1000)" },
        { "100001", "a number at column 1 is too large (at most 100000)" },
        { "2d20kh3", "keeping 3 of 2 dice at column 5 (keep 1 to 2)" },
        { "2d20kh0", "keeping 0 of 2 dice at column 5 (keep 1 to 2)" },
        { "2d20k1", "expected 'kh' or 'kl' at column 5" },
        { "2d20kh", "expected the number of dice to keep after 'kh' at column 7 (end of input)" },
        { "1d6+", "expected a number or a die at column 5 (end of input)" },
        { "1d6 2", "unexpected '2' at column 5" },
        { "1d6!!", "the die already explodes: second '!' at column 5" },
        { "2d6kh1kl1", "a second keep at column 7 (one 'kh' or 'kl' per term)" },
        { "6d6kh2>3", "cannot count successes of kept dice ('k') at column 7" },
        { "6d6>0", "the success target at column 4 must be at least 1" },
        { "1+1+1+1+1+1+1+1+1", "more than 8 terms at column 17" },
        { "2d6*3", "unexpected '3' at column 5" },
        { "x", "expected a number or a die at column 1, found 'x'" },
        { "1d6\x01", "unexpected 0x01 at column 4" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fray_dexpr e;
        char err[160];
        if (fray_dexpr_parse(bad[i].in, &e, err, sizeof err) != -1)
            fail_msg("'%s' accepted", bad[i].in);
        assert_string_equal(err, bad[i].msg);
        assert_int_equal(e.n, 0);
    }
}

static int bound(const char *s, int want_max)
{
    fray_dexpr e;
    assert_int_equal(fray_dexpr_parse(s, &e, NULL, 0), 0);
    return want_max ? fray_dexpr_max_finite(&e) : fray_dexpr_min(&e);
}

static void expr_min_max(void **state)
{
    (void)state;
    assert_int_equal(bound("2d6+3", 0), 5);
    assert_int_equal(bound("2d6+3", 1), 15);
    assert_int_equal(bound("4d6kh3", 0), 3);
    assert_int_equal(bound("4d6kh3", 1), 18);
    assert_int_equal(bound("6d6>5", 0), 0);
    assert_int_equal(bound("6d6>5", 1), 6);
    assert_int_equal(bound("6d6!>7", 1), 6);
    assert_int_equal(bound("10-1d6", 0), 4);
    assert_int_equal(bound("10-1d6", 1), 9);
    assert_int_equal(bound("1d10!", 0), 1);
    assert_int_equal(bound("1d10!", 1), INT_MAX);
    assert_int_equal(bound("-1d10!", 0), INT_MIN);
    assert_int_equal(bound("-1d10!", 1), -1);
    assert_int_equal(bound("1d1!", 1), 1);
}

static int roll(const char *s, const int *vals, size_t n, int adv, fray_dice *d)
{
    fray_dexpr e;
    assert_int_equal(fray_dexpr_parse(s, &e, NULL, 0), 0);
    fray_dice_init(d, 0, 0);
    fray_dice_script(d, vals, n);
    return fray_dexpr_roll(&e, d, adv, "Test roll");
}

static void expr_roll(void **state)
{
    (void)state;
    fray_dice d;
    static const int a[] = { 2, 5 }, b[] = { 4, 15 }, c[] = { 1, 5, 6, 2, 3, 5 },
                     x[] = { 10, 10, 3 }, y[] = { 10, 10, 10, 2 }, z[] = { 6, 1, 6, 2, 3 };

    assert_int_equal(roll("2d6+3", a, 2, 0, &d), 10);
    assert_string_equal(d.log[0].purpose, "Test roll");
    assert_int_equal(roll("2d20kh1", b, 2, 0, &d), 15);
    assert_int_equal(roll("2d20kl1", b, 2, 0, &d), 4);
    assert_int_equal(roll("6d6>5", c, 6, 0, &d), 3);
    assert_int_equal(roll("1d10!", x, 3, 0, &d), 23);
    assert_int_equal(roll("10-1d10!", x, 3, 0, &d), -13);
    /* adv applies to every die of the expression */
    assert_int_equal(roll("1d6", a, 2, 1, &d), 5);
    assert_int_equal(roll("1d10!", y, 4, -1, &d), 12);
    assert_int_equal(roll("3d6!kh1", z, 5, 0, &d), 8);
    assert_int_equal(d.error, 0);

    /* a short script: the roll returns 1 and the error says why */
    assert_int_equal(roll("3d6", a, 2, 0, &d), 1);
    assert_string_equal(d.errmsg, "the scripted dice ran out at roll 3 (Test roll, 1d6)");
}

static void expr_format_small_buffer(void **state)
{
    (void)state;
    fray_dexpr e;
    char buf[5];
    assert_int_equal(fray_dexpr_parse("2d20kh1+3", &e, NULL, 0), 0);
    assert_int_equal(fray_dexpr_format(&e, buf, sizeof buf), 9);
    assert_string_equal(buf, "2d20");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rng_known_answer),
        cmocka_unit_test(rng_seed_and_streams),
        cmocka_unit_test(rng_below_range),
        cmocka_unit_test(rng_below_faces_uniform),
        cmocka_unit_test(rng_below_no_modulo_bias),
        cmocka_unit_test(dice_init_state),
        cmocka_unit_test(dice_generator_faces),
        cmocka_unit_test(dice_script_and_log),
        cmocka_unit_test(dice_script_runs_out),
        cmocka_unit_test(dice_script_value_off_die),
        cmocka_unit_test(dice_explode_script_of_maximums),
        cmocka_unit_test(dice_explode_with_advantage),
        cmocka_unit_test(dice_explode_generator),
        cmocka_unit_test(dice_adv),
        cmocka_unit_test(dice_entered),
        cmocka_unit_test(dice_by_roller),
        cmocka_unit_test(dice_explode_says_exploded),
        cmocka_unit_test(expr_accepted),
        cmocka_unit_test(expr_rejected),
        cmocka_unit_test(expr_min_max),
        cmocka_unit_test(expr_roll),
        cmocka_unit_test(expr_format_small_buffer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
