/* stats.h: streaming statistics for `fray sim`, in integers.
 *
 * Everything that is counted is an integer (counts, sums, sums of squares,
 * histogram bins), so partial results of several threads merge exactly, in
 * any order, and give the same bytes for any split of the work. Doubles
 * appear only when a mean, a deviation or an interval is reported.
 * Nothing here allocates: memory does not depend on how many values were
 * added.
 */
#ifndef FRAY_STATS_H
#define FRAY_STATS_H

#include <stdint.h>

/* Count, sum and sum of squares of integer values, with their range. The
 * sum of squares is 128 bits wide (two words), so 10^9 values of up to 2^31
 * each still fit. */
typedef struct fray_moments {
    uint64_t n;
    int64_t sum;
    uint64_t sq_lo, sq_hi; /* sum of x*x, as hi * 2^64 + lo */
    int64_t min, max;      /* meaningful when n > 0 */
} fray_moments;

void fray_moments_add(fray_moments *m, int64_t x);
/* into += from. */
void fray_moments_merge(fray_moments *into, const fray_moments *from);
/* The mean; 0 when n is 0. */
double fray_moments_mean(const fray_moments *m);
/* The sample standard deviation (divisor n - 1); 0 when n < 2. */
double fray_moments_sd(const fray_moments *m);

/* A histogram of non-negative integers: one bin per value 0..FRAY_HIST_BINS-1,
 * larger values in `over`. Rounds of a fight end at the round limit (100 by
 * default), so the bins hold every value unless a file asks for more. */
#define FRAY_HIST_BINS 1024

typedef struct fray_hist {
    uint64_t bin[FRAY_HIST_BINS];
    uint64_t over; /* values >= FRAY_HIST_BINS (negative values count here too) */
    uint64_t n;    /* all values added */
} fray_hist;

void fray_hist_add(fray_hist *h, int64_t x);
void fray_hist_merge(fray_hist *into, const fray_hist *from);
/* The nearest-rank percentile: the smallest value v such that at least
 * ceil(permille * n / 1000) of the values are <= v (permille 500 is the
 * median, 900 the 90th percentile, 990 the 99th). Always a value that was
 * added. Returns 0 and sets *out; 1 when that value lies in the overflow
 * bucket (*out is then FRAY_HIST_BINS, "at least this"); -1 when the
 * histogram is empty or permille is outside 0..1000. */
int fray_hist_percentile(const fray_hist *h, unsigned permille, int64_t *out);

/* The 95% Wilson score interval of a proportion k/n: lo and hi in [0, 1].
 * n = 0 gives [0, 1]. */
void fray_wilson95(uint64_t k, uint64_t n, double *lo, double *hi);
/* The z of a two-sided 95% interval: the 0.975 quantile of the standard normal. */
#define FRAY_Z95 1.959963984540054

#endif
