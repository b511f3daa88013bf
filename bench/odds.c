/* bench/odds.c: exact `fray odds` queries per second.
 *
 * For each registered ruleset with an odds hook, its main check (and its
 * time-to-defeat check) is asked through the hook exactly as `fray odds`
 * asks it: parameters parsed, the exact distribution computed, the JSON
 * object built and freed. Parameters vary from query to query (16 variants
 * of the attack's number) so nothing is answered twice the same way. For the
 * rulesets whose exact attack odds are also callable without JSON
 * (en_melee_odds_compute, wo_attack_odds_compute) a second row measures the
 * computation alone. The goal: at least 200,000 exact `energy melee`
 * queries per second. Rates are given per second of wall-clock time and per
 * second of the thread's CPU time (the same on an idle machine; on a shared
 * one the second is the cost of a query).
 *
 * usage: bench_odds [--seconds S] [--only RULESET/CHECK] [--json]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "rules/energy/odds.h"
#include "rules/wounds/odds.h"

#define VARIANTS 16
#define MAX_ARGS 24

typedef struct query {
    const char *ruleset;
    const char *check;
    const char *args[MAX_ARGS]; /* "%d" in an argument takes the variant's number */
    int base;                   /* the variant number is base + i % VARIANTS */
} query;

/* Each ruleset's main check first, then its time to defeat. */
static const query queries[] = {
    {"energy", "melee",
     {"melee", "--av", "%d", "--evasion", "8", "--coverage", "10", "--ar", "3", "--damage",
      "1d8+2", "--precise", "1", NULL},
     8},
    {"energy", "defeat",
     {"defeat", "--av", "%d", "--evasion", "8", "--coverage", "10", "--ar", "3", "--damage",
      "1d8+2", "--aura", "25", NULL},
     8},
    {"wounds", "attack",
     {"attack", "--attack", "%d", "--defense", "14", "--damage", "4", "--toughness", "3", NULL},
     0},
    {"wounds", "defeat",
     {"defeat", "--attack", "%d", "--defense", "14", "--damage", "4", "--toughness", "3",
      "--tier", "pc", "--vitality", "1", NULL},
     0},
};
#define NQUERIES (int)(sizeof queries / sizeof queries[0])

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
static double now(void) { return clock_s(CLOCK_MONOTONIC); }
/* CPU time of this thread: what a query costs when the machine is shared */
static double cpu(void) { return clock_s(CLOCK_THREAD_CPUTIME_ID); }

typedef struct row {
    const char *ruleset, *check, *path;
    double qps, us;  /* wall clock */
    double cpu_qps;  /* per second of the thread's CPU time */
    long n;
} row;

/* Queries per second of fn(i) over about `seconds`. */
static void measure(int (*fn)(void *, int), void *ud, double seconds, row *r)
{
    long n = 0;
    int batch = 64;
    double t0 = now(), t = t0;
    for (int i = 0; i < 200; i++) /* warm up */
        fn(ud, i);
    double c0 = cpu();
    t0 = now();
    while (t - t0 < seconds) {
        for (int i = 0; i < batch; i++)
            if (fn(ud, (int)(n + i)) < 0) {
                r->qps = 0.0;
                r->n = -1;
                return;
            }
        n += batch;
        t = now();
    }
    r->n = n;
    r->qps = (double)n / (t - t0);
    r->us = 1e6 / r->qps;
    r->cpu_qps = (double)n / (cpu() - c0);
}

/* Is the row ruleset/check among those asked for (all when only is NULL)? */
static int selected(const char *only, const char *ruleset, const char *check)
{
    char name[64];
    snprintf(name, sizeof name, "%s/%s", ruleset, check);
    return !only || !strcmp(only, name);
}

typedef struct hook_ud {
    const fray_ruleset *rs;
    char *argv[VARIANTS][MAX_ARGS];
    char num[VARIANTS][16];
    int argc;
} hook_ud;

static int via_hook(void *p, int i)
{
    hook_ud *h = p;
    json_t *out = NULL;
    char err[256];
    if (h->rs->odds(h->argc, h->argv[i % VARIANTS], &out, err, sizeof err) < 0) {
        fprintf(stderr, "bench_odds: %s: %s\n", h->rs->id, err);
        return -1;
    }
    json_decref(out);
    return 0;
}

typedef struct core_ud {
    en_melee_q em[VARIANTS];
    wo_attack_q wa[VARIANTS];
} core_ud;

static int energy_core(void *p, int i)
{
    core_ud *c = p;
    en_melee_odds r;
    if (en_melee_odds_compute(&c->em[i % VARIANTS], &r) < 0)
        return -1;
    en_melee_odds_free(&r);
    return 0;
}

