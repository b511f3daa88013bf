/* legal.c: which actions a creature may take now and what they cost:
 * #Action Points (the AP cost of each action, #Underwater Combat's extra
 * 2 AP, a long action canceled by spending AP elsewhere), the actions of a
 * creature's own turn, the interrupts of #Using Actions and Reactions, and
 * the reactions (#Reaction: Rebuff, Harry, Cling, Interpose, a readied
 * action). Each action's effect is elsewhere, under its own heading. */
#include "combat.h"

/* ---- AP costs ----------------------------------------------------------- */

const int wo_ap_option[WO_NACT] = {
    [WO_A_MOVE] = -1, [WO_A_MOVE_AWAY] = -1,
    [WO_A_NONLETHAL] = WO_OPT_AP_NONLETHAL, [WO_A_QUICK] = WO_OPT_AP_QUICK,
    [WO_A_STANDARD] = WO_OPT_AP_STANDARD, [WO_A_STRONG] = WO_OPT_AP_STRONG,
    [WO_A_REBUFF] = WO_OPT_AP_REBUFF, [WO_A_CAST] = WO_OPT_AP_CAST,
    [WO_A_DEFEND] = WO_OPT_AP_DEFEND, [WO_A_HARRY] = WO_OPT_AP_HARRY,
    [WO_A_READY] = WO_OPT_AP_MINOR, [WO_A_RETRIEVE] = -1, [WO_A_POSTURE] = WO_OPT_AP_MINOR,
    [WO_A_OPENING] = WO_OPT_AP_MANEUVER, [WO_A_ENTER] = WO_OPT_AP_MANEUVER,
    [WO_A_ESCAPE] = WO_OPT_AP_MANEUVER, [WO_A_MOUNT] = WO_OPT_AP_MOUNT,
    [WO_A_DASH] = WO_OPT_AP_MINOR, [WO_A_CLING] = WO_OPT_AP_GRAPPLE_REACTION,
    [WO_A_CLING_HOLD] = WO_OPT_AP_GRAPPLE_REACTION, [WO_A_JUMP] = -1,
    [WO_A_DRAG] = WO_OPT_AP_GRAPPLE, [WO_A_GRAPPLE] = WO_OPT_AP_GRAPPLE,
    [WO_A_INTERPOSE] = WO_OPT_AP_GRAPPLE_REACTION, [WO_A_PIN] = WO_OPT_AP_GRAPPLE,
    [WO_A_END_EFFECT] = WO_OPT_AP_MINOR, [WO_A_HINDER] = WO_OPT_AP_MANEUVER,
    [WO_A_SEIZE] = WO_OPT_AP_SEIZE, [WO_A_STABILIZE] = WO_OPT_AP_HEAL,
    [WO_A_TREAT_COND] = WO_OPT_AP_HEAL, [WO_A_TREAT_WOUND] = WO_OPT_AP_HEAL,
    [WO_A_USE_OBJECT] = -1, [WO_A_IGNORE_FLANK] = -1, [WO_A_SURFACE] = -1,
    [WO_A_HURRY] = -1, [WO_A_CALM_MOUNT] = -1, [WO_A_DISTRACT] = WO_OPT_AP_MANEUVER,
    [WO_A_SHOVE] = WO_OPT_AP_MANEUVER, [WO_A_TRIP] = WO_OPT_AP_MANEUVER, [WO_A_CANCEL] = -1,
};

/* wo_ap_cost with its one state-dependent piece given: uw_melee, whether
 * `who` is underwater with a melee weapon. */
/* wo_ap_cost_uw of the kinds no option prices (combat.h). */
int wo_ap_cost_more(const fray_encounter *e, int who, int kind, int arg, int uw_melee)
{
    int cost;
    switch (kind) {
    case WO_A_MOVE:
    case WO_A_MOVE_AWAY:
    case WO_A_JUMP:
        return arg; /* AP bought for the movement pool; 0 when the pool suffices */
    case WO_A_IGNORE_FLANK:
        return 0; /* "as a free reaction": the text's explicit 0 */
    case WO_A_CANCEL:
        return 0; /* "or you choose to cancel it": no action of its own */
    case WO_A_RETRIEVE:
        /* #Action: Retrieve or Stow an Item: by container; stowing goes to
         * the scabbard (1) */
        cost = arg & 0x100 ? wo_container_ap[WO_SCABBARD]
                           : wo_container_ap[CCR(e, who)->weapon_place[arg]];
        break;
    case WO_A_USE_OBJECT:
        cost = wo_object_table[CCR(e, who)->object[arg].kind].ap;
        break;
    case WO_A_SURFACE:
        cost = 4; /* #Swimming and Climbing: "(AP Cost 4)" */
        break;
    case WO_A_CALM_MOUNT:
        cost = 8; /* #Mounted Combat: "(AP Cost 8)" */
        break;
    case WO_A_HURRY:
        cost = wo_ap_cost_uw(e, who, arg >> 4, arg & 15, uw_melee);
        break;
    default: /* every kind without an option is named above */
        cost = 0;
        break;
    }
    /* none of these is a melee attack: no extra AP underwater */
    return wo_ap_floor(cost, 0);
}

static int ap_cost(const fray_encounter *e, int who, int kind, int arg, int uw_melee)
{
    return wo_ap_cost_uw(e, who, kind, arg, uw_melee);
}

int wo_ap_cost(const fray_encounter *e, int who, int kind, int arg)
{
    /* only a melee attack (or a hurried one) looks at the water */
    int uw_melee = (wo_is_melee_attack_kind(kind) || kind == WO_A_HURRY) &&
                   fray_has(e, who, WO_C_UNDERWATER) && !wo_weapon_of(e, who)->ranged;
    return ap_cost(e, who, kind, arg, uw_melee);
}

/* #Action Points: "The action is canceled if you spend AP on anything
 * else". Rare: out of line and cold, so that paying (at every action)
 * needs no frame for the event. */
static __attribute__((cold, noinline)) void cancel_pending(fray_encounter *e, int who)
{
    CR(e, who)->pending = -1;
    fray_emit(e, &(fray_event){.kind = "cancel", .actor = who, .target = -1,
                                .detail = "AP spent elsewhere: the long action is canceled",
                                .rule = R("Action Points")});
}

void wo_pay_ap(fray_encounter *e, int who, int cost)
{
    if (cost > 0 && CCR(e, who)->pending >= 0)
        cancel_pending(e, who);
    int ap = fray_res(e, who, WO_R_AP) - cost;
    wo_set_res(e, who, WO_R_AP, ap < 0 ? 0 : ap);
}

/* ---- Windows ------------------------------------------------------------ */

static int gap_after_move(const fray_encounter *e, const fray_action *m, int other)
{
    fray_encounter *ee = (fray_encounter *)e; /* positions restored below */
    int ox = ee->c[m->actor].x, oy = ee->c[m->actor].y;
    ee->c[m->actor].x = m->x;
    ee->c[m->actor].y = m->y;
    int g = wo_gap_yd(ee, m->actor, other);
    ee->c[m->actor].x = ox;
    ee->c[m->actor].y = oy;
    return g;
}

/* ---- Legal actions ------------------------------------------------------ */

