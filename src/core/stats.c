/* stats.c: streaming statistics in integers (stats.h). */
#include <math.h>

#include "stats.h"

static uint64_t magnitude(int64_t x)
{
    /* -(INT64_MIN) overflows as a signed value; as unsigned it is exact */
    return x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
}

/* The square of |x| as hi * 2^64 + lo, from 32-bit halves. */
static void square128(uint64_t a, uint64_t *lo, uint64_t *hi)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32;
    uint64_t p00 = a0 * a0, p01 = a0 * a1, p11 = a1 * a1;
    uint64_t mid = p01 << 1; /* 2*a0*a1 may carry out of 64 bits */
    uint64_t carry = p01 >> 63;
    uint64_t l = p00 + (mid << 32);
    uint64_t h = p11 + (mid >> 32) + (carry << 32) + (l < p00);
    *lo = l;
    *hi = h;
}

static void add128(uint64_t *lo, uint64_t *hi, uint64_t blo, uint64_t bhi)
{
    uint64_t l = *lo + blo;
    *hi += bhi + (l < blo);
    *lo = l;
}

void fray_moments_add(fray_moments *m, int64_t x)
{
    uint64_t lo, hi;
    if (m->n == 0 || x < m->min)
        m->min = x;
    if (m->n == 0 || x > m->max)
        m->max = x;
    m->n++;
    m->sum += x;
    uint64_t a = magnitude(x);
    if (a >> 32 == 0) { /* a fight's counts: the square fits in 64 bits */
        add128(&m->sq_lo, &m->sq_hi, a * a, 0);
        return;
    }
    square128(a, &lo, &hi);
    add128(&m->sq_lo, &m->sq_hi, lo, hi);
}

void fray_moments_merge(fray_moments *into, const fray_moments *from)
{
    if (from->n == 0)
        return;
    if (into->n == 0 || from->min < into->min)
        into->min = from->min;
    if (into->n == 0 || from->max > into->max)
        into->max = from->max;
    into->n += from->n;
    into->sum += from->sum;
    add128(&into->sq_lo, &into->sq_hi, from->sq_lo, from->sq_hi);
}

double fray_moments_mean(const fray_moments *m)
{
    return m->n ? (double)m->sum / (double)m->n : 0.0;
}

double fray_moments_sd(const fray_moments *m)
{
    if (m->n < 2)
        return 0.0;
    /* var = (sum x^2 - (sum x)^2 / n) / (n - 1). The integers are exact; the
     * subtraction is done in long double (64-bit mantissa on x86), and only
     * for the report. */
    long double sq = (long double)m->sq_hi * 18446744073709551616.0L + (long double)m->sq_lo;
    long double s = (long double)m->sum;
    long double n = (long double)m->n;
    long double var = (sq - s * s / n) / (n - 1.0L);
    return var > 0 ? (double)sqrtl(var) : 0.0;
}

void fray_hist_add(fray_hist *h, int64_t x)
{
    if (x >= 0 && x < FRAY_HIST_BINS)
        h->bin[x]++;
    else
        h->over++;
    h->n++;
}

void fray_hist_merge(fray_hist *into, const fray_hist *from)
{
    for (int i = 0; i < FRAY_HIST_BINS; i++)
        into->bin[i] += from->bin[i];
    into->over += from->over;
    into->n += from->n;
}

int fray_hist_percentile(const fray_hist *h, unsigned permille, int64_t *out)
{
    if (h->n == 0 || permille > 1000)
        return -1;
    /* rank = ceil(permille * n / 1000), at least 1 (the minimum for 0) */
    uint64_t rank = (permille * h->n + 999) / 1000;
    if (rank == 0)
        rank = 1;
    uint64_t seen = 0;
    for (int i = 0; i < FRAY_HIST_BINS; i++) {
        seen += h->bin[i];
        if (seen >= rank) {
            *out = i;
            return 0;
        }
    }
    *out = FRAY_HIST_BINS;
    return 1;
}

/* Wilson (1927): with p = k/n and z the normal quantile,
 *   centre = (p + z^2/(2n)) / (1 + z^2/n)
 *   half   = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/(4n^2))
 * and the interval is [centre - half, centre + half], which stays inside
 * [0, 1]; it is clamped only against rounding at k = 0 and k = n. */
void fray_wilson95(uint64_t k, uint64_t n, double *lo, double *hi)
{
    if (n == 0 || k > n) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    const double z = FRAY_Z95, z2 = z * z;
    double nn = (double)n, p = (double)k / nn;
    double denom = 1.0 + z2 / nn;
    double centre = (p + z2 / (2.0 * nn)) / denom;
    double half = z / denom * sqrt(p * (1.0 - p) / nn + z2 / (4.0 * nn * nn));
    *lo = k == 0 ? 0.0 : centre - half;
    *hi = k == n ? 1.0 : centre + half;
    if (*lo < 0.0)
        *lo = 0.0;
    if (*hi > 1.0)
        *hi = 1.0;
}
