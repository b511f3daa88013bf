/* legal.c: what a creature may do now (the ruleset's legal hook): on its
 * turn every Action it has the means for (#Action: "any combinations of
 * Actions on you Turn as long as you have the ability to perform them"),
 * the Free Actions, holding or delaying before it acts; after a turn, a
 * delaying creature may enter; after a foe moves, a readied attack. */
#include "threeaction.h"

static int targetable(const fray_encounter *e, int who, int t)
{
    return t != who && ta_foes(e, who, t) && !e->c[t].gone && e->c[t].status != FRAY_DEAD;
}

static void attacks(fray_encounter *e, int who, fray_list *l)
{
    const ta_creature *c = ta_ccr(e, who);
    int mw = ta_melee_weapon(e, who), rw = ta_ranged_weapon(e, who);
    for (int t = 0; t < e->n; t++) {
        if (!targetable(e, who, t))
            continue;
        /* what is within reach or range first: the map's Line of Effect
         * (the costlier question) only for a target something reaches */
        int melee = mw >= 0 && ta_in_reach(e, who, t, c->w[mw].reach);
        int ranged = rw >= 0 && ta_dist(e, who, t) <= c->w[rw].increment * (fray_opt(e, TA_OPT_MAX_INCREMENTS) + 1);
        unsigned cast = 0;
        for (int s = 0; s < c->nspells; s++)
            if (c->sp[s].energy <= e->c[who].res[TA_R_ENERGY] && ta_dist(e, who, t) <= c->sp[s].range)
                cast |= 1u << s;
        int control = c->active_spell >= 0 && !c->controlled && ta_dist(e, who, t) <= c->sp[c->active_spell].range;
        if (!(melee || ranged || cast || control) || (e->map && !ta_line_of_effect(e, who, t)))
            continue;
        if (melee)
            fray_list_add(l, TA_A_MELEE, who, t, mw, 0, 0);
        if (ranged)
            fray_list_add(l, TA_A_RANGED, who, t, rw, 0, 0);
        for (int s = 0; s < c->nspells; s++)
            if ((cast >> s) & 1u)
                fray_list_add(l, TA_A_CAST, who, t, s, 0, 0);
        if (control)
            fray_list_add(l, TA_A_CONTROL, who, t, c->active_spell, 0, 0);
    }
}

/* Whether who may move at all (#Zero-G: only by pushing off). */
static int can_move(fray_encounter *e, int who)
{
    int ally;
    return ta_speed(e, who) > 0 && !(e->map && ta_zero_g(e, who) && !ta_can_push_off(e, who, &ally));
}

/* Whether the move `kind` towards the foe t (targetable and able) is
 * listed, but for Move and Straight, listed when t is out of reach. */
static int move_kind(fray_encounter *e, int who, int t, int kind)
{
    int x, y;
    switch (kind) {
    case TA_A_STRAIGHT:
        return e->map && ta_straight_differs(e, who, t);
    case TA_A_COVER: {
        const ta_creature *c = ta_ccr(e, who);
        int shoots = ta_ranged_weapon(e, who) >= 0 || c->nspells > 0;
        return e->map && shoots && e->map->nobject && !fray_has(e, who, TA_C_PRONE) &&
               !ta_map_cover(e, who, t) && ta_cover_point(e, who, t, &x, &y) >= 0;
    }
    case TA_A_FLANK:
        return !fray_has(e, who, TA_C_PRONE) && !ta_flanked_by(e, t, who) &&
               ta_flank_point(e, who, t, &x, &y) > TA_SQUARE / 2;
    case TA_A_RETREAT:
        return ta_dist(e, who, t) <= 3 * TA_SQUARE;
    default:
        return 1;
    }
}

static int out_of_reach(const fray_encounter *e, int who, int t)
{
    int mw = ta_melee_weapon(e, who);
    return !ta_in_reach(e, who, t, mw >= 0 ? ta_ccr(e, who)->w[mw].reach : TA_SQUARE);
}

static void moves(fray_encounter *e, int who, fray_list *l)
{
    if (!can_move(e, who))
        return;
    for (int t = 0; t < e->n; t++) {
        if (!targetable(e, who, t) || !fray_able(e, t))
            continue;
        if (out_of_reach(e, who, t)) {
            fray_list_add(l, TA_A_MOVE, who, t, 0, 0, 0);
            if (move_kind(e, who, t, TA_A_STRAIGHT))
                fray_list_add(l, TA_A_STRAIGHT, who, t, 0, 0, 0);
        }
        static const int kinds[] = {TA_A_COVER, TA_A_FLANK, TA_A_RETREAT};
        for (int i = 0; i < 3; i++)
            if (move_kind(e, who, t, kinds[i]))
                fray_list_add(l, kinds[i], who, t, 0, 0, 0);
    }
}

