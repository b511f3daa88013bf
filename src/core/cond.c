/* cond.c: conditions. Each creature holds entries (id, parent, source,
 * value, end); the core keeps the bit mask of what each creature has (with
 * what its conditions imply, from the ruleset's condition table) and the
 * flags those conditions carry, so a ruleset asks fray_has() and keeps no
 * cache of its own. Every change of what a creature has is recorded for the
 * next event, as "Name" with before/after 0 and 1. */
#include <string.h>

#include "core.h"

static const fray_cond_info *info_of(const fray_encounter *e, int cond)
{
    return e->rs->cond_info ? &e->rs->cond_info[cond] : NULL;
}

static int stack_of(const fray_encounter *e, int cond)
{
    const fray_cond_info *ci = info_of(e, cond);
    return ci ? ci->stack : FRAY_STACK_EXTEND;
}

/* Whether an entry of `id` is held (implied conditions do not count: a
 * parent's daughters stand while an entry of the parent does). */
static int holds(const fray_combatant *c, int id)
{
    for (int i = 0; i < c->ncond; i++)
        if (c->cond[i].id == id)
            return 1;
    return 0;
}

/* The mask of who's entries with what they imply, and the flags of all of
 * it. Implications are followed to their end: a table is small, and a
 * chain (Unconscious -> Incapacitated -> Flat Footed) is a few steps. */
static void mask_of(const fray_encounter *e, const fray_combatant *c, uint64_t *maskp,
                    unsigned *flagsp)
{
    uint64_t m = 0;
    for (int i = 0; i < c->ncond; i++)
        m |= (uint64_t)1 << c->cond[i].id;
    unsigned flags = 0;
    if (e->rs->cond_info) {
        int n = e->rs->nconditions;
        uint64_t done = 0, table = n >= 64 ? UINT64_MAX : ((uint64_t)1 << n) - 1;
        while (m & ~done) {
            uint64_t fresh = m & ~done;
            for (uint64_t f = fresh & table; f; f &= f - 1) {
                int k = __builtin_ctzll(f);
                m |= e->rs->cond_info[k].implies;
                flags |= e->rs->cond_info[k].flags;
            }
            done |= fresh;
        }
    }
    *maskp = m;
    *flagsp = flags;
}

/* Bring cmask and cflags up to date and record every condition gained or
 * lost, in the order of the ruleset's table. Called after each single entry
 * is added or dropped, so that a parent's loss is recorded before its
 * daughters'. */
static void refresh(fray_encounter *e, int who)
{
    fray_combatant *c = &e->c[who];
    uint64_t m;
    unsigned flags;
    mask_of(e, c, &m, &flags);
    uint64_t diff = m ^ c->cmask;
    e->world_rev += diff != 0;
    c->cmask = m;
    c->cflags = flags;
    for (; diff; diff &= diff - 1) { /* the changed bits, lowest first */
        int k = __builtin_ctzll(diff);
        fray_record_only(e, who, e->rs->conditions[k], (int)((m >> k) & 1u) ^ 1, (int)((m >> k) & 1u));
    }
}

void fray_cond_refresh(fray_encounter *e, int who)
{
    fray_combatant *c = &e->c[who];
    uint64_t was = c->cmask;
    mask_of(e, c, &c->cmask, &c->cflags);
    e->world_rev += c->cmask != was;
    e->cond_any |= c->ncond > 0; /* entries written directly */
}

int fray_cond_has(const fray_encounter *e, int who, int cond) { return fray_has(e, who, cond); }

/* Later of two ends; FRAY_EXP_NEVER outlasts everything, a rest-bound entry
 * outlasts any round-bound one. */
