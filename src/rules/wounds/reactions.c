/* reactions.c: what a creature may do when it is not its turn (#Using
 * Actions and Reactions): interrupts, by a creature of higher initiative,
 * at the start of a turn, at its end, after an action resolves and after
 * one is declared; the reactions (#Reaction: Rebuff, Harry, Cling,
 * Interpose, a readied action of #Action: Ready an Action, the free
 * reaction of #Ignoring Your Flank); the ruleset's legal, decide and
 * may_answer hooks, which send a creature's own turn to actions.c. */
#include "combat.h"

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

int wo_move_rebuffed(const fray_encounter *e, int t, const fray_action *m)
{
    return fray_res(e, t, WO_R_INIT) > 0 && wo_can_act(e, t) &&
           rebuff_crossed(e, t, m, wo_weapon_of(e, t));
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
    wo_own_actions(e, who, &own, 0, 0);
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
    if (wo_is_move(tr->kind) && rebuff_crossed(e, who, tr, w) && wo_affordable(e, who, WO_A_REBUFF, 0, 0))
        fray_list_add(l, WO_A_REBUFF, who, actor, 0, 0, 0);
    /* Cling: a creature it grapples is about to move out of reach */
    if (wo_is_move(tr->kind) && wo_grappling(e, who, actor) && gap_after_move(e, tr, who) > 0 &&
        wo_affordable(e, who, WO_A_CLING, 0, 0)) {
        fray_list_add(l, WO_A_CLING, who, actor, 0, 0, 0);
        /* "or for every 10 points, you may reduce the target's movement by
         * 1 yard": the same reaction spent on holding it back first */
        fray_list_add(l, WO_A_CLING_HOLD, who, actor, 0, 0, 0);
    }
    /* Harry: a ranged weapon attack or check within reach of its melee weapon */
    if (tr->kind == WO_A_STANDARD && wo_enemies(e, who, actor) &&
        wo_weapon_of(e, actor)->ranged && !w->ranged && wo_in_reach(e, who, actor, w->reach) &&
        !((c->harried_by >> actor) & 1u) && wo_affordable(e, who, WO_A_HARRY, 0, 0))
        fray_list_add(l, WO_A_HARRY, who, actor, 0, 0, 0);
    /* Interpose: an attack against it while it grapples */
    if (wo_is_attack(tr->kind) && tr->target == who && c->grappling)
        for (int g = 0; g < e->n; g++)
            if (g != actor && wo_grappling(e, who, g) && fray_able(e, g) &&
                wo_affordable(e, who, WO_A_INTERPOSE, 0, 0))
                fray_list_add(l, WO_A_INTERPOSE, who, g, 0, 0, 0);
    /* a readied action, "in response to any event" */
    if (c->readied == WO_A_STANDARD || c->readied == WO_A_QUICK || c->readied == WO_A_STRONG) {
        /* an attack: on the enemy whose action it answers, within reach */
        if (wo_enemies(e, who, actor) && !w->ranged && wo_in_reach(e, who, actor, w->reach) &&
            wo_affordable(e, who, c->readied, 0, 0))
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

/* Whether anyone might interrupt the active creature between actions
 * (wo_may_answer there): the initiative every interrupt needs ("higher
 * than the active character's", and above 0), and for a creature the
 * policy plays, wo_policy_between's. Three windows a turn (its start, its
 * end, after each action) were offered to every creature, each asked in
 * turn (issue 34); mostly none of them has the initiative. Reads only the
 * scores, so that nobody it leaves out would have been asked anything: no
 * state changes until someone answers. */
int wo_may_interrupt_some(const fray_encounter *e, int active, int window)
{
    const fray_combatant *cb = e->c;
    const int top = cb[active].res[WO_R_INIT];
    for (int i = 0; i < e->n; i++) {
        const int init = cb[i].res[WO_R_INIT];
        if (i == active || init <= top || init <= 0 || cb[i].status != FRAY_ABLE)
            continue;
        if (cb[i].controller != FRAY_CTL_POLICY ||
            (window == FRAY_WIN_TURN_START && cb[i].side != cb[active].side && init - 2 > top))
            return 1;
    }
    return 0;
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
    wo_own_actions(e, who, l, 0, 1);
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
        wo_own_actions(e, who, &l, 1, 0);
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
        if (!fray_has(e, who, WO_C_PINNED) && !fray_has(e, who, WO_C_HELPLESS)) {
            /* as in the declared window: the policy's list holds the
             * attacks its AP pay for, its pick one on the active creature */
            int listed;
            fray_action a;
            if (wo_pick_attack(e, who, fray_res(e, who, WO_R_AP), fray_turns_current(e), &a, &listed)) {
                if (wo_policy_between_take(e, who, &a)) {
                    *out = a;
                    return FRAY_DECIDE_TAKE;
                }
                return FRAY_DECIDE_PASS;
            }
            return listed ? FRAY_DECIDE_PASS : FRAY_DECIDE_NONE;
        }
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
             * AP (wo_own_actions for the policy): the policy's is one on the
             * trigger's actor (wo_policy_answer) */
            int listed;
            if (wo_pick_attack(e, who, fray_res(e, who, WO_R_AP), trigger->actor, out, &listed))
                return FRAY_DECIDE_TAKE;
            return listed ? FRAY_DECIDE_PASS : FRAY_DECIDE_NONE;
        }
        int fp = e->for_policy;
        e->for_policy = 1; /* wo_own_actions lists the policy its attacks only */
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
    return wo_decide_turn(e, who, out);
}

/* wo_may_answer's refusals in the declared window that hold for the whole
 * offer, from the trigger, the sides and what each creature holds: a
 * creature the policy plays, holding no readied action, is refused a move
 * of its own side's (no Rebuff on an ally, no interrupt: the policy
 * interrupts only attacks) unless it grapples the mover (Cling), and any
 * other action unless it is an attack on its side (wo_policy_interrupts)
 * or on itself while it grapples (Interpose), or a ranged Standard Attack
 * (Harry, any creature asked). Nothing an answer does makes them true for
 * a creature not asked: only its own action readies it or makes it grapple
 * the mover, and the actor's weapon can only be lost (a ranged one's
 * Standard Attack asks everyone). At every declared action every other
 * creature was asked, most of them, a call each, to be refused (issue
 * 34). */
uint32_t wo_may_answer_declared(const fray_encounter *e, const fray_action *a)
{
    const fray_combatant *cb = e->c;
    const int k = a->kind, actor = a->actor, target = a->target, n = e->n;
    if (actor < 0 || (k == WO_A_STANDARD && wo_weapon_of(e, actor)->ranged))
        return UINT32_MAX;
    const int move = wo_is_move(k);
    /* wo_policy_interrupts' test of the trigger, and may_react's Interpose */
    const int on_side = !move && target >= 0 &&
                        (k == WO_A_QUICK || k == WO_A_STANDARD || k == WO_A_STRONG || k == WO_A_CAST);
    const int attack = wo_is_attack(k);
    uint32_t ask = 0;
    for (int i = 0; i < n; i++) {
        const wo_creature *c = CCR(e, i);
        int keep = cb[i].controller != FRAY_CTL_POLICY || c->readied >= 0;
        if (move)
            keep |= cb[i].side != cb[actor].side || wo_grappling(e, i, actor);
        else
            keep |= (on_side && cb[target].side == cb[i].side) ||
                    (attack && target == i && c->grappling);
        ask |= (uint32_t)keep << i;
    }
    return ask;
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
    /* between actions the policy's legal lists nothing unless
     * wo_policy_between: a creature it plays is asked only then */
    if (is_between(e, window))
        return (e->c[who].controller != FRAY_CTL_POLICY || wo_policy_between(e, who, window)) &&
               may_interrupt_between(e, who, window, trigger);
    if (window != FRAY_WIN_DECLARED || !trigger || trigger->actor == who ||
        ((const wo_state *)e->state)->cancel || fray_res(e, who, WO_R_INIT) <= 0 ||
        !wo_can_act(e, who))
        return 0;
    /* a creature the policy plays interrupts a declared action only on
     * wo_policy_interrupts (decide_answer): an attack on its side. Asked
     * first, it leaves out most creatures of a skirmish at most declared
     * actions, before the reactions' gaps and the initiatives are read
     * (issue 34) */
    const int interrupts = (e->c[who].controller != FRAY_CTL_POLICY ||
                            wo_policy_interrupts(e, who, trigger)) && may_interrupt(e, who, trigger);
    if (wo_is_move(trigger->kind))
        return interrupts || may_react_to_move(e, who, trigger);
    return interrupts || may_react(e, who, trigger);
}
