/* compare.c: `fray compare A.json B.json -n N`: the same fights under two
 * variants of an encounter, and whether the difference is real.
 *
 * Fight i of A and fight i of B draw the same dice stream (the same seed),
 * so the two runs are paired: the difference in win rate is estimated from
 * the fights one variant won and the other did not (McNemar's test), and
 * the difference in rounds from the per-fight differences (a paired test).
 * Identical files give identical fights: no difference, exactly. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonout.h"
#include "bench.h"
#include "cli.h"
#include "par.h"
#include "core.h"
#include "stats.h"

#define COMPARE_MAX_N 20000000ULL /* 3 bytes a fight and variant are kept */

static void help(FILE *f)
{
    fprintf(f,
            "usage: fray compare A.json B.json -n N [--seed S] [--threads T]\n"
            "                    [--policy SIDE=C]... [--b-policy SIDE=C]... [--side SIDE] [--json]\n"
            "       fray compare A.json -n N --b-policy SIDE=C... (B: A with those players)\n\n"
            "Runs the same N fights (the same seed: fight i of A and of B draw the same\n"
            "dice) under two variants of an encounter with the same sides, and reports the\n"
            "difference in SIDE's win rate (B - A) with its 95%% interval and McNemar's\n"
            "paired test, and the difference in rounds with a paired test, with a verdict\n"
            "in words: \"B: blue wins 6.1 +- 0.8 points more often than A\".\n\n"
            "  -n N              fights per variant (required, at most 20000000)\n"
            "  --seed S          seed (default: from the clock; printed)\n"
            "  --threads T       worker threads (default: the cores online)\n"
            "  --policy S=C      who plays side S in both: policy, random, script or\n"
            "                    lookahead[:B,T,D] (docs/sim.md, \"The look-ahead player\")\n"
            "  --b-policy S=C    who plays side S in B only, after --policy: two players\n"
            "                    of one fight on the same dice (B may then be left out)\n"
            "  --side SIDE       the side compared (default: A's first side)\n"
            "  --json            one JSON object\n"
            "  --help            this text\n\n"
            "Exit: 0 done, 1 runtime failure, 2 bad input (also sides that differ).\n");
}

typedef struct variant {
    const char *path;
    const char *policies[32]; /* --policy, then (B) --b-policy */
    int npol;
    fray_sim_result *r;
    uint8_t *outcome;
    uint16_t *rounds;
} variant;

typedef struct paired {
    uint64_t n, b_only, a_only;   /* fights won by SIDE in B alone, in A alone */
    double diff, half;            /* B - A in win rate, and its 95% half-width */
    double p_wins;                /* McNemar's two-sided p */
    double rdiff, rhalf, p_rounds;/* B - A in rounds, half-width, paired p */
} paired;

static double two_sided_p(double z) { return erfc(fabs(z) / sqrt(2.0)); }

/* McNemar's test on the discordant pairs: exact binomial while they are few. */
static double mcnemar_p(uint64_t b, uint64_t c)
{
    uint64_t m = b + c;
    if (m == 0)
        return 1.0;
    if (m > 200)
        return two_sided_p(((double)b - (double)c) / sqrt((double)m));
    uint64_t k = b < c ? b : c;
    double p = 0;
    for (uint64_t i = 0; i <= k; i++)
        p += exp(lgamma((double)m + 1) - lgamma((double)i + 1) - lgamma((double)(m - i) + 1) -
                 (double)m * log(2.0));
    p *= 2;
    return p > 1 ? 1 : p;
}

static paired analyse(const variant *a, const variant *b, int side)
{
    paired p;
    memset(&p, 0, sizeof p);
    uint64_t n = a->r->fights < b->r->fights ? a->r->fights : b->r->fights;
    fray_moments d;
    memset(&d, 0, sizeof d);
    uint8_t won = (uint8_t)(side + 1);
    for (uint64_t i = 0; i < n; i++) {
        int wa = a->outcome[i] == won, wb = b->outcome[i] == won;
        p.b_only += wb && !wa;
        p.a_only += wa && !wb;
        fray_moments_add(&d, (int64_t)b->rounds[i] - (int64_t)a->rounds[i]);
    }
    p.n = n;
    if (n) {
        double dn = (double)n, mean = ((double)p.b_only - (double)p.a_only) / dn;
        double var = ((double)(p.b_only + p.a_only) / dn - mean * mean) * (n > 1 ? dn / (dn - 1) : 0);
        p.diff = mean;
        p.half = FRAY_Z95 * sqrt(var > 0 ? var / dn : 0);
        p.rdiff = fray_moments_mean(&d);
        double se = fray_moments_sd(&d) / sqrt(dn);
        p.rhalf = FRAY_Z95 * se;
        p.p_rounds = se > 0 ? two_sided_p(p.rdiff / se) : (p.rdiff == 0 ? 1.0 : 0.0);
    }
    p.p_wins = mcnemar_p(p.b_only, p.a_only);
    return p;
}