static int outlasts(int exp_a, int round_a, int exp_b, int round_b)
{
    if (exp_a == exp_b)
        return round_a > round_b;
    if (exp_a == FRAY_EXP_NEVER)
        return 1;
    if (exp_b == FRAY_EXP_NEVER)
        return 0;
    if (exp_a == FRAY_EXP_REST)
        return 1;
    if (exp_b == FRAY_EXP_REST)
        return 0;
    if (exp_a == FRAY_EXP_ON_USE || exp_b == FRAY_EXP_ON_USE)
        return exp_b == FRAY_EXP_ON_USE; /* a timed end is firmer than "until used" */
    /* both round- or turn-bound: compare rounds, end-of-round beats start */
    if (round_a != round_b)
        return round_a > round_b;
    return exp_a == FRAY_EXP_ROUND_END || exp_a == FRAY_EXP_TURN_END ||
           exp_a == FRAY_EXP_SRC_TURN_END;
}

static int timed(int expire)
{
    return expire != FRAY_EXP_NEVER && expire != FRAY_EXP_REST && expire != FRAY_EXP_ON_USE;
}

/* A second entry meets the one held, as the condition's stacking rule says. */
static void merge(const fray_encounter *e, fray_cond *k, int stack, int value, int expire, int round)
{
    if (stack == FRAY_STACK_ADD_TIME && timed(expire) && k->expire == expire) {
        /* "durations add": what the new one would last, on top of what is left */
        int add = round - e->round;
        k->round = (int16_t)(k->round + (add > 0 ? add : 0));
    } else if (outlasts(expire, round, k->expire, k->round)) {
        k->expire = (uint8_t)expire;
        k->round = (int16_t)round;
    }
    if (stack == FRAY_STACK_SUM)
        k->value = (int16_t)(k->value + value);
    else if (value > k->value)
        k->value = (int16_t)value;
}

static void add_entry(fray_encounter *e, int who, int cond, int parent, int src, int value,
                      int expire, int round)
{
    fray_combatant *c = &e->c[who];
    int stack = stack_of(e, cond);
    e->effects++;
    if (stack != FRAY_STACK_APART) {
        for (int i = 0; i < c->ncond; i++) {
            fray_cond *k = &c->cond[i];
            if (k->id == cond && k->parent == parent) {
                merge(e, k, stack, value, expire, round);
                if (src >= 0)
                    k->src = (int8_t)src;
                return;
            }
        }
    }
    if (c->ncond == FRAY_MAX_COND)
        return; /* a creature under 24 entries at once is beyond any rule text */
    fray_cond *k = &c->cond[c->ncond++];
    e->cond_any = 1;
    k->id = (int8_t)cond;
    k->parent = (int8_t)parent;
    k->src = (int8_t)src;
    k->expire = (uint8_t)expire;
    k->round = (int16_t)round;
    k->value = (int16_t)value;
    if (expire == FRAY_EXP_SRC_TURN_START || expire == FRAY_EXP_SRC_TURN_END)
        e->src_timed = 1;
    refresh(e, who);
}

void fray_cond_add(fray_encounter *e, int who, int cond, int parent, int expire, int round)
{
    add_entry(e, who, cond, parent, -1, 0, expire, round);
}

void fray_cond_give(fray_encounter *e, int who, int cond, int src, int value, int expire, int round)
{
    add_entry(e, who, cond, -1, src, value, expire, round);
}

int fray_cond_value(const fray_encounter *e, int who, int cond)
{
    const fray_combatant *c = &e->c[who];
    int v = 0, any = 0;
    for (int i = 0; i < c->ncond; i++) {
        if (c->cond[i].id == cond && (!any || c->cond[i].value > v)) {
            v = c->cond[i].value;
            any = 1;
        }
    }
    return v;
}

int fray_cond_source(const fray_encounter *e, int who, int cond)
{
    const fray_combatant *c = &e->c[who];
    int v = 0, src = -1, any = 0;
    for (int i = 0; i < c->ncond; i++) {
        if (c->cond[i].id == cond && (!any || c->cond[i].value > v)) {
            v = c->cond[i].value;
            src = c->cond[i].src;
            any = 1;
        }
    }
    return src;
}

