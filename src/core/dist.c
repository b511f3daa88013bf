/* dist.c: exact distributions of dice and dice expressions (dice.h).
 *
 * Probabilities are doubles: they are reported, never used to decide an
 * outcome. Every array is a plain probability mass function; nothing here is
 * sampled.
 *
 * Truncation of exploding dice. An exploding die is expanded level by level
 * (level j holds the values reached after j explosions) for as long as the
 * probability of reaching the level is at least 1e-16. The levels left out
 * are not folded back in, nor is the rest rescaled: p[] holds the true
 * probability of every value it covers, so sum(p) + tail == 1 and `tail` is
 * the probability of the outcomes left out. For a sum it is the chance that
 * any part was cut (1 - product of (1 - tail)), plus what the partial sums
 * of several exploding dice shed at their top (again below 1e-16 per step),
 * so 100d10! states about 1e-14. The cut outcomes lie above the support of
 * an added exploding term and below that of a subtracted one. Means and
 * deviations are taken over the kept support, normalised by its mass (the
 * difference is below 1e-13 even then).
 *
 * Cost. One call may spend WORK_MAX multiply-adds: every step charges its
 * cost to that budget before it starts, and the call returns -1 once the
 * budget cannot pay, rather than running for minutes, so a caller may hand
 * it anything the expression grammar accepts.
 */
#include "dice.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EXPLODE_CUT 1e-16       /* stop expanding below this reach (dice.h) */
#define DIE_SUPPORT_MAX (1 << 16)  /* values of one exploding die; see dist_die_explode */
#define DIST_SUPPORT_MAX (1 << 24) /* values of any distribution */
#define WORK_MAX 3e7            /* multiply-adds one call may spend: 10 ms here, a second or two instrumented */
#define SIDES_MAX 1000000
#define ADV_MAX 100             /* as in dice.c */
#define COUNT_MAX 100           /* dice in one expression term, as in dice.c */

static void dist_clear(fray_dist *d)
{
    d->lo = 0;
    d->n = 0;
    d->p = NULL;
    d->tail = 0.0;
}

static int dist_alloc(fray_dist *d, long long lo, long long n)
{
    dist_clear(d);
    if (n < 1 || n > DIST_SUPPORT_MAX || lo < INT_MIN || lo + n - 1 > INT_MAX)
        return -1;
    d->p = calloc((size_t)n, sizeof *d->p);
    if (!d->p)
        return -1;
    d->lo = (int)lo;
    d->n = (int)n;
    return 0;
}

void fray_dist_free(fray_dist *d)
{
    if (!d)
        return;
    free(d->p);
    dist_clear(d);
}

/* Drops exact zeros at both ends (a success count that can never succeed, a
 * d1 in a keep), keeping at least one value. */
static void dist_trim(fray_dist *d)
{
    int a = 0, b = d->n - 1;
    while (a < b && d->p[a] == 0.0)
        a++;
    while (b > a && d->p[b] == 0.0)
        b--;
    if (a > 0)
        memmove(d->p, d->p + a, (size_t)(b - a + 1) * sizeof *d->p);
    d->lo += a;
    d->n = b - a + 1;
}

/* 1 - (1-a)(1-b) without losing a and b when they are near 1e-17. */
static double tail_both(double a, double b)
{
    return a + b - a * b;
}

/* 1 - (1-t)^n, the chance that one of n independent dice left the support. */
static double tail_pow(double t, int n)
{
    return t <= 0.0 ? 0.0 : -expm1((double)n * log1p(-t));
}

int fray_dist_const(fray_dist *out, int value)
{
    if (dist_alloc(out, value, 1) < 0)
        return -1;
    out->p[0] = 1.0;
    return 0;
}

/* ---- One die ------------------------------------------------------------- */

/* One roll of a die with `sides` faces, keeping the highest (adv > 0) or
 * lowest (adv < 0) of |adv|+1: P(face v) = num[v-1] / *den. When s^k fits a
 * double the numerators are the integer counts of outcomes (exact for small
 * dice, so 2d20kh1 gives 39/400 to the last bit); otherwise they are
 * probabilities and *den is 1. */