/* affordable now, or (own turn, long) declarable over several turns */
static int affordable(const fray_encounter *e, int who, int kind, int arg, int allow_long)
{
    int cost = wo_ap_cost(e, who, kind, arg);
    int ap = fray_res(e, who, WO_R_AP);
    return cost <= ap || (allow_long && ap > 0);
}

/* affordable() for the view's creature: with allow_long and any AP the
 * cost does not matter, so it is not computed. */
static inline int v_affordable(const wo_view *v, int kind, int arg, int allow_long)
{
    if (allow_long && v->ap > 0)
        return 1;
    /* every kind asked here costs at least 1 (only moves, Ignore Flank and
     * Cancel may cost 0, and they are never asked) */
    if (v->ap <= 0)
        return 0;
    return ap_cost(v->e, v->who, kind, arg, v->uw_melee) <= v->ap;
}

/* own_actions' pieces. For the policy (e->want) the kinds it never looks
 * at are not planned; each piece returns how many entries they would have
 * been (`skipped`), so that a list that could have reached l->max is made
 * whole instead (the policy must see exactly what survives the cut). */
#define WANT(kind) fray_wants(e, kind)
#define IN(mask, t) (((mask) >> (t)) & 1u)

/* The attacks: Standard, Quick, Strong, Nonlethal, Cast a Spell. */
static void own_attacks(fray_encounter *e, const wo_view *v, fray_list *l, int allow_long)
{
    const int n = e->n, who = v->who;
    const unsigned foes = v->foes, live = v->able;
    const wo_creature *c = CCR(e, who);
    const wo_weapon *w = v->w[who];
    int uw = wo_v_has(v, who, WO_C_UNDERWATER);
    int mana = fray_res(e, who, WO_R_MANA);
    for (int t = 0; t < n; t++) {
        if (!IN(foes & live, t))
            continue;
        int reach = wo_weapon_reaches(w, uw, v->gap[t]);
        if (reach == WO_REACH_RANGED) {
            if (v_affordable(v, WO_A_STANDARD, 0, allow_long))
                fray_list_add(l, WO_A_STANDARD, who, t, 0, 0, 0);
        } else if (reach == WO_REACH_MELEE) {
            static const int kinds[4] = {WO_A_STANDARD, WO_A_QUICK, WO_A_STRONG, WO_A_NONLETHAL};
            for (int k = 0; k < 4; k++)
                if (v_affordable(v, kinds[k], 0, allow_long))
                    fray_list_add(l, kinds[k], who, t, 0, 0, 0);
        }
        for (int s = 0; s < c->nspell; s++)
            if (wo_spell_reaches(c, s, mana, v->gap[t]) && v_affordable(v, WO_A_CAST, s, allow_long))
                fray_list_add(l, WO_A_CAST, who, t, s, 0, 0);
    }
}

/* #Movement: a Move towards every creature, a Move Away from near enemies,
 * unless grappled (Drag moves a grapple) or the mount bolted. */
static long own_moves(fray_encounter *e, const wo_view *v, fray_list *l)
{
    long skipped = 0;
    const int n = e->n, who = v->who;
    const unsigned foes = v->foes, live = v->able, dead = v->dead;
    const wo_creature *c = CCR(e, who);
    if (c->lost_control || c->pending >= 0)
        return 0;
    wo_mover mv;
    wo_mover_init(&mv, 1000);
    for (int t = 0; t < n; t++) {
        if (t == who || IN(dead, t))
            continue;
        fray_action m;
        if (wo_plan_move_v(v, &mv, t, 0, &m) && l->n < l->max) {
            l->out[l->n++] = m;
        }
    }
    for (int t = 0; t < n; t++) {
        if (!IN(foes & live, t) || v->gap[t] > 6)
            continue;
        fray_action m;
        if (!WANT(WO_A_MOVE_AWAY))
            skipped++;
        else if (wo_plan_move_v(v, &mv, t, 1, &m) && l->n < l->max)
            l->out[l->n++] = m;
    }
    return skipped;
}

/* The pieces of the list that wo_decide also lists on their own (the
 * entries the policy looks at): each writes what own_actions would. */

static void list_seize(const wo_view *v, fray_list *l, int allow_long)
{
    if (v_affordable(v, WO_A_SEIZE, 0, allow_long))
        fray_list_add(l, WO_A_SEIZE, v->who, -1, 0, 0, 0);
}

static void list_defend(const wo_view *v, fray_list *l, int allow_long)
{
    if (!wo_v_has(v, v->who, WO_C_DEFENDING) && v_affordable(v, WO_A_DEFEND, 0, allow_long))
        fray_list_add(l, WO_A_DEFEND, v->who, -1, 0, 0, 0);
}

/* Retrieve weapon i (hands empty of weapons; arg i) or Stow it (arg
 * i | 0x100) */
static int retrieve_ok(const wo_view *v, const wo_creature *c, const wo_weapon *wielded,
                       int arg, int allow_long)
{
    const int i = arg & 0xff;
    if (i >= c->nweapon)
        return 0;
    if (!wielded)
        return !(arg & 0x100) && c->weapon_place[i] >= WO_SCABBARD &&
               c->weapon_place[i] <= WO_BACKPACK && v_affordable(v, WO_A_RETRIEVE, arg, allow_long);
    return (arg & 0x100) && c->weapon_place[i] == WO_IN_HAND && c->nweapon > 1 &&
           v_affordable(v, WO_A_RETRIEVE, arg, allow_long);
}

static void list_retrieve(const wo_view *v, const wo_creature *c, const wo_weapon *wielded,
                          fray_list *l, int allow_long)
{
    const int stow = wielded ? 0x100 : 0;
    for (int i = 0; i < c->nweapon; i++)
        if (retrieve_ok(v, c, wielded, i | stow, allow_long))
            fray_list_add(l, WO_A_RETRIEVE, v->who, -1, i | stow, 0, 0);
}

/* #Action: Change Posture: "If you are prone, you cannot change directly
 * to standing." p: the posture now, q the new one. */
static int posture_ok(const wo_view *v, int p, int q, int allow_long)
{
    return !(q == p || (p == WO_PRONE && q == WO_STANDING) || wo_v_has(v, v->who, WO_C_MOUNTED)) &&
           v_affordable(v, WO_A_POSTURE, q, allow_long);
}

static void list_postures(const wo_view *v, fray_list *l, int allow_long, int p)
{
    for (int q = 0; q < 3; q++)
        if (posture_ok(v, p, q, allow_long))
            fray_list_add(l, WO_A_POSTURE, v->who, -1, q, 0, 0);
}

/* Create an Opening against the live creature t */
static int opening_ok(const fray_encounter *e, const wo_view *v, int t, int allow_long)
{
    const wo_creature *c = CCR(e, v->who);
    const wo_weapon *w = v->w[v->who];
    return IN(v->foes, t) && c->opening_vs != t && v->w[t]->optimal_reach > w->reach &&
           !w->ranged && v->gap[t] <= v->w[t]->reach + 8 &&
           v_affordable(v, WO_A_OPENING, 0, allow_long);
}

/* Stabilize t (not a foe): dying in your space */
static int stabilize_ok(const wo_view *v, int t, int allow_long)
{
    return !IN(v->foes, t) && wo_v_has(v, t, WO_C_DYING) && v->gap[t] == 0 &&
           v_affordable(v, WO_A_STABILIZE, 0, allow_long);
}

