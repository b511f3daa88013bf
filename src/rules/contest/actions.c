/* actions.c: #Actions in Combat: #Primary Actions, #Reactions and #Free
 * Actions, what each window lists and what each action does. AP come from
 * one pool of 3 a round shared by actions and reactions; attacks (#What is
 * an Attack?) from a second counter of two a round. */
#include "contest.h"

void ct_spend(fray_encounter *e, int who, int ap, int attack)
{
    if (ap)
        fray_res_set(e, who, CT_R_AP, fray_res(e, who, CT_R_AP) - ap);
    if (attack)
        fray_res_set(e, who, CT_R_ATTACKS, fray_res(e, who, CT_R_ATTACKS) - 1);
}

/* #Reactions: "Reaction can always be taken, regardless of whose turn it
 * is", paid from the same AP; surprised creatures "can't take any actions
 * or reactions". */
int ct_can_react(const fray_encounter *e, int who)
{
    return fray_able(e, who) && !(fray_cflags(e, who) & FRAY_CF_NO_REACTIONS) &&
           fray_res(e, who, CT_R_AP) >= fray_opt(e, CT_OPT_AP_REACTION);
}

static int hurt(const fray_encounter *e, int who)
{
    return fray_able(e, who) && fray_res(e, who, CT_R_HEALTH) < ct_cc(e, who)->health;
}

/* Whether an item of c lies on the floor (a Disarm, a throw). */
static int has_dropped(const ct_creature *c)
{
    if (c->shield_floor)
        return 1;
    for (int i = 0; i < c->nweapon; i++)
        if (c->weapon[i].floor)
            return 1;
    return 0;
}

int ct_free_hands(const fray_encounter *e, int who)
{
    int n = 2 - ct_hands_full(ct_cc(e, who));
    /* "You use a free hand to hold your foe" */
    for (int i = 0; i < e->n; i++)
        if (fray_has(e, i, CT_C_GRAPPLED) && fray_cond_source(e, i, CT_C_GRAPPLED) == who)
            n--;
    return n < 0 ? 0 : n;
}

static int within_touch(const fray_encounter *e, int who, int x, int y)
{
    return ct_within(e->c[who].x - x, e->c[who].y - y, CT_TOUCH);
}

/* Strikes and spell attacks on every foe in reach or range. */
static void list_attacks(fray_encounter *e, int who, fray_list *l)
{
    const ct_creature *c = ct_cc(e, who);
    for (int t = 0; t < e->n; t++) {
        if (!ct_foes(e, who, t) || !fray_able(e, t))
            continue;
        int d = fray_distance(e, who, t), full = ct_cc(e, t)->cover == CT_COVER_FULL;
        int near = ct_in_reach(e, who, t);
        for (int w = 0; w < c->nweapon; w++) {
            const ct_weapon *x = &c->weapon[w];
            /* #Cover: "Ranged attacks against a target with full cover
             * automatically fail": not offered */
            if (ct_weapon_reaches(e, who, w, t) ||
                (x->held && x->range > 0 && d <= x->range && !full && !near))
                fray_list_add(l, CT_A_STRIKE, who, t, w, 0, 0);
            else if (x->held && x->range > 0 && x->reach == 0 && d <= x->range && !full)
                fray_list_add(l, CT_A_STRIKE, who, t, w, 0, 0);
        }
        for (int s = 0; s < c->nspell; s++)
            if (!c->spell[s].heal && d <= c->spell[s].range &&
                (!full || c->spell[s].melee_attack))
                fray_list_add(l, CT_A_MAGIC, who, t, s, 0, 0);
    }
}

static void list_heals(fray_encounter *e, int who, int kind, fray_list *l)
{
    const ct_creature *c = ct_cc(e, who);
    for (int s = 0; s < c->nspell; s++)
        for (int t = 0; c->spell[s].heal && t < e->n; t++)
            if (!ct_foes(e, who, t) && hurt(e, t) && fray_distance(e, who, t) <= c->spell[s].range)
                fray_list_add(l, kind, who, t, s, 0, 0);
}

/* #Reactions: "Manipulate. You interact with an object within touch, such
 * as drawing or stowing a sword, picking up a ring": take into hand a
 * stowed item, or one of one's own lying within touch, when the hands it
 * needs are free; or stow an item in hand (arg: CT_MANIP_* in contest.h). */
