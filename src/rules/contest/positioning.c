/* positioning.c: #Positioning: reach, free movement and Dash, #Attack of
 * Opportunity (moving into or out of a foe's reach, casting without the
 * Melee Attack trait, standing up), #Cover (read in attack.c) and
 * #Flanking. Positions are the core's centimetres. */
#include "contest.h"

/* A reading: a creature larger than medium reaches 50 cm farther per size
 * step (its body fills more of the space between two centres). */
static int body(const fray_encounter *e, int who)
{
    int s = ct_cc(e, who)->size - CT_MEDIUM;
    return s > 0 ? 50 * s : 0;
}

int ct_weapon_reaches(const fray_encounter *e, int who, int w, int t)
{
    const ct_weapon *x = &ct_cc(e, who)->weapon[w];
    return x->held && x->reach > 0 &&
           fray_distance(e, who, t) <= x->reach + body(e, who) + body(e, t);
}

int ct_in_reach(const fray_encounter *e, int who, int t)
{
    return fray_distance(e, who, t) <= ct_reach(e, who) + body(e, who) + body(e, t);
}

/* #Flanking: "When at least two allied characters have a foe in their
 * reach between them, such that one could draw a straight line and connect
 * all three characters, the foe is flanked." The line passes within the
 * foe's half width (50 cm, more for a larger foe). */
int ct_flanked(const fray_encounter *e, int who, int t)
{
    /* who's own reach measured at the first ally that could flank: never
     * in a duel, where the policy asks at every attack it weighs */
    int reaches = -1;
    for (int i = 0; i < e->n; i++) {
        if (i == who || i == t || e->c[i].side != e->c[who].side || !fray_able(e, i))
            continue;
        if (reaches < 0)
            reaches = ct_in_reach(e, who, t);
        if (!reaches)
            return 0;
        if (ct_in_reach(e, i, t) &&
            fray_opposite(e->c[t].x, e->c[t].y, e->c[who].x, e->c[who].y, e->c[i].x, e->c[i].y,
                          50 + body(e, t)))
            return 1;
    }
    return 0;
}

/* The foes whose reach holds the point (x, y) for a mover. */
uint32_t ct_reach_of(const fray_encounter *e, int mover, int x, int y)
{
    uint32_t m = 0;
    for (int i = 0; i < e->n; i++) {
        if (!ct_foes(e, i, mover) || !fray_able(e, i))
            continue;
        if (ct_within(e->c[i].x - x, e->c[i].y - y, ct_reach(e, i) + body(e, i) + body(e, mover)))
            m |= 1u << i;
    }
    return m;
}

/* Offer the opportunity attacks a creature provokes to the foes in `who`. */
void ct_provoke(fray_encounter *e, const fray_action *a, int window, uint32_t who)
{
    ct_state *s = (ct_state *)e->state;
    if (!who || fray_has(e, a->actor, CT_C_DISENGAGED))
        return;
    uint32_t keep = s->oa_open;
    s->oa_open = who;
    fray_offer_some(e, window, a, who);
    s->oa_open = keep;
}

/* The point of the straight path (x0, y0) -> (x1, y1) nearest (px, py):
 * the foot of the perpendicular, kept on the path. */
static void nearest_on_path(int64_t x0, int64_t y0, int64_t x1, int64_t y1, int64_t px,
                            int64_t py, int *qx, int *qy)
{
    int64_t dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
    int64_t t = len2 ? (px - x0) * dx + (py - y0) * dy : 0;
    if (t < 0)
        t = 0;
    if (t > len2)
        t = len2;
    *qx = (int)(x0 + (len2 ? dx * t / len2 : 0));
    *qy = (int)(y0 + (len2 ? dy * t / len2 : 0));
}

/* Where a move passes through a foe's reach it neither starts nor ends in
 * (option pass_through): the first such point along the path, the one
 * nearest that foe; 0 if none. */