/* Use an Object */
static int object_ok(const wo_view *v, const wo_creature *c, int k, int allow_long)
{
    return k < c->nobject && c->object_count[k] > 0 &&
           v_affordable(v, WO_A_USE_OBJECT, k, allow_long);
}

static void list_objects(const wo_view *v, const wo_creature *c, fray_list *l, int allow_long)
{
    for (int k = 0; k < c->nobject; k++)
        if (object_ok(v, c, k, allow_long))
            fray_list_add(l, WO_A_USE_OBJECT, v->who, -1, k, 0, 0);
}

/* Defend, Ready an Action, Retrieve or Stow an Item, Change Posture. */
static long own_basics(fray_encounter *e, const wo_view *v, fray_list *l, int allow_long, int p)
{
    long skipped = 0;
    const int who = v->who;
    const wo_creature *c = CCR(e, who);
    const wo_weapon *w = v->w[who];
    const wo_weapon *wielded = wo_wielded(c);
    if (!WANT(WO_A_DEFEND))
        skipped += 1;
    else
        list_defend(v, l, allow_long);
    /* #Action: Ready an Action: "Choose an action." (asked as it resolves:
     * the question Readied action) */
    (void)w;
    if (!WANT(WO_A_READY))
        skipped += 1;
    else if (c->readied < 0 && v_affordable(v, WO_A_READY, 0, 0))
        fray_list_add(l, WO_A_READY, who, -1, 0, 0, 0);
    if (!WANT(WO_A_RETRIEVE))
        skipped += c->nweapon;
    else
        list_retrieve(v, c, wielded, l, allow_long);
    if (!WANT(WO_A_POSTURE))
        return skipped + 2; /* at most two postures */
    list_postures(v, l, allow_long, p);
    return skipped;
}

/* Towards each other creature: Create an Opening, Enter Occupied Space,
 * Grapple, Pin, Hinder, Stabilize; then Escape. */
static long own_maneuvers(fray_encounter *e, const wo_view *v, fray_list *l, int allow_long)
{
    long skipped = 0;
    const int n = e->n, who = v->who;
    const unsigned foes = v->foes, live = v->able;
    const wo_creature *c = CCR(e, who);
    const wo_weapon *w = v->w[who];
    int on_mount = wo_v_has(v, who, WO_C_MOUNTED);
    for (int t = 0; t < n; t++) {
        if (t == who || !IN(live, t))
            continue;
        int gap = v->gap[t];
        int en = IN(foes, t);
        int sized = wo_sizes_within_5(CCR(e, t)->size, c->size);
        if (opening_ok(e, v, t, allow_long))
            fray_list_add(l, WO_A_OPENING, who, t, 0, 0, 0);
        if (!WANT(WO_A_ENTER) || !WANT(WO_A_GRAPPLE) || !WANT(WO_A_PIN) || !WANT(WO_A_HINDER)) {
            /* the policy takes none of these: at most seven entries */
            skipped += en ? 7 : 0;
        } else {
        if (en && gap == 0 && sized && c->share_with < 0 && !on_mount &&
            v_affordable(v, WO_A_ENTER, 0, allow_long))
            fray_list_add(l, WO_A_ENTER, who, t, 0, 0, 0);
        if (en && gap == 0 && sized && !wo_grappling(e, who, t) && !on_mount &&
            v_affordable(v, WO_A_GRAPPLE, 0, allow_long))
            fray_list_add(l, WO_A_GRAPPLE, who, t, 0, 0, 0);
        if (en && wo_grappling(e, who, t) && !wo_v_has(v, t, WO_C_PINNED) &&
            v_affordable(v, WO_A_PIN, 0, allow_long))
            fray_list_add(l, WO_A_PIN, who, t, 0, 0, 0);
        if (en && gap <= (w->ranged ? 0 : w->reach))
            for (int h = 0; h < 4; h++)
                if (v_affordable(v, h ? WO_A_DISTRACT + h - 1 : WO_A_HINDER, h, allow_long))
                    fray_list_add(l, h ? WO_A_DISTRACT + h - 1 : WO_A_HINDER, who, t, h, 0, 0);
        }
        if (stabilize_ok(v, t, allow_long))
            fray_list_add(l, WO_A_STABILIZE, who, t, 0, 0, 0);
    }
    /* the downed too: stabilize an ally lying dying next to you */
    for (int t = 0; t < n; t++)
        if (t != who && e->c[t].status == FRAY_DOWN && stabilize_ok(v, t, allow_long))
            fray_list_add(l, WO_A_STABILIZE, who, t, 0, 0, 0);
    if (!WANT(WO_A_ESCAPE))
        skipped += 1;
    else if (wo_v_has(v, who, WO_C_GRAPPLED) && v_affordable(v, WO_A_ESCAPE, 0, allow_long))
        fray_list_add(l, WO_A_ESCAPE, who, -1, 0, 0, 0);
    return skipped;
}

/* Drag, Mount/Dismount, Dash, End a Magical Effect, Seize Initiative. */
static long own_others(fray_encounter *e, const wo_view *v, fray_list *l, int allow_long)
{
    const int n = e->n, who = v->who;
    const unsigned dead = v->dead;
    const wo_creature *c = CCR(e, who);
    long skipped = 0;
    if (!WANT(WO_A_DRAG) || !WANT(WO_A_MOUNT) || !WANT(WO_A_DASH) || !WANT(WO_A_END_EFFECT)) {
        /* none of these for the policy: Drag, Mount, Dash, End Effect */
        skipped = 3 + c->neffect;
        goto seize;
    }
    if (wo_v_has(v, who, WO_C_GRAPPLED) && !c->drag_ap && v_affordable(v, WO_A_DRAG, 0, allow_long))
        for (int t = 0; t < n; t++)
            if (t != who && !wo_grappling(e, who, t) && !IN(dead, t) && v->gap[t] > 0) {
                fray_list_add(l, WO_A_DRAG, who, t, 0, 0, 0);
                break;
            }
    if (c->mount_size > -100 && v_affordable(v, WO_A_MOUNT, 0, allow_long))
        fray_list_add(l, WO_A_MOUNT, who, -1, 0, 0, 0);
    if (c->dash_uses < 2 && v_affordable(v, WO_A_DASH, 0, allow_long))
        fray_list_add(l, WO_A_DASH, who, -1, 0, 0, 0);
    for (int k = 0; k < c->neffect; k++)
        if (c->effect_active[k] && v_affordable(v, WO_A_END_EFFECT, k, allow_long))
            fray_list_add(l, WO_A_END_EFFECT, who, -1, k, 0, 0);
seize:
    if (!WANT(WO_A_SEIZE))
        skipped += 1;
    else
        list_seize(v, l, allow_long);
    /* #Jumping: a long jump towards a creature, its AP as a Move's */
    if (!WANT(WO_A_JUMP)) {
        skipped += n;
    } else if (!c->lost_control && c->pending < 0 && !wo_v_has(v, who, WO_C_MOUNTED)) {
        /* at most a full movement's 4 AP bought for it (#Movement) */
        wo_mover mv;
        wo_mover_init(&mv, 4);
        for (int t = 0; t < n; t++) {
            fray_action m;
            if (t != who && !IN(dead, t) && wo_plan_move_v(v, &mv, t, 0, &m))
                fray_list_add(l, WO_A_JUMP, who, t, m.arg, m.x, m.y);
        }
    }
    return skipped;
}