static void list_manipulate(fray_encounter *e, int who, fray_list *l)
{
    const ct_creature *c = ct_cc(e, who);
    int free = ct_free_hands(e, who);
    for (int i = 0; i < c->nweapon; i++) {
        const ct_weapon *w = &c->weapon[i];
        if (!w->held && ct_hands_of(w) <= free && (!w->floor || within_touch(e, who, w->fx, w->fy)))
            fray_list_add(l, CT_A_MANIPULATE, who, -1, i, 0, 0);
    }
    if (c->shield[0] && !c->shield_held && free >= 1 &&
        (!c->shield_floor || within_touch(e, who, c->sfx, c->sfy)))
        fray_list_add(l, CT_A_MANIPULATE, who, -1, CT_MANIP_SHIELD, 0, 0);
    for (int i = 0; i < c->nweapon; i++)
        if (c->weapon[i].held && !c->weapon[i].unarmed)
            fray_list_add(l, CT_A_MANIPULATE, who, -1, i | CT_MANIP_STOW, 0, 0);
    if (c->shield_held)
        fray_list_add(l, CT_A_MANIPULATE, who, -1, CT_MANIP_SHIELD | CT_MANIP_STOW, 0, 0);
}

static void list_moves(fray_encounter *e, int who, fray_list *l)
{
    int budget = fray_res(e, who, CT_R_MOVE);
    if (budget < 10 || (fray_cflags(e, who) & FRAY_CF_NO_MOVE) || fray_has(e, who, CT_C_PRONE))
        return;
    for (int t = 0; t < e->n; t++) {
        if (!ct_foes(e, who, t) || !fray_able(e, t))
            continue;
        int x, y;
        if (!ct_in_reach(e, who, t) && ct_move_dest(e, who, t, 0, budget, &x, &y))
            fray_list_add(l, CT_A_MOVE, who, t, 0, x, y);
        if (ct_in_reach(e, t, who) && ct_move_dest(e, who, t, 1, budget, &x, &y))
            fray_list_add(l, CT_A_MOVE, who, t, 1, x, y);
    }
}

/* Whether one of the attacks listed, a[0..n), is a ranged Strike at a
 * foe in reach of a melee weapon after a free step (the Move left): the
 * policy weighs stepping in first (policy.c, step_in), and only then, so
 * that it chooses the same from the list shortened for it as from the
 * whole one (tests/core/shortlist_test.c). */
int ct_ranged_close(const fray_encounter *e, int who, const fray_action *a, int n)
{
    int w = ct_melee_weapon(e, who), budget = fray_res(e, who, CT_R_MOVE);
    if (w < 0 || budget < 10 || (fray_cflags(e, who) & FRAY_CF_NO_MOVE) || fray_has(e, who, CT_C_PRONE))
        return 0;
    for (int k = 0; k < n; k++)
        if (a[k].kind == CT_A_STRIKE && !ct_weapon_reaches(e, who, a[k].arg, a[k].target) &&
            fray_distance(e, who, a[k].target) <= ct_reach(e, who) + budget)
            return 1;
    return 0;
}

