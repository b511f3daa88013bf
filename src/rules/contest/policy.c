/* policy.c: the built-in policy. It keeps one AP for its defence, spends
 * its two attacks on the foe it hurts most for its Health, picks the
 * defence with the least expected harm from the exact Combat Roll, takes a
 * maneuver on a critical win, disengages from melee when it fights better
 * at range, and heals an ally low on Health; with an AP nothing else wants
 * it sneaks before an attack a defence would blunt, or grapples a foe that
 * would step away to shoot; out of reach it saves its turn for a foe that
 * will come to it (docs/rules/contest.md, "Policy"). */
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

/* The verdict of an attack action and the defences its plan allows, as
 * the memo of pairs keeps them (exact.c, ct_verdict_for): valid until the
 * next question. */
static const ct_verdict *judge(fray_encounter *e, const fray_action *a, uint32_t *allowed)
{
    int spell = a->kind == CT_A_MAGIC || a->kind == CT_A_MAGIC_REACT;
    return ct_verdict_for(e, a->actor, a->target, spell ? -1 : a->arg, spell ? a->arg : -1,
                          allowed);
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
    uint32_t allowed;
    const ct_verdict *v = judge(e, &a, &allowed);
    return v->x[best_defence(v, allowed, NULL)].dmg;
}

static int defence(fray_encounter *e, int who, uint32_t allowed, const fray_action *ctx)
{
    uint32_t planned;
    const ct_verdict *v = judge(e, ctx, &planned);
    int64_t best_h, none_h = harm(v, CT_D_NONE);
    int d = best_defence(v, planned & allowed, &best_h);
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
    uint32_t allowed;
    const ct_verdict *v = judge(e, a, &allowed);
    const ct_expect *x = &v->x[best_defence(v, allowed, NULL)];
    int hp = fray_res(e, a->target, CT_R_HEALTH);
    return (worth){2 * x->dmg + x->att_crit, hp > 0 ? hp : 1};
}

static int more_worth(worth a, worth b)
{
    return a.num * b.hp > b.num * a.hp;
}

/* A better weapon for 10 m or more (and no reach) than any melee weapon in
 * hand, or an attack spell that is no melee attack (kept with the hands,
 * ct_hands_changed). */
