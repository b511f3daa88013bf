/* exact.c: the exact Combat Roll (#Step III: Determine Results) of one
 * attack against one defence, in integers: the chance of each outcome
 * from the two tests' distributions (test.c), and the damage after Armor
 * Rating, Block Rating, resistance and vulnerability (#Damage & Health).
 * The policy reads it (ct_expect_of); `fray odds contest strike` (odds.c)
 * shows the same numbers. */
#include <assert.h>
#include <stdatomic.h>
#include <string.h>

#include "contest.h"

/* Both pass: the attacker's Successes against the defender's, each
 * attacker result against the defender's results below it (a hit) in one
 * running sum. */
void ct_masses_of(int model, int base, int thr, const ct_plan *p, int def, ct_masses *m)
{
    int64_t pa[CT_MAX_SUCC], pd[CT_MAX_SUCC];
    memset(m, 0, sizeof *m);
    ct_test_dist(model, base, thr, &p->att, pa);
    ct_test_dist(model, base, thr, &p->def[def], pd);
    if (def == CT_D_NONE)
        memset(pd, 0, sizeof pd), pd[0] = CT_P_ONE;
    int64_t att_pass = 0, def_pass = 0, hit = 0, below = 0;
    for (int s = 1; s < CT_MAX_SUCC; s++) {
        att_pass += pa[s], def_pass += pd[s];
        hit += pa[s] * below;
        below += pd[s];
    }
    m->both_fail = pa[0] * pd[0];
    m->att_crit = att_pass * pd[0];
    m->def_crit = pa[0] * def_pass;
    if (def == CT_D_BLOCK)
        m->block = att_pass * def_pass;
    else
        m->hit = hit, m->miss = att_pass * def_pass - hit;
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

/* Every defence the plan allows and None, the raw damage counted once. */
static void verdict(const int opt[4], const ct_plan *p, ct_verdict *v)
{
    int64_t count[CT_MAX_RAW], ways = ct_raw_counts(p, count);
    int64_t hit = damage_sum(p, count, 0, opt[3]), blocked = -1;
    memset(v, 0, sizeof *v);
    for (int d = 0; d < CT_NDEF; d++) {
        if (!((p->allowed | 1u << CT_D_NONE) >> d & 1u))
            continue;
        ct_masses m;
        ct_masses_of(opt[0], opt[1], opt[2], p, d, &m);
        /* a critical win and a hit do the damage, a block less */
        int64_t sum = narrow(m.att_crit + m.hit) * hit;
        if (m.block) {
            if (blocked < 0)
                blocked = damage_sum(p, count, 1, opt[3]);
            sum += narrow(m.block) * blocked;
        }
        v->x[d].dmg = ways ? (sum + ways / 2) / ways : 0;
        v->x[d].att_crit = narrow(m.att_crit);
        v->x[d].def_crit = narrow(m.def_crit);
    }
}

/* ---- The policy's memo ----
 * A verdict depends on nothing but the options and the plan's numbers, so
 * it is kept by them: a fight asks the same few questions again and again
 * (the same creatures, weapons and conditions), and a changed number is
 * another key, never a stale answer. One table per thread (each sim
 * worker has its own), direct-mapped: a collision recomputes. The numbers
 * are small (sheets' bounds), kept as 16 bits; a plan with one that does
 * not fit is computed and not kept. */
enum { KEY_WORDS = 32 };
typedef struct verdict_key { int16_t w[KEY_WORDS]; } verdict_key;

#define MEMO_SIZE 512
typedef struct memo_entry {
    verdict_key key;
    ct_verdict v;
} memo_entry;
static _Thread_local memo_entry memo[MEMO_SIZE];
static _Thread_local int memo_used[MEMO_SIZE];

/* The key's words in order; 0 when one does not fit in 16 bits. */
static int key_of(const int opt[4], const ct_plan *p, verdict_key *k)
{
    int v[KEY_WORDS] = {opt[0], opt[1], opt[2], opt[3], (int)p->allowed, p->dice, p->sides,
                        p->bonus, p->type, p->ar, p->br, p->resist, p->vuln,
                        p->att.rating, p->att.boon, p->att.autores};
    int n = 16;
    for (int d = 0; d < CT_NDEF; d++, n += 3)
        if ((p->allowed | 1u << CT_D_NONE) >> d & 1u)
            v[n] = p->def[d].rating, v[n + 1] = p->def[d].boon, v[n + 2] = p->def[d].autores;
    uint32_t out = 0; /* any bit above 16 of a word moved to 0..65535 */
    for (int i = 0; i < KEY_WORDS; i++) {
        out |= ((uint32_t)v[i] + 32768u) & 0xFFFF0000u;
        k->w[i] = (int16_t)v[i];
    }
    return out == 0;
}

static uint32_t hash_of(const verdict_key *k)
{
    uint64_t h = 0;
    for (int i = 0; i < KEY_WORDS; i += 4) {
        uint64_t x;
        memcpy(&x, &k->w[i], sizeof x);
        h = (h ^ x) * 0x9E3779B97F4A7C15u;
    }
    return (uint32_t)(h >> 32);
}

const ct_verdict *ct_verdict_of(const fray_encounter *e, const ct_plan *p)
{
    static _Thread_local ct_verdict unkept;
    const int opt[4] = {fray_opt(e, CT_OPT_MODEL), fray_opt(e, CT_OPT_D20_BASE),
                        fray_opt(e, CT_OPT_POOL_SUCCESS), fray_opt(e, CT_OPT_OTHER_BLOCK)};
    verdict_key k;
    if (!key_of(opt, p, &k)) {
        verdict(opt, p, &unkept);
        return &unkept;
    }
    uint32_t at = hash_of(&k) % MEMO_SIZE;
    memo_entry *m = &memo[at];
    if (!memo_used[at] || memcmp(&m->key, &k, sizeof k)) {
        verdict(opt, p, &m->v);
        m->key = k;
        memo_used[at] = 1;
    }
    return &m->v;
}

/* ---- The policy's memo of pairs ----
 * The policy weighs the same attacks again and again (every Strike listed
 * at every choice, each defence asked, the attack a defence would cost):
 * a plan's verdict is kept by the pair, the weapon or spell and the
 * situation word (ct_plan_situation: what of the fight the plan reads), for
 * the sheets and options of one load (the serial; a copy of the fight
 * shares them). A question about another load or other options empties the
 * table (a new generation); a collision recomputes. One table per thread,
 * as the verdicts'. */
#define PAIRS_BITS 8
#define PAIRS (1 << PAIRS_BITS)
typedef struct pair_entry {
    uint64_t sit, pair;
    uint32_t gen, allowed;
    ct_verdict v;
} pair_entry;
static _Thread_local struct {
    uint64_t serial;
    int opt[CT_NOPT];
    uint32_t gen;
    pair_entry at[PAIRS];
} pairs;

static _Atomic uint64_t serials;

uint64_t ct_new_serial(void)
{
    return atomic_fetch_add(&serials, 1) + 1;
}

const ct_verdict *ct_verdict_for(fray_encounter *e, int who, int t, int weapon, int spell,
                                 uint32_t *allowed)
{
    uint64_t serial = ((const ct_memo *)(const void *)fray_memo(e))->serial;
    if (pairs.gen == 0 || pairs.serial != serial ||
        memcmp(pairs.opt, e->opt, sizeof pairs.opt)) {
        pairs.serial = serial;
        memcpy(pairs.opt, e->opt, sizeof pairs.opt);
        if (++pairs.gen == 0) { /* wrapped: no entry may look current */
            memset(pairs.at, 0, sizeof pairs.at);
            pairs.gen = 1;
        }
    }
    uint64_t sit = ct_plan_situation(e, who, t, weapon, spell);
    uint64_t pair = (uint64_t)who | (uint64_t)t << 8 | (uint64_t)(weapon + 1) << 16 |
                    (uint64_t)(spell + 1) << 24;
    pair_entry *m = &pairs.at[((sit ^ pair * 0x9E3779B97F4A7C15u) * 0xC2B2AE3D27D4EB4Fu) >> (64 - PAIRS_BITS)];
    int kept = m->gen == pairs.gen && m->sit == sit && m->pair == pair;
#ifdef NDEBUG
    if (kept) {
        *allowed = m->allowed;
        return &m->v;
    }
#endif
    /* (debug builds plan at every question, to check that the kept verdict
     * is the one a plan gives now: the situation word misses nothing) */
    ct_plan p;
    int mark = fray_mods_mark(e);
    ct_plan_of(e, who, t, weapon, spell, 0, &p);
    fray_mods_drop(e, mark);
    const ct_verdict *v = ct_verdict_of(e, &p);
    assert(!kept || (p.allowed == m->allowed && !memcmp(v, &m->v, sizeof *v)));
    m->v = *v;
    m->allowed = p.allowed;
    m->sit = sit, m->pair = pair, m->gen = pairs.gen;
    *allowed = m->allowed;
    return &m->v;
}
