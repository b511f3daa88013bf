/* policy.c: the built-in play of a wounds creature. It keeps AP for a
 * rebuff when it can, attacks with the variant its AP pay for best (Strong
 * when 8 AP are there, Standard at 6, Quick at 4), closes in, stands up,
 * defends when it cannot attack, rebuffs and harries always, and interrupts
 * an attack on its side when its initiative stays ahead after paying 2. */
#include "combat.h"

static int is_attack_kind(int k)
{
    return k == WO_A_QUICK || k == WO_A_STANDARD || k == WO_A_STRONG || k == WO_A_CAST;
}

/* How much we want to hit t: wounded and easy targets first. */
static int target_score(fray_encounter *e, int t)
{
    int s = 0;
    for (int l = 0; l < WO_NLEVELS; l++)
        s += e->c[t].res[WO_R_LIGHT + l] * (l + 1) * 2;
    s -= wo_defense_base(CCR(e, t), WO_D_MELEE);
    if (fray_has(e, t, WO_C_HELPLESS) || fray_has(e, t, WO_C_PRONE))
        s += 6;
    return s;
}

/* The policy's attack, from the state: among the attacks wo_legal lists
 * (own_attacks: wo_weapon_reaches and wo_spell_reaches on each live foe)
 * those that cost at most `ap`, on only_target alone when it is >= 0; of
 * them the kind it prefers (Strong while stamina lasts, then Cast, Standard,
 * Quick; never Nonlethal), and within that kind the target with the
 * highest score, the first of equals in the list's order (by target; a
 * spell by its place). Writes it to *out and returns 1, or returns 0.
 * listed, when not NULL: set to whether the list holds any attack costing
 * at most `ap` at all, on any target (what an interrupt's list holds). Both
 * the policy (finding this pick in its list) and wo_decide (without a list)
 * take their attack from here. */
int wo_pick_attack(fray_encounter *e, int who, int ap, int only_target, fray_action *out,
                   int *listed)
{
    if (listed)
        *listed = 0;
    else if (ap <= 0)
        return 0; /* every attack costs at least 1 AP */
    static const int kind_of[4] = {WO_A_STRONG, WO_A_CAST, WO_A_STANDARD, WO_A_QUICK};
    const fray_combatant *cb = e->c;
    const wo_creature *c = CCR(e, who);
    const wo_weapon *w = wo_weapon_of(e, who);
    const int uw = (int)((cb[who].cmask >> WO_C_UNDERWATER) & 1u);
    /* what wo_ap_cost asks of the state, once; each kind costs the same
     * whatever its target and arg */
    const int uw_melee = uw && !w->ranged;
    const int ok_std = wo_ap_cost_uw(e, who, WO_A_STANDARD, 0, uw_melee) <= ap;
    const int ok_quick = wo_ap_cost_uw(e, who, WO_A_QUICK, 0, uw_melee) <= ap;
    const int cost_strong_ok = wo_ap_cost_uw(e, who, WO_A_STRONG, 0, uw_melee) <= ap;
    /* a Strong Attack only while stamina lasts */
    const int ok_strong = cost_strong_ok && cb[who].res[WO_R_STAMINA] >= fray_opt(e, WO_OPT_STAMINA_STRONG);
    const int ok_cast = c->nspell > 0 && wo_ap_cost_uw(e, who, WO_A_CAST, 0, uw_melee) <= ap;
    /* none of the kinds it takes affordable, nor (when asked) any the list
     * holds: no target needs looking at */
    if (!(ok_strong | ok_cast | ok_std | ok_quick) &&
        (!listed || !(cost_strong_ok | (wo_ap_cost_uw(e, who, WO_A_NONLETHAL, 0, uw_melee) <= ap))))
        return 0;
    const int mana = cb[who].res[WO_R_MANA];
    const int side = cb[who].side, n = e->n;
    int best = -1, bp = 4, barg = 0, bs = 0, scored = 0;
    for (int t = 0; t < n; t++) {
        if (cb[t].side == side || cb[t].status != FRAY_ABLE)
            continue;
        if (only_target >= 0 && t != only_target && !listed)
            continue;
        int gap = wo_gap_yd(e, who, t);
        int reach = wo_weapon_reaches(w, uw, gap);
        int spell = -1;
        for (int s = 0; s < c->nspell && spell < 0; s++)
            if (wo_spell_reaches(c, s, mana, gap))
                spell = s;
        if (listed && !*listed)
            *listed = (reach == WO_REACH_RANGED && ok_std) ||
                      (reach == WO_REACH_MELEE &&
                       (ok_std || ok_quick || cost_strong_ok ||
                        wo_ap_cost_uw(e, who, WO_A_NONLETHAL, 0, uw_melee) <= ap)) ||
                      (spell >= 0 && ok_cast);
        if (only_target >= 0 && t != only_target)
            continue;
        /* the kind it prefers on t: 0 Strong ... 3 Quick, 4 none */
        int p = reach == WO_REACH_MELEE && ok_strong ? 0
              : spell >= 0 && ok_cast                 ? 1
              : reach != WO_REACH_NONE && ok_std      ? 2
              : reach == WO_REACH_MELEE && ok_quick   ? 3
                                                      : 4;
        if (p > bp || p == 4)
            continue;
        if (p < bp) {
            best = t;
            bp = p;
            barg = p == 1 ? spell : 0;
            scored = 0; /* its score is asked only against another's */
            continue;
        }
        if (!scored) {
            bs = target_score(e, best);
            scored = 1;
        }
        int sc = target_score(e, t);
        if (sc > bs) {
            best = t;
            bs = sc;
            barg = p == 1 ? spell : 0;
        }
    }
    if (best < 0)
        return 0;
    *out = (fray_action){.kind = (int16_t)kind_of[bp], .actor = (int16_t)who,
                         .target = (int16_t)best, .arg = (int16_t)barg, .x = 0, .y = 0};
    return 1;
}