static void list_own(fray_encounter *e, int who, fray_list *l)
{
    ct_state *s = (ct_state *)e->state;
    int ap = fray_res(e, who, CT_R_AP), cost = fray_opt(e, CT_OPT_AP_PRIMARY), attacks = 0;
    if (ap >= cost) {
        if (fray_res(e, who, CT_R_ATTACKS) > 0)
            list_attacks(e, who, l);
        attacks = l->n;
        list_heals(e, who, CT_A_MAGIC, l);
        if (!(fray_cflags(e, who) & FRAY_CF_NO_MOVE))
            fray_list_add(l, CT_A_DASH, who, -1, 0, 0, 0);
        if (!fray_has(e, who, CT_C_DISENGAGED))
            fray_list_add(l, CT_A_DISENGAGE, who, -1, 0, 0, 0);
        int holder = fray_has(e, who, CT_C_GRAPPLED) ? fray_cond_source(e, who, CT_C_GRAPPLED) : -1;
        int free = holder < 0 && ct_free_hands(e, who) > 0;
        for (int t = 0; t < e->n; t++)
            if (ct_foes(e, who, t) && fray_able(e, t) &&
                ((free && !fray_has(e, t, CT_C_GRAPPLED) &&
                  fray_distance(e, who, t) <= CT_TOUCH) || t == holder))
                fray_list_add(l, CT_A_GRAPPLE, who, t, 0, 0, 0);
        for (int t = 0; t < e->n; t++)
            if (ct_foes(e, who, t) && fray_has(e, t, CT_C_HIDDEN))
                fray_list_add(l, CT_A_SEARCH, who, t, 0, 0, 0);
        if (!fray_has(e, who, CT_C_HIDDEN) && !ct_reach_of(e, who, e->c[who].x, e->c[who].y))
            fray_list_add(l, CT_A_SNEAK, who, -1, 0, 0, 0);
    }
    if (ap >= fray_opt(e, CT_OPT_AP_REACTION))
        list_manipulate(e, who, l);
    if (fray_has(e, who, CT_C_PRONE) && fray_res(e, who, CT_R_FREE) > 0)
        fray_list_add(l, CT_A_STAND, who, -1, 0, 0, 0);
    /* the policy moves only with no attack to make, or to step away once
     * disengaged (policy.c, own_turn): for it, the moves (a destination
     * each) are not worked out when an attack is listed */
    if (!e->for_policy || !attacks || fray_has(e, who, CT_C_DISENGAGED) ||
        ct_ranged_close(e, who, l->out, attacks))
        list_moves(e, who, l);
    if (!(s->acted >> who & 1u) && !(s->saved >> who & 1u))
        for (int t = 0; t < e->n; t++)
            if (t != who && fray_able(e, t) && !fray_turns_started(e, t))
                fray_list_add(l, CT_A_SAVE, who, t, 0, 0, 0);
}

/* Whether `who` could react to `trig` at all (the ruleset's may_answer):
 * an attack of opportunity it is owed, or a reaction window after an
 * action when none is owed to anyone. ct_legal lists reactions only where
 * this holds. */
int ct_may_answer(const fray_encounter *e, int who, int window, const fray_action *trig)
{
    if (!fray_able(e, who) || !trig || window == FRAY_WIN_ACT || !ct_can_react(e, who))
        return 0;
    const ct_state *s = (const ct_state *)e->state;
    if ((s->oa_open >> who & 1u) && fray_res(e, who, CT_R_ATTACKS) > 0 && fray_able(e, trig->actor))
        return 1;
    return window == FRAY_WIN_TRIGGERED && !s->oa_open;
}

int ct_legal(fray_encounter *e, int who, int window, const fray_action *trig, fray_action *out,
             int max)
{
    fray_list l = {out, 0, max};
    if (!fray_able(e, who))
        return 0;
    if (window == FRAY_WIN_ACT) {
        if (!(fray_cflags(e, who) & FRAY_CF_NO_ACTIONS))
            list_own(e, who, &l);
        return l.n;
    }
    if (!ct_may_answer(e, who, window, trig))
        return 0;
    ct_state *s = (ct_state *)e->state;
    if ((s->oa_open >> who & 1u) && fray_res(e, who, CT_R_ATTACKS) > 0 &&
        fray_able(e, trig->actor)) {
        int w = ct_melee_weapon(e, who);
        if (w >= 0 && ct_weapon_reaches(e, who, w, trig->actor))
            fray_list_add(&l, CT_A_OPPORTUNITY, who, trig->actor, w, 0, 0);
        return l.n;
    }
    if (window == FRAY_WIN_TRIGGERED && !s->oa_open) {
        list_manipulate(e, who, &l);
        list_heals(e, who, CT_A_MAGIC_REACT, &l);
    }
    return l.n;
}

/* ---- What each action does ---- */

static void note(fray_encounter *e, const fray_action *a, const char *kind, const char *out,
                 const char *rule)
{
    fray_emit(e, &(fray_event){.kind = kind, .actor = a->actor, .target = a->target,
                                .action = e->rs->actions[a->kind].name, .outcome = out,
                                .rule = rule});
}

/* A spell that heals (a non-attacking Use Magic): a Sorcery test, and on a
 * pass its dice back to the Health Pool. */
