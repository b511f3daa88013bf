/* maneuvers.c: the actions against a creature that are not attacks:
 * #Action: Grapple, #Action: Pin, #Action: Escape, #Reaction: Interpose,
 * #Action: Hinder (Disarm, Distract, Shove, Trip) and #Action: Enter
 * Occupied Space. */
#include "combat.h"

/* ---- Grapples ----------------------------------------------------------- */

void wo_end_grapple(fray_encounter *e, int a, int b)
{
    CR(e, a)->grappling &= ~(1u << b);
    CR(e, b)->grappling &= ~(1u << a);
    if (!CR(e, a)->grappling) {
        fray_cond_remove(e, a, WO_C_GRAPPLED);
        fray_cond_remove(e, a, WO_C_PINNED);
    }
    if (!CR(e, b)->grappling) {
        fray_cond_remove(e, b, WO_C_GRAPPLED);
        fray_cond_remove(e, b, WO_C_PINNED);
    }
}

/* ---- Hinder ------------------------------------------------------------- */

static int hinder_tn(fray_encounter *e, int t, int h)
{
    const wo_creature *ct = CCR(e, t);
    switch (h) {
    case 0: { /* Disarm: Melee weapon check or Agility defense: the higher */
        const wo_weapon *w = wo_weapon_of(e, t);
        int melee = 10 + wo_check_mod(ct->attr[WO_DEX], ct->skill[WO_SK_MELEE],
                                      wo_group_rank(e, t, w), w->accuracy);
        return wo_best_of(melee, wo_defense_base(ct, WO_D_AGILITY));
    }
    case 1: /* Distract: Prc [Deception] as a defense */
        return 10 + wo_check_mod(ct->attr[WO_PRC], ct->skill[WO_SK_DECEPTION], 0, 0);
    default: /* Shove, Trip: Power or Agility defense: the higher */
        return wo_best_of(wo_defense_base(ct, WO_D_POWER), wo_defense_base(ct, WO_D_AGILITY));
    }
}

void wo_do_hinder(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target, h = a->arg;
    int m;
    if (h == 0) {
        const wo_weapon *w = wo_weapon_of(e, who);
        m = wo_skill_mod(e, who, WO_DEX, WO_SK_MELEE, wo_group_rank(e, who, w)) + w->accuracy;
    } else if (h == 1) {
        m = wo_skill_mod(e, who, WO_PRS, WO_SK_DECEPTION, 0);
    } else {
        m = wo_power_mod(e, who);
    }
    wo_roll r = wo_roll_check(e, 1, h == 1 ? "Deception check, 1d20" : "Combat check, wild 1d20");
    int total = r.total + m, tn = hinder_tn(e, t, h);
    fray_emit(e, &(fray_event){.kind = "check", .actor = who, .target = t,
                                .action = wo_hinder_table[h].name,
                                .outcome = total >= tn ? "success" : "failure", .value = total,
                                .has_value = 1, .rule = R("Action: Hinder")});
    if (total < tn)
        return;
    wo_creature *ct = CR(e, t);
    switch (h) {
    case 0:
        for (int i = 0; i < ct->nweapon; i++)
            if (ct->weapon_place[i] == WO_IN_HAND) {
                ct->weapon_place[i] = WO_DROPPED;
                wo_rehand(ct);
                fray_touch(e); /* the weapon in hand: its reach flanks (wo_memo) */
                break;
            }
        fray_emit(e, &(fray_event){.kind = "disarm", .actor = who, .target = t,
                                    .detail = "drops the weapon in hand", .rule = R("Action: Hinder")});
        break;
    case 1:
        fray_cond_add(e, t, WO_C_DISTRACTED, -1, FRAY_EXP_ROUND_END, e->round);
        fray_flush(e, who, R("Action: Hinder"));
        break;
    case 2: {
        /* "1 yard plus up to one third of your margin of success", rounded down */
        int yards = wo_shove_yards(total, tn);
        int x, y;
        wo_dest_point(e, t, e->c[who].x, e->c[who].y, 1, yards, 0, &x, &y);
        fray_move(e, t, x, y);
        wo_after_move(e, t);
        fray_emit(e, &(fray_event){.kind = "shove", .actor = who, .target = t, .value = yards,
                                    .has_value = 1, .rule = R("Action: Hinder")});
        break;
    }
    default:
        fray_cond_remove(e, t, WO_C_CROUCHING);
        fray_cond_add(e, t, WO_C_PRONE, -1, FRAY_EXP_NEVER, 0);
        fray_flush(e, who, R("Action: Hinder"));
        break;
    }
}

/* ---- Effects of the maneuvers ------------------------------------------- */