/* wo_pick_attack's attack in legal[0..n), or -1 (none, or not listed). */
static int best_attack(fray_encounter *e, int who, const fray_action *legal, int n, int ap,
                       int only_target)
{
    fray_action a;
    if (!wo_pick_attack(e, who, ap, only_target, &a, NULL))
        return -1;
    for (int i = 0; i < n; i++)
        if (legal[i].kind == a.kind && legal[i].target == a.target && legal[i].arg == a.arg)
            return i;
    return -1;
}

/* The nearest enemy able to fight (the first of equals), or -1; its gap in
 * *gap. gaps: each creature's wo_gap_yd from who when known, or NULL. */
int wo_nearest_enemy(const fray_encounter *e, int who, const int *gaps, int *gap)
{
    /* who's side and the count read once: the loop's writes through *gap
     * and the gaps would otherwise make the compiler read them anew for
     * every creature (issue 34) */
    const fray_combatant *cb = e->c;
    const int side = cb[who].side, n = e->n;
    int best = -1, bd = 0;
    for (int t = 0; t < n; t++) {
        if (cb[t].side == side || cb[t].status != FRAY_ABLE)
            continue;
        int d = gaps ? gaps[t] : wo_gap_yd(e, who, t);
        if (best < 0 || d < bd) {
            best = t;
            bd = d;
        }
    }
    *gap = bd;
    return best;
}

int wo_dying_ally(const fray_encounter *e, int who, const int *gaps, int *gap)
{
    /* asked at every turn of the policy, two or three times, and mostly
     * nobody is down: the status first, side and count read once (issue
     * 34: this loop was 4% of the wounds skirmish's instructions) */
    const fray_combatant *cb = e->c;
    const int side = cb[who].side, n = e->n;
    int best = -1, bd = 0;
    for (int t = 0; t < n; t++) {
        if (cb[t].status != FRAY_DOWN || t == who || cb[t].side != side ||
            !fray_has(e, t, WO_C_DYING))
            continue;
        int d = gaps ? gaps[t] : wo_gap_yd(e, who, t);
        if (best < 0 || d < bd) {
            best = t;
            bd = d;
        }
    }
    *gap = bd;
    return best;
}

