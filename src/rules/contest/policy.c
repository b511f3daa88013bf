/* policy.c: the built-in policy. It keeps one AP for its defence, spends
 * its two attacks on the foe it hurts most for its Health, picks the
 * defence with the least expected harm from the exact Combat Roll, takes a
 * maneuver on a critical win, disengages from melee when it fights better
 * at range, and heals an ally low on Health. */
#include "contest.h"

/* The harm an attack does against one defence: expected damage, and the
 * maneuvers a critical win hands either side (over CT_P_ONE). */
static int64_t harm(const ct_verdict *v, int def)
{
    return v->x[def].dmg + 2 * v->x[def].att_crit - v->x[def].def_crit;
}

/* The allowed defence of least harm (the first of equals). */
static int best_defence(const ct_verdict *v, uint32_t allowed, int64_t *value)
{
    int best = CT_D_NONE;
    int64_t low = INT64_MAX;
    for (int d = 0; d < CT_NDEF; d++) {
        if (!(allowed >> d & 1u))
            continue;
        int64_t h = harm(v, d);
        if (h < low)
            low = h, best = d;
    }
    if (value)
        *value = low;
    return best;
}

static void plan_action(fray_encounter *e, const fray_action *a, ct_plan *p)
{
    int spell = a->kind == CT_A_MAGIC || a->kind == CT_A_MAGIC_REACT;
    int mark = fray_mods_mark(e);
    ct_plan_of(e, a->actor, a->target, spell ? -1 : a->arg, spell ? a->arg : -1, 0, p);
    fray_mods_drop(e, mark);
}

/* The damage `who` expects from one of its own attacks on t: what a
 * defence that costs it that attack must save to be worth it. */
static int64_t own_attack(fray_encounter *e, int who, int t)
{
    int w = ct_melee_weapon(e, who);
    const ct_creature *c = ct_cc(e, who);
    for (int i = 0; i < c->nweapon; i++)
        if (c->weapon[i].held && c->weapon[i].range >= fray_distance(e, who, t) &&
            (w < 0 || !ct_weapon_reaches(e, who, w, t)))
            w = i;
    if (w < 0)
        return 0;
    fray_action a = {.kind = CT_A_STRIKE, .actor = (int16_t)who, .target = (int16_t)t,
                     .arg = (int16_t)w};
    ct_plan p;
    plan_action(e, &a, &p);
    const ct_verdict *v = ct_verdict_of(e, &p);
    return v->x[best_defence(v, p.allowed, NULL)].dmg;
}

static int defence(fray_encounter *e, int who, uint32_t allowed, const fray_action *ctx)
{
    ct_plan p;
    plan_action(e, ctx, &p);
    p.allowed &= allowed;
    const ct_verdict *v = ct_verdict_of(e, &p);
    int64_t best_h, none_h = harm(v, CT_D_NONE);
    int d = best_defence(v, p.allowed, &best_h);
    /* the AP a defence takes is an attack lost when this creature's turn
     * is still to come and every AP it has is wanted for attacking */
    int ap = fray_res(e, who, CT_R_AP), att = fray_res(e, who, CT_R_ATTACKS);
    if (d != CT_D_NONE && !fray_turns_started(e, who) && ap - 1 < att &&
        none_h - best_h < own_attack(e, who, ctx->actor))
        return CT_D_NONE;
    return d;
}

int ct_answer(fray_encounter *e, int who, int q, uint32_t allowed, const fray_action *ctx)
{
    if (q == CT_Q_DEFENCE && ctx)
        return defence(e, who, allowed, ctx);
    if (q == CT_Q_ITEM) {
        /* the weapon of most damage, else the shield */
        int loser = ctx && ctx->actor == who ? ctx->target : ctx ? ctx->actor : -1;
        int best = -1, most = -1;
        for (int k = 1; loser >= 0 && k < CT_NITEM; k++) {
            const ct_weapon *w = &ct_cc(e, loser)->weapon[k - 1];
            int avg = w->dice * (w->sides + 1) + 2 * w->bonus;
            if (allowed >> k & 1u && avg > most)
                most = avg, best = k;
        }
        return best >= 0 ? best : CT_ITEM_SHIELD;
    }
    /* a maneuver: the striker maximizes its damage; otherwise take the
     * foe's weapon, else put it on the ground, else brace */
    int loser = ctx && ctx->actor == who ? ctx->target : ctx ? ctx->actor : -1;
    int big = loser >= 0 && ct_cc(e, loser)->size > ct_cc(e, who)->size + 1;
    static const int order[] = {CT_M_PRECISION, CT_M_DISARM, CT_M_TRIP, CT_M_BRACE};
    for (int i = 0; i < 4; i++)
        if (allowed >> order[i] & 1u && !(big && order[i] != CT_M_BRACE && order[i] != CT_M_PRECISION))
            return order[i];
    return CT_M_NONE;
}

/* What an attack is worth: the damage expected against the defence the
 * foe would pick (and half a critical win), per point of Health it has
 * left; a fraction, compared by cross-multiplying (more_worth). */
typedef struct worth { int64_t num, hp; } worth;

static worth attack_value(fray_encounter *e, const fray_action *a)
{
    ct_plan p;
    plan_action(e, a, &p);
    const ct_verdict *v = ct_verdict_of(e, &p);
    const ct_expect *x = &v->x[best_defence(v, p.allowed, NULL)];
    int hp = fray_res(e, a->target, CT_R_HEALTH);
    return (worth){2 * x->dmg + x->att_crit, hp > 0 ? hp : 1};
}