static int pass_point(const fray_encounter *e, const fray_action *a, uint32_t ends, int *px,
                      int *py)
{
    int who = a->actor, found = 0;
    int64_t x0 = e->c[who].x, y0 = e->c[who].y, best = -1;
    if (!fray_opt(e, CT_OPT_PASS_THROUGH))
        return 0;
    for (int i = 0; i < e->n; i++) {
        if (ends >> i & 1u || !ct_foes(e, i, who) || !fray_able(e, i))
            continue;
        int qx, qy;
        nearest_on_path(x0, y0, a->x, a->y, e->c[i].x, e->c[i].y, &qx, &qy);
        if (!(ct_reach_of(e, who, qx, qy) >> i & 1u) || (qx == x0 && qy == y0) ||
            (qx == a->x && qy == a->y))
            continue;
        int64_t along = (qx - x0) * (qx - x0) + (qy - y0) * (qy - y0);
        if (!found || along < best)
            found = 1, best = along, *px = qx, *py = qy;
    }
    return found;
}

/* #Attack of Opportunity: "Characters that willingly move within a foe's
 * reach or leave it": the foes whose reach it leaves strike before it goes
 * (the declared window), those whose reach it enters when it arrives; a
 * move that passes through a reach does both: it stops where it comes
 * nearest that foe (entering), then goes on (leaving). Disengage spares
 * them all ("You don't provoke opportunity attacks for the rest of your
 * turn"). */
void ct_move_to(fray_encounter *e, const fray_action *a, int cost_move)
{
    int who = a->actor;
    uint32_t before = ct_reach_of(e, who, e->c[who].x, e->c[who].y);
    uint32_t after = ct_reach_of(e, who, a->x, a->y);
    int mx, my;
    if (!fray_has(e, who, CT_C_DISENGAGED) && pass_point(e, a, before | after, &mx, &my)) {
        fray_action leg = *a;
        leg.x = mx, leg.y = my;
        ct_move_to(e, &leg, cost_move);
        /* the rest of the way, unless an opportunity attack's maneuver
         * stopped it (tripped, pushed) */
        if (fray_able(e, who) && !e->failed && !(fray_cflags(e, who) & FRAY_CF_NO_MOVE) &&
            !fray_has(e, who, CT_C_PRONE) && e->c[who].x == mx && e->c[who].y == my)
            ct_move_to(e, a, cost_move);
        return;
    }
    ct_provoke(e, a, FRAY_WIN_DECLARED, before & ~after);
    if (!fray_able(e, who) || e->failed)
        return;
    int64_t dx = a->x - e->c[who].x, dy = a->y - e->c[who].y;
    int d = fray_isqrt(dx * dx + dy * dy);
    if (cost_move) /* a step rounded a centimetre long costs no more than was left */
        fray_res_set(e, who, CT_R_MOVE,
                     fray_res(e, who, CT_R_MOVE) > d ? fray_res(e, who, CT_R_MOVE) - d : 0);
    fray_move(e, who, a->x, a->y);
    /* a reading: a grapple ends when its holder walks away */
    for (int i = 0; i < e->n; i++)
        if (fray_has(e, i, CT_C_GRAPPLED) && fray_cond_source(e, i, CT_C_GRAPPLED) == who)
            fray_cond_remove(e, i, CT_C_GRAPPLED);
    fray_emit(e, &(fray_event){.kind = "move", .actor = who, .target = a->target,
                                .action = e->rs->actions[a->kind].name, .value = d,
                                .has_value = 1, .rule = CT_RULE("The Initiative Structure")});
    ct_provoke(e, a, FRAY_WIN_TRIGGERED, after & ~before);
}

/* Where a move towards t (away: from t) of at most `budget` cm ends; 0 if
 * it goes nowhere worth a step (less than 10 cm). */
int ct_move_dest(const fray_encounter *e, int who, int t, int away, int budget, int *x, int *y)
{
    int d = fray_distance(e, who, t);
    int stop = ct_reach(e, who) + body(e, who) + body(e, t) - 10;
    if (stop < 50)
        stop = 50;
    int go = away ? budget : d - stop;
    if (go > budget)
        go = budget;
    if (go < 10)
        return 0;
    fray_step_towards(e->c[who].x, e->c[who].y, e->c[t].x, e->c[t].y, go, away, x, y);
    return 1;
}
