/* dice.h: the dice source every roll goes through, dice expressions, and
 * exact distributions.
 *
 * A dice source is one object passed explicitly (never a global). It draws
 * from a seeded xoshiro256** generator, from a scripted queue of values
 * (tests, replays, `fray run --dice`), or asks a person for any roll through
 * a callback and rolls the rest itself. Each roll carries its purpose, a
 * static string such as "Evasion roll, 1d10 exploding", and is appended to
 * the source's roll log so the engine can attach it to the next event.
 *
 * Errors (a scripted queue that runs out, an entered value off the die) do
 * not abort: the draw returns 1, `d->error` is set with a message, and the
 * engine stops the fight at the next check. No loop in fray rolls until a
 * value appears without also stopping on `d->error`, so a short script is an
 * error, never a hang.
 */
#ifndef FRAY_DICE_H
#define FRAY_DICE_H

#include <stddef.h>
#include <stdint.h>

#include "fray.h"

/* xoshiro256** (Blackman & Vigna). Seeded through splitmix64 from a 64-bit
 * seed and a 64-bit stream number, so fight i of a simulation draws from
 * (seed, i) alone. */
typedef struct fray_rng { uint64_t s[4]; } fray_rng;

void fray_rng_seed(fray_rng *r, uint64_t seed, uint64_t stream);
uint64_t fray_rng_next(fray_rng *r);
/* Uniform in [0, n), n >= 1, without modulo bias (Lemire's multiply-shift
 * with rejection). */
uint32_t fray_rng_below(fray_rng *r, uint32_t n);

/* One die as drawn, for the event stream: {purpose (a static string, never
 * freed), sides, value}, the same struct the public events carry. */
typedef fray_event_roll fray_roll;

#define FRAY_ROLL_LOG 64 /* rolls kept between two events; more are counted, not kept */

/* Asked for every die when set: return 1 and set *value (1..sides) to use a
 * value the person rolled, 0 to let fray roll it, -1 to stop (suspended). */
typedef int (*fray_enter_fn)(void *ud, const char *purpose, int sides, int *value);

typedef struct fray_dice {
    fray_rng rng;
    const int *script; /* borrowed; NULL when not scripted */
    size_t script_len, script_pos;
    fray_enter_fn enter;
    void *enter_ud;
    uint64_t drawn;    /* dice drawn since seeding (the sim's "dice per fight") */
    int error;         /* nonzero once a draw failed; sticky */
    int suspended;     /* the failure is a person's roll still to come (enter returned -1) */
    int roller;        /* the creature rolling now, -1 none (for the enter callback) */
    int exploded;      /* the die asked for is an exploding die's roll again after
                        * its maximum (for the enter callback); 0 otherwise */
    char errmsg[160];
    fray_roll log[FRAY_ROLL_LOG];
    int nlog;          /* entries in log; reset by the engine at each event */
    int keep_log;      /* 0 in sim: rolls are counted, not logged */
    /* Told of every die entered or scripted (not of the generator's: a copy
     * of the generator draws those again), with its index (drawn before
     * it); NULL when nobody listens (the look-ahead's checkpoint does). */
    void (*record)(void *ud, uint64_t at, int value);
    void *record_ud;
} fray_dice;

void fray_dice_init(fray_dice *d, uint64_t seed, uint64_t stream);
/* The same source started again from (seed, stream): nothing drawn, no
 * error, no script, the log empty. The entry callback, keep_log and roller
 * stay as they were. Cheaper than fray_dice_init, which clears the log's
 * whole array: the sim reseeds before every fight. */
void fray_dice_reseed(fray_dice *d, uint64_t seed, uint64_t stream);
/* Use vals[0..n) for the following draws, in order; vals is borrowed and must
 * outlive the draws. Running past n is an error (see above). */
void fray_dice_script(fray_dice *d, const int *vals, size_t n);

/* A list of rolls as `fray run --dice` takes it: "17,4,3" (commas or
 * spaces), each from 1 to 1000. On success *out is malloc'd (the caller
 * frees) with *n values; -1 with a message otherwise. */
int fray_dice_list_parse(const char *s, int **out, size_t *n, char *err, size_t errlen);

/* One die with `sides` faces (sides >= 1): 1..sides. */
int fray_die(fray_dice *d, int sides, const char *purpose);