/* The verdict in words. */
static void verdict(char *buf, size_t len, const paired *p, const char *side)
{
    double pts = 100 * p->diff, half = 100 * p->half;
    if (p->b_only == 0 && p->a_only == 0)
        snprintf(buf, len, "no difference: every fight ended the same for %s under A and B", side);
    else if (pts - half > 0 || pts + half < 0)
        snprintf(buf, len, "B: %s wins %.1f +- %.1f points %s often than under A (p = %.2g)", side,
                 fabs(pts), half, pts > 0 ? "more" : "less", p->p_wins);
    else
        snprintf(buf, len, "no clear difference: %s wins %+.1f +- %.1f points under B (p = %.2g)",
                 side, pts, half, p->p_wins);
}

static int run_variant(variant *v, const cli_batch *b, cli_progress *pr)
{
    fray_sim_opts o = cli_batch_sim_opts(b, pr);
    v->r = malloc(sizeof *v->r);
    v->outcome = malloc(b->n);
    v->rounds = malloc(b->n * sizeof *v->rounds);
    if (!v->r || !v->outcome || !v->rounds)
        return fprintf(stderr, "fray compare: out of memory\n"), 1;
    o.outcome = v->outcome;
    o.rounds = v->rounds;
    o.controllers = v->policies;
    o.ncontrollers = v->npol;
    char err[512];
    int rc = cli_sim_run(v->path, NULL, &o, v->r, err, sizeof err);
    if (rc != FRAY_OK) {
        cli_progress_end(pr);
        fprintf(stderr, "fray compare: %s%s%s\n", strncmp(err, v->path, strlen(v->path)) ? v->path : "",
                strncmp(err, v->path, strlen(v->path)) ? ": " : "", err);
        return rc == FRAY_EINPUT ? 2 : 1;
    }
    cli_progress_batch(pr, v->r->fights);
    return 0;
}

/* The two variants must have the same sides, by name and in order. */
static int same_sides(const variant *a, const variant *b)
{
    if (strcmp(a->r->ruleset, b->r->ruleset) || a->r->nsides != b->r->nsides)
        return 0;
    for (int s = 0; s < a->r->nsides; s++)
        if (strcmp(a->r->side[s], b->r->side[s]))
            return 0;
    return 1;
}

static void print_text(const variant v[2], const paired *p, int side, const cli_batch *b)
{
    const char *sn = v[0].r->side[side];
    printf("%s (%s): %llu paired fights, seed %llu\n", v[0].r->encounter, v[0].r->ruleset,
           (unsigned long long)p->n, (unsigned long long)b->seed);
    for (int k = 0; k < 2; k++) {
        double lo, hi;
        fray_wilson95(v[k].r->wins[side], v[k].r->fights, &lo, &hi);
        char label[64];
        /* B by its players when they are what differs (--b-policy) */
        if (v[k].npol > v[0].npol)
            snprintf(label, sizeof label, "+ %s", v[k].policies[v[k].npol - 1]);
        else
            snprintf(label, sizeof label, "%s", v[k].path);
        printf("  %c  %-28.28s %s wins %5.1f%% [%5.1f-%5.1f]  rounds %.2f\n", 'A' + k, label,
               sn, 100.0 * (double)v[k].r->wins[side] / (double)v[k].r->fights, 100 * lo, 100 * hi,
               fray_moments_mean(&v[k].r->rounds));
    }
    printf("  B - A: %s wins %+.2f +- %.2f points; fights %s won under B only: %llu, under A only: %llu;"
           " McNemar p = %.3g\n", sn, 100 * p->diff, 100 * p->half, sn,
           (unsigned long long)p->b_only, (unsigned long long)p->a_only, p->p_wins);
    printf("  B - A: rounds %+.3f +- %.3f (paired p = %.3g)\n", p->rdiff, p->rhalf, p->p_rounds);
    char v_[256];
    verdict(v_, sizeof v_, p, sn);
    printf("%s\n", v_);
}