/* healing: Treat Condition and Treat Wound on yourself or an adjacent ally;
 * Use an Object. */
static long own_healing(fray_encounter *e, const wo_view *v, fray_list *l, int allow_long)
{
    long skipped = 0;
    const int n = e->n, who = v->who;
    const unsigned foes = v->foes, dead = v->dead;
    const wo_creature *c = CCR(e, who);
    for (int t = 0; t < n; t++) {
        if (IN(foes | dead, t) || (t != who && v->gap[t] > 0))
            continue;
        if (!WANT(WO_A_TREAT_COND) || !WANT(WO_A_TREAT_WOUND)) {
            skipped += 5; /* four afflictions and a wound */
            continue;
        }
        const wo_creature *ct = CCR(e, t);
        for (int k = 0; k < 4; k++)
            if (ct->affl_level[k] > 0 && v_affordable(v, WO_A_TREAT_COND, k, allow_long))
                fray_list_add(l, WO_A_TREAT_COND, who, t, k, 0, 0);
        int sev = wo_severity_of(e, t);
        if (sev >= WO_LIGHT && v_affordable(v, WO_A_TREAT_WOUND, sev, allow_long))
            fray_list_add(l, WO_A_TREAT_WOUND, who, t, sev, 0, 0);
    }
    if (!WANT(WO_A_USE_OBJECT))
        return skipped + c->nobject;
    list_objects(v, c, l, allow_long);
    return skipped;
}

/* #Ignoring Your Flank: free, on your turn. */
static long own_flank(fray_encounter *e, const wo_view *v, fray_list *l, int interrupt)
{
    long skipped = 0;
    const int n = e->n, who = v->who;
    const unsigned foes = v->foes, live = v->able;
    const wo_creature *c = CCR(e, who);
    /* Whether we are flanked does not depend on which flanker asks
     * (flank_state(t, who) is 2 only for an ignored t, handled first), so
     * it is worked out once, when first needed. */
    int flanked = -1;
    /* An interrupt drops these again (wo_legal): skip them then, unless they
     * could push a later entry past l->max (at most one per creature, and
     * six entries follow). */
    int skip = interrupt && l->n + n + 6 < l->max;
    if (!skip && !WANT(WO_A_IGNORE_FLANK)) {
        skipped += n; /* at most one per creature */
        skip = 1;
    }
    for (int t = 0; t < n && !skip; t++) {
        if (!IN(foes, t))
            continue;
        if (c->ignored & (1u << t)) {
            fray_list_add(l, WO_A_IGNORE_FLANK, who, t, 1, 0, 0);
        } else if (IN(live, t) && wo_v_threatens(v, t)) {
            if (flanked < 0)
                flanked = wo_v_flanked(v);
            if (flanked)
                fray_list_add(l, WO_A_IGNORE_FLANK, who, t, 0, 0, 0);
        }
    }
    return skipped;
}

/* Return to the surface, Calm Mount, and #Performing Actions More Quickly:
 * posture changes and mounting. */
static long own_hurried(fray_encounter *e, const wo_view *v, fray_list *l, int allow_long, int p)
{
    const int who = v->who;
    const wo_creature *c = CCR(e, who);
    int on_mount = wo_v_has(v, who, WO_C_MOUNTED);
    if (!WANT(WO_A_SURFACE) || !WANT(WO_A_CALM_MOUNT) || !WANT(WO_A_HURRY))
        return 6; /* Surface, Calm Mount, three postures and Mount hurried */
    if (c->env == WO_ENV_SWIMMING && wo_v_has(v, who, WO_C_UNDERWATER) &&
        v_affordable(v, WO_A_SURFACE, 0, allow_long))
        fray_list_add(l, WO_A_SURFACE, who, -1, 0, 0, 0);
    if (c->lost_control && on_mount && v_affordable(v, WO_A_CALM_MOUNT, 0, allow_long))
        fray_list_add(l, WO_A_CALM_MOUNT, who, -1, 0, 0, 0);
    for (int q = 0; q < 3; q++) {
        if (q == p || (p == WO_PRONE && q == WO_STANDING) || on_mount)
            continue;
        if (v_affordable(v, WO_A_HURRY, WO_A_POSTURE << 4 | q, 0))
            fray_list_add(l, WO_A_HURRY, who, -1, WO_A_POSTURE << 4 | q, 0, 0);
    }
    if (c->mount_size > -100 && v_affordable(v, WO_A_HURRY, WO_A_MOUNT << 4, 0))
        fray_list_add(l, WO_A_HURRY, who, -1, WO_A_MOUNT << 4, 0, 0);
    return 0;
}

#undef IN
#undef WANT

/* A pinned or helpless creature's list (1), or 0 for the others: #Action:
 * Pin: "unable to take any other actions while pinned". */
static int list_held(const fray_encounter *e, int who, fray_list *l, int allow_long)
{
    if (!fray_has(e, who, WO_C_PINNED) && !fray_has(e, who, WO_C_HELPLESS))
        return 0;
    if (fray_has(e, who, WO_C_PINNED) && affordable(e, who, WO_A_ESCAPE, 0, allow_long))
        fray_list_add(l, WO_A_ESCAPE, who, -1, 0, 0, 0);
    return 1;
}

/* The actions `who` may take on its own turn, or as an interrupt
 * (allow_long 0: no long actions, interrupt 1). */
static void own_actions(fray_encounter *e, int who, fray_list *l0, int allow_long, int interrupt)
{
    long skipped = 0;
    wo_view view, *v = &view;
    wo_view_init(v, e, who);
    /* a local, so that writing the list does not make the compiler read
     * l0 again and again */
    fray_list list = *l0, *l = &list;
    if (list_held(e, who, l, allow_long)) {
        *l0 = list;
        return;
    }
    /* attacks first: the scripts and the policy find them early */
    own_attacks(e, v, l, allow_long);
    /* On its own turn the policy takes one of these attacks whatever
     * follows, when wo_policy_attacks says so: for it the list ends here. */
    if (e->for_policy && allow_long && !interrupt &&
        wo_policy_attacks(e, who, l->out + l0->n, l->n - l0->n) >= 0) {
        *l0 = list;
        return;
    }
    /* As an interrupt the policy takes a reaction or one of these attacks
     * or nothing (wo_policy, best_attack): it never reads past them. */
    if (e->for_policy && interrupt) {
        *l0 = list;
        return;
    }
    skipped += own_moves(e, v, l);
    int p = wo_v_has(v, who, WO_C_PRONE)        ? WO_PRONE :
            wo_v_has(v, who, WO_C_CROUCHING)    ? WO_CROUCH : WO_STANDING;
    skipped += own_basics(e, v, l, allow_long, p);
    skipped += own_maneuvers(e, v, l, allow_long);
    skipped += own_others(e, v, l, allow_long);
    skipped += own_healing(e, v, l, allow_long);
    skipped += own_flank(e, v, l, interrupt);
    skipped += own_hurried(e, v, l, allow_long, p);
    if (skipped && l->n + skipped >= l->max) {
        /* the whole list might have been cut: build it whole */
        uint64_t want = e->want;
        e->want = FRAY_WANT_ALL;
        own_actions(e, who, l0, allow_long, interrupt);
        e->want = want;
        return;
    }
    *l0 = list;
}