int ta_legal_move(fray_encounter *e, int who, int kind, int t)
{
    if (t < 0 || t >= e->n || !targetable(e, who, t) || !fray_able(e, t) || !can_move(e, who))
        return 0;
    if ((kind == TA_A_MOVE || kind == TA_A_STRAIGHT) && !out_of_reach(e, who, t))
        return 0;
    return move_kind(e, who, t, kind);
}

static void maneuvers(fray_encounter *e, int who, fray_list *l)
{
    const ta_creature *c = ta_ccr(e, who);
    int mw = ta_melee_weapon(e, who);
    if (mw < 0)
        return;
    int hand = c->free_hand || c->w[mw].natural;
    for (int t = 0; t < e->n; t++) {
        if (!targetable(e, who, t) || !ta_in_reach(e, who, t, c->w[mw].reach) ||
            (e->map && !ta_line_of_effect(e, who, t)))
            continue;
        int armed = ta_melee_weapon(e, t) >= 0 || ta_ranged_weapon(e, t) >= 0;
        if (armed)
            fray_list_add(l, TA_A_BREAK, who, t, 0, 0, 0);
        fray_list_add(l, TA_A_PUSH, who, t, 0, 0, 0);
        fray_list_add(l, TA_A_FEINT, who, t, 0, 0, 0);
        if (armed)
            fray_list_add(l, TA_A_DISARM, who, t, 0, 0, 0);
        if (!fray_has(e, t, TA_C_PRONE))
            fray_list_add(l, TA_A_TRIP, who, t, 0, 0, 0);
        if (hand && !fray_linked(e, 0, who, t))
            fray_list_add(l, TA_A_GRAPPLE, who, t, 0, 0, 0);
    }
}

static void others(fray_encounter *e, int who, fray_list *l)
{
    const ta_creature *c = ta_ccr(e, who);
    int acts = e->c[who].res[TA_R_ACTIONS];
    if (fray_has(e, who, TA_C_PRONE))
        fray_list_add(l, TA_A_STAND, who, -1, 0, 0, 0);
    if (fray_has(e, who, TA_C_UNSTABLE))
        fray_list_add(l, TA_A_STABILIZE, who, -1, 0, 0, 0);
    fray_list_add(l, TA_A_DODGE, who, -1, 0, 0, 0);
    if (c->energy_max > 0 && e->c[who].res[TA_R_ENERGY] < c->energy_max)
        fray_list_add(l, TA_A_FOCUS, who, -1, 0, 0, 0);
    for (int t = 0; t < e->n; t++) /* the commander first: few creatures have one */
        if (ta_ccr(e, t)->commander == who && t != who && ta_ccr(e, t)->commanded != e->round &&
            ta_acting(e, t))
            fray_list_add(l, TA_A_COMMAND, who, t, 0, 0, 0);
    /* #Readied action: a Melee Attack (arg 0) or a Ranged Attack (arg 1) */
    if (acts >= 2 && !fray_turns_readied(e, who)) {
        if (ta_melee_weapon(e, who) >= 0)
            fray_list_add(l, TA_A_READY, who, -1, 0, 0, 0);
        if (ta_ranged_weapon(e, who) >= 0)
            fray_list_add(l, TA_A_READY, who, -1, 1, 0, 0);
    }
    for (int t = 0; t < e->n; t++)
        if (fray_has(e, t, TA_C_BLEEDING) && !ta_foes(e, who, t) && e->c[t].status != FRAY_DEAD &&
            ta_in_reach(e, who, t, TA_SQUARE))
            fray_list_add(l, TA_A_MEDICINE, who, t, 0, 0, 0);
    if (fray_has(e, who, TA_C_ON_FIRE))
        fray_list_add(l, TA_A_PUT_OUT, who, -1, 0, 0, 0);
    for (int w = 0; w < c->nweapons; w++) {
        int64_t dx = c->w[w].gx - e->c[who].x, dy = c->w[w].gy - e->c[who].y;
        if (c->w[w].where == TA_ON_GROUND && dx * dx + dy * dy <= (int64_t)TA_SQUARE * TA_SQUARE)
            fray_list_add(l, TA_A_PICK_UP, who, -1, w, 0, 0);
    }
    int holds = fray_link_held(e, 0, who) >= 0; /* it grapples anyone: most do not */
    for (int t = 0; holds && t < e->n; t++)
        if (fray_linked(e, 0, who, t))
            fray_list_add(l, TA_A_SMOTHER, who, t, 0, 0, 0);
}

