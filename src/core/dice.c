/* dice.c: the generator, the dice source and dice expressions (dice.h).
 * Exact distributions are in dist.c. */
#include "dice.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Generator ------------------------------------------------------------ */

/* Two splitmix64 walks with different odd increments: one over the seed, one
 * over the stream. Both finalisers are bijections, so for a fixed seed every
 * stream gives a different state (and the other way round), and since the
 * increments differ the two walks can agree on at most one of the four words,
 * so the state is never all zero (xoshiro's one forbidden state). */
#define SM_GAMMA_SEED 0x9E3779B97F4A7C15u
#define SM_GAMMA_STREAM 0xD1B54A32D192ED03u

static uint64_t splitmix64(uint64_t *x, uint64_t gamma)
{
    uint64_t z = (*x += gamma);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint64_t rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void fray_rng_seed(fray_rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t a = seed, b = stream;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&a, SM_GAMMA_SEED) ^ splitmix64(&b, SM_GAMMA_STREAM);
}

uint64_t fray_rng_next(fray_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl64(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl64(s[3], 45);
    return result;
}

uint32_t fray_rng_below(fray_rng *r, uint32_t n)
{
    if (n <= 1)
        return 0;
    /* Lemire, "Fast random integer generation in an interval" (2019): the
     * high word of x*n is uniform once the low words below 2^32 mod n are
     * rejected; the division is only paid in the rare case l < n. The high
     * 32 bits of xoshiro256** are its best. */
    uint64_t m = (fray_rng_next(r) >> 32) * (uint64_t)n;
    uint32_t l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (0u - n) % n; /* 2^32 mod n */
        while (l < t) {
            m = (fray_rng_next(r) >> 32) * (uint64_t)n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* ---- Dice source ------------------------------------------------------------ */

/* Beyond this an advantage level is a bug in the caller, not a rule. */
#define ADV_MAX 100

void fray_dice_init(fray_dice *d, uint64_t seed, uint64_t stream)
{
    memset(d, 0, sizeof *d);
    fray_rng_seed(&d->rng, seed, stream);
    d->keep_log = 1;
}

void fray_dice_reseed(fray_dice *d, uint64_t seed, uint64_t stream)
{
    fray_rng_seed(&d->rng, seed, stream);
    d->script = NULL;
    d->script_len = d->script_pos = 0;
    d->drawn = 0;
    d->error = d->suspended = d->exploded = 0;
    d->errmsg[0] = 0;
    d->nlog = 0;
}

void fray_dice_script(fray_dice *d, const int *vals, size_t n)
{
    d->script = vals;
    d->script_len = n;
    d->script_pos = 0;
}

static const char *purpose_or_default(const char *purpose)
{
    return purpose ? purpose : "unnamed roll";
}

/* The first failure wins: later draws return 1 without touching errmsg, so
 * the message names the roll that actually went wrong. */
static int fail(fray_dice *d, const char *fmt, ...)
{
    if (!d->error) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(d->errmsg, sizeof d->errmsg, fmt, ap);
        va_end(ap);
        d->error = 1;
    }
    return 1;
}

int fray_dice_list_parse(const char *s, int **out, size_t *n, char *err, size_t errlen)
{
    size_t cap = 16, k = 0;
    int *v = malloc(cap * sizeof *v);
    if (!v)
        return snprintf(err, errlen, "out of memory"), -1;
    const char *p = s;
    while (*p == ' ')
        p++;
    while (*p) {
        char *end;
        errno = 0;
        long x = strtol(p, &end, 10);
        if (end == p || errno || x < 1 || x > 1000) {
            snprintf(err, errlen,
                     "expected die results from 1 to 1000 separated by commas, at '%.40s'", p);
            free(v);
            return -1;
        }
        if (k == cap) {
            int *nv = cap < ((size_t)1 << 24) ? realloc(v, 2 * cap * sizeof *v) : NULL;
            if (!nv) {
                free(v);
                return snprintf(err, errlen, "the list is too long"), -1;
            }
            v = nv;
            cap *= 2;
        }
        v[k++] = (int)x;
        p = end;
        while (*p == ',' || *p == ' ')
            p++;
    }
    if (k == 0) {
        free(v);
        return snprintf(err, errlen, "the list is empty"), -1;
    }
    *out = v;
    *n = k;
    return 0;
}

int fray_die(fray_dice *d, int sides, const char *purpose)
{
    const char *why = purpose_or_default(purpose);
    int v;

    if (d->error)
        return 1;
    if (sides < 1)
        return fail(d, "a die needs at least one side, got d%d (%s)", sides, why);
    int entered = d->enter ? d->enter(d->enter_ud, why, sides, &v) : 0;
    if (entered < 0) {
        d->suspended = 1;
        return fail(d, "waiting for a roll to be entered (%s)", why);
    }
    if (entered == 1) {
        if (v < 1 || v > sides)
            return fail(d, "entered value %d is not on a d%d (%s)", v, sides, why);
        if (d->record)
            d->record(d->record_ud, d->drawn, v);
    } else if (d->script) {
        if (d->script_pos >= d->script_len) {
            /* most purposes name their die already ("Combat roll, 1d20") */
            char die[16];
            snprintf(die, sizeof die, "1d%d", sides);
            const char *at = strstr(why, die);
            int named = at && !isdigit((unsigned char)at[strlen(die)]);
            return fail(d, "the scripted dice ran out at roll %zu (%s%s%s)", d->script_pos + 1,
                        why, named ? "" : ", ", named ? "" : die);
        }
        v = d->script[d->script_pos];
        if (v < 1 || v > sides)
            return fail(d, "scripted value %d at roll %zu is not on a d%d (%s)",
                        v, d->script_pos + 1, sides, why);
        d->script_pos++;
        if (d->record)
            d->record(d->record_ud, d->drawn, v);
    } else {
        v = (int)fray_rng_below(&d->rng, (uint32_t)sides) + 1;
    }
    d->drawn++;
    if (d->keep_log && d->nlog >= 0 && d->nlog < FRAY_ROLL_LOG) {
        d->log[d->nlog].purpose = why;
        d->log[d->nlog].sides = sides;
        d->log[d->nlog].value = v;
        d->nlog++;
    }
    return v;
}

int fray_die_by(fray_dice *d, int who, int sides, const char *purpose)
{
    int was = fray_dice_by(d, who);
    int v = fray_die(d, sides, purpose);
    d->roller = was;
    return v;
}

int fray_die_adv(fray_dice *d, int sides, int adv, const char *purpose)
{
    if (d->error)
        return 1;
    if (adv < -ADV_MAX || adv > ADV_MAX)
        return fail(d, "advantage level %d is out of range (%s)", adv,
                    purpose_or_default(purpose));
    int extra = adv < 0 ? -adv : adv;
    int kept = fray_die(d, sides, purpose);
    for (int i = 0; i < extra && !d->error; i++) {
        int v = fray_die(d, sides, purpose);
        if (adv > 0 ? v > kept : v < kept)
            kept = v;
    }
    return d->error ? 1 : kept;
}

int fray_die_explode(fray_dice *d, int sides, int adv, const char *purpose)
{
    /* A d1 always shows its maximum, so exploding it would never end; it is
     * rolled as a plain die (dist.c does the same, so odds and rolls agree). */
    if (sides == 1)
        return fray_die_adv(d, sides, adv, purpose);
    int total = 0;
    for (;;) {
        /* "Advantage and Disadvantage applies every time you would normally
         * roll the die once": each roll of the chain is an advantaged roll,
         * and the chain goes on when the kept die shows the maximum. */
        int v = fray_die_adv(d, sides, adv, purpose);
        if (d->error || v != sides || total > INT_MAX - v) {
            d->exploded = 0;
            if (d->error)
                return 1;
            if (total > INT_MAX - v)
                return fail(d, "exploding d%d total is out of range (%s)", sides,
                            purpose_or_default(purpose));
            return total + v;
        }
        total += v;
        d->exploded = 1; /* the next roll of the chain is asked as such */
    }
}

/* ---- Dice expressions ------------------------------------------------------- */

#define EXPR_COUNT_MAX 100
#define EXPR_SIDES_MAX 1000
#define EXPR_CONST_MAX 100000

typedef struct parser {
    const char *s;
    size_t i;
    char *err;
    size_t errlen;
} parser;

static void skip_spaces(parser *p)
{
    while (p->s[p->i] != '\0' && isspace((unsigned char)p->s[p->i]))
        p->i++;
}

static int column(const parser *p)
{
    return p->i >= (size_t)INT_MAX ? INT_MAX : (int)p->i + 1;
}

static int perr(parser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (p->err && p->errlen > 0)
        vsnprintf(p->err, p->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* A character for a message: itself when printable, else its byte value,
 * so a stray UTF-8 byte does not garble the terminal. */
static const char *shown(char c, char buf[8])
{
    if (isprint((unsigned char)c))
        snprintf(buf, 8, "'%c'", c);
    else
        snprintf(buf, 8, "0x%02x", (unsigned)(unsigned char)c);
    return buf;
}

/* Reads the next non-space character, lowercased, without consuming it. */
static int peek(parser *p)
{
    skip_spaces(p);
    return tolower((unsigned char)p->s[p->i]);
}

/* Reads an unsigned decimal number; values past `max` are an error naming
 * `what`, at the column where the number starts. */
static int number(parser *p, long max, const char *what, const char *after, long *out)
{
    int col;
    long v = 0;

    skip_spaces(p);
    col = column(p);
    if (!isdigit((unsigned char)p->s[p->i])) {
        if (p->s[p->i] == '\0')
            return perr(p, "expected %s after %s at column %d (end of input)", what, after, col);
        char b[8];
        return perr(p, "expected %s after %s at column %d, found %s", what, after, col,
                    shown(p->s[p->i], b));
    }
    /* Spaces separate tokens but never split a number: "1d6 2" is an error,
     * not 1d62. */
    while (isdigit((unsigned char)p->s[p->i])) {
        if (v <= max)
            v = v * 10 + (p->s[p->i] - '0');
        p->i++;
    }
    if (v > max)
        return perr(p, "%s at column %d is too large (at most %ld)", what, col, max);
    *out = v;
    return 0;
}

static int dice_suffixes(parser *p, fray_dterm *t)
{
    for (;;) {
        int c = peek(p);
        int col = column(p);
        long v;

        if (c == '!' || c == '*') {
            if (t->explode)
                return perr(p, "the die already explodes: second '%c' at column %d", c, col);
            p->i++;
            t->explode = 1;
        } else if (c == 'k') {
            p->i++;
            int hl = peek(p);
            if (hl != 'h' && hl != 'l')
                return perr(p, "expected 'kh' or 'kl' at column %d", col);
            p->i++;
            if (t->keep != 0)
                return perr(p, "a second keep at column %d (one 'kh' or 'kl' per term)", col);
            if (t->count_ge > 0)
                return perr(p, "cannot keep dice of a success count ('>') at column %d", col);
            if (number(p, EXPR_COUNT_MAX, "the number of dice to keep",
                       hl == 'h' ? "'kh'" : "'kl'", &v) < 0)
                return -1;
            if (v < 1 || v > t->count)
                return perr(p, "keeping %ld of %d dice at column %d (keep 1 to %d)",
                            v, t->count, col, t->count);
            t->keep = hl == 'h' ? (int)v : -(int)v;
        } else if (c == '>') {
            p->i++;
            /* ">=" reads as ">", which already means "INT or more". */
            if (peek(p) == '=')
                p->i++;
            if (t->count_ge > 0)
                return perr(p, "a second success target at column %d", col);
            if (t->keep != 0)
                return perr(p, "cannot count successes of kept dice ('k') at column %d", col);
            if (number(p, EXPR_CONST_MAX, "a target number", "'>'", &v) < 0)
                return -1;
            if (v < 1)
                return perr(p, "the success target at column %d must be at least 1", col);
            t->count_ge = (int)v;
        } else {
            return 0;
        }
    }
}

static int term(parser *p, fray_dterm *t)
{
    int c = peek(p);
    int col = column(p);
    long n = 1;

    if (isdigit(c)) {
        if (number(p, EXPR_CONST_MAX, "a number", "the sign", &n) < 0)
            return -1;
        if (peek(p) != 'd') {
            t->count = 0;
            t->value = (int)n;
            return 0;
        }
    } else if (c != 'd') {
        if (c == '\0')
            return perr(p, "expected a number or a die at column %d (end of input)", col);
        char b[8];
        return perr(p, "expected a number or a die at column %d, found %s", col,
                    shown(p->s[p->i], b));
    }
    if (n < 1 || n > EXPR_COUNT_MAX)
        return perr(p, "the number of dice at column %d must be 1 to %d", col, EXPR_COUNT_MAX);
    t->count = (int)n;
    p->i++; /* the 'd' */
    skip_spaces(p);
    int scol = column(p);
    long sides;
    if (number(p, EXPR_SIDES_MAX, "a number of sides", "'d'", &sides) < 0)
        return -1;
    if (sides < 1)
        return perr(p, "a die at column %d needs 1 to %d sides", scol, EXPR_SIDES_MAX);
    t->sides = (int)sides;
    if (dice_suffixes(p, t) < 0)
        return -1;
    /* a plain die above its faces is a typo, not a pool that never succeeds;
     * an exploding die can reach any target */
    if (t->count_ge > t->sides && !(t->explode && t->sides > 1))
        return perr(p, "a d%d never shows %d or more (column %d): use a target of 1 to %d, or "
                       "an exploding die",
                    t->sides, t->count_ge, col, t->sides);
    return 0;
}

int fray_dexpr_parse(const char *s, fray_dexpr *e, char *err, size_t errlen)
{
    parser p = { s ? s : "", 0, err, errlen };
    int sign = 1;

    memset(e, 0, sizeof *e);
    if (err && errlen > 0)
        err[0] = '\0';
    if (peek(&p) == '\0')
        return perr(&p, "empty dice expression");
    /* A leading sign is allowed, so "-1d6+4" is read the way it is written. */
    if (peek(&p) == '+' || peek(&p) == '-') {
        sign = p.s[p.i] == '-' ? -1 : 1;
        p.i++;
    }
    for (;;) {
        if (e->n == FRAY_EXPR_TERMS) {
            skip_spaces(&p);
            perr(&p, "more than %d terms at column %d", FRAY_EXPR_TERMS, column(&p));
            break;
        }
        fray_dterm *t = &e->t[e->n];
        t->sign = sign;
        if (term(&p, t) < 0)
            break;
        e->n++;
        int c = peek(&p);
        if (c == '\0')
            return 0;
        if (c != '+' && c != '-') {
            char b[8];
            perr(&p, "unexpected %s at column %d", shown(p.s[p.i], b), column(&p));
            break;
        }
        sign = c == '-' ? -1 : 1;
        p.i++;
    }
    /* nothing half-parsed is left for a caller that ignores the result */
    memset(e, 0, sizeof *e);
    return -1;
}

/* Like snprintf: returns the length of the whole canonical form; the buffer
 * holds at most len-1 characters of it and is always terminated. */
int fray_dexpr_format(const fray_dexpr *e, char *buf, size_t len)
{
    size_t used = 0;

    if (len > 0)
        buf[0] = '\0';
    for (int i = 0; i < e->n; i++) {
        const fray_dterm *t = &e->t[i];
        char tmp[64];
        int w;
        const char *sign = t->sign < 0 ? "-" : (i > 0 ? "+" : "");

        if (t->count == 0) {
            w = snprintf(tmp, sizeof tmp, "%s%d", sign, t->value);
        } else {
            char keep[16] = "", ge[16] = "";
            if (t->keep != 0)
                snprintf(keep, sizeof keep, "%s%d", t->keep > 0 ? "kh" : "kl",
                         t->keep > 0 ? t->keep : -t->keep);
            if (t->count_ge > 0)
                snprintf(ge, sizeof ge, ">%d", t->count_ge);
            w = snprintf(tmp, sizeof tmp, "%s%dd%d%s%s%s", sign, t->count, t->sides,
                         t->explode ? "!" : "", keep, ge);
        }
        if (w < 0)
            return -1;
        if (len > 0 && used < len - 1) {
            size_t room = len - 1 - used;
            size_t n = (size_t)w < room ? (size_t)w : room;
            memcpy(buf + used, tmp, n);
            buf[used + n] = '\0';
        }
        used += (size_t)w;
    }
    return used > (size_t)INT_MAX ? INT_MAX : (int)used;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int fray_dexpr_roll(const fray_dexpr *e, fray_dice *d, int adv, const char *purpose)
{
    /* 64-bit sum: 8 terms of 100 exploding dice could pass INT_MAX. */
    long long total = 0;

    for (int i = 0; i < e->n && !d->error; i++) {
        const fray_dterm *t = &e->t[i];
        int vals[EXPR_COUNT_MAX];
        long long sum = 0;

        if (t->count == 0) {
            total += (long long)t->sign * t->value;
            continue;
        }
        if (t->count < 1 || t->count > EXPR_COUNT_MAX)
            return fail(d, "a term of %d dice is out of range (%s)", t->count,
                        purpose_or_default(purpose));
        for (int j = 0; j < t->count && !d->error; j++)
            vals[j] = t->explode ? fray_die_explode(d, t->sides, adv, purpose)
                                 : fray_die_adv(d, t->sides, adv, purpose);
        if (d->error)
            break;
        int from = 0, to = t->count;
        if (t->keep != 0) {
            qsort(vals, (size_t)t->count, sizeof vals[0], cmp_int);
            int k = t->keep > 0 ? t->keep : -t->keep;
            if (k > t->count)
                k = t->count;
            if (t->keep > 0)
                from = t->count - k;
            else
                to = k;
        }
        for (int j = from; j < to; j++)
            sum += t->count_ge > 0 ? (vals[j] >= t->count_ge) : vals[j];
        total += t->sign * sum;
    }
    if (d->error)
        return 1;
    if (total > INT_MAX || total < INT_MIN)
        return fail(d, "dice total is out of range (%s)", purpose_or_default(purpose));
    return (int)total;
}

/* The smallest and largest values of one term before its sign; *hi is
 * INT_MAX when exploding dice make it unbounded. */
static void term_range(const fray_dterm *t, int *lo, int *hi)
{
    if (t->count == 0) {
        *lo = *hi = t->value;
        return;
    }
    int explode = t->explode && t->sides > 1; /* a d1 does not explode */
    int kept = t->keep != 0 ? (t->keep > 0 ? t->keep : -t->keep) : t->count;
    if (t->count_ge > 0) {
        *lo = t->count_ge <= 1 ? t->count : 0;
        *hi = (explode || t->count_ge <= t->sides) ? t->count : 0;
        return;
    }
    *lo = kept;
    *hi = explode ? INT_MAX : kept * t->sides;
}

int fray_dexpr_min(const fray_dexpr *e)
{
    long long sum = 0;

    for (int i = 0; i < e->n; i++) {
        int lo, hi;
        term_range(&e->t[i], &lo, &hi);
        if (e->t[i].sign < 0) {
            if (hi == INT_MAX)
                return INT_MIN; /* a subtracted exploding die: no lower bound */
            sum -= hi;
        } else {
            sum += lo;
        }
    }
    return sum < INT_MIN ? INT_MIN : (int)sum;
}

int fray_dexpr_max_finite(const fray_dexpr *e)
{
    long long sum = 0;

    for (int i = 0; i < e->n; i++) {
        int lo, hi;
        term_range(&e->t[i], &lo, &hi);
        if (e->t[i].sign < 0) {
            sum -= lo;
        } else {
            if (hi == INT_MAX)
                return INT_MAX;
            sum += hi;
        }
    }
    return sum > INT_MAX ? INT_MAX : (int)sum;
}