/* Whether the trigger's kind allows who a reaction at all (reactions
 * lists none otherwise): Rebuff and Cling answer a move, Harry a ranged
 * Standard Attack, Interpose an attack on a creature that grapples, a
 * readied action anything. */
static inline int may_react(const fray_encounter *e, int who, const fray_action *trigger)
{
    const wo_creature *c = CCR(e, who);
    int k = trigger->kind;
    if (c->readied >= 0 || wo_is_move(k) || (wo_is_attack(k) && trigger->target == who && c->grappling))
        return 1;
    return k == WO_A_STANDARD && trigger->actor >= 0 && wo_weapon_of(e, trigger->actor)->ranged;
}

/* Whether reactions could list who anything for the move `m`: a move is
 * answered only by a readied action, Cling (who grapples the mover) or
 * Rebuff, and Rebuff only by a melee weapon with an optimal reach that the
 * move crosses. Most moves of a fight cross no one's optimal reach: asked
 * here (may_answer), they are not offered to a creature that would find
 * nothing. The gaps come last, as they cost the most, and the gap after
 * the move first, as most moves end beyond the optimal reach; the AP is
 * left to reactions (asked here, it cost more than it saved). */
/* Rebuff's trigger: an enemy's move m that crosses the optimal reach of
 * who's melee weapon w, closer than it at the end (the AP aside). */
static inline int rebuff_crossed(const fray_encounter *e, int who, const fray_action *m,
                                 const wo_weapon *w)
{
    return wo_enemies(e, who, m->actor) && !w->ranged && w->optimal_reach > 0 &&
           gap_after_move(e, m, who) < w->optimal_reach &&
           wo_gap_yd(e, who, m->actor) >= w->optimal_reach;
}

static inline int may_react_to_move(const fray_encounter *e, int who, const fray_action *m)
{
    if (CCR(e, who)->readied >= 0 || wo_grappling(e, who, m->actor))
        return 1;
    return rebuff_crossed(e, who, m, wo_weapon_of(e, who));
}

/* The entries of the readied kind `k` that who could take now as on its own
 * turn (no long action: "you can take the chosen action as a reaction"),
 * each marked as readied. */
static void readied_entries(fray_encounter *e, int who, int k, fray_list *l)
{
    fray_action buf[FRAY_MAX_LEGAL];
    fray_list own = {buf, 0, FRAY_MAX_LEGAL};
    uint64_t want = e->want;
    int fp = e->for_policy;
    e->want = FRAY_WANT_ALL;
    e->for_policy = 0;
    own_actions(e, who, &own, 0, 0);
    e->want = want;
    e->for_policy = fp;
    for (int i = 0; i < own.n; i++)
        if (buf[i].kind == k && buf[i].arg >= 0 && !(buf[i].arg & WO_ARG_READIED))
            fray_list_add(l, k, who, buf[i].target, (int16_t)(buf[i].arg | WO_ARG_READIED), buf[i].x,
                          buf[i].y);
}

/* The reactions `who` may take to the declared action `tr`. */
static void reactions(fray_encounter *e, int who, const fray_action *tr, fray_list *l)
{
    const wo_creature *c = CCR(e, who);
    const wo_weapon *w = wo_weapon_of(e, who);
    int actor = tr->actor;
    /* #Initiative: "If your initiative is 0, you cannot take reactions" */
    if (fray_res(e, who, WO_R_INIT) <= 0 || !wo_can_act(e, who))
        return;
    /* Rebuff: an enemy's approach across the optimal reach, then its AP */
    if (wo_is_move(tr->kind) && rebuff_crossed(e, who, tr, w) && affordable(e, who, WO_A_REBUFF, 0, 0))
        fray_list_add(l, WO_A_REBUFF, who, actor, 0, 0, 0);
    /* Cling: a creature it grapples is about to move out of reach */
    if (wo_is_move(tr->kind) && wo_grappling(e, who, actor) && gap_after_move(e, tr, who) > 0 &&
        affordable(e, who, WO_A_CLING, 0, 0)) {
        fray_list_add(l, WO_A_CLING, who, actor, 0, 0, 0);
        /* "or for every 10 points, you may reduce the target's movement by
         * 1 yard": the same reaction spent on holding it back first */
        fray_list_add(l, WO_A_CLING_HOLD, who, actor, 0, 0, 0);
    }
    /* Harry: a ranged weapon attack or check within reach of its melee weapon */
    if (tr->kind == WO_A_STANDARD && wo_enemies(e, who, actor) &&
        wo_weapon_of(e, actor)->ranged && !w->ranged && wo_in_reach(e, who, actor, w->reach) &&
        !((c->harried_by >> actor) & 1u) && affordable(e, who, WO_A_HARRY, 0, 0))
        fray_list_add(l, WO_A_HARRY, who, actor, 0, 0, 0);
    /* Interpose: an attack against it while it grapples */
    if (wo_is_attack(tr->kind) && tr->target == who && c->grappling)
        for (int g = 0; g < e->n; g++)
            if (g != actor && wo_grappling(e, who, g) && fray_able(e, g) &&
                affordable(e, who, WO_A_INTERPOSE, 0, 0))
                fray_list_add(l, WO_A_INTERPOSE, who, g, 0, 0, 0);
    /* a readied action, "in response to any event" */
    if (c->readied == WO_A_STANDARD || c->readied == WO_A_QUICK || c->readied == WO_A_STRONG) {
        /* an attack: on the enemy whose action it answers, within reach */
        if (wo_enemies(e, who, actor) && !w->ranged && wo_in_reach(e, who, actor, w->reach) &&
            affordable(e, who, c->readied, 0, 0))
            fray_list_add(l, c->readied, who, actor, WO_ARG_READIED, 0, 0);
    } else if (c->readied >= 0) {
        readied_entries(e, who, c->readied, l);
    }
}

/* #Using Actions and Reactions: "You may also take an action when it is
 * not your turn if your initiative is higher than the active character's."
 * Not by the active one, and not at initiative 0. */
static int may_interrupt_now(const fray_encounter *e, int who)
{
    int active = fray_turns_current(e);
    return active >= 0 && who != active && wo_can_act(e, who) &&
           fray_res(e, who, WO_R_INIT) > fray_res(e, active, WO_R_INIT) && fray_res(e, who, WO_R_INIT) > 0;
}

/* In a window with a trigger (declared, or just resolved): only the active
 * creature's own actions (an interrupt is not interrupted in turn). */
static int may_interrupt(const fray_encounter *e, int who, const fray_action *trigger)
{
    return trigger->actor == fray_turns_current(e) && may_interrupt_now(e, who) &&
           !(trigger->arg & WO_ARG_READIED) && !wo_is_reaction(trigger->kind);
}

/* The windows between actions: "You may take this action at the start of
 * the turn, the end of the turn, after an action is resolved" (the fourth,
 * "immediately after an action is declared", is FRAY_WIN_DECLARED). In
 * FRAY_WIN_TRIGGERED only when no Ignore Flank is on offer (flank_offer). */
