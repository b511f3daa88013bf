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

/* The attacks wo_legal lists together, after the reactions (bit k for kind
 * k), and the reactions. */
#define LISTED_ATTACKS                                                                        \
    (FRAY_KIND(WO_A_NONLETHAL) | FRAY_KIND(WO_A_QUICK) | FRAY_KIND(WO_A_STANDARD) |           \
     FRAY_KIND(WO_A_STRONG) | FRAY_KIND(WO_A_CAST))
#define REACTIONS                                                                             \
    (FRAY_KIND(WO_A_REBUFF) | FRAY_KIND(WO_A_HARRY) | FRAY_KIND(WO_A_CLING) |                 \
     FRAY_KIND(WO_A_INTERPOSE))

/* How much we want to hit t: wounded and easy targets first. */
static int target_score(fray_encounter *e, int t)
{
    int s = 0;
    for (int l = 0; l < WO_NLEVELS; l++)
        s += e->c[t].res[WO_R_LIGHT + l] * (l + 1) * 2;
    s -= wo_defense_base(fray_cpriv(e, t), WO_D_MELEE);
    if (fray_has(e, t, WO_C_HELPLESS) || fray_has(e, t, WO_C_PRONE))
        s += 6;
    return s;
}

/* The best attack in legal[] that costs at most `ap`, or -1: the kinds in
 * order of preference (Strong, Cast, Standard, Quick), within the first kind
 * that has one the target with the highest score (the first of equals). One
 * pass keeps the best of each kind; it stops at the end of the attacks, as
 * wo_legal lists reactions first, then attacks, then the rest. */
static int best_attack(fray_encounter *e, int who, const fray_action *legal, int n, int ap,
                       int only_target)
{
    /* preference of each kind, 1 (first) to 4; 0 for the kinds that are not attacks */
    static const int pref[WO_NACT] = {[WO_A_STRONG] = 1, [WO_A_CAST] = 2, [WO_A_STANDARD] = 3,
                                      [WO_A_QUICK] = 4};
    /* a Strong Attack only while stamina lasts */
    int strong_ok = e->c[who].res[WO_R_STAMINA] >= fray_opt(e, WO_OPT_STAMINA_STRONG);
    /* what wo_ap_cost asks of the state, once */
    int uw_melee = fray_has(e, who, WO_C_UNDERWATER) && !wo_weapon_of(e, who)->ranged;
    /* the four kinds cost the same whatever their target and arg
     * (wo_ap_cost): one price per kind, -1 until asked */
    int cost[4] = {-1, -1, -1, -1};
    int best[4] = {-1, -1, -1, -1}, bs[4] = {0, 0, 0, 0};
    int top = 3; /* the most preferred kind found so far */
    /* each target's score, worked out the first time it is needed */
    int score[FRAY_MAX_COMBATANTS];
    unsigned scored = 0;
    for (int i = 0; i < n; i++) {
        const fray_action *a = &legal[i];
        if (!((LISTED_ATTACKS >> a->kind) & 1u)) {
            if (((REACTIONS >> a->kind) & 1u) || (a->arg & 0x4000))
                continue; /* the reactions before the attacks */
            break;        /* past the attacks */
        }
        int p = pref[a->kind] - 1;
        /* a kind after one already found cannot be taken: not priced */
        if (p < 0 || p > top || (only_target >= 0 && a->target != only_target))
            continue;
        if (a->kind == WO_A_STRONG && !strong_ok)
            continue;
        if (cost[p] < 0)
            cost[p] = wo_ap_cost_uw(e, who, a->kind, a->arg, uw_melee);
        if (cost[p] > ap)
            continue;
        if (!(scored & (1u << a->target))) {
            score[a->target] = target_score(e, a->target);
            scored |= 1u << a->target;
        }
        int s = score[a->target];
        if (best[p] < 0 || s > bs[p]) {
            best[p] = i;
            bs[p] = s;
            top = p;
        }
    }
    for (int p = 0; p < 4; p++)
        if (best[p] >= 0)
            return best[p];
    return -1;
}