/* Whether a step of wo_policy_turn before its attack step may apply
 * (pinned, badly hurt with a healing object, prone, no weapon in hand, a
 * melee fighter crouching, an ally dying in its space with the AP to
 * stabilize it): -2, or -1 when none can. */
int wo_policy_before_attacks(const fray_encounter *e, int who)
{
    const wo_creature *c = CCR(e, who);
    /* the conditions read once (what fray_has reads) */
    const uint64_t m = e->c[who].cmask;
    if ((m >> WO_C_PINNED | m >> WO_C_PRONE) & 1u)
        return -2;
    int dg;
    if (wo_dying_ally(e, who, NULL, &dg) >= 0 && dg == 0 &&
        wo_ap_cost(e, who, WO_A_STABILIZE, 0) <= e->c[who].res[WO_R_AP])
        return -2;
    const wo_weapon *w = wo_wielded(c);
    if (!w || (!w->ranged && ((m >> WO_C_CROUCHING) & 1u)))
        return -2;
    /* the levels from Severe up (WO_SEVERE..WO_FATAL) */
    const int *res = e->c[who].res;
    int severe = (res[WO_R_SEVERE] | res[WO_R_CRITICAL] | res[WO_R_FATAL]) != 0;
    for (int k = 0; severe && k < c->nobject; k++)
        if (c->object[k].heal > 0)
            return -2;
    return -1;
}

/* Whether wo_policy_turn, given a list that begins with attacks[0..n) (the
 * attacks wo_legal lists first, before any other kind), surely returns one
 * of them whatever follows: none of the steps before the attack step can
 * apply and its attack (wo_pick_attack) is among them, as it is in the
 * whole list. wo_legal then lists the policy nothing else. */
int wo_policy_attacks(fray_encounter *e, int who, const fray_action *attacks, int n)
{
    if (wo_policy_before_attacks(e, who) == -2)
        return -2;
    return n <= 0 ? -1 : best_attack(e, who, attacks, n, e->c[who].res[WO_R_AP], -1);
}

/* The kinds wo_policy_turn may look for in the list now, from the state alone
 * (bit k for kind k, within the ruleset's policy_kinds): the steps that
 * cannot apply do not need their entries. wo_legal lists the policy no
 * other kind on its turn. */
uint64_t wo_policy_turn_kinds(const fray_encounter *e, int who)
{
    const wo_creature *c = CCR(e, who);
    const int *res = e->c[who].res;
    const wo_weapon *w = wo_wielded(c);
    uint64_t k = FRAY_KIND(WO_A_STRONG) | FRAY_KIND(WO_A_CAST) | FRAY_KIND(WO_A_STANDARD) |
                 FRAY_KIND(WO_A_QUICK) | FRAY_KIND(WO_A_NONLETHAL) | FRAY_KIND(WO_A_OPENING) |
                 FRAY_KIND(WO_A_MOVE) | FRAY_KIND(WO_A_STABILIZE) | FRAY_KIND(WO_A_DEFEND) |
                 FRAY_KIND(WO_A_SEIZE);
    if (fray_has(e, who, WO_C_PINNED))
        k |= FRAY_KIND(WO_A_ESCAPE);
    if (res[WO_R_SEVERE] || res[WO_R_CRITICAL] || res[WO_R_FATAL])
        k |= FRAY_KIND(WO_A_USE_OBJECT);
    if (fray_has(e, who, WO_C_PRONE) || (w && !w->ranged && fray_has(e, who, WO_C_CROUCHING)))
        k |= FRAY_KIND(WO_A_POSTURE);
    if (!w)
        k |= FRAY_KIND(WO_A_RETRIEVE);
    return k;
}