static void single_roll(int sides, int adv, double *num, double *den)
{
    double k = (double)(adv < 0 ? -adv : adv) + 1.0;
    double s = (double)sides;
    double all = pow(s, k);

    if (isfinite(all)) {
        *den = all;
        for (int v = 1; v <= sides; v++) {
            /* max of k dice = v: all <= v but not all <= v-1; the minimum
             * mirrors it with the faces counted from the top. */
            double up = adv >= 0 ? (double)v : (double)(sides - v + 1);
            num[v - 1] = pow(up, k) - pow(up - 1.0, k);
        }
    } else {
        *den = 1.0;
        for (int v = 1; v <= sides; v++) {
            double up = adv >= 0 ? (double)v : (double)(sides - v + 1);
            num[v - 1] = pow(up / s, k) - pow((up - 1.0) / s, k);
        }
    }
}

/* Probability of a chain of j maximum rolls followed by a roll with
 * numerator `numv`: nmax^j * numv / den^(j+1), computed as one quotient of
 * exactly representable powers while they fit, so 1d10! gives P(21) as the
 * double nearest 1/1000 rather than 0.1*0.1*0.1. */
static double chain_prob(int j, double numv, double nmax, double den)
{
    double top = pow(nmax, (double)j) * numv;
    double bot = pow(den, (double)j + 1.0);
    if (isfinite(top) && isfinite(bot) && top < 0x1p53 && bot < 0x1p1000)
        return top / bot;
    return pow(nmax / den, (double)j) * (numv / den);
}

/* The exploding die: total = sides*j + v after j maximum rolls and a final
 * non-maximum v, so multiples of `sides` are never totals. With advantage
 * every roll of the chain is the kept one of |adv|+1 dice, and it explodes
 * when the kept die shows the maximum. Levels are added while the chance of
 * reaching them is at least EXPLODE_CUT; a chain that almost surely explodes
 * (a d2 at +20 advantage) stops at DIE_SUPPORT_MAX values instead, and then
 * `tail` says how much was cut. */
static int dist_die_explode(fray_dist *out, int sides, const double *num, double den)
{
    double nmax = num[sides - 1];
    long long levels = 1; /* level 0 is always there */

    while (chain_prob((int)levels - 1, nmax, nmax, den) >= EXPLODE_CUT &&
           (levels + 1) * sides - 1 <= DIE_SUPPORT_MAX)
        levels++;
    if (dist_alloc(out, 1, levels * sides - 1) < 0)
        return -1;
    for (int j = 0; j < levels; j++)
        for (int v = 1; v < sides; v++)
            out->p[(long long)j * sides + v - 1] = chain_prob(j, num[v - 1], nmax, den);
    out->tail = chain_prob((int)levels - 1, nmax, nmax, den);
    return 0;
}

/* ---- Counts --------------------------------------------------------------
 * Inside fray_dist_expr a distribution is kept as counts over a common
 * divisor: P(lo+i) = p[i] / scale. For plain dice the counts are integers
 * (36 ways for 2d6, 400 for 2d20kh1), exact while they stay below 2^53, so
 * the reported probabilities are the doubles nearest the true fractions
 * instead of products of rounded sixths. Exploding dice arrive as
 * probabilities (scale 1). `tail` is always a plain probability. */
typedef struct counted {
    fray_dist d;
    double scale;
} counted;

#define SCALE_MAX 0x1p500 /* two of these still multiply within a double */

static void normalise(counted *c)
{
    if (c->scale != 1.0) {
        for (int i = 0; i < c->d.n; i++)
            c->d.p[i] /= c->scale;
        c->scale = 1.0;
    }
}

static void keep_in_range(counted *c)
{
    if (c->scale > SCALE_MAX)
        normalise(c);
}