static int more_worth(worth a, worth b)
{
    return a.num * b.hp > b.num * a.hp;
}

static int prefers_range(const fray_encounter *e, int who)
{
    const ct_creature *c = ct_cc(e, who);
    int ranged = 0, melee = 0;
    for (int i = 0; i < c->nweapon; i++) {
        int avg = c->weapon[i].dice * (c->weapon[i].sides + 1) + 2 * c->weapon[i].bonus;
        if (!c->weapon[i].held)
            continue;
        if (c->weapon[i].range >= 1000 && c->weapon[i].reach == 0 && avg > ranged)
            ranged = avg;
        if (c->weapon[i].reach > 0 && avg > melee)
            melee = avg;
    }
    for (int s = 0; s < c->nspell; s++)
        if (!c->spell[s].heal && !c->spell[s].melee_attack)
            ranged = 99;
    return ranged > melee;
}

static int low(const fray_encounter *e, int who, int pct)
{
    return fray_res(e, who, CT_R_HEALTH) * 100 <= ct_cc(e, who)->health * pct;
}

static int find(const fray_action *l, int n, int kind, int arg)
{
    for (int i = 0; i < n; i++)
        if (l[i].kind == kind && (arg < -1 || l[i].arg == arg))
            return i;
    return -1;
}

/* A Manipulate that takes an item into hand (never one that stows). */
static int find_take(const fray_action *l, int n)
{
    for (int i = 0; i < n; i++)
        if (l[i].kind == CT_A_MANIPULATE && !(l[i].arg & CT_MANIP_STOW))
            return i;
    return -1;
}

static int own_turn(fray_encounter *e, int who, const fray_action *l, int n)
{
    int ap = fray_res(e, who, CT_R_AP), cost = fray_opt(e, CT_OPT_AP_PRIMARY);
    /* one AP kept for a defence while a foe's turn is still to come */
    int later = 0;
    for (int f = 0; f < e->n; f++)
        later |= ct_foes(e, who, f) && fray_able(e, f) && !fray_turns_started(e, f);
    int spare = ap - cost >= later;
    int threatened = ct_reach_of(e, who, e->c[who].x, e->c[who].y) != 0;
    int i = find(l, n, CT_A_STAND, -2);
    if (i >= 0)
        return i;
    if (spare && (i = find_take(l, n)) >= 0)
        return i;
    for (int k = 0; spare && k < n; k++)
        if (l[k].kind == CT_A_MAGIC && ct_cc(e, who)->spell[l[k].arg].heal && low(e, l[k].target, 40))
            return k;
    if (threatened && prefers_range(e, who)) {
        if (fray_has(e, who, CT_C_DISENGAGED) && (i = find(l, n, CT_A_MOVE, 1)) >= 0)
            return i;
        if (ap >= 2 * cost + later && fray_res(e, who, CT_R_MOVE) >= 200 &&
            (i = find(l, n, CT_A_DISENGAGE, -2)) >= 0)
            return i;
    }
    int best = -1;
    worth top = {0, 1};
    for (int k = 0; spare && k < n; k++) {
        if (l[k].kind != CT_A_STRIKE &&
            !(l[k].kind == CT_A_MAGIC && !ct_cc(e, who)->spell[l[k].arg].heal))
            continue;
        worth v = attack_value(e, &l[k]);
        if (more_worth(v, top))
            top = v, best = k;
    }
    if (best >= 0 || fray_res(e, who, CT_R_ATTACKS) <= 0 || ap - cost < later)
        return best;
    /* nobody to attack within reach or range: close in on the nearest foe
     * (only when an attack can follow), dashing if need be */
    for (int k = 0; k < n; k++)
        if (l[k].kind == CT_A_STRIKE || (l[k].kind == CT_A_MAGIC &&
                                         !ct_cc(e, who)->spell[l[k].arg].heal))
            return -1;
    int near = -1, dmin = 1 << 30;
    for (int k = 0; k < n; k++)
        if (l[k].kind == CT_A_MOVE && l[k].arg == 0 && fray_distance(e, who, l[k].target) < dmin)
            dmin = fray_distance(e, who, l[k].target), near = k;
    if (near >= 0)
        return near;
    if (ap >= 2 * cost + later && fray_res(e, who, CT_R_MOVE) < 10 && !threatened)
        return find(l, n, CT_A_DASH, -2);
    return -1;
}

int ct_policy(fray_encounter *e, int who, int window, const fray_action *trig,
              const fray_action *legal, int n)
{
    (void)trig;
    if (window == FRAY_WIN_ACT)
        return own_turn(e, who, legal, n);
    int ap = fray_res(e, who, CT_R_AP);
    for (int k = 0; k < n; k++) {
        const fray_action *a = &legal[k];
        if (a->kind == CT_A_OPPORTUNITY && (ap >= 2 || low(e, a->target, 25)))
            return k;
        if (a->kind == CT_A_MANIPULATE && !(a->arg & CT_MANIP_STOW) && ap >= 2)
            return k;
        if (a->kind == CT_A_MAGIC_REACT && ap >= 2 && low(e, a->target, 30))
            return k;
    }
    return -1;
}