/* The same, rolled by creature `who` (the roller while it is drawn, put
 * back after): what the engine or a ruleset calls for a die that a
 * creature other than the one acting rolls (a defence, a save, its
 * initiative, its Death roll), so that an entry callback asks the right
 * person. The roller is read by nothing else than that callback and the
 * tactics report's "effects" (core.h), which no die changes. */
int fray_die_by(fray_dice *d, int who, int sides, const char *purpose);
/* Make `who` the roller of the dice that follow, for a roll of several
 * dice or another shape (fray_die_adv, a check): returns the roller it
 * replaces, which the caller puts back in d->roller once they are drawn,
 * before the roll changes anything. */
static inline int fray_dice_by(fray_dice *d, int who)
{
    int was = d->roller;
    d->roller = who;
    return was;
}

/* Advantage levels: > 0 roll |adv|+1 dice and keep the highest, < 0 keep the
 * lowest, 0 a single die. The text's Advantage and Disadvantage cancel one
 * for one before this is called. */
int fray_die_adv(fray_dice *d, int sides, int adv, const char *purpose);

/* An exploding die ("1d10*" in the energy text): on the maximum roll again
 * and add, without limit. Advantage applies to every die rolled, as the text
 * says ("every time you would normally roll the die once"). */
int fray_die_explode(fray_dice *d, int sides, int adv, const char *purpose);

/* ---- Dice expressions -------------------------------------------------
 * Grammar (spaces ignored, case-insensitive):
 *   expr  := term (('+'|'-') term)*
 *   term  := INT | [INT] 'd' INT suffix*
 *   suffix:= '!' | '*'          exploding, without limit
 *          | 'kh' INT | 'kl' INT   keep highest / lowest INT dice
 *          | '>' INT            count dice showing INT or more (success pool)
 * Examples: 2d6+3, 3d6-1, 1d10*, 1d10!, 2d20kh1, 2d20kl1, 6d6>5, 1d8+1d6+2.
 */
#define FRAY_EXPR_TERMS 8

typedef struct fray_dterm {
    int sign;     /* +1 or -1 */
    int count;    /* number of dice; 0 for a constant term */
    int sides;    /* faces; for a constant term, unused */
    int value;    /* the constant, for a constant term */
    int explode;  /* 1: exploding dice */
    int keep;     /* >0 keep highest keep dice, <0 keep lowest -keep, 0 all */
    int count_ge; /* >0: the term is the number of dice showing >= count_ge */
} fray_dterm;

typedef struct fray_dexpr {
    fray_dterm t[FRAY_EXPR_TERMS];
    int n;
} fray_dexpr;

/* Parse; returns 0, or -1 with a message in err (e.g. "expected a number
 * after 'd' at column 3"). */
int fray_dexpr_parse(const char *s, fray_dexpr *e, char *err, size_t errlen);
/* Write the expression back in canonical form; returns chars written. */
int fray_dexpr_format(const fray_dexpr *e, char *buf, size_t len);
/* Roll it; adv applies to every die of the expression. */
int fray_dexpr_roll(const fray_dexpr *e, fray_dice *d, int adv, const char *purpose);
int fray_dexpr_min(const fray_dexpr *e);
int fray_dexpr_max_finite(const fray_dexpr *e); /* exploding terms: INT_MAX */

/* ---- Exact distributions ----------------------------------------------
 * A distribution over the integers lo..lo+n-1, probabilities as doubles
 * (odds are reported, never used to decide an outcome). Exploding dice are
 * expanded to a depth at which the probability left out is below 1e-16;
 * that mass is stated in `tail`. */
typedef struct fray_dist {
    int lo;
    int n;
    double *p;   /* owned; free with fray_dist_free */
    double tail; /* probability mass cut off by exploding-die truncation */
} fray_dist;

int fray_dist_die(fray_dist *out, int sides, int explode, int adv);
int fray_dist_expr(fray_dist *out, const fray_dexpr *e, int adv);
int fray_dist_const(fray_dist *out, int value);
/* out = a + b (convolution); out may not alias a or b. */
int fray_dist_add(fray_dist *out, const fray_dist *a, const fray_dist *b);
void fray_dist_free(fray_dist *d);
double fray_dist_mean(const fray_dist *d);
double fray_dist_sd(const fray_dist *d);
/* P(a > b), P(a == b), P(a < b) for independent a and b. */
void fray_dist_versus(const fray_dist *a, const fray_dist *b, double *gt, double *eq, double *lt);
/* P(X >= k) and P(X == k). */
double fray_dist_ge(const fray_dist *d, int k);
double fray_dist_at(const fray_dist *d, int k);

#endif