void wo_act_enter(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    int m = wo_power_or_agility_mod(e, who);
    wo_roll r = wo_roll_check(e, 1, "Combat check, wild 1d20");
    const wo_creature *ct = CCR(e, t);
    int tn = wo_best_of(wo_defense_base(ct, WO_D_POWER), wo_defense_base(ct, WO_D_AGILITY));
    wo_emit_check(e, who, t, "Enter Occupied Space", r.total + m, tn,
                  R("Action: Enter Occupied Space"));
    if (r.total + m >= tn) {
        fray_move(e, who, e->c[t].x, e->c[t].y);
        CR(e, who)->share_with = t;
        CR(e, t)->share_with = who;
        fray_cond_add(e, who, WO_C_SHARING, -1, FRAY_EXP_NEVER, 0);
        fray_cond_add(e, t, WO_C_SHARING, -1, FRAY_EXP_NEVER, 0);
        fray_flush(e, who, R("Action: Enter Occupied Space"));
    }
}

void wo_act_escape(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    /* the escape TN of a grapple: the higher of the grapplers' Power
     * and Agility defenses (interpretation) */
    int tn = 0;
    for (int g = 0; g < e->n; g++)
        if (wo_grappling(e, who, g)) {
            const wo_creature *cg = CCR(e, g);
            tn = wo_best_of(tn, wo_best_of(wo_defense_base(cg, WO_D_POWER),
                                           wo_defense_base(cg, WO_D_AGILITY)));
        }
    int m = wo_power_or_agility_mod(e, who);
    wo_roll r = wo_roll_check(e, 1, "Combat check, wild 1d20");
    wo_emit_check(e, who, -1, "Escape", r.total + m, tn, R("Action: Escape"));
    if (r.total + m >= tn) {
        if (fray_has(e, who, WO_C_PINNED)) {
            /* "which ends the pin but not the grapple" */
            fray_cond_remove(e, who, WO_C_PINNED);
        } else {
            for (int g = 0; g < e->n; g++)
                if (wo_grappling(e, who, g))
                    wo_end_grapple(e, who, g);
        }
        fray_flush(e, who, R("Action: Escape"));
    }
}

void wo_act_grapple(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    int dmg;
    /* "Make a melee attack against an adjacent target using any weapon
     * that has a reach of 0": the unarmed attack when the weapon's
     * reach is longer (interpretation) */
    wo_hit h = wo_attack_roll(e, who, t, WO_A_GRAPPLE, -1, wo_action_name(e, a->kind), &dmg);
    if (h.hit) {
        CR(e, who)->grappling |= 1u << t;
        CR(e, t)->grappling |= 1u << who;
        fray_cond_add(e, who, WO_C_GRAPPLED, -1, FRAY_EXP_NEVER, 0);
        fray_cond_add(e, t, WO_C_GRAPPLED, -1, FRAY_EXP_NEVER, 0);
        fray_flush(e, who, R("Action: Grapple"));
    }
}

void wo_act_interpose(fray_encounter *e, const fray_action *a, const fray_action *tr)
{
    int who = a->actor, t = a->target;
    int m = wo_power_or_agility_mod(e, who);
    int attacker = tr ? tr->actor : -1;
    int tn = 0;
    if (attacker >= 0) {
        const wo_creature *cx = CCR(e, attacker);
        tn = wo_best_of(wo_defense_base(cx, WO_D_POWER), wo_defense_base(cx, WO_D_AGILITY));
    }
    int pen = fray_has(e, t, WO_C_PINNED) ? 0 : 2;
    if (pen)
        fray_mod(e, "Target not pinned", -2);
    wo_roll r = wo_roll_check(e, 1, "Combat check, wild 1d20");
    wo_emit_check(e, who, t, "Interpose", r.total + m - pen, tn, R("Reaction: Interpose"));
    if (r.total + m - pen >= tn)
        ST(e)->redirect = t;
}

void wo_act_pin(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    int m = wo_power_mod(e, who);
    fray_mod(e, "Pin", -2);
    wo_roll r = wo_roll_check(e, 1, "Power check, wild 1d20");
    const wo_creature *ct = CCR(e, t);
    int tn = wo_best_of(wo_defense_base(ct, WO_D_POWER), wo_defense_base(ct, WO_D_AGILITY));
    wo_emit_check(e, who, t, "Pin", r.total + m - 2, tn, R("Action: Pin"));
    if (r.total + m - 2 >= tn) {
        fray_cond_add(e, t, WO_C_PINNED, -1, FRAY_EXP_NEVER, 0);
        fray_cond_add(e, t, WO_C_HELPLESS, WO_C_PINNED, FRAY_EXP_NEVER, 0);
        fray_flush(e, who, R("Action: Pin"));
    }
}