static inline int is_between(const fray_encounter *e, int window)
{
    return window == FRAY_WIN_TURN_START || window == FRAY_WIN_TURN_END ||
           (window == FRAY_WIN_TRIGGERED && ((const wo_state *)e->state)->flank_offer < 0);
}

static int may_interrupt_between(const fray_encounter *e, int who, int window, const fray_action *trigger)
{
    return window == FRAY_WIN_TRIGGERED ? trigger && may_interrupt(e, who, trigger) : may_interrupt_now(e, who);
}

/* What an interrupt may be: the actions of the creature's own turn, no
 * long ones, not the free flank choice nor Seize Initiative, Perform
 * Quickly or a Long Jump. */
static void interrupt_list(fray_encounter *e, int who, fray_list *l)
{
    int before = l->n;
    own_actions(e, who, l, 0, 1);
    int k = before;
    for (int i = before; i < l->n; i++)
        if (l->out[i].kind != WO_A_IGNORE_FLANK && l->out[i].kind != WO_A_SEIZE &&
            l->out[i].kind != WO_A_HURRY && l->out[i].kind != WO_A_JUMP)
            l->out[k++] = l->out[i];
    l->n = k;
}

static void interrupts(fray_encounter *e, int who, const fray_action *trigger, fray_list *l)
{
    if (may_interrupt(e, who, trigger))
        interrupt_list(e, who, l);
}

/* #Ignoring Your Flank: "as a free reaction when you first become
 * flanked": an Ignore Flank on each enemy that flanks it (one able to
 * attack it, not ignored yet). Like every reaction, not at initiative 0. */
static void flank_reaction(fray_encounter *e, int who, fray_list *l)
{
    if (fray_res(e, who, WO_R_INIT) <= 0 || !wo_can_act(e, who))
        return;
    wo_view v;
    wo_view_init(&v, e, who);
    const wo_creature *c = CCR(e, who);
    for (int t = 0; t < e->n; t++)
        if (wo_enemies(e, who, t) && fray_able(e, t) && !(c->ignored & (1u << t)) &&
            wo_v_threatens(&v, t))
            fray_list_add(l, WO_A_IGNORE_FLANK, who, t, 0, 0, 0);
}

/* The list is ordered: reactions, then attacks, then the rest (the
 * policy's best_attack stops at the end of the attacks). */
int wo_legal(fray_encounter *e, int who, int window, const fray_action *trigger,
             fray_action *out, int max)
{
    wo_state *st = ST(e);
    fray_list l = {out, 0, max};
    if (!fray_able(e, who))
        return 0;
    if (window == FRAY_WIN_ACT) {
        const wo_creature *c = CR(e, who);
        if (who != fray_turns_current(e))
            return 0;
        if (c->pending >= 0) {
            /* #Action Points: "or you choose to cancel it" */
            fray_list_add(&l, WO_A_CANCEL, who, c->pending_target, 0, 0, 0);
            return l.n;
        }
        /* the policy needs only the kinds its turn may take now */
        uint64_t want = e->want;
        if (e->for_policy)
            e->want &= wo_policy_turn_kinds(e, who);
        own_actions(e, who, &l, 1, 0);
        e->want = want;
        return l.n;
    }
    if (window == FRAY_WIN_TRIGGERED && st->flank_offer == who) {
        flank_reaction(e, who, &l);
        return l.n;
    }
    if (is_between(e, window)) {
        /* the policy interrupts between actions only on wo_policy_between:
         * otherwise it is listed nothing there */
        if (may_interrupt_between(e, who, window, trigger) &&
            (!e->for_policy || wo_policy_between(e, who, window)))
            interrupt_list(e, who, &l);
        return l.n;
    }
    if (window != FRAY_WIN_DECLARED || !trigger || trigger->actor == who || st->cancel)
        return 0;
    reactions(e, who, trigger, &l);
    /* The policy takes a reaction when there is one (they come first) and
     * otherwise interrupts only on wo_policy_interrupts: for it the
     * interrupts are listed only then, and it chooses the same. */
    if (e->for_policy && !wo_policy_interrupts(e, who, trigger))
        return l.n;
    interrupts(e, who, trigger, &l);
    return l.n;
}

/* ---- The policy's choice without the whole list (decide) ---------------- */

#define IN(mask, t) (((mask) >> (t)) & 1u)

/* The first Stabilize own_maneuvers lists: on the live creatures first,
 * then on the downed; -1 for none. */
static int first_stabilize(const fray_encounter *e, const wo_view *v)
{
    for (int i = 0; i < e->n; i++)
        if (i != v->who && IN(v->able, i) && stabilize_ok(v, i, 1))
            return i;
    for (int i = 0; i < e->n; i++)
        if (i != v->who && e->c[i].status == FRAY_DOWN && stabilize_ok(v, i, 1))
            return i;
    return -1;
}

int wo_turn_entry(fray_encounter *e, const wo_view *v, int kind, int target, int arg,
                  fray_action *out)
{
    const int who = v->who;
    const wo_creature *c = CCR(e, who);
    fray_list l = {out, 0, 1};
    /* the kinds without a target below */
    if (target >= -1 && target != -1 && (kind == WO_A_ESCAPE || kind == WO_A_USE_OBJECT ||
                                         kind == WO_A_POSTURE || kind == WO_A_RETRIEVE))
        return 0;
    switch (kind) {
    case WO_A_ESCAPE: /* list_held */
        if (arg <= 0 && fray_has(e, who, WO_C_PINNED) && affordable(e, who, WO_A_ESCAPE, 0, 1))
            fray_list_add(&l, WO_A_ESCAPE, who, -1, 0, 0, 0);
        break;
    case WO_A_USE_OBJECT: /* own_healing */
        for (int k = arg < 0 ? 0 : arg; k < c->nobject && !l.n && (arg < 0 || k == arg); k++)
            if (object_ok(v, c, k, 1))
                fray_list_add(&l, WO_A_USE_OBJECT, who, -1, k, 0, 0);
        break;
    case WO_A_POSTURE: { /* own_basics */
        int p = wo_posture(e, who);
        for (int q = arg < 0 ? 0 : arg; q < 3 && !l.n && (arg < 0 || q == arg); q++)
            if (posture_ok(v, p, q, 1))
                fray_list_add(&l, WO_A_POSTURE, who, -1, q, 0, 0);
        break;
    }
    case WO_A_RETRIEVE: { /* own_basics */
        const wo_weapon *wielded = wo_wielded(c);
        const int stow = wielded ? 0x100 : 0;
        for (int i = 0; i < c->nweapon && !l.n; i++)
            if ((arg < 0 || (i | stow) == arg) && retrieve_ok(v, c, wielded, i | stow, 1))
                fray_list_add(&l, WO_A_RETRIEVE, who, -1, i | stow, 0, 0);
        break;
    }
    case WO_A_OPENING: /* own_maneuvers */
        if (arg <= 0 && target >= 0 && opening_ok(e, v, target, 1))
            fray_list_add(&l, WO_A_OPENING, who, target, 0, 0, 0);
        break;
    case WO_A_MOVE: /* own_moves: towards a creature not dead */
        if (target >= 0 && target != who && !IN(v->dead, target) && !c->lost_control &&
            c->pending < 0) {
            wo_mover mv;
            wo_mover_init(&mv, 1000);
            l.n = wo_plan_move_v(v, &mv, target, 0, out) && (arg < 0 || out->arg == arg);
        }
        break;
    case WO_A_STABILIZE: { /* own_maneuvers */
        int s = first_stabilize(e, v);
        if (s >= 0 && (target < -1 || target == s) && arg <= 0)
            fray_list_add(&l, WO_A_STABILIZE, who, s, 0, 0, 0);
        break;
    }
    case WO_A_DEFEND: /* own_basics */
        if ((target < -1 || target == -1) && arg <= 0)
            list_defend(v, &l, 1);
        break;
    case WO_A_SEIZE: /* own_others */
        if ((target < -1 || target == -1) && arg <= 0)
            list_seize(v, &l, 1);
        break;
    default:
        break;
    }
    return l.n;
}
#undef IN