/* The first entry of `kind` on `target` (any when target < -1) with `arg`
 * (any when arg < 0) from the source: its index, or -1. */
static int src_find_arg(fray_encounter *e, wo_src *s, int kind, int target, int arg)
{
    if (s->legal) {
        for (int i = 0; i < s->n; i++)
            if (s->legal[i].kind == kind && (target < -1 || s->legal[i].target == target) &&
                (arg < 0 || s->legal[i].arg == arg))
                return i;
        return -1;
    }
    return wo_turn_entry(e, s->v, kind, target, arg, &s->got) ? 0 : -1;
}

static int src_find(fray_encounter *e, wo_src *s, int kind, int target)
{
    return src_find_arg(e, s, kind, target, -1);
}

static const fray_action *src_at(const wo_src *s, int i)
{
    return s->legal ? &s->legal[i] : &s->got;
}

/* The policy's turn from the source: the index of its pick, or -1 to pass.
 * Where it looks for the first entry that passes a test, it asks for each
 * arg in the order the list holds them. */
int wo_policy_turn_src(fray_encounter *e, int who, wo_src *src)
{
    const wo_creature *c = CCR(e, who);
    int ap = e->c[who].res[WO_R_AP];
    int i;
    if (fray_has(e, who, WO_C_PINNED))
        return src_find(e, src, WO_A_ESCAPE, -2);
    /* drink a healing potion when badly hurt */
    int sev = -1;
    for (int l = 0; l < WO_NLEVELS; l++)
        if (e->c[who].res[WO_R_LIGHT + l])
            sev = l;
    if (sev >= WO_SEVERE)
        for (int k = 0; k < c->nobject; k++)
            if (c->object[k].heal > 0 && wo_ap_cost(e, who, WO_A_USE_OBJECT, k) <= ap &&
                (i = src_find_arg(e, src, WO_A_USE_OBJECT, -2, k)) >= 0)
                return i;
    /* get up from prone */
    if (fray_has(e, who, WO_C_PRONE) && wo_ap_cost(e, who, WO_A_POSTURE, 0) <= ap &&
        (i = src_find(e, src, WO_A_POSTURE, -2)) >= 0)
        return i;
    const wo_weapon *w = wo_wielded(c);
    if (!w)
        for (int k = 0; k < c->nweapon; k++)
            if (wo_ap_cost(e, who, WO_A_RETRIEVE, k) <= ap &&
                (i = src_find_arg(e, src, WO_A_RETRIEVE, -2, k)) >= 0)
                return i;
    /* a melee fighter stands up from a crouch to fight */
    if (w && !w->ranged && fray_has(e, who, WO_C_CROUCHING) &&
        wo_ap_cost(e, who, WO_A_POSTURE, WO_STANDING) <= ap &&
        (i = src_find_arg(e, src, WO_A_POSTURE, -2, WO_STANDING)) >= 0)
        return i;
    /* an ally dying in our space: stabilize it first, it dies if left
     * (#Health, Damage, and Healing) */
    int dg;
    if (wo_dying_ally(e, who, NULL, &dg) >= 0 && dg == 0 &&
        wo_ap_cost(e, who, WO_A_STABILIZE, 0) <= ap &&
        (i = src_find(e, src, WO_A_STABILIZE, -2)) >= 0)
        return i;
    if (src->legal) {
        int atk = best_attack(e, who, src->legal, src->n, ap, -1);
        if (atk >= 0)
            return atk;
    } else if (wo_pick_attack(e, who, ap, -1, &src->got, NULL)) {
        return 0;
    }
    int tgap;
    int t = wo_nearest_enemy(e, who, NULL, &tgap);
    return wo_policy_after_attacks(e, who, src, t, tgap);
}

int wo_policy_turn(fray_encounter *e, int who, const fray_action *legal, int n)
{
    wo_src src = {.legal = legal, .n = n};
    return wo_policy_turn_src(e, who, &src);
}