/* scale^n by repeated products, exact while the result is an integer below
 * 2^53; the caller has made sure it stays finite. */
static double scale_pow(double scale, int n)
{
    double r = 1.0;
    for (int i = 0; i < n; i++)
        r *= scale;
    return r;
}

static int die_counted(counted *out, int sides, int explode, int adv)
{
    double den;
    double *num;
    int rc = -1;

    dist_clear(&out->d);
    out->scale = 1.0;
    if (sides < 1 || sides > SIDES_MAX || adv < -ADV_MAX || adv > ADV_MAX)
        return -1;
    num = malloc((size_t)sides * sizeof *num);
    if (!num)
        return -1;
    single_roll(sides, adv, num, &den);
    /* A d1 always shows its maximum; exploding it would never end, so it is
     * a plain die here as in fray_die_explode. */
    if (explode && sides > 1) {
        rc = dist_die_explode(&out->d, sides, num, den);
    } else if (dist_alloc(&out->d, 1, sides) == 0) {
        memcpy(out->d.p, num, (size_t)sides * sizeof *num);
        out->scale = den;
        keep_in_range(out);
        rc = 0;
    }
    free(num);
    return rc;
}

int fray_dist_die(fray_dist *out, int sides, int explode, int adv)
{
    counted c;
    if (die_counted(&c, sides, explode, adv) < 0) {
        dist_clear(out);
        return -1;
    }
    normalise(&c);
    *out = c.d;
    return 0;
}

/* ---- Sums ------------------------------------------------------------------ */

static int spend(double *budget, double work)
{
    if (work > *budget)
        return -1;
    *budget -= work;
    return 0;
}

static int dist_conv(fray_dist *out, const fray_dist *a, const fray_dist *b, double *budget)
{
    dist_clear(out);
    if (a->n < 1 || b->n < 1 || spend(budget, (double)a->n * (double)b->n) < 0)
        return -1;
    if (dist_alloc(out, (long long)a->lo + b->lo, (long long)a->n + b->n - 1) < 0)
        return -1;
    for (int i = 0; i < a->n; i++) {
        double x = a->p[i];
        if (x == 0.0)
            continue;
        double *o = out->p + i;
        for (int j = 0; j < b->n; j++)
            o[j] += x * b->p[j];
    }
    out->tail = tail_both(a->tail, b->tail);
    return 0;
}

int fray_dist_add(fray_dist *out, const fray_dist *a, const fray_dist *b)
{
    double budget = WORK_MAX;
    if (dist_conv(out, a, b, &budget) < 0)
        return -1;
    dist_trim(out);
    return 0;
}

/* *acc = *acc + *x, replacing acc. */
static int add_into(counted *acc, const counted *x, double *budget)
{
    fray_dist sum;
    if (dist_conv(&sum, &acc->d, &x->d, budget) < 0)
        return -1;
    fray_dist_free(&acc->d);
    acc->d = sum;
    acc->scale *= x->scale;
    keep_in_range(acc);
    return 0;
}

/* *acc = *acc + one plain die 1..sides (sign > 0) or -sides..-1 (sign < 0),
 * in O(n) with a sliding window instead of O(n * sides): this is what makes
 * 100d1000 cheap. Each output is a window sum of `sides` inputs. A running
 * window that grows loses nothing, but one that shrinks toward a tiny count
 * would leave rounding noise of the size of the mode, so the window runs
 * from each end toward the mode and only ever grows. */
