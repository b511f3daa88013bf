/* dice.c: `fray dice EXPR [--vs EXPR] [--json]`, the exact distribution of a
 * dice expression, and the odds of one expression against another. */
#include "jsonout.h"
#include "cli.h"

#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "dice.h"

#define BAR_WIDTH 50       /* columns of '#' for the most likely value */
#define SHOW_ALL 40        /* supports up to this many values are shown whole */
#define HIDE_MASS 1e-4     /* longer ones hide tails lighter than this */
#define EXPR_TEXT 256      /* canonical form of the longest legal expression fits */

static const char usage[] =
    "usage: fray dice EXPR [--vs EXPR] [--json]\n"
    "\n"
    "The exact distribution of a dice expression.\n"
    "\n"
    "  EXPR        terms joined by + and -: 2d6+3, d20, 1d10! or 1d10* (exploding),\n"
    "              2d20kh1 / 2d20kl1 (keep highest / lowest), 6d6>5 (how many dice\n"
    "              show 5 or more), 1d8+1d6+2; spaces are ignored; put -- before an\n"
    "              expression that starts with '-'\n"
    "  --vs EXPR   also the odds against a second expression: P(A>B), P(A=B), P(A<B)\n"
    "  --json      print one JSON object on stdout\n"
    "  -h, --help  print this help\n";

/* One parsed expression with its distribution. */
typedef struct side {
    fray_dexpr e;
    fray_dist d;
    char text[EXPR_TEXT];
    int min, max; /* INT_MIN / INT_MAX: unbounded */
} side;

/* Parses and computes; reports its own error (once) and returns the exit
 * code, 0 on success. */
static int side_load(side *x, const char *src)
{
    char err[160];

    memset(x, 0, sizeof *x);
    if (fray_dexpr_parse(src, &x->e, err, sizeof err) < 0) {
        fprintf(stderr, "fray dice: %s\n", err);
        return 2;
    }
    fray_dexpr_format(&x->e, x->text, sizeof x->text);
    x->min = fray_dexpr_min(&x->e);
    x->max = fray_dexpr_max_finite(&x->e);
    if (fray_dist_expr(&x->d, &x->e, 0) < 0) {
        fprintf(stderr,
                "fray dice: the exact distribution of %s is too large to compute "
                "(or memory ran out)\n", x->text);
        return 1;
    }
    return 0;
}

static void bound_text(char *buf, size_t len, int v)
{
    if (v == INT_MAX || v == INT_MIN)
        snprintf(buf, len, "unbounded");
    else
        snprintf(buf, len, "%d", v);
}

static int digits(long long v)
{
    int n = v < 0 ? 2 : 1;
    for (v = v < 0 ? -v : v; v >= 10; v /= 10)
        n++;
    return n;
}

static void print_text(const side *a, const side *b)
{
    const fray_dist *d = &a->d;
    char lo[16], hi[16];
    int first = 0, last = d->n - 1;
    double below = 0.0, above = 0.0, mode = 0.0;

    bound_text(lo, sizeof lo, a->min);
    bound_text(hi, sizeof hi, a->max);
    printf("%s\n", a->text);
    printf("mean %.2f  sd %.2f  min %s  max %s\n", fray_dist_mean(d), fray_dist_sd(d), lo, hi);
    if (d->tail > 0.0)
        printf("exploding dice are expanded until less than 1e-16 is left: "
               "%.2g of the probability lies beyond the values computed\n", d->tail);

    /* Long supports (exploding dice, many dice) would print pages of 0.00%:
     * hide each end while what is hidden stays below HIDE_MASS. */
    if (d->n > SHOW_ALL) {
        while (first < last && below + d->p[first] < HIDE_MASS)
            below += d->p[first++];
        while (last > first && above + d->p[last] < HIDE_MASS)
            above += d->p[last--];
    }
    for (int i = first; i <= last; i++)
        if (d->p[i] > mode)
            mode = d->p[i];
    int w = digits((long long)d->lo + first);
    if (digits((long long)d->lo + last) > w)
        w = digits((long long)d->lo + last);

    if (first > 0)
        printf("%*s  %d value%s below %d hidden (%.2g%%)\n", w, "...", first,
               first == 1 ? "" : "s", d->lo + first, below * 100.0);
    for (int i = first; i <= last; i++) {
        int bar = mode > 0.0 ? (int)lround(d->p[i] / mode * BAR_WIDTH) : 0;
        char hashes[BAR_WIDTH + 1];
        memset(hashes, '#', (size_t)bar);
        hashes[bar] = '\0';
        printf("%*d %7.2f%% %s\n", w, d->lo + i, d->p[i] * 100.0, hashes);
    }
    if (last < d->n - 1)
        printf("%*s  %d value%s above %d hidden (%.2g%%)\n", w, "...", d->n - 1 - last,
               d->n - 1 - last == 1 ? "" : "s", d->lo + last, above * 100.0);

    if (b) {
        double gt, eq, lt;
        fray_dist_versus(&a->d, &b->d, &gt, &eq, &lt);
        bound_text(lo, sizeof lo, b->min);
        bound_text(hi, sizeof hi, b->max);
        printf("\nvs %s: mean %.2f  sd %.2f  min %s  max %s\n", b->text,
               fray_dist_mean(&b->d), fray_dist_sd(&b->d), lo, hi);
        printf("P(%s > %s) %7.2f%%\n", a->text, b->text, gt * 100.0);
        printf("P(%s = %s) %7.2f%%\n", a->text, b->text, eq * 100.0);
        printf("P(%s < %s) %7.2f%%\n", a->text, b->text, lt * 100.0);
    }
}