/* Whether spending `cost` AP now still leaves, with what arrives before
 * the next turn (turn end and round start), two Standard Attacks: then a
 * Defend or a Seize Initiative costs no attack of the next turn. */
static int spare_ap(const fray_encounter *e, int who, int cost)
{
    const wo_creature *c = CCR(e, who);
    const wo_speed_row *r = wo_speed_row_for(c->speed);
    int ap = e->c[who].res[WO_R_AP];
    return cost <= ap && ap - cost + r->turn_end + r->round_start >= 2 * wo_ap_cost(e, who, WO_A_STANDARD, 0);
}

/* The policy's turn when no attack is taken: go to an ally dying out of
 * reach, close in, defend near an enemy, seize the initiative when behind,
 * or pass. t is the nearest enemy (wo_nearest_enemy), tgap its gap. Each
 * step asks for its entry last, after the cheaper tests. */
int wo_policy_after_attacks(fray_encounter *e, int who, wo_src *src, int t, int tgap)
{
    int ap = e->c[who].res[WO_R_AP];
    int i;
    /* an ally dying: go to it (#Action: Stabilize needs it within reach) */
    int dg, d = wo_dying_ally(e, who, NULL, &dg);
    if (d >= 0 && dg > 0 && (i = src_find(e, src, WO_A_MOVE, d)) >= 0 && src_at(src, i)->arg <= ap)
        return i;
    /* close in on the nearest enemy; against a longer optimal reach, make an
     * opening first so that its rebuff meets the better of the two */
    if (t >= 0 && ap >= wo_ap_cost(e, who, WO_A_OPENING, 0) + 2 &&
        (i = src_find(e, src, WO_A_OPENING, t)) >= 0)
        return i;
    if (t >= 0) {
        i = src_find(e, src, WO_A_MOVE, t);
        /* but not into the Rebuff of a longer optimal reach (#Reaction:
         * Rebuff: "the severity of any wound dealt is increased one step")
         * unless an opening this turn beat its melee Defense (#Action:
         * Create an Opening: the rebuff then meets the opening's roll): the
         * enemy comes to it instead, and meets no rebuff of its own. A Move
         * that ended in a rebuff's wound was most of what the wounds day's
         * foes did for nothing (issue 35) */
        const wo_creature *c = CCR(e, who);
        int shielded = c->opening_vs == t && c->opening_value > wo_defense_base(c, WO_D_MELEE);
        if (i >= 0 && src_at(src, i)->arg <= ap && (shielded || !wo_move_rebuffed(e, t, src_at(src, i))))
            return i;
    }
    /* an ally dying next to us */
    if (wo_ap_cost(e, who, WO_A_STABILIZE, 0) <= ap &&
        (i = src_find(e, src, WO_A_STABILIZE, -2)) >= 0)
        return i;
    /* nothing to hit: defend if an enemy is close and the AP spare */
    if (t >= 0 && tgap <= 3 && !fray_has(e, who, WO_C_DEFENDING) &&
        spare_ap(e, who, wo_ap_cost(e, who, WO_A_DEFEND, 0)) &&
        (i = src_find(e, src, WO_A_DEFEND, -2)) >= 0)
        return i;
    /* otherwise, with the AP spare, seize the initiative while an enemy's
     * is as high (to act first and interrupt, #Using Actions and
     * Reactions) */
    if (t >= 0 && spare_ap(e, who, wo_ap_cost(e, who, WO_A_SEIZE, 0))) {
        int top = 0;
        for (int k = 0; k < e->n; k++)
            if (e->c[k].side != e->c[who].side && fray_able(e, k) && e->c[k].res[WO_R_INIT] > top)
                top = e->c[k].res[WO_R_INIT];
        if (e->c[who].res[WO_R_INIT] <= top && (i = src_find(e, src, WO_A_SEIZE, -2)) >= 0)
            return i;
    }
    return -1;
}

