/* test.c: the test the chapter rolls everywhere ("make a Dodge test",
 * "compare Successes", "gains a boon") under the two readings of the rule
 * option test_model (contest.h), and the exact distribution of its
 * Successes for `fray odds contest`. */
#include <string.h>

#include "contest.h"

/* d20 roll-under: pass on a roll of at most the target, Successes the
 * margin + 1; a boon keeps the lower of two d20 (fray_die_adv keeps the
 * higher for a positive count, so the sign turns). */
static ct_roll roll_d20(fray_encounter *e, int target, int boon, const char *purpose)
{
    int r = fray_die_adv(&e->dice, 20, -boon, purpose);
    ct_roll out = {r <= target, r <= target ? target - r + 1 : 0};
    return out;
}

/* Dice pool: one die per point of rating, a boon one more, a bane one
 * fewer; each die of pool_success or more is a Success. */
static ct_roll roll_pool(fray_encounter *e, int dice, int thr, const char *purpose)
{
    ct_roll out = {0, 0};
    for (int i = 0; i < dice && i < CT_MAX_SUCC - 1; i++)
        if (fray_die(&e->dice, 6, purpose) >= thr)
            out.successes++;
    out.pass = out.successes > 0;
    return out;
}

ct_roll ct_test_roll(fray_encounter *e, const ct_test *t, const char *purpose)
{
    if (t->autores > 0)
        return (ct_roll){1, 1};
    if (t->autores < 0)
        return (ct_roll){0, 0};
    if (fray_opt(e, CT_OPT_MODEL) == CT_MODEL_POOL)
        return roll_pool(e, t->rating + t->boon, fray_opt(e, CT_OPT_POOL_SUCCESS), purpose);
    return roll_d20(e, fray_opt(e, CT_OPT_D20_BASE) + t->rating, t->boon, purpose);
}

/* CT_P_ONE * (num / 20)^k, each factor rounded. */
static int64_t d20_pow(int num, int k)
{
    int64_t v = CT_P_ONE;
    for (int i = 0; i < k && v > 0 && num < 20; i++)
        v = (v * num + 10) / 20;
    return v;
}

/* Keeping the lowest of k d20 (a boon), P(kept > m) = ((20 - m) / 20)^k;
 * the highest (a bane), P(kept <= m) = (m / 20)^k. Each roll's chance is
 * the difference of two of them, so the chances sum to CT_P_ONE. */
static void dist_d20(int target, int boon, int64_t p[CT_MAX_SUCC])
{
    int k = (boon < 0 ? -boon : boon) + 1;
    for (int r = 1; r <= 20; r++) {
        int64_t pr = boon >= 0 ? d20_pow(21 - r, k) - d20_pow(20 - r, k)
                               : d20_pow(r, k) - d20_pow(r - 1, k);
        int s = r <= target ? target - r + 1 : 0;
        if (s >= CT_MAX_SUCC)
            s = CT_MAX_SUCC - 1;
        p[s] += pr;
    }
}

/* One die after another: each keeps a row's Successes (a face below thr)
 * or adds one (thr or more), in sixths; no Success takes what rounding
 * left, so the row sums to CT_P_ONE. */
static void dist_pool(int dice, int thr, int64_t p[CT_MAX_SUCC])
{
    int hit = thr < 1 ? 6 : thr > 7 ? 0 : 7 - thr;
    int64_t row[CT_MAX_SUCC] = {CT_P_ONE}, rest = 0;
    if (dice > CT_MAX_SUCC - 1)
        dice = CT_MAX_SUCC - 1;
    for (int d = 0; d < dice; d++)
        for (int s = d + 1; s >= 0; s--)
            row[s] = (row[s] * (6 - hit) + (s > 0 ? row[s - 1] * hit : 0) + 3) / 6;
    for (int s = 1; s < CT_MAX_SUCC; s++)
        p[s] += row[s], rest += row[s];
    p[0] += CT_P_ONE - rest;
}

void ct_test_dist(int model, int base, int thr, const ct_test *t, int64_t p[CT_MAX_SUCC])
{
    memset(p, 0, sizeof(int64_t) * CT_MAX_SUCC);
    if (t->autores) {
        p[t->autores > 0 ? 1 : 0] = CT_P_ONE;
        return;
    }
    if (model == CT_MODEL_POOL)
        dist_pool(t->rating + t->boon, thr, p);
    else
        dist_d20(base + t->rating, t->boon, p);
}