/* Drop entry i, then every entry whose parent no longer stands. */
static void drop_entry(fray_encounter *e, int who, int i)
{
    fray_combatant *c = &e->c[who];
    int id = c->cond[i].id;
    e->effects++;
    c->cond[i] = c->cond[--c->ncond];
    refresh(e, who);
    if (holds(c, id))
        return; /* still held through another entry: its daughters stay */
    for (int j = 0; j < c->ncond;) {
        if (c->cond[j].parent == id) {
            drop_entry(e, who, j);
            j = 0; /* the array changed under us */
        } else {
            j++;
        }
    }
}

int fray_cond_remove(fray_encounter *e, int who, int cond)
{
    fray_combatant *c = &e->c[who];
    for (int i = 0; i < c->ncond;) {
        if (c->cond[i].id == cond && c->cond[i].parent < 0)
            drop_entry(e, who, i);
        else
            i++;
    }
    return !holds(c, cond);
}

void fray_cond_remove_from(fray_encounter *e, int src)
{
    for (int who = 0; who < e->n; who++) {
        fray_combatant *c = &e->c[who];
        for (int i = 0; i < c->ncond;) {
            if (c->cond[i].src == src && c->cond[i].parent < 0) {
                drop_entry(e, who, i);
                i = 0;
            } else {
                i++;
            }
        }
    }
}

int fray_cond_use(fray_encounter *e, int who, int cond)
{
    fray_combatant *c = &e->c[who];
    for (int i = 0; i < c->ncond; i++) {
        if (c->cond[i].id == cond && c->cond[i].expire == FRAY_EXP_ON_USE) {
            drop_entry(e, who, i);
            return 1;
        }
    }
    return 0;
}

static int due(const fray_cond *k, int when, int round)
{
    if (k->expire != when)
        return 0;
    if (when == FRAY_EXP_REST || when == FRAY_EXP_NEVER || when == FRAY_EXP_ON_USE)
        return when == FRAY_EXP_REST;
    return k->round <= round;
}

static void expire_own(fray_encounter *e, int who, int when)
{
    fray_combatant *c = &e->c[who];
    for (int i = 0; i < c->ncond;) {
        if (due(&c->cond[i], when, e->round)) {
            drop_entry(e, who, i);
            i = 0;
        } else {
            i++;
        }
    }
}

/* The SRC_TURN_* entries that `src` gave, on anyone. */
static void expire_given(fray_encounter *e, int src, int when)
{
    for (int who = 0; who < e->n; who++) {
        fray_combatant *c = &e->c[who];
        for (int i = 0; i < c->ncond;) {
            if (c->cond[i].src == src && due(&c->cond[i], when, e->round)) {
                drop_entry(e, who, i);
                i = 0;
            } else {
                i++;
            }
        }
    }
}

void fray_cond_expire_entries(fray_encounter *e, int who, int when)
{
    if (e->c[who].ncond)
        expire_own(e, who, when);
    if (!e->src_timed)
        return; /* nobody holds an entry that ends with its source's turn */
    if (when == FRAY_EXP_TURN_START)
        expire_given(e, who, FRAY_EXP_SRC_TURN_START);
    else if (when == FRAY_EXP_TURN_END)
        expire_given(e, who, FRAY_EXP_SRC_TURN_END);
}

/* A fight is over and its clock stops: the entries timed by its rounds and
 * turns end with it, and so does whatever a creature gave that stays
 * behind (src >= keep: the foes of an adventuring day's fight). */
void fray_cond_end_fight(fray_encounter *e, int who, int keep)
{
    fray_combatant *c = &e->c[who];
    for (int i = 0; i < c->ncond;) {
        const fray_cond *k = &c->cond[i];
        if (k->parent < 0 && (timed(k->expire) || k->src >= keep)) {
            drop_entry(e, who, i);
            i = 0;
        } else {
            i++;
        }
    }
}