static int add_box(counted *acc, int sides, int sign, double *budget)
{
    fray_dist b;
    const double *a = acc->d.p;
    int na = acc->d.n;
    long long lo = sign > 0 ? (long long)acc->d.lo + 1 : (long long)acc->d.lo - sides;

    if ((double)na + sides > DIST_SUPPORT_MAX || spend(budget, (double)na + sides) < 0 ||
        dist_alloc(&b, lo, (long long)na + sides - 1) < 0)
        return -1;
    int mode = 0;
    for (int i = 1; i < na; i++)
        if (a[i] > a[mode])
            mode = i;
    long long split = (long long)mode + (sides - 1) / 2;
    double w = 0.0;
    for (long long y = 0; y <= split && y < b.n; y++) {
        if (y < na)
            w += a[y];
        if (y - sides >= 0 && y - sides < na)
            w -= a[y - sides];
        b.p[y] = w > 0.0 ? w : 0.0;
    }
    w = 0.0;
    for (long long y = (long long)b.n - 1; y > split; y--) {
        if (y - sides + 1 >= 0 && y - sides + 1 < na)
            w += a[y - sides + 1];
        if (y + 1 < na)
            w -= a[y + 1];
        b.p[y] = w > 0.0 ? w : 0.0;
    }
    b.tail = acc->d.tail;
    fray_dist_free(&acc->d);
    acc->d = b;
    acc->scale *= sides;
    keep_in_range(acc);
    return 0;
}

static int dist_copy(fray_dist *out, const fray_dist *in)
{
    if (dist_alloc(out, in->lo, in->n) < 0)
        return -1;
    memcpy(out->p, in->p, (size_t)in->n * sizeof *out->p);
    out->tail = in->tail;
    return 0;
}

static int dist_reflect(fray_dist *out, const fray_dist *in)
{
    if (dist_alloc(out, -((long long)in->lo + in->n - 1), in->n) < 0)
        return -1;
    for (int i = 0; i < in->n; i++)
        out->p[i] = in->p[in->n - 1 - i];
    out->tail = in->tail;
    return 0;
}

/* ---- Keep highest ------------------------------------------------------------ */

/* Sum of the k highest of n independent dice, each distributed as *die,
 * 1 <= k < n. Dynamic programme over the faces from the highest down: the
 * state after face v is (i, s), i < k dice showing more than v whose indices
 * sum to s. At face v, c more dice show v with multinomial weight
 * C(n-i, c) r^c; once i + c reaches k the kept sum is fixed, and the other
 * dice need only show v or less, so the whole rest collapses into one weight
 *   W(v, i) = sum over c >= k-i of C(n-i, c) r^c F^(n-i-c),  F = P(die < v).
 * Cost: faces * k^2/2 * k*faces, however large faces^n is. Every product has
 * n factors of die->p, so counts in give counts over die scale^n out. */
static int keep_high(fray_dist *out, const fray_dist *die, int n, int k, double *budget)
{
    int m = die->n;
    long long width = (long long)k * (m - 1) + 1;
    double work = (double)m * ((double)k * (k + 1) / 2.0) * (double)width;
    double *st = NULL, *cum = NULL, *binom = NULL, *rp = NULL, *fp = NULL;
    int rc = -1;

    dist_clear(out);
    if (n < 2 || n > COUNT_MAX || k < 1 || k >= n || spend(budget, work) < 0 ||
        (double)k * (double)width > DIST_SUPPORT_MAX)
        return -1;
    if (dist_alloc(out, (long long)k * die->lo, width) < 0)
        return -1;
    st = calloc((size_t)(k * width), sizeof *st);
    cum = malloc((size_t)(m + 1) * sizeof *cum);
    binom = malloc((size_t)((n + 1) * (n + 1)) * sizeof *binom);
    rp = malloc((size_t)(n + 1) * sizeof *rp);
    fp = malloc((size_t)(n + 1) * sizeof *fp);
    if (!st || !cum || !binom || !rp || !fp)
        goto done;

    /* Mass below each face, summed from the smallest so tiny masses keep
     * their digits. */
    cum[0] = 0.0;
    for (int j = 0; j < m; j++)
        cum[j + 1] = cum[j] + die->p[j];
    for (int a = 0; a <= n; a++) {
        binom[a * (n + 1)] = 1.0;
        for (int c = 1; c <= n; c++)
            binom[a * (n + 1) + c] = a == 0 ? 0.0
                : binom[(a - 1) * (n + 1) + c - 1] + binom[(a - 1) * (n + 1) + c];
    }

    st[0] = 1.0;
    for (int j = m - 1; j >= 0; j--) {
        double r = die->p[j], f = cum[j];
        if (r == 0.0)
            continue;
        rp[0] = fp[0] = 1.0;
        for (int c = 1; c <= n; c++) {
            rp[c] = rp[c - 1] * r;
            fp[c] = fp[c - 1] * f;
        }
        for (int i = 0; i < k; i++) {
            int left = n - i;
            double w = 0.0;
            for (int c = k - i; c <= left; c++)
                w += binom[left * (n + 1) + c] * rp[c] * fp[left - c];
            if (w == 0.0)
                continue;
            const double *row = st + (long long)i * width;
            double *dst = out->p + (long long)(k - i) * j;
            for (long long s = 0; s <= (long long)i * (m - 1); s++)
                dst[s] += row[s] * w;
        }
        /* Sources in descending i: every target row i+c was already read as
         * a source at this face, so updating in place is safe. */
        for (int i = k - 2; i >= 0; i--) {
            const double *row = st + (long long)i * width;
            for (int c = 1; c <= k - 1 - i; c++) {
                double w = binom[(n - i) * (n + 1) + c] * rp[c];
                double *dst = st + (long long)(i + c) * width + (long long)c * j;
                for (long long s = 0; s <= (long long)i * (m - 1); s++)
                    dst[s] += row[s] * w;
            }
        }
    }
    out->tail = tail_pow(die->tail, n);
    rc = 0;
done:
    if (rc < 0)
        fray_dist_free(out);
    free(st);
    free(cum);
    free(binom);
    free(rp);
    free(fp);
    return rc;
}

