/* action_points.c: #Action Points: the AP cost of each action (the options
 * ap_* where the stat-block corners were lost, the costs the text gives,
 * #Underwater Combat's extra 2 AP), whether a creature can pay it now or
 * declare it over several turns, and paying, which cancels a long action
 * when AP go elsewhere. */
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

int wo_ap_cost(const fray_encounter *e, int who, int kind, int arg)
{
    /* only a melee attack (or a hurried one) looks at the water */
    int uw_melee = (wo_is_melee_attack_kind(kind) || kind == WO_A_HURRY) &&
                   fray_has(e, who, WO_C_UNDERWATER) && !wo_weapon_of(e, who)->ranged;
    return wo_ap_cost_uw(e, who, kind, arg, uw_melee);
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

/* affordable now, or (own turn, long) declarable over several turns */
int wo_affordable(const fray_encounter *e, int who, int kind, int arg, int allow_long)
{
    int cost = wo_ap_cost(e, who, kind, arg);
    int ap = fray_res(e, who, WO_R_AP);
    return cost <= ap || (allow_long && ap > 0);
}