static int wounds_core(void *p, int i)
{
    core_ud *c = p;
    wo_attack_odds r;
    if (wo_attack_odds_compute(&c->wa[i % VARIANTS], &r) < 0)
        return -1;
    wo_attack_odds_free(&r);
    return 0;
}

int main(int argc, char **argv)
{
    double seconds = 1.0;
    int json = 0;
    const char *only = NULL; /* "energy/melee": that row alone, for a profiler */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) {
            json = 1;
        } else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) {
            seconds = atof(argv[++i]);
            if (seconds <= 0.0) {
                fprintf(stderr, "bench_odds: --seconds must be positive\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
        } else {
            fprintf(stderr, "usage: bench_odds [--seconds S] [--only RULESET/CHECK] [--json]\n");
            return !strcmp(argv[i], "--help") ? 0 : 2;
        }
    }

    row rows[2 * NQUERIES];
    int nrows = 0;
    hook_ud h;
    core_ud c;
    for (int q = 0; q < NQUERIES; q++) {
        const fray_ruleset *rs = fray_ruleset_find(queries[q].ruleset);
        if (!rs || !rs->odds || !selected(only, queries[q].ruleset, queries[q].check))
            continue;
        memset(&h, 0, sizeof h);
        h.rs = rs;
        for (int v = 0; v < VARIANTS; v++) {
            snprintf(h.num[v], sizeof h.num[v], "%d", queries[q].base + v);
            int k = 0;
            for (; queries[q].args[k]; k++)
                h.argv[v][k] = !strcmp(queries[q].args[k], "%d") ? h.num[v]
                                                                 : (char *)queries[q].args[k];
            h.argc = k;
        }
        row *r = &rows[nrows++];
        r->ruleset = queries[q].ruleset;
        r->check = queries[q].check;
        r->path = "hook + JSON";
        measure(via_hook, &h, seconds, r);
    }

    /* the computations alone */
    char perr[128];
    for (int v = 0; v < VARIANTS; v++) {
        en_melee_q *m = &c.em[v];
        memset(m, 0, sizeof *m);
        m->av = 8 + v;
        m->evasion = 8;
        m->coverage = 10;
        m->ar = 3;
        m->precise = 1;
        if (fray_dexpr_parse("1d8+2", &m->damage, perr, sizeof perr) < 0)
            return 1;
        wo_attack_q *w = &c.wa[v];
        memset(w, 0, sizeof *w);
        w->attack = v;
        w->defense = 14;
        w->damage = 4;
        w->toughness = 3;
        w->wild = WO_WILD_EXPLODE;
    }
    if (selected(only, "energy", "melee")) {
        row *r = &rows[nrows++];
        *r = (row){.ruleset = "energy", .check = "melee", .path = "computation only"};
        measure(energy_core, &c, seconds, r);
    }
    if (selected(only, "wounds", "attack")) {
        row *r = &rows[nrows++];
        *r = (row){.ruleset = "wounds", .check = "attack", .path = "computation only"};
        measure(wounds_core, &c, seconds, r);
    }
    if (!nrows) {
        fprintf(stderr, "bench_odds: --only %s: no such row (try energy/melee)\n", only);
        return 2;
    }

    if (json) {
        printf("{\"bench\": \"odds\", \"seconds\": %g, \"rows\": [", seconds);
        for (int i = 0; i < nrows; i++)
            printf("%s\n  {\"ruleset\": \"%s\", \"check\": \"%s\", \"path\": \"%s\", "
                   "\"queries\": %ld, \"queries_per_second\": %.0f, \"us_per_query\": %.3f, "
                   "\"queries_per_cpu_second\": %.0f}",
                   i ? "," : "", rows[i].ruleset, rows[i].check, rows[i].path, rows[i].n,
                   rows[i].qps, rows[i].us, rows[i].cpu_qps);
        printf("\n]}\n");
    } else {
        printf("exact odds queries per second (one thread, %.1f s a row)\n\n", seconds);
        printf("%-8s %-8s %-18s %14s %12s %16s\n", "ruleset", "check", "path", "queries/s",
               "us/query", "queries/CPU-s");
        for (int i = 0; i < nrows; i++)
            printf("%-8s %-8s %-18s %14.0f %12.3f %16.0f\n", rows[i].ruleset, rows[i].check,
                   rows[i].path, rows[i].qps, rows[i].us, rows[i].cpu_qps);
        printf("\ngoal: energy melee >= 200000 exact queries/s\n");
    }
    return 0;
}