/* ---- Terms and expressions ----------------------------------------------------- */

/* "6d6>5": the number of successes is binomial. The truncated mass of an
 * exploding die lies above its support, so it counts as a success, and the
 * count itself is exact (tail 0). Counts in, counts over die scale^n out. */
static int count_successes(fray_dist *out, const counted *die, int n, int target)
{
    double ge = 0.0, lt = 0.0;
    const fray_dist *d = &die->d;

    for (int i = d->n - 1; i >= 0; i--) {
        if ((long long)d->lo + i >= target)
            ge += d->p[i];
        else
            lt += d->p[i];
    }
    ge += d->tail * die->scale;
    if (dist_alloc(out, 0, (long long)n + 1) < 0)
        return -1;
    double c = 1.0; /* C(n, j), built up as j grows */
    for (int j = 0; j <= n; j++) {
        out->p[j] = c * pow(ge, (double)j) * pow(lt, (double)(n - j));
        c = c * (double)(n - j) / (double)(j + 1);
    }
    return 0;
}

static int term_valid(const fray_dterm *t)
{
    if (t->sign != 1 && t->sign != -1)
        return 0;
    if (t->count == 0)
        return 1;
    if (t->count < 1 || t->count > COUNT_MAX || t->sides < 1 || t->sides > SIDES_MAX)
        return 0;
    if (t->keep < -t->count || t->keep > t->count)
        return 0;
    return t->count_ge >= 0 && !(t->count_ge > 0 && t->keep != 0);
}

/* A term of plain dice summed whole: added by add_box, die by die. */
static int term_is_box(const fray_dterm *t, int adv)
{
    int kept = t->keep < 0 ? -t->keep : t->keep;
    return t->count > 0 && adv == 0 && (!t->explode || t->sides == 1) &&
           t->count_ge == 0 && (kept == 0 || kept == t->count);
}

/* Moves the top values whose total is below `cut` into the tail. */
static void cut_top(counted *c, double cut)
{
    double above = 0.0, limit = cut * c->scale;
    while (c->d.n > 1 && above + c->d.p[c->d.n - 1] < limit)
        above += c->d.p[--c->d.n];
    c->d.tail += above / c->scale;
}