static int find(const fray_action *legal, int n, int kind, int target)
{
    for (int i = 0; i < n; i++)
        if (legal[i].kind == kind && (target < -1 || legal[i].target == target))
            return i;
    return -1;
}

/* The nearest enemy able to fight (the first of equals), or -1; its gap in
 * *gap. gaps: each creature's wo_gap_yd from who when known, or NULL. */
int wo_nearest_enemy(const fray_encounter *e, int who, const int *gaps, int *gap)
{
    int best = -1, bd = 0;
    for (int t = 0; t < e->n; t++) {
        if (e->c[t].side == e->c[who].side || e->c[t].status != FRAY_ABLE)
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

/* Whether wo_policy_turn, given a list that begins with attacks[0..n) (the
 * attacks wo_legal lists first, before any other kind), surely returns one
 * of them whatever follows: none of the steps before the attack step can
 * apply (pinned, badly hurt with a healing object, prone, no weapon in
 * hand, a melee fighter crouching) and best_attack finds one among them,
 * which it would among the same attacks in the whole list. wo_legal then
 * lists the policy nothing else. */
int wo_policy_attacks(fray_encounter *e, int who, const fray_action *attacks, int n)
{
    const wo_creature *c = fray_cpriv(e, who);
    /* the conditions read once (what fray_has reads) */
    const uint64_t m = e->c[who].cmask;
    if ((m >> WO_C_PINNED | m >> WO_C_PRONE) & 1u)
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
    return n <= 0 ? -1 : best_attack(e, who, attacks, n, e->c[who].res[WO_R_AP], -1);
}

/* The kinds wo_policy_turn may look for in the list now, from the state alone
 * (bit k for kind k, within the ruleset's policy_kinds): the steps that
 * cannot apply do not need their entries. wo_legal lists the policy no
 * other kind on its turn. */
uint64_t wo_policy_turn_kinds(const fray_encounter *e, int who)
{
    const wo_creature *c = fray_cpriv(e, who);
    const int *res = e->c[who].res;
    const wo_weapon *w = wo_wielded(c);
    uint64_t k = FRAY_KIND(WO_A_STRONG) | FRAY_KIND(WO_A_CAST) | FRAY_KIND(WO_A_STANDARD) |
                 FRAY_KIND(WO_A_QUICK) | FRAY_KIND(WO_A_NONLETHAL) | FRAY_KIND(WO_A_OPENING) |
                 FRAY_KIND(WO_A_MOVE) | FRAY_KIND(WO_A_STABILIZE);
    if (fray_has(e, who, WO_C_PINNED))
        k |= FRAY_KIND(WO_A_ESCAPE);
    if (res[WO_R_SEVERE] || res[WO_R_CRITICAL] || res[WO_R_FATAL])
        k |= FRAY_KIND(WO_A_USE_OBJECT);
    if (fray_has(e, who, WO_C_PRONE) || (w && !w->ranged && fray_has(e, who, WO_C_CROUCHING)))
        k |= FRAY_KIND(WO_A_POSTURE);
    if (!w)
        k |= FRAY_KIND(WO_A_RETRIEVE);
    if (!fray_has(e, who, WO_C_DEFENDING) &&
        res[WO_R_AP] + wo_speed_row_for(c->speed)->turn_end > c->max_ap)
        k |= FRAY_KIND(WO_A_DEFEND);
    return k;
}


int wo_policy_turn(fray_encounter *e, int who, const fray_action *legal, int n)
{
    const wo_creature *c = fray_cpriv(e, who);
    int ap = e->c[who].res[WO_R_AP];
    int i;
    if (fray_has(e, who, WO_C_PINNED))
        return find(legal, n, WO_A_ESCAPE, -2);
    /* drink a healing potion when badly hurt */
    int sev = -1;
    for (int l = 0; l < WO_NLEVELS; l++)
        if (e->c[who].res[WO_R_LIGHT + l])
            sev = l;
    if (sev >= WO_SEVERE)
        for (i = 0; i < n; i++)
            if (legal[i].kind == WO_A_USE_OBJECT && c->object[legal[i].arg].heal > 0 &&
                wo_ap_cost(e, who, legal[i].kind, legal[i].arg) <= ap)
                return i;
    /* get up from prone */
    if (fray_has(e, who, WO_C_PRONE) && (i = find(legal, n, WO_A_POSTURE, -2)) >= 0 &&
        wo_ap_cost(e, who, WO_A_POSTURE, 0) <= ap)
        return i;
    const wo_weapon *w = wo_wielded(c);
    if (!w)
        for (i = 0; i < n; i++)
            if (legal[i].kind == WO_A_RETRIEVE && !(legal[i].arg & 0x100) &&
                wo_ap_cost(e, who, legal[i].kind, legal[i].arg) <= ap)
                return i;
    /* a melee fighter stands up from a crouch to fight */
    if (w && !w->ranged && fray_has(e, who, WO_C_CROUCHING))
        for (i = 0; i < n; i++)
            if (legal[i].kind == WO_A_POSTURE && legal[i].arg == WO_STANDING &&
                wo_ap_cost(e, who, WO_A_POSTURE, WO_STANDING) <= ap)
                return i;
    int atk = best_attack(e, who, legal, n, ap, -1);
    if (atk >= 0)
        return atk;
    int tgap;
    int t = wo_nearest_enemy(e, who, NULL, &tgap);
    return wo_policy_after_attacks(e, who, legal, n, t, tgap);
}

/* The policy's turn when no attack is taken: close in, stabilize, defend,
 * or pass. t is the nearest enemy (wo_nearest_enemy), tgap its gap. */
int wo_policy_after_attacks(fray_encounter *e, int who, const fray_action *legal, int n, int t,
                            int tgap)
{
    const wo_creature *c = fray_cpriv(e, who);
    int ap = e->c[who].res[WO_R_AP];
    int i;
    /* close in on the nearest enemy; against a longer optimal reach, make an
     * opening first so that its rebuff meets the better of the two */
    if (t >= 0 && (i = find(legal, n, WO_A_OPENING, t)) >= 0 &&
        ap >= wo_ap_cost(e, who, WO_A_OPENING, 0) + 2)
        return i;
    if (t >= 0) {
        i = find(legal, n, WO_A_MOVE, t);
        if (i >= 0 && legal[i].arg <= ap) {
            /* keep 4 AP for the attack when a move of 4 would leave nothing */
            return i;
        }
    }
    /* an ally dying next to us */
    if ((i = find(legal, n, WO_A_STABILIZE, -2)) >= 0 &&
        wo_ap_cost(e, who, WO_A_STABILIZE, 0) <= ap)
        return i;
    /* nothing to hit: defend if an enemy is close and AP would otherwise
     * pile up past the maximum */
    if (t >= 0 && tgap <= 3 && !fray_has(e, who, WO_C_DEFENDING) &&
        ap + wo_speed_row_for(c->speed)->turn_end > c->max_ap &&
        (i = find(legal, n, WO_A_DEFEND, -2)) >= 0)
        return i;
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

int wo_policy(fray_encounter *e, int who, int window, const fray_action *trigger,
              const fray_action *legal, int n)
{
    if (n <= 0)
        return -1;
    if (window == FRAY_WIN_ACT)
        return wo_policy_turn(e, who, legal, n);
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
    if (k == WO_A_REBUFF || k == WO_A_HARRY || k == WO_A_INTERPOSE || k == WO_A_CLING ||
        (legal[0].arg & 0x4000))
        return 0;
    /* interrupt an attack on our side with an attack of our own */
    if (!wo_policy_interrupts(e, who, trigger))
        return -1;
    return best_attack(e, who, legal, n, ap, trigger->actor);
}
