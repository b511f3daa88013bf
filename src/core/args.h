/* args.h: the parameters of `fray odds` checks, declared as a table and
 * parsed once for every ruleset. Internal; included by core.h.
 *
 *     static const fray_arg melee[] = {
 *         {.name = "--av", .kind = FRAY_ARG_INT, .at = offsetof(my_args, av),
 *          .min = -100000, .max = 100000, .seen = FRAY_SEEN(my_args, have_av)},
 *         {.name = "--defend", .kind = FRAY_ARG_FLAG, .at = offsetof(my_args, defend), .min = 1},
 *         {.name = "--defense", .kind = FRAY_ARG_ENUM, .at = offsetof(my_args, adv),
 *          .words = adv_words, .values = adv_values},
 *         {.name = NULL}};
 *     const fray_arg *const tables[] = {melee, NULL};
 *     if (fray_args_parse(argc, argv, tables, &g, err, errlen) < 0) ...
 *
 * Every message is the same for every ruleset: an unknown parameter, one
 * without its value, a number out of its range, a word not among those
 * accepted. */
#ifndef FRAY_ARGS_H
#define FRAY_ARGS_H

#include <stddef.h>

enum {
    FRAY_ARG_INT,   /* int, in [min, max] */
    FRAY_ARG_LONG,  /* long, in [min, max] */
    FRAY_ARG_U64,   /* unsigned long long, any non-negative integer */
    FRAY_ARG_FLAG,  /* no value: the int at `at` becomes min */
    FRAY_ARG_ENUM,  /* one of words[]: the int at `at` becomes values[k] (or k) */
    FRAY_ARG_TEXT,  /* a string copied into the char[max] at `at` */
    FRAY_ARG_SKIP   /* takes a value read elsewhere (--attacker NAME) */
};

#define FRAY_ARG_UNSEEN 0 /* `seen` 0: nothing marks that the parameter was given */

typedef struct fray_arg {
    const char *name;          /* "--av"; NULL ends a table */
    int kind;                  /* FRAY_ARG_* */
    size_t at;                 /* offsetof the destination in the caller's struct */
    long long min, max;        /* INT, LONG: the range; FLAG: the value; TEXT: the buffer's size */
    const char *const *words;  /* ENUM: the words accepted, NULL-terminated */
    const int *values;         /* ENUM: each word's value (NULL: its index) */
    size_t seen;               /* offset + 1 of an int set to 1 when given; 0: none */
} fray_arg;

/* A `seen` field for fray_arg: FRAY_SEEN(my_args, have_av). */
#define FRAY_SEEN(type, field) (offsetof(type, field) + 1)

/* Parse argv[1..argc) (argv[0] is the check's name) against the tables
 * (NULL-terminated) into out. 0, or -1 with a message in err. */
int fray_args_parse(int argc, char **argv, const fray_arg *const *tables, void *out, char *err,
                    size_t errlen);
/* --attacker A --defender D: both or neither (NULL each). 0, or -1. */
int fray_args_pair(int argc, char **argv, const char **attacker, const char **defender, char *err,
                   size_t errlen);
/* A whole decimal integer in [min, max] (strtoll, nothing after it):
 * 0, or -1 with "OPT: 'S' is not an integer in MIN..MAX" in err. */
int fray_parse_ll(const char *opt, const char *s, long long min, long long max, long long *out,
                  char *err, size_t errlen);

/* A distribution as an odds answer writes it: {"value": p, ...} for the
 * values lo..lo+n-1 with p > 0 (a new reference; the caller owns it). */
json_t *fray_odds_dist_json(const double *p, int lo, int n);

#endif