static void heal(fray_encounter *e, const fray_action *a)
{
    const ct_spell *sp = &ct_cc(e, a->actor)->spell[a->arg];
    ct_test t = {0};
    ct_skill_test(e, a->actor, CT_SK_SORCERY, &t);
    ct_state_boons(e, a->actor, 1, &t);
    ct_roll r = ct_test_roll(e, &t, "Use Magic: Sorcery test");
    int v = 0;
    if (r.pass && fray_able(e, a->target)) {
        v = sp->bonus;
        for (int i = 0; i < sp->dice; i++)
            v += fray_die(&e->dice, sp->sides, "Healing");
        ct_fiat(e, a->target, v, 1);
    }
    fray_emit(e, &(fray_event){.kind = "magic", .actor = a->actor, .target = a->target,
                                .action = sp->name, .outcome = r.pass ? "healed" : "failed",
                                .value = v, .has_value = 1, .rule = CT_RULE("Primary Actions")});
}

/* #Attack of Opportunity: "Characters that cast spells which don't have
 * the Melee Attack trait" provoke, before the spell. */
static void use_magic(fray_encounter *e, const fray_action *a)
{
    const ct_spell *sp = &ct_cc(e, a->actor)->spell[a->arg];
    if (!sp->melee_attack)
        ct_provoke(e, a, FRAY_WIN_DECLARED,
                   ct_reach_of(e, a->actor, e->c[a->actor].x, e->c[a->actor].y));
    if (!fray_able(e, a->actor) || e->failed)
        return;
    if (sp->heal)
        heal(e, a);
    else if (fray_able(e, a->target))
        ct_attack(e, a, -1, a->arg);
}

/* #Primary Actions: "Grapple ... Make a skill contest with Athletics vs
 * Athletics or Acrobatics (defender's choice)": the defender takes its
 * better; a grappled creature grappling its holder breaks free (a
 * reading). */
static void grapple(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    ct_test at = {0}, d1 = {0}, d2 = {0};
    ct_skill_test(e, who, CT_SK_ATHLETICS, &at);
    ct_state_boons(e, who, 0, &at);
    ct_skill_test(e, t, CT_SK_ATHLETICS, &d1);
    ct_skill_test(e, t, CT_SK_ACROBATICS, &d2);
    if (d2.rating > d1.rating)
        d1 = d2;
    ct_state_boons(e, t, 0, &d1);
    ct_roll ra = ct_test_roll(e, &at, "Grapple: Athletics test");
    int was = fray_dice_by(&e->dice, t);
    ct_roll rd = ct_test_roll(e, &d1, "Grapple: Athletics or Acrobatics test");
    e->dice.roller = was;
    int won = ra.pass && (!rd.pass || ra.successes > rd.successes);
    int escape = fray_has(e, who, CT_C_GRAPPLED) && fray_cond_source(e, who, CT_C_GRAPPLED) == t;
    if (won && escape)
        fray_cond_remove(e, who, CT_C_GRAPPLED);
    else if (won)
        fray_cond_give(e, t, CT_C_GRAPPLED, who, 1, FRAY_EXP_NEVER, 0);
    note(e, a, "grapple", won ? (escape ? "escaped" : "grappled") : "failed",
         CT_RULE("Primary Actions"));
}

/* Sneak: a Stealth test; Hidden (its Successes) until it attacks or is
 * found. Search: an Observation test with as many Successes finds it. The
 * Adventuring chapter's rules are not in this text: a reading. */
static void sneak_search(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, search = a->kind == CT_A_SEARCH;
    ct_test t = {0};
    ct_skill_test(e, who, search ? CT_SK_OBSERVATION : CT_SK_STEALTH, &t);
    ct_state_boons(e, who, 0, &t);
    ct_roll r = ct_test_roll(e, &t, search ? "Search: Observation test" : "Sneak: Stealth test");
    const char *out = "failed";
    if (search && r.pass && r.successes >= fray_cond_value(e, a->target, CT_C_HIDDEN)) {
        fray_cond_remove(e, a->target, CT_C_HIDDEN);
        out = "found";
    } else if (!search && r.pass) {
        fray_cond_give(e, who, CT_C_HIDDEN, who, r.successes, FRAY_EXP_NEVER, 0);
        out = "hidden";
    }
    note(e, a, search ? "search" : "sneak", out, CT_RULE("Primary Actions"));
}