static void print_json(const variant v[2], const paired *p, int side, const cli_batch *b)
{
    const char *sn = v[0].r->side[side];
    json_t *o = json_object(), *vs = json_array();
    json_object_set_new(o, "encounter", json_string(v[0].r->encounter));
    json_object_set_new(o, "ruleset", json_string(v[0].r->ruleset));
    json_object_set_new(o, "seed", json_integer((json_int_t)b->seed));
    json_object_set_new(o, "side", json_string(sn));
    json_object_set_new(o, "fights", json_integer((json_int_t)p->n));
    for (int k = 0; k < 2; k++)
        json_array_append_new(vs, json_pack("{s:s,s:o,s:f}", "file", v[k].path, "wins",
                                            cli_proportion(v[k].r->wins[side], v[k].r->fights),
                                            "rounds_mean", fray_moments_mean(&v[k].r->rounds)));
    json_object_set_new(o, "variants", vs);
    json_object_set_new(o, "win_rate_diff",
                        json_pack("{s:f,s:[f,f],s:I,s:I,s:f}", "estimate", p->diff, "ci95",
                                  p->diff - p->half, p->diff + p->half, "b_only",
                                  (json_int_t)p->b_only, "a_only", (json_int_t)p->a_only,
                                  "mcnemar_p", p->p_wins));
    json_object_set_new(o, "rounds_diff", json_pack("{s:f,s:[f,f],s:f}", "estimate", p->rdiff,
                                                    "ci95", p->rdiff - p->rhalf, p->rdiff + p->rhalf,
                                                    "p", p->p_rounds));
    char vd[256];
    verdict(vd, sizeof vd, p, sn);
    json_object_set_new(o, "verdict", json_string(vd));
    fray_json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    fputc('\n', stdout);
    json_decref(o);
}

static int parse(int argc, char **argv, cli_batch *b, variant v[2])
{
    static const struct option longopts[] = {
        {"seed", required_argument, 0, 's'},   {"threads", required_argument, 0, 't'},
        {"policy", required_argument, 0, 'p'}, {"side", required_argument, 0, 'S'},
        {"json", no_argument, 0, 'j'},         {"help", no_argument, 0, 'h'},
        {"b-policy", required_argument, 0, 'B'}, {0, 0, 0, 0}};
    const char *bpol[16];
    int nb = 0;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "n:h", longopts, NULL)) != -1) {
        int k = cli_batch_opt("compare", c, optarg, b);
        if (k < 0)
            return -1;
        if (k)
            continue;
        switch (c) {
        case 'j': b->json = 1; break;
        case 'B':
            if (nb == 16)
                return fprintf(stderr, "fray compare: too many --b-policy options\n"), -1;
            bpol[nb++] = optarg;
            break;
        case 'h': help(stdout); return 1;
        default: help(stderr); return -1;
        }
    }
    if (optind != argc - 2 && !(nb && optind == argc - 1))
        return fprintf(stderr, "fray compare: expected two encounter files, A and B (or one with --b-policy)\n"),
               help(stderr), -1;
    v[0].path = argv[optind];
    v[1].path = argv[optind == argc - 1 ? optind : optind + 1];
    for (int k = 0; k < 2; k++) {
        memcpy(v[k].policies, b->policies, (size_t)b->npol * sizeof b->policies[0]);
        v[k].npol = b->npol;
    }
    memcpy(v[1].policies + b->npol, bpol, (size_t)nb * sizeof bpol[0]);
    v[1].npol += nb;
    if (cli_batch_finish("compare", b) < 0)
        return -1;
    if (b->n > COMPARE_MAX_N)
        return fprintf(stderr, "fray compare: -n is at most %llu\n", COMPARE_MAX_N), -1;
    return 0;
}

int cli_compare(int argc, char **argv)
{
    cli_batch b;
    variant v[2];
    memset(&b, 0, sizeof b);
    memset(v, 0, sizeof v);
    int rc = parse(argc, argv, &b, v);
    if (rc)
        return rc > 0 ? 0 : 2;
    cli_progress pr;
    cli_progress_start(&pr, "compare", 2 * b.n);
    cli_stop_catch();
    rc = run_variant(&v[0], &b, &pr);
    if (!rc)
        rc = run_variant(&v[1], &b, &pr);
    cli_progress_end(&pr);
    cli_stop_release();
    if (!rc && !same_sides(&v[0], &v[1])) {
        fprintf(stderr, "fray compare: %s and %s have different rulesets or sides: compare variants of one fight\n",
                v[0].path, v[1].path);
        rc = 2;
    }
    int side = rc ? -1 : cli_side_index(v[0].r, b.side);
    if (!rc && side < 0) {
        fprintf(stderr, "fray compare: --side %s: the encounters have no such side\n", b.side);
        rc = 2;
    }
    if (!rc) {
        if (v[0].r->stopped || v[1].r->stopped)
            fprintf(stderr, "fray compare: interrupted: %llu paired fights\n",
                    (unsigned long long)(v[0].r->fights < v[1].r->fights ? v[0].r->fights : v[1].r->fights));
        paired p = analyse(&v[0], &v[1], side);
        if (b.json)
            print_json(v, &p, side, &b);
        else
            print_text(v, &p, side, &b);
    }
    for (int k = 0; k < 2; k++) {
        free(v[k].r);
        free(v[k].outcome);
        free(v[k].rounds);
    }
    return rc;
}