/* Distribution of one dice term, before its sign. */
static int term_dist(counted *out, const fray_dterm *t, int adv, double *budget)
{
    counted die;
    fray_dist tmp, high;
    int kept = t->keep < 0 ? -t->keep : t->keep;
    int rc = -1;

    dist_clear(&out->d);
    out->scale = 1.0;
    if (die_counted(&die, t->sides, t->explode, adv) < 0)
        return -1;
    if (t->count_ge > 0 || (kept > 0 && kept < t->count)) {
        /* Both multiply n dice's counts: keep die scale^n finite. */
        if (die.scale > 1.0 && (double)t->count * log2(die.scale) > 900.0)
            normalise(&die);
        out->scale = scale_pow(die.scale, t->count);
    }
    if (t->count_ge > 0) {
        rc = count_successes(&out->d, &die, t->count, t->count_ge);
    } else if (kept > 0 && kept < t->count) {
        if (t->keep > 0) {
            rc = keep_high(&out->d, &die.d, t->count, kept, budget);
        } else if (dist_reflect(&tmp, &die.d) == 0) {
            /* the lowest k of X are the negated highest k of -X */
            if (keep_high(&high, &tmp, t->count, kept, budget) == 0) {
                rc = dist_reflect(&out->d, &high);
                fray_dist_free(&high);
            }
            fray_dist_free(&tmp);
        }
    } else {
        /* The whole sum of dice that are not plain: repeated convolution.
         * For exploding dice the partial sums are cut, like the die, where
         * less than EXPLODE_CUT lies above: without that, 100d100! would
         * carry 90000 values of which all but a few thousand are below
         * 1e-100, and cost a hundred times more. */
        rc = dist_copy(&out->d, &die.d);
        out->scale = die.scale;
        for (int i = 1; i < t->count && rc == 0; i++) {
            rc = add_into(out, &die, budget);
            if (rc == 0 && die.d.tail > 0.0)
                cut_top(out, EXPLODE_CUT);
        }
    }
    fray_dist_free(&die.d);
    if (rc < 0)
        fray_dist_free(&out->d);
    else
        keep_in_range(out);
    return rc;
}

int fray_dist_expr(fray_dist *out, const fray_dexpr *e, int adv)
{
    counted acc = { { 0, 0, NULL, 0.0 }, 1.0 };
    double budget = WORK_MAX;

    dist_clear(out);
    if (!e || e->n < 1 || e->n > FRAY_EXPR_TERMS || adv < -ADV_MAX || adv > ADV_MAX)
        return -1;
    for (int i = 0; i < e->n; i++)
        if (!term_valid(&e->t[i]))
            return -1;
    if (fray_dist_const(&acc.d, 0) < 0)
        return -1;
    for (int i = 0; i < e->n; i++) {
        const fray_dterm *t = &e->t[i];
        int rc = 0;
        if (t->count == 0) {
            long long lo = (long long)acc.d.lo + (long long)t->sign * t->value;
            if (lo < INT_MIN || lo + acc.d.n - 1 > INT_MAX)
                rc = -1;
            else
                acc.d.lo = (int)lo;
        } else if (term_is_box(t, adv)) {
            for (int j = 0; j < t->count && rc == 0; j++)
                rc = add_box(&acc, t->sides, t->sign, &budget);
        } else {
            counted td;
            fray_dist neg;
            rc = term_dist(&td, t, adv, &budget);
            if (rc == 0 && t->sign < 0) {
                rc = dist_reflect(&neg, &td.d);
                fray_dist_free(&td.d);
                td.d = neg;
            }
            if (rc == 0)
                rc = add_into(&acc, &td, &budget);
            fray_dist_free(&td.d);
        }
        if (rc < 0) {
            fray_dist_free(&acc.d);
            return -1;
        }
    }
    normalise(&acc);
    dist_trim(&acc.d);
    *out = acc.d;
    return 0;
}

/* ---- Reading a distribution ---------------------------------------------------- */

/* Neumaier's compensated sum: the moments of a support of 10^5 values would
 * otherwise drift in the last digits (2d6 giving a mean of 6.9999999999999973). */