#define IN(mask, t) (((mask) >> (t)) & 1u)

/* At most how many entries own_actions could list on who's own turn with
 * every kind wanted, `attacks` of them attacks. Below FRAY_MAX_LEGAL no
 * list the policy sees is cut short (nor made whole again), so the entries
 * it looks at are the same in a list of just them. */
static int list_bound(const fray_encounter *e, const wo_view *v, const wo_creature *c, int attacks)
{
    const int n = e->n, who = v->who;
    const wo_weapon *w = v->w[who];
    int hinder_reach = w->ranged ? 0 : w->reach;
    /* basics (Defend, three Ready, two postures, the weapons), Escape,
     * others (Drag, Mount, Dash, the effects, Seize), the objects, a flank
     * choice per creature, hurried (six) */
    int b = attacks + 6 + c->nweapon + 1 + 4 + c->neffect + c->nobject + n + 6;
    for (int t = 0; t < n; t++) {
        if (t == who) {
            b += 5; /* four afflictions and a wound, treated on itself */
            continue;
        }
        if (IN(v->dead, t))
            continue;
        b += 2; /* a Move and a Jump towards it */
        if (IN(v->foes, t)) {
            if (IN(v->able, t))
                b += 2 /* Move Away, Opening */ + (v->gap[t] == 0 ? 2 : 0) /* Enter, Grapple */ +
                     (int)((c->grappling >> t) & 1u) /* Pin */ +
                     (v->gap[t] <= hinder_reach ? 4 : 0) /* Hinder */;
        } else {
            b += 1 + (v->gap[t] == 0 ? 5 : 0); /* Stabilize, treated */
        }
    }
    return b;
}

/* Up to this many creatures list_bound stays below FRAY_MAX_LEGAL whatever
 * they carry: a foe adds at most 18 (8 attacks, a Move and 9 maneuvers),
 * an ally 7, the creature itself 35 + n with every weapon, effect and
 * object a sheet may hold. */
#define LIST_SMALL_N 4
_Static_assert(35 + LIST_SMALL_N + 18 * (LIST_SMALL_N - 1) < FRAY_MAX_LEGAL &&
                   6 + WO_MAX_WEAPONS + 1 + 4 + WO_MAX_EFFECTS + WO_MAX_OBJECTS + 6 + 5 <= 35 &&
                   4 + WO_MAX_SPELLS <= 8,
               "list_bound's small fights");

/* The policy's turn past its attack step, no attack taken, with its
 * entries asked for one by one (wo_turn_entry): of the view, only the gaps
 * they look at. */
static int decide_after_attacks(fray_encounter *e, int who, fray_action *out)
{
    int tgap;
    int t = wo_nearest_enemy(e, who, NULL, &tgap);
    wo_view v;
    /* a Stabilize looks at the gap of each dying creature not a foe */
    unsigned dying = 0;
    for (int i = 0; i < e->n; i++)
        if (i != who && e->c[i].side == e->c[who].side && fray_has(e, i, WO_C_DYING))
            dying |= 1u << i;
    if (dying)
        wo_view_init(&v, e, who);
    else
        wo_view_init_pair(&v, e, who, t, tgap);
    wo_src src = {.legal = NULL, .v = &v};
    if (wo_policy_after_attacks(e, who, &src, t, tgap) < 0)
        return FRAY_DECIDE_PASS;
    *out = src.got;
    return FRAY_DECIDE_TAKE;
}

/* The policy's turn (wo_policy_turn). Its attack comes from the state
 * (wo_pick_attack); in a fight of up to LIST_SMALL_N the rest asks for its
 * entries one by one (wo_policy_turn_src, wo_turn_entry); in a bigger one
 * it reads a list of just the entries it looks at, in the whole list's
 * order: the attacks, a Move towards the nearest enemy, Defend, the weapons
 * to retrieve, the postures, an Opening on the nearest enemy, the first
 * Stabilize, the objects. */
__attribute__((flatten)) static int decide_turn(fray_encounter *e, int who, fray_action *out)
{
    const wo_creature *c = CCR(e, who);
    fray_action buf[FRAY_MAX_LEGAL];
    fray_list l = {buf, 0, FRAY_MAX_LEGAL};
    if (c->pending >= 0) {
        /* #Action Points: "or you choose to cancel it" (as wo_legal) */
        fray_list_add(&l, WO_A_CANCEL, who, c->pending_target, 0, 0, 0);
    } else if (!list_held(e, who, &l, 1)) {
        /* -2: a step before the attack step may apply; -1: none can, and
         * the attack step comes next (wo_policy_attacks) */
        int pick = wo_policy_before_attacks(e, who);
        /* its attack from the state, without listing any: the policy finds
         * the same one in its list */
        if (pick == -1 && wo_pick_attack(e, who, fray_res(e, who, WO_R_AP), -1, out, NULL))
            return FRAY_DECIDE_TAKE;
        if (pick == -1 && e->n <= LIST_SMALL_N)
            return decide_after_attacks(e, who, out);
        if (e->n <= LIST_SMALL_N) {
            /* a step before the attack step may apply: the whole turn,
             * its entries asked for one by one */
            wo_view v;
            wo_view_init(&v, e, who);
            wo_src src = {.legal = NULL, .v = &v};
            if (wo_policy_turn_src(e, who, &src) < 0)
                return FRAY_DECIDE_PASS;
            *out = src.got;
            return FRAY_DECIDE_TAKE;
        }
        wo_view v;
        wo_view_init(&v, e, who);
        /* With no AP left the list holds moves and flank choices only:
         * everything else costs at least 1 AP (v_affordable), so none of
         * it is listed here either. The attacks are listed only for the
         * steps before the attack step, and to count a big fight's list. */
        const int paying = v.ap > 0;
        if (paying && (pick == -2 || e->n > LIST_SMALL_N))
            own_attacks(e, &v, &l, 1);
        if (e->n > LIST_SMALL_N && list_bound(e, &v, c, l.n) >= FRAY_MAX_LEGAL)
            return FRAY_DECIDE_LIST;
        int tgap, dgap;
        int t = wo_nearest_enemy(e, who, v.gap, &tgap);
        int d = wo_dying_ally(e, who, v.gap, &dgap);
        if (!c->lost_control) {
            /* the Moves the policy looks at, in the list's (target) order:
             * towards the nearest enemy and towards a dying ally */
            wo_mover mv;
            wo_mover_init(&mv, 1000);
            int first = t >= 0 && (d < 0 || t < d) ? t : d, second = first == t ? d : t;
            if (first >= 0 && wo_plan_move_v(&v, &mv, first, 0, &buf[l.n]))
                l.n++;
            if (second >= 0 && second != first && wo_plan_move_v(&v, &mv, second, 0, &buf[l.n]))
                l.n++;
        }
        if (paying) {
            list_defend(&v, &l, 1);
            /* the steps before the attack step (pick -2) look further */
            const wo_weapon *wielded = wo_wielded(c);
            if (pick < -1 && !wielded)
                list_retrieve(&v, c, wielded, &l, 1);
            int p = wo_v_has(&v, who, WO_C_PRONE)     ? WO_PRONE :
                    wo_v_has(&v, who, WO_C_CROUCHING) ? WO_CROUCH : WO_STANDING;
            if (pick < -1 && p != WO_STANDING)
                list_postures(&v, &l, 1, p);
            if (t >= 0 && opening_ok(e, &v, t, 1))
                fray_list_add(&l, WO_A_OPENING, who, t, 0, 0, 0);
            int s = -1;
            for (int i = 0; i < e->n && s < 0; i++)
                if (i != who && IN(v.able, i) && stabilize_ok(&v, i, 1))
                    s = i;
            for (int i = 0; i < e->n && s < 0; i++)
                if (i != who && e->c[i].status == FRAY_DOWN && stabilize_ok(&v, i, 1))
                    s = i;
            if (s >= 0)
                fray_list_add(&l, WO_A_STABILIZE, who, s, 0, 0, 0);
            list_seize(&v, &l, 1);
            if (pick < -1 && wo_severity_of(e, who) >= WO_SEVERE)
                list_objects(&v, c, &l, 1);
        }
        if (pick == -1) {
            /* none of the steps before the attack step applies */
            wo_src src = {.legal = buf, .n = l.n};
            int i = wo_policy_after_attacks(e, who, &src, t, tgap);
            if (i < 0)
                return FRAY_DECIDE_PASS;
            *out = buf[i];
            return FRAY_DECIDE_TAKE;
        }
    }
    int i = wo_policy_turn(e, who, buf, l.n);
    if (i < 0)
        return FRAY_DECIDE_PASS;
    *out = buf[i];
    return FRAY_DECIDE_TAKE;
}