static json_t *bound_json(int v)
{
    return v == INT_MAX || v == INT_MIN ? json_null() : json_integer(v);
}

/* Returns 0, or 1 when jansson ran out of memory. */
static int print_json(const side *a, const side *b)
{
    json_t *o = json_object(), *dist = json_object();
    int bad = !o || !dist;

    for (int i = 0; !bad && i < a->d.n; i++) {
        char key[16];
        if (a->d.p[i] == 0.0)
            continue; /* impossible totals, such as 10 on 1d10! */
        snprintf(key, sizeof key, "%d", a->d.lo + i);
        bad |= json_object_set_new(dist, key, json_real(a->d.p[i])) != 0;
    }
    if (!bad) {
        bad |= json_object_set_new(o, "expr", json_string(a->text));
        bad |= json_object_set_new(o, "dist", dist);
        dist = NULL; /* owned by o now */
        bad |= json_object_set_new(o, "mean", json_real(fray_dist_mean(&a->d)));
        bad |= json_object_set_new(o, "sd", json_real(fray_dist_sd(&a->d)));
        bad |= json_object_set_new(o, "tail", json_real(a->d.tail));
        bad |= json_object_set_new(o, "min", bound_json(a->min));
        bad |= json_object_set_new(o, "max", bound_json(a->max));
    }
    if (!bad && b) {
        double gt, eq, lt;
        json_t *vs = json_object();
        fray_dist_versus(&a->d, &b->d, &gt, &eq, &lt);
        bad |= json_object_set_new(o, "vs", vs);
        bad |= json_object_set_new(vs, "expr", json_string(b->text));
        bad |= json_object_set_new(vs, "mean", json_real(fray_dist_mean(&b->d)));
        bad |= json_object_set_new(vs, "sd", json_real(fray_dist_sd(&b->d)));
        bad |= json_object_set_new(vs, "p_gt", json_real(gt));
        bad |= json_object_set_new(vs, "p_eq", json_real(eq));
        bad |= json_object_set_new(vs, "p_lt", json_real(lt));
    }
    if (!bad) {
        bad = fray_json_dumpf(o, stdout, JSON_COMPACT) != 0;
        putchar('\n');
    }
    json_decref(dist);
    json_decref(o);
    if (bad)
        fprintf(stderr, "fray dice: out of memory while writing JSON\n");
    return bad ? 1 : 0;
}

/* The shell splits "2d6 + 3" into three words; the grammar ignores spaces,
 * so the words are joined back. Returns a malloc'd string or NULL. */
static char *join_words(int n, char **w)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += strlen(w[i]) + 1;
    char *s = malloc(len);
    if (!s)
        return NULL;
    s[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i > 0)
            strcat(s, " ");
        strcat(s, w[i]);
    }
    return s;
}

int cli_dice(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "vs", required_argument, NULL, 'v' },
        { "json", no_argument, NULL, 'j' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *vs = NULL;
    int json = 0, c, rc;
    side *a = NULL, *b = NULL;
    char *expr = NULL;

    /* 0, not 1: both glibc and musl then forget any earlier getopt scan, so
     * a verb run after another one still parses from its own start. */
    optind = 0;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (c) {
        case 'v': vs = optarg; break;
        case 'j': json = 1; break;
        case 'h': fputs(usage, stdout); return 0;
        case ':':
            fprintf(stderr, "fray dice: %s needs a dice expression\n%s", argv[optind - 1], usage);
            return 2;
        default:
            if (optopt != 0)
                fprintf(stderr, "fray dice: unknown option '-%c'\n%s", optopt, usage);
            else
                fprintf(stderr, "fray dice: unknown option '%s'\n%s", argv[optind - 1], usage);
            return 2;
        }
    }
    if (optind >= argc) {
        fprintf(stderr, "fray dice: a dice expression is required\n%s", usage);
        return 2;
    }
    expr = join_words(argc - optind, argv + optind);
    a = calloc(1, sizeof *a);
    b = vs ? calloc(1, sizeof *b) : NULL;
    if (!expr || !a || (vs && !b)) {
        fprintf(stderr, "fray dice: out of memory\n");
        rc = 1;
        goto done;
    }
    rc = side_load(a, expr);
    if (rc == 0 && b)
        rc = side_load(b, vs);
    if (rc != 0)
        goto done;
    if (json)
        rc = print_json(a, b);
    else
        print_text(a, b);
    if (rc == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
        fprintf(stderr, "fray dice: cannot write the output\n");
        rc = 1;
    }
done:
    if (a)
        fray_dist_free(&a->d);
    if (b)
        fray_dist_free(&b->d);
    free(a);
    free(b);
    free(expr);
    return rc;
}
