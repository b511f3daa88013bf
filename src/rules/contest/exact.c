/* exact.c: the exact Combat Roll (#Step III: Determine Results) of one
 * attack against one defence, in integers: the chance of each outcome
 * from the two tests' distributions (test.c), and the damage after Armor
 * Rating, Block Rating, resistance and vulnerability (#Damage & Health).
 * The policy reads it (ct_expect_of); `fray odds contest strike` (odds.c)
 * shows the same numbers. */
#include <string.h>

#include "contest.h"

void ct_masses_of(int model, int base, int thr, const ct_plan *p, int def, ct_masses *m)
{
    int64_t pa[CT_MAX_SUCC], pd[CT_MAX_SUCC];
    memset(m, 0, sizeof *m);
    ct_test_dist(model, base, thr, &p->att, pa);
    ct_test_dist(model, base, thr, &p->def[def], pd);
    if (def == CT_D_NONE)
        memset(pd, 0, sizeof pd), pd[0] = CT_P_ONE;
    for (int a = 0; a < CT_MAX_SUCC; a++) {
        for (int d = 0; d < CT_MAX_SUCC && pa[a] > 0; d++) {
            int64_t x = pa[a] * pd[d];
            if (!a && !d)
                m->both_fail += x;
            else if (!d)
                m->att_crit += x;
            else if (!a)
                m->def_crit += x;
            else if (def == CT_D_BLOCK)
                m->block += x;
            else if (a > d)
                m->hit += x;
            else
                m->miss += x;
        }
    }
}

int64_t ct_raw_counts(const ct_plan *p, int64_t count[CT_MAX_RAW])
{
    int64_t nxt[CT_MAX_RAW], ways = 1;
    int hi = 0;
    memset(count, 0, sizeof(int64_t) * CT_MAX_RAW);
    count[0] = 1;
    for (int d = 0; d < p->dice; d++) {
        memset(nxt, 0, sizeof nxt);
        for (int v = 0; v <= hi; v++)
            for (int f = 1; f <= p->sides && v + f < CT_MAX_RAW; f++)
                nxt[v + f] += count[v];
        hi += p->sides;
        ways *= p->sides;
        memcpy(count, nxt, sizeof nxt);
    }
    return ways;
}

/* The damage a hit does, summed over the raw rolls: over the ways. */
static int64_t damage_sum(const ct_plan *p, const int64_t count[CT_MAX_RAW], int blocked,
                          int other_block)
{
    int64_t sum = 0;
    for (int v = 0; v < CT_MAX_RAW; v++) {
        if (!count[v])
            continue;
        int d = ct_damage_after(v + p->bonus, p->type, p->ar, p->br, blocked, p->resist,
                                p->vuln, other_block);
        sum += count[v] * (d < 127 ? d : 127);
    }
    return sum;
}

/* A chance over CT_P_ONE * CT_P_ONE, over CT_P_ONE (rounded). */
static int64_t narrow(int64_t x)
{
    return (x + (CT_P_ONE >> 1)) >> CT_P_BITS;
}

void ct_expect_of(const fray_encounter *e, const ct_plan *p, int def, ct_expect *x)
{
    ct_masses m;
    ct_masses_of(fray_opt(e, CT_OPT_MODEL), fray_opt(e, CT_OPT_D20_BASE),
                 fray_opt(e, CT_OPT_POOL_SUCCESS), p, def, &m);
    int64_t count[CT_MAX_RAW], ways = ct_raw_counts(p, count);
    int ob = fray_opt(e, CT_OPT_OTHER_BLOCK);
    /* a critical win and a hit do the damage, a block less */
    int64_t sum = narrow(m.att_crit + m.hit) * damage_sum(p, count, 0, ob);
    if (m.block)
        sum += narrow(m.block) * damage_sum(p, count, 1, ob);
    x->dmg = ways ? (sum + ways / 2) / ways : 0;
    x->att_crit = narrow(m.att_crit);
    x->def_crit = narrow(m.def_crit);
}