static int prefers_range(const fray_encounter *e, int who)
{
    return ct_cc(e, who)->hand.ranged;
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

/* #Primary Actions: Sneak: Hidden, the next attack's target cannot
 * defend (#Step II: Defend: "if it is aware of it"). Taken with an AP that
 * neither the round's attacks nor a defence will want (AP are "simply
 * lost" at the round's end, #Combat Sequence), before the attack `a` it
 * makes first, when the target's best defence saves anything of it. */
static int sneak_pays(fray_encounter *e, int who, const fray_action *a, int later)
{
    int cost = fray_opt(e, CT_OPT_AP_PRIMARY);
    if (fray_res(e, who, CT_R_AP) - cost < fray_res(e, who, CT_R_ATTACKS) * cost + later)
        return 0;
    uint32_t allowed;
    const ct_verdict *v = judge(e, a, &allowed);
    return v->x[CT_D_NONE].dmg > v->x[best_defence(v, allowed, NULL)].dmg;
}

/* The exact chance, over CT_P_ONE * CT_P_ONE, that who wins a Grapple on
 * t (actions.c, grapple: who passes with more Successes than t, or t
 * fails), t testing the better of Athletics and Acrobatics. */
static int64_t grapple_chance(const fray_encounter *e, int who, int t)
{
    ct_test at = {0}, d1 = {0}, d2 = {0};
    ct_skill_test(e, who, CT_SK_ATHLETICS, &at);
    ct_state_boons((fray_encounter *)e, who, 0, &at); /* reads the state only */
    ct_skill_test(e, t, CT_SK_ATHLETICS, &d1);
    ct_skill_test(e, t, CT_SK_ACROBATICS, &d2);
    if (d2.rating > d1.rating)
        d1 = d2;
    ct_state_boons((fray_encounter *)e, t, 0, &d1);
    int model = fray_opt(e, CT_OPT_MODEL), base = fray_opt(e, CT_OPT_D20_BASE),
        thr = fray_opt(e, CT_OPT_POOL_SUCCESS);
    int64_t pa[CT_MAX_SUCC], pd[CT_MAX_SUCC], win = 0, below = 0;
    ct_test_dist(model, base, thr, &at, pa);
    ct_test_dist(model, base, thr, &d1, pd);
    for (int s = 1; s < CT_MAX_SUCC; s++) {
        below += pd[s - 1]; /* t failed, or passed with fewer than s */
        win += pa[s] * below;
    }
    return win;
}

/* #Primary Actions: Grapple: "prohibiting them from moving". Against a foe
 * within touch that fights better at range (prefers_range), which would
 * step out of reach to shoot, by one that fights better in melee; with an
 * AP that a defence will not want (one of the round's Strikes given up:
 * held, the archer cannot step away to shoot for as long as the grapple
 * lasts); when the exact odds of the contest are at least even. */
static int grapple_pick(fray_encounter *e, int who, const fray_action *l, int n, int later)
{
    int cost = fray_opt(e, CT_OPT_AP_PRIMARY);
    if (fray_res(e, who, CT_R_AP) - cost < later || prefers_range(e, who))
        return -1;
    for (int k = 0; k < n; k++) {
        int t = l[k].target;
        if (l[k].kind == CT_A_GRAPPLE && !fray_has(e, t, CT_C_GRAPPLED) && prefers_range(e, t) &&
            grapple_chance(e, who, t) >= CT_P_ONE * (CT_P_ONE / 2))
            return k;
    }
    return -1;
}

/* Moving to the best weapon's reach: a free step (#Positioning: the Move
 * left, no opportunity attack: it enters no foe's reach) after which a
 * melee weapon in hand reaches a foe, when its Strike there is worth more
 * than the best attack at hand, `top`; asked when a ranged Strike is at
 * hand at a foe standing close (ct_ranged_close: a throw at point-blank
 * range). */
static int step_in(fray_encounter *e, int who, const fray_action *l, int n, worth top)
{
    int w = ct_melee_weapon(e, who);
    if (w < 0)
        return -1;
    uint32_t here = ct_reach_of(e, who, e->c[who].x, e->c[who].y);
    int best = -1;
    for (int k = 0; k < n; k++) {
        int t = l[k].target;
        if (l[k].kind != CT_A_MOVE || l[k].arg != 0 || ct_reach_of(e, who, l[k].x, l[k].y) & ~here)
            continue;
        /* the Strike as it would be from there (the position put back) */
        int ox = e->c[who].x, oy = e->c[who].y;
        e->c[who].x = l[k].x, e->c[who].y = l[k].y;
        worth v = {0, 1};
        if (ct_weapon_reaches(e, who, w, t)) {
            fray_action s = {.kind = CT_A_STRIKE, .actor = (int16_t)who, .target = (int16_t)t,
                             .arg = (int16_t)w};
            v = attack_value(e, &s);
        }
        e->c[who].x = ox, e->c[who].y = oy;
        if (more_worth(v, top))
            top = v, best = k;
    }
    return best;
}

/* #Saving Your Turn: with no foe to attack, and the nearest foe still
 * beyond its reach after this turn's free movement (closing in would take
 * a Dash, the AP of its strikes, or more), a creature waits until after
 * that foe, whose turn is still to come: it may come into reach itself,
 * and the strikes are then made from where it stands. Not against a foe
 * that keeps its distance (prefers_range). */
static int save_for(fray_encounter *e, int who, const fray_action *l, int n)
{
    int near = -1, dmin = 1 << 30;
    for (int t = 0; t < e->n; t++)
        if (ct_foes(e, who, t) && fray_able(e, t) && fray_distance(e, who, t) < dmin)
            dmin = fray_distance(e, who, t), near = t;
    if (near < 0 || prefers_range(e, near) || ct_melee_weapon(e, near) < 0)
        return -1;
    int x = e->c[who].x, y = e->c[who].y;
    int k = -1;
    for (int j = 0; j < n; j++) {
        if (l[j].kind == CT_A_MOVE && l[j].arg == 0 && l[j].target == near)
            x = l[j].x, y = l[j].y;
        if (l[j].kind == CT_A_SAVE && l[j].target == near)
            k = j;
    }
    if (k < 0)
        return -1;
    /* ct_in_reach from where the move would end (the position put back) */
    int ox = e->c[who].x, oy = e->c[who].y;
    e->c[who].x = x, e->c[who].y = y;
    int reaches = ct_in_reach(e, who, near);
    e->c[who].x = ox, e->c[who].y = oy;
    return reaches ? -1 : k;
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
    if (best >= 0 && ct_ranged_close(e, who, l, n) && (i = step_in(e, who, l, n, top)) >= 0)
        return i;
    if (best >= 0 && (i = find(l, n, CT_A_SNEAK, -2)) >= 0 && sneak_pays(e, who, &l[best], later))
        return i;
    if ((i = grapple_pick(e, who, l, n, later)) >= 0)
        return i;
    if (best >= 0 || fray_res(e, who, CT_R_ATTACKS) <= 0 || ap - cost < later)
        return best;
    if ((i = save_for(e, who, l, n)) >= 0)
        return i;
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