static void free_and_turn(fray_encounter *e, int who, fray_list *l)
{
    if (!fray_has(e, who, TA_C_PRONE))
        fray_list_add(l, TA_A_DROP_PRONE, who, -1, 0, 0, 0);
    int holds = fray_link_held(e, 0, who) >= 0;
    for (int t = 0; holds && t < e->n; t++)
        if (fray_linked(e, 0, who, t))
            fray_list_add(l, TA_A_RELEASE, who, t, 0, 0, 0);
    if (ta_ccr(e, who)->acted || fray_turns_current(e) != who || ta_ccr(e, who)->commander >= 0)
        return;
    for (int t = 0; t < e->n; t++)
        if (t != who && !e->c[t].gone && !fray_turns_started(e, t))
            fray_list_add(l, TA_A_HOLD, who, t, 0, 0, 0);
    fray_list_add(l, TA_A_DELAY, who, -1, 0, 0, 0);
}

int ta_legal(fray_encounter *e, int who, int window, const fray_action *trig, fray_action *out,
             int max)
{
    fray_list l = {out, 0, max};
    if (!ta_acting(e, who) || (fray_cflags(e, who) & FRAY_CF_NO_ACTIONS))
        return 0;
    if (window == FRAY_WIN_WAITING) {
        fray_list_add(&l, TA_A_ENTER, who, -1, 0, 0, 0);
        return l.n;
    }
    if (window == FRAY_WIN_TRIGGERED) {
        const fray_action *r = fray_turns_readied(e, who);
        if (!r || !trig || !ta_foes(e, who, trig->actor) || !fray_able(e, trig->actor) ||
            (fray_opt(e, TA_OPT_READIED_REACTION) && e->c[who].res[TA_R_REACTIONS] <= 0))
            return 0;
        int t = trig->actor;
        if (!r->x) { /* a Melee Attack: the foe's move ends within reach */
            int mw = ta_melee_weapon(e, who);
            if (mw >= 0 && ta_in_reach(e, who, t, ta_ccr(e, who)->w[mw].reach))
                fray_list_add(&l, TA_A_READIED, who, t, mw, 0, 0);
        } else { /* a Ranged Attack: the foe's move ends within range and in sight */
            int rw = ta_ranged_weapon(e, who);
            if (rw >= 0 &&
                ta_dist(e, who, t) <= ta_ccr(e, who)->w[rw].increment * (fray_opt(e, TA_OPT_MAX_INCREMENTS) + 1) &&
                (!e->map || ta_line_of_effect(e, who, t)))
                fray_list_add(&l, TA_A_READIED, who, t, rw, 1, 0);
        }
        return l.n;
    }
    if (window != FRAY_WIN_ACT || e->c[who].res[TA_R_ACTIONS] <= 0)
        return 0;
    for (int part = 0; part < TA_NPARTS; part++)
        ta_legal_part(e, who, part, &l);
    return l.n;
}

int ta_legal_acts(const fray_encounter *e, int who)
{
    return ta_acting(e, who) && !(fray_cflags(e, who) & FRAY_CF_NO_ACTIONS) &&
           e->c[who].res[TA_R_ACTIONS] > 0;
}

void ta_legal_part(fray_encounter *e, int who, int part, fray_list *l)
{
    switch (part) {
    case TA_PART_ATTACKS: attacks(e, who, l); break;
    case TA_PART_MOVES: moves(e, who, l); break;
    case TA_PART_MANEUVERS: maneuvers(e, who, l); break;
    default:
        others(e, who, l);
        free_and_turn(e, who, l);
    }
}

/* moves() lists at most five entries a target (Move, Straight, Cover,
 * Flank, Retreat), maneuvers() six */
int ta_legal_bound(const fray_encounter *e, int who, int part)
{
    int n = 0;
    for (int t = 0; t < e->n; t++)
        n += targetable(e, who, t);
    return n * (part == TA_PART_MOVES ? 5 : 6);
}