static void manipulate(fray_encounter *e, const fray_action *a)
{
    ct_creature *c = ct_c(e, a->actor);
    int take = !(a->arg & CT_MANIP_STOW), item = a->arg & ~CT_MANIP_STOW;
    ct_spend(e, a->actor, fray_opt(e, CT_OPT_AP_REACTION), 0);
    if (item == CT_MANIP_SHIELD) {
        c->shield_held = take;
        c->shield_floor = 0;
    } else {
        c->weapon[item].held = take;
        c->weapon[item].floor = 0;
    }
    ct_hands_changed(c);
    if (!has_dropped(c))
        fray_cond_remove(e, a->actor, CT_C_DISARMED);
    fray_emit(e, &(fray_event){.kind = "manipulate", .actor = a->actor, .target = a->target,
                                .action = e->rs->actions[a->kind].name,
                                .outcome = item == CT_MANIP_SHIELD ? c->shield : c->weapon[item].name,
                                .detail = take ? "in hand" : "stowed",
                                .rule = CT_RULE("Reactions")});
}

static void stand_up(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    fray_res_set(e, who, CT_R_FREE, fray_res(e, who, CT_R_FREE) - 1);
    /* #Attack of Opportunity: "Characters standing up to end the Prone
     * condition." */
    ct_provoke(e, a, FRAY_WIN_DECLARED, ct_reach_of(e, who, e->c[who].x, e->c[who].y));
    if (fray_able(e, who) && !e->failed) {
        fray_cond_remove(e, who, CT_C_PRONE);
        note(e, a, "stand", "standing", CT_RULE("Free Actions"));
    }
}

static void primary(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, cost = fray_opt(e, CT_OPT_AP_PRIMARY);
    switch (a->kind) {
    case CT_A_STRIKE:
        ct_spend(e, who, cost, 1);
        ct_attack(e, a, a->arg, -1);
        break;
    case CT_A_MAGIC:
        ct_spend(e, who, cost, !ct_cc(e, who)->spell[a->arg].heal);
        use_magic(e, a);
        break;
    case CT_A_DASH: /* "You can move a number of meters up to your speed." */
        ct_spend(e, who, cost, 0);
        fray_res_set(e, who, CT_R_MOVE, fray_res(e, who, CT_R_MOVE) + ct_cc(e, who)->speed * 100);
        note(e, a, "dash", NULL, CT_RULE("Primary Actions"));
        break;
    case CT_A_DISENGAGE: /* "for the rest of your turn" */
        ct_spend(e, who, cost, 0);
        fray_cond_add(e, who, CT_C_DISENGAGED, -1, FRAY_EXP_TURN_END, e->round);
        note(e, a, "disengage", NULL, CT_RULE("Primary Actions"));
        break;
    case CT_A_GRAPPLE:
        ct_spend(e, who, cost, 0);
        grapple(e, a);
        break;
    default:
        ct_spend(e, who, cost, 0);
        sneak_search(e, a);
        break;
    }
}

void ct_resolve(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    ct_state *s = (ct_state *)e->state;
    if (fray_turns_current(e) == who)
        s->acted |= 1u << who;
    /* Feint lasts for the winner's next action, whatever it is */
    if (a->kind != CT_A_STRIKE && a->kind != CT_A_MOVE && fray_has(e, who, CT_C_FEINTING) &&
        fray_turns_current(e) == who)
        fray_cond_remove(e, who, CT_C_FEINTING);
    switch (a->kind) {
    case CT_A_MOVE:
        ct_move_to(e, a, 1);
        break;
    case CT_A_SAVE: /* #Saving Your Turn */
        s->saved |= 1u << who;
        fray_turns_delay(e, who, a->target);
        /* the turn order is the core's; what the ruleset keeps of it (the
         * one save a round) is its effect, which the tactics report counts */
        fray_record(e, who, "turn saved", 0, 1);
        note(e, a, "save turn", NULL, CT_RULE("Saving Your Turn"));
        break;
    case CT_A_STAND:
        stand_up(e, a);
        break;
    case CT_A_MANIPULATE:
        manipulate(e, a);
        break;
    case CT_A_OPPORTUNITY:
        ct_spend(e, who, fray_opt(e, CT_OPT_AP_REACTION), 1);
        ct_attack(e, a, a->arg, -1);
        break;
    case CT_A_MAGIC_REACT:
        ct_spend(e, who, fray_opt(e, CT_OPT_AP_REACTION), 0);
        use_magic(e, a);
        break;
    default:
        primary(e, a);
        break;
    }
}
