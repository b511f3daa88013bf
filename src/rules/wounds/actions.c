/* actions.c: the actions a creature may take on its own turn (#Using
 * Actions and Reactions: "On your turn, you can move and take any number of
 * actions, provided you have the requisite AP"), each under the conditions
 * its own heading gives (#Action: ..., #Movement, #Jumping, #Ignoring Your
 * Flank, #Performing Actions More Quickly), and the policy's choice among
 * them without the whole list (decide). The same list, without long
 * actions, is what an interrupt may be (reactions.c). Each action's effect
 * is elsewhere, under its own heading. */
#include "combat.h"

/* wo_own_actions' pieces. For the policy (e->want) the kinds it never looks
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
            if (wo_v_affordable(v, WO_A_STANDARD, 0, allow_long))
                fray_list_add(l, WO_A_STANDARD, who, t, 0, 0, 0);
        } else if (reach == WO_REACH_MELEE) {
            static const int kinds[4] = {WO_A_STANDARD, WO_A_QUICK, WO_A_STRONG, WO_A_NONLETHAL};
            for (int k = 0; k < 4; k++)
                if (wo_v_affordable(v, kinds[k], 0, allow_long))
                    fray_list_add(l, kinds[k], who, t, 0, 0, 0);
        }
        for (int s = 0; s < c->nspell; s++)
            if (wo_spell_reaches(c, s, mana, v->gap[t]) && wo_v_affordable(v, WO_A_CAST, s, allow_long))
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
 * entries the policy looks at): each writes what wo_own_actions would. */

static void list_seize(const wo_view *v, fray_list *l, int allow_long)
{
    if (wo_v_affordable(v, WO_A_SEIZE, 0, allow_long))
        fray_list_add(l, WO_A_SEIZE, v->who, -1, 0, 0, 0);
}

static void list_defend(const wo_view *v, fray_list *l, int allow_long)
{
    if (!wo_v_has(v, v->who, WO_C_DEFENDING) && wo_v_affordable(v, WO_A_DEFEND, 0, allow_long))
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
               c->weapon_place[i] <= WO_BACKPACK && wo_v_affordable(v, WO_A_RETRIEVE, arg, allow_long);
    return (arg & 0x100) && c->weapon_place[i] == WO_IN_HAND && c->nweapon > 1 &&
           wo_v_affordable(v, WO_A_RETRIEVE, arg, allow_long);
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
           wo_v_affordable(v, WO_A_POSTURE, q, allow_long);
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
           wo_v_affordable(v, WO_A_OPENING, 0, allow_long);
}

/* Stabilize t (not a foe): dying in your space */
static int stabilize_ok(const wo_view *v, int t, int allow_long)
{
    return !IN(v->foes, t) && wo_v_has(v, t, WO_C_DYING) && v->gap[t] == 0 &&
           wo_v_affordable(v, WO_A_STABILIZE, 0, allow_long);
}