typedef struct ksum {
    double s, c;
} ksum;

static void ksum_add(ksum *k, double x)
{
    double t = k->s + x;
    if (fabs(k->s) >= fabs(x))
        k->c += (k->s - t) + x;
    else
        k->c += (x - t) + k->s;
    k->s = t;
}

/* Mass, and the first two moments about lo (offsets are small integers, so
 * the products are exact up to the rounding of p). */
static void moments(const fray_dist *d, double *mass, double *m1, double *m2)
{
    ksum a = { 0, 0 }, b = { 0, 0 }, c = { 0, 0 };
    for (int i = 0; i < d->n; i++) {
        ksum_add(&a, d->p[i]);
        ksum_add(&b, (double)i * d->p[i]);
        ksum_add(&c, (double)i * (double)i * d->p[i]);
    }
    *mass = a.s + a.c;
    *m1 = b.s + b.c;
    *m2 = c.s + c.c;
}

double fray_dist_mean(const fray_dist *d)
{
    double mass, m1, m2;
    moments(d, &mass, &m1, &m2);
    return mass > 0.0 ? (double)d->lo + m1 / mass : 0.0;
}

double fray_dist_sd(const fray_dist *d)
{
    double mass, m1, m2;
    moments(d, &mass, &m1, &m2);
    if (mass <= 0.0)
        return 0.0;
    double mu = m1 / mass, var = m2 / mass - mu * mu;
    /* the one-pass form can cancel; the two-pass one is kept for that case */
    if (!(var > 1e-9 * mu * mu)) {
        ksum v = { 0, 0 };
        for (int i = 0; i < d->n; i++)
            ksum_add(&v, ((double)i - mu) * ((double)i - mu) * d->p[i]);
        var = (v.s + v.c) / mass;
    }
    return var > 0.0 ? sqrt(var) : 0.0;
}

/* Sums run from the far end toward k so small masses are added first. */
double fray_dist_ge(const fray_dist *d, int k)
{
    double s = 0.0;
    long long from = (long long)k - d->lo;
    if (from < 0)
        from = 0;
    for (long long i = (long long)d->n - 1; i >= from; i--)
        s += d->p[i];
    return s;
}

double fray_dist_at(const fray_dist *d, int k)
{
    long long i = (long long)k - d->lo;
    return i >= 0 && i < d->n ? d->p[i] : 0.0;
}

/* Over the kept supports: the three add up to (1-a.tail)(1-b.tail). */
void fray_dist_versus(const fray_dist *a, const fray_dist *b, double *gt, double *eq, double *lt)
{
    double g = 0.0, e = 0.0, l = 0.0;
    double *below = malloc(((size_t)b->n + 1) * sizeof *below);
    double *above = malloc(((size_t)b->n + 1) * sizeof *above);

    if (below && above) {
        /* below[j] = P(b < b.lo+j), above[j] = P(b >= b.lo+j), each summed
         * from its own far end so small masses keep their digits. */
        below[0] = 0.0;
        for (int j = 0; j < b->n; j++)
            below[j + 1] = below[j] + b->p[j];
        above[b->n] = 0.0;
        for (int j = b->n - 1; j >= 0; j--)
            above[j] = above[j + 1] + b->p[j];
        for (int i = 0; i < a->n; i++) {
            double x = a->p[i];
            long long j = (long long)a->lo + i - b->lo; /* index of a's value in b */
            if (x == 0.0)
                continue;
            if (j < 0) {
                l += x * above[0];
            } else if (j >= b->n) {
                g += x * below[b->n];
            } else {
                g += x * below[j];
                e += x * b->p[j];
                l += x * above[j + 1];
            }
        }
    } else {
        g = e = l = NAN; /* out of memory: say so rather than answer 0 */
    }
    free(below);
    free(above);
    if (gt)
        *gt = g;
    if (eq)
        *eq = e;
    if (lt)
        *lt = l;
}