/* Whether the policy would answer the declared `trigger` with an
 * interrupting attack of its own: an attack on its side, while its
 * initiative stays above the active creature's after paying 2. When it
 * would not, wo_legal lists the policy no interrupts at all. */
int wo_policy_interrupts(const fray_encounter *e, int who, const fray_action *trigger)
{
    int active = fray_turns_current(e);
    if (!trigger || active < 0 || !is_attack_kind(trigger->kind) || trigger->target < 0 ||
        e->c[trigger->target].side != e->c[who].side)
        return 0;
    return e->c[who].res[WO_R_INIT] - 2 > e->c[active].res[WO_R_INIT];
}

/* Between actions (#Using Actions and Reactions: "at the start of the
 * turn, the end of the turn, after an action is resolved") the policy
 * interrupts only at the start of an enemy's turn, and only where it pays:
 * its initiative stays above the enemy's after paying 2, and the attack's
 * AP are spare (spare_ap: what it keeps, with the AP that arrive before its
 * next turn, still pays two Standard Attacks), so that the wound lands
 * before the enemy acts at no cost to its own next turn. At a turn's end or
 * after an action the enemy has already acted: an attack there gains
 * nothing over the same attack at the start of the next turn. */
int wo_policy_between(const fray_encounter *e, int who, int window)
{
    int active = fray_turns_current(e);
    return window == FRAY_WIN_TURN_START && active >= 0 && e->c[active].side != e->c[who].side &&
           e->c[who].res[WO_R_INIT] - 2 > e->c[active].res[WO_R_INIT];
}

int wo_policy_between_take(const fray_encounter *e, int who, const fray_action *a)
{
    return spare_ap(e, who, wo_ap_cost(e, who, a->kind, a->arg));
}

int wo_policy_between_answer(fray_encounter *e, int who, int window, const fray_action *legal, int n)
{
    fray_action a;
    int active = fray_turns_current(e);
    if (n <= 0 || !wo_policy_between(e, who, window) ||
        !wo_pick_attack(e, who, e->c[who].res[WO_R_AP], active, &a, NULL) ||
        !wo_policy_between_take(e, who, &a))
        return -1;
    for (int i = 0; i < n; i++)
        if (legal[i].kind == a.kind && legal[i].target == a.target && legal[i].arg == a.arg)
            return i;
    return -1;
}

int wo_policy(fray_encounter *e, int who, int window, const fray_action *trigger,
              const fray_action *legal, int n)
{
    if (n <= 0)
        return -1;
    if (window == FRAY_WIN_ACT)
        return wo_policy_turn(e, who, legal, n);
    if (window == FRAY_WIN_TURN_START || window == FRAY_WIN_TURN_END ||
        (window == FRAY_WIN_TRIGGERED && ST(e)->flank_offer != who))
        return wo_policy_between_answer(e, who, window, legal, n);
    return wo_policy_answer(e, who, trigger, legal, n);
}

int wo_policy_answer(fray_encounter *e, int who, const fray_action *trigger,
                     const fray_action *legal, int n)
{
    if (n <= 0)
        return -1;
    int ap = e->c[who].res[WO_R_AP];
    /* reactions (and a readied action): always worth it. wo_legal lists
     * them before everything else, so there is one if the first entry is
     * one, and that first one is taken. */
    int k = legal[0].kind;
    if (k == WO_A_IGNORE_FLANK)
        return -1; /* #Ignoring Your Flank's free reaction: kept whole (decide_answer) */
    if (k == WO_A_REBUFF || k == WO_A_HARRY || k == WO_A_INTERPOSE || k == WO_A_CLING ||
        (legal[0].arg & 0x4000))
        return 0;
    /* interrupt an attack on our side with an attack of our own */
    if (!wo_policy_interrupts(e, who, trigger))
        return -1;
    return best_attack(e, who, legal, n, ap, trigger->actor);
}