/* The policy's answer to a declared action: the first reaction, or an
 * interrupt when wo_policy_interrupts, listed as wo_legal lists them. */
__attribute__((flatten)) static int decide_answer(fray_encounter *e, int who, int window, const fray_action *trigger,
                         fray_action *out)
{
    if (window == FRAY_WIN_TRIGGERED && ST(e)->flank_offer == who) {
        /* the policy keeps its flank whole (wo_policy_answer): ignoring one
         * of two flankers trades the other's +2 for +4 from the ignored */
        fray_action fb[FRAY_MAX_LEGAL];
        fray_list fl = {fb, 0, FRAY_MAX_LEGAL};
        flank_reaction(e, who, &fl);
        return fl.n ? FRAY_DECIDE_PASS : FRAY_DECIDE_NONE;
    }
    if (is_between(e, window)) {
        /* rare (wo_policy_between): the policy's list, then its answer */
        if (!wo_policy_between(e, who, window) || !may_interrupt_between(e, who, window, trigger))
            return FRAY_DECIDE_NONE;
        fray_action bb[FRAY_MAX_LEGAL];
        fray_list bl = {bb, 0, FRAY_MAX_LEGAL};
        int fp = e->for_policy;
        e->for_policy = 1;
        interrupt_list(e, who, &bl);
        e->for_policy = fp;
        if (!bl.n)
            return FRAY_DECIDE_NONE;
        int i = wo_policy_between_answer(e, who, window, bb, bl.n);
        if (i < 0)
            return FRAY_DECIDE_PASS;
        *out = bb[i];
        return FRAY_DECIDE_TAKE;
    }
    if (window != FRAY_WIN_DECLARED || !trigger || trigger->actor == who || ST(e)->cancel)
        return FRAY_DECIDE_NONE;
    fray_action buf[FRAY_MAX_LEGAL];
    fray_list l = {buf, 0, FRAY_MAX_LEGAL};
    if (may_react(e, who, trigger))
        reactions(e, who, trigger, &l);
    /* a reaction comes first and is taken: what follows it does not count */
    if (!l.n) {
        if (!wo_policy_interrupts(e, who, trigger) || !may_interrupt(e, who, trigger))
            return FRAY_DECIDE_NONE;
        if (!fray_has(e, who, WO_C_PINNED) && !fray_has(e, who, WO_C_HELPLESS)) {
            /* the interrupt's list holds the attacks that cost at most its
             * AP (own_actions for the policy): the policy's is one on the
             * trigger's actor (wo_policy_answer) */
            int listed;
            if (wo_pick_attack(e, who, fray_res(e, who, WO_R_AP), trigger->actor, out, &listed))
                return FRAY_DECIDE_TAKE;
            return listed ? FRAY_DECIDE_PASS : FRAY_DECIDE_NONE;
        }
        int fp = e->for_policy;
        e->for_policy = 1; /* own_actions lists the policy its attacks only */
        interrupts(e, who, trigger, &l);
        e->for_policy = fp;
        if (!l.n)
            return FRAY_DECIDE_NONE;
    }
    int i = wo_policy_answer(e, who, trigger, buf, l.n);
    if (i < 0)
        return FRAY_DECIDE_PASS;
    *out = buf[i];
    return FRAY_DECIDE_TAKE;
}

int wo_decide(fray_encounter *e, int who, int window, const fray_action *trigger,
              fray_action *out)
{
    if (!fray_able(e, who))
        return FRAY_DECIDE_NONE;
    if (window != FRAY_WIN_ACT)
        return decide_answer(e, who, window, trigger, out);
    if (who != fray_turns_current(e))
        return FRAY_DECIDE_NONE;
    return decide_turn(e, who, out);
}

/* Whether who could answer `trigger` at all: every reaction and interrupt
 * wo_legal lists needs initiative above 0 and a creature able to act, in
 * the declared window of another's action not canceled yet; then a
 * reaction the trigger's kind allows (reactions: Rebuff and Cling answer
 * a move, Harry a ranged Standard Attack, Interpose an attack on a
 * creature that grapples, a readied action anything), or an interrupt. */
__attribute__((flatten)) int wo_may_answer(const fray_encounter *e, int who, int window, const fray_action *trigger)
{
    if (window == FRAY_WIN_TRIGGERED && ((const wo_state *)e->state)->flank_offer >= 0)
        return ((const wo_state *)e->state)->flank_offer == who && fray_res(e, who, WO_R_INIT) > 0 &&
               wo_can_act(e, who);
    if (is_between(e, window))
        return may_interrupt_between(e, who, window, trigger);
    if (window != FRAY_WIN_DECLARED || !trigger || trigger->actor == who ||
        ((const wo_state *)e->state)->cancel || fray_res(e, who, WO_R_INIT) <= 0 ||
        !wo_can_act(e, who))
        return 0;
    if (wo_is_move(trigger->kind))
        return may_react_to_move(e, who, trigger) || may_interrupt(e, who, trigger);
    return may_react(e, who, trigger) || may_interrupt(e, who, trigger);
}

#undef IN