/* Use an Object */
static int object_ok(const wo_view *v, const wo_creature *c, int k, int allow_long)
{
    return k < c->nobject && c->object_count[k] > 0 &&
           wo_v_affordable(v, WO_A_USE_OBJECT, k, allow_long);
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
    else if (c->readied < 0 && wo_v_affordable(v, WO_A_READY, 0, 0))
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
            wo_v_affordable(v, WO_A_ENTER, 0, allow_long))
            fray_list_add(l, WO_A_ENTER, who, t, 0, 0, 0);
        if (en && gap == 0 && sized && !wo_grappling(e, who, t) && !on_mount &&
            wo_v_affordable(v, WO_A_GRAPPLE, 0, allow_long))
            fray_list_add(l, WO_A_GRAPPLE, who, t, 0, 0, 0);
        if (en && wo_grappling(e, who, t) && !wo_v_has(v, t, WO_C_PINNED) &&
            wo_v_affordable(v, WO_A_PIN, 0, allow_long))
            fray_list_add(l, WO_A_PIN, who, t, 0, 0, 0);
        if (en && gap <= (w->ranged ? 0 : w->reach))
            for (int h = 0; h < 4; h++)
                if (wo_v_affordable(v, h ? WO_A_DISTRACT + h - 1 : WO_A_HINDER, h, allow_long))
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
    else if (wo_v_has(v, who, WO_C_GRAPPLED) && wo_v_affordable(v, WO_A_ESCAPE, 0, allow_long))
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
    if (wo_v_has(v, who, WO_C_GRAPPLED) && !c->drag_ap && wo_v_affordable(v, WO_A_DRAG, 0, allow_long))
        for (int t = 0; t < n; t++)
            if (t != who && !wo_grappling(e, who, t) && !IN(dead, t) && v->gap[t] > 0) {
                fray_list_add(l, WO_A_DRAG, who, t, 0, 0, 0);
                break;
            }
    if (c->mount_size > -100 && wo_v_affordable(v, WO_A_MOUNT, 0, allow_long))
        fray_list_add(l, WO_A_MOUNT, who, -1, 0, 0, 0);
    if (c->dash_uses < 2 && wo_v_affordable(v, WO_A_DASH, 0, allow_long))
        fray_list_add(l, WO_A_DASH, who, -1, 0, 0, 0);
    for (int k = 0; k < c->neffect; k++)
        if (c->effect_active[k] && wo_v_affordable(v, WO_A_END_EFFECT, k, allow_long))
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
            if (ct->affl_level[k] > 0 && wo_v_affordable(v, WO_A_TREAT_COND, k, allow_long))
                fray_list_add(l, WO_A_TREAT_COND, who, t, k, 0, 0);
        int sev = wo_severity_of(e, t);
        if (sev >= WO_LIGHT && wo_v_affordable(v, WO_A_TREAT_WOUND, sev, allow_long))
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
        wo_v_affordable(v, WO_A_SURFACE, 0, allow_long))
        fray_list_add(l, WO_A_SURFACE, who, -1, 0, 0, 0);
    if (c->lost_control && on_mount && wo_v_affordable(v, WO_A_CALM_MOUNT, 0, allow_long))
        fray_list_add(l, WO_A_CALM_MOUNT, who, -1, 0, 0, 0);
    for (int q = 0; q < 3; q++) {
        if (q == p || (p == WO_PRONE && q == WO_STANDING) || on_mount)
            continue;
        if (wo_v_affordable(v, WO_A_HURRY, WO_A_POSTURE << 4 | q, 0))
            fray_list_add(l, WO_A_HURRY, who, -1, WO_A_POSTURE << 4 | q, 0, 0);
    }
    if (c->mount_size > -100 && wo_v_affordable(v, WO_A_HURRY, WO_A_MOUNT << 4, 0))
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
    if (fray_has(e, who, WO_C_PINNED) && wo_affordable(e, who, WO_A_ESCAPE, 0, allow_long))
        fray_list_add(l, WO_A_ESCAPE, who, -1, 0, 0, 0);
    return 1;
}

/* The actions `who` may take on its own turn, or as an interrupt
 * (allow_long 0: no long actions, interrupt 1). */
void wo_own_actions(fray_encounter *e, int who, fray_list *l0, int allow_long, int interrupt)
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
        wo_own_actions(e, who, l0, allow_long, interrupt);
        e->want = want;
        return;
    }
    *l0 = list;
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
        if (arg <= 0 && fray_has(e, who, WO_C_PINNED) && wo_affordable(e, who, WO_A_ESCAPE, 0, 1))
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

/* At most how many entries wo_own_actions could list on who's own turn with
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
__attribute__((flatten)) int wo_decide_turn(fray_encounter *e, int who, fray_action *out)
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
            /* the first Stabilize, on a creature not a foe and dying:
             * mostly nobody is, and a mask of them costs less than
             * first_stabilize's two passes */
            unsigned dying = 0;
            for (int i = 0; i < e->n; i++)
                dying |= (unsigned)((e->c[i].cmask >> WO_C_DYING) & 1u) << i;
            int s = dying & ~v.foes & ~(1u << who) ? first_stabilize(e, &v) : -1;
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

#undef IN
