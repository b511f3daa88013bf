/* defeat.c: the time-to-defeat walk (defeat.h). */
#include <stdlib.h>
#include <string.h>

#include "core.h"

void fray_defeat_free(fray_defeat *d)
{
    free(d->p_att);
    free(d->p_rnd);
    free(d->k_rnd);
    memset(d, 0, sizeof *d);
}

/* Make room for index i in a zeroed array of *cap elements. */
static int grow(void **arr, int *cap, int i, size_t size)
{
    if (i < *cap)
        return 0;
    int n = *cap;
    while (n <= i)
        n *= 2;
    char *p = realloc(*arr, (size_t)n * size);
    if (!p)
        return -1;
    memset(p + (size_t)*cap * size, 0, (size_t)(n - *cap) * size);
    *arr = p;
    *cap = n;
    return 0;
}

int fray_defeat_run(const fray_defeat_chain *c, fray_defeat *d)
{
    memset(d, 0, sizeof *d);
    size_t ns = (size_t)c->nstates;
    int cap_a = 64, cap_r = 64, cap_k = 64;
    double *cur = calloc(ns, sizeof *cur), *nxt = calloc(ns, sizeof *nxt);
    d->p_att = calloc((size_t)cap_a, sizeof *d->p_att);
    d->p_rnd = calloc((size_t)cap_r, sizeof *d->p_rnd);
    d->k_rnd = calloc((size_t)cap_k, sizeof *d->k_rnd);
    if (!cur || !nxt || !d->p_att || !d->p_rnd || !d->k_rnd)
        goto oom;
    cur[c->start] = 1.0;
    double alive = 1.0;
    int att = 0, rnd = 0;
    while (att < c->horizon && alive >= c->cut) {
        int k = c->attacks ? c->attacks(c->ud, rnd + 1) : 1;
        if (k <= 0)
            break; /* no more attacks: the rest is the tail */
        rnd++;
        if (grow((void **)&d->p_rnd, &cap_r, rnd, sizeof *d->p_rnd) < 0 ||
            grow((void **)&d->k_rnd, &cap_k, rnd, sizeof *d->k_rnd) < 0 ||
            grow((void **)&d->p_att, &cap_a, att + k, sizeof *d->p_att) < 0)
            goto oom;
        d->k_rnd[rnd] = k;
        if (c->round_start) {
            double out = 0.0;
            c->round_start(c->ud, rnd, cur, &out);
            /* out before this round's attacks: after `att` attacks */
            d->p_att[att] += out;
            d->p_rnd[rnd] += out;
        }
        for (int j = 0; j < k && att < c->horizon; j++) {
            att++;
            double out = 0.0;
            memset(nxt, 0, ns * sizeof *nxt);
            for (size_t s = 0; s < ns; s++) {
                double m = cur[s];
                if (m != 0.0)
                    c->attack(c->ud, (int)s, m, nxt, &out);
            }
            double *t = cur;
            cur = nxt;
            nxt = t;
            d->p_att[att] += out;
            d->p_rnd[rnd] += out;
        }
        alive = 0.0;
        for (size_t s = 0; s < ns; s++)
            alive += cur[s];
    }
    d->n_att = att;
    d->n_rnd = rnd;
    d->tail = alive;
    free(cur);
    free(nxt);
    return 0;
oom:
    free(cur);
    free(nxt);
    fray_defeat_free(d);
    return -1;
}
