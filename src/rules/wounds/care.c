/* care.c: the healing actions of #Health, Damage, and Healing: #Action:
 * Stabilize, #Action: Treat Wound, #Action: Treat Condition, and #Action:
 * Use an Object (a healing item), with a PC waking once its fatal wound is
 * healed. */
#include "combat.h"

static int total_wounds(const fray_encounter *e, int who)
{
    int n = 0;
    for (int l = 0; l < WO_NLEVELS; l++)
        n += fray_res(e, who, WO_R_LIGHT + l);
    return n;
}

static int heal_kit_mod(fray_encounter *e, int who)
{
    if (CCR(e, who)->healing_kit)
        return 0;
    fray_mod(e, "No healing kit", -5);
    return -5;
}

/* A PC knocked out by its fatal wound wakes once the fatal wound is healed
 * (#Action: Stabilize's "check to wake up as if it had healed a wound",
 * read as: healing the fatal wound wakes it). */
void wo_maybe_wake(fray_encounter *e, int t)
{
    if (e->c[t].status != FRAY_DOWN || fray_res(e, t, WO_R_FATAL) > 0)
        return;
    fray_cond_remove(e, t, WO_C_DYING);
    fray_cond_remove(e, t, WO_C_STABLE);
    fray_cond_remove(e, t, WO_C_UNCONSCIOUS);
    fray_set_status(e, t, FRAY_ABLE);
}

void wo_do_treat_wound(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target, level = a->arg;
    wo_creature *ct = CR(e, t);
    /* "If the target's fatigue is equal to or higher than its normal maximum
     * stamina, the attempt automatically fails." */
    int fails = wo_treat_auto_fails(fray_res(e, t, WO_R_FATIGUE), ct->max_stamina);
    int filled[WO_NLEVELS];
    wo_filled_of(e, t, filled);
    if (fails) {
        wo_emit_act(e, a, "failure", 0, 0, "fatigue at its maximum stamina", R("Action: Treat Wound"));
    } else {
        int m = wo_skill_mod(e, who, WO_LOR, WO_SK_HEALING, wo_spk(e, who, WO_SPK_WOUNDS)) + heal_kit_mod(e, who);
        wo_roll r = wo_roll_check(e, 0, "Healing check, 1d20");
        int total = r.total + m, tn = wo_treat_wound_tn[level];
        wo_emit_check(e, who, t, "Treat Wound", total, tn, R("Action: Treat Wound"));
        if (total >= tn) {
            /* "reduced by one step, plus one step for every 2 points by
             * which your check exceeds the TN" (rounded down) */
            int steps = wo_steps_over(total, tn, 2);
            int lv = level;
            while (steps-- > 0 && lv >= WO_LIGHT && wo_wound_reduce(filled, ct->slots, lv))
                lv--;
            wo_set_filled(e, t, filled);
        }
    }
    /* "the target takes fatigue equal to the level of its highest remaining
     * wound" (1 for light ...) */
    int sev = wo_severity(filled);
    wo_add_fatigue(e, t, sev + 1);
    wo_maybe_wake(e, t);
    fray_flush(e, who, R("Action: Treat Wound"));
}

void wo_do_treat_condition(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target, k = a->arg;
    wo_creature *ct = CR(e, t);
    int m = wo_skill_mod(e, who, WO_LOR, WO_SK_HEALING, wo_spk(e, who, WO_SPK_WOUNDS)) + heal_kit_mod(e, who);
    wo_roll r = wo_roll_check(e, 0, "Healing check, 1d20");
    int total = r.total + m, tn = ct->affl_tn;
    wo_emit_check(e, who, t, "Treat Condition", total, tn, R("Action: Treat Condition"));
    if (total < tn)
        return;
    if (k == 2)
        ct->affl_level[k] = 0; /* "you end a hobbled effect" */
    else if (k == 3)
        ct->affl_level[k]--; /* poison: one step (the poison's own text is not given) */
    else
        ct->affl_level[k] -= wo_steps_over(total, tn, 2);
    if (ct->affl_level[k] <= 0) {
        ct->affl_level[k] = 0;
        fray_cond_remove(e, t, WO_C_BLEEDING + k);
    }
    fray_flush(e, who, R("Action: Treat Condition"));
}

void wo_act_stabilize(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    int m = wo_skill_mod(e, who, WO_LOR, WO_SK_HEALING, wo_spk(e, who, WO_SPK_WOUNDS)) + heal_kit_mod(e, who);
    wo_roll r = wo_roll_check(e, 0, "Healing check, 1d20");
    int tn = total_wounds(e, t);
    wo_emit_check(e, who, t, "Stabilize", r.total + m, tn, R("Action: Stabilize"));
    if (r.total + m >= tn) {
        fray_cond_remove(e, t, WO_C_DYING);
        fray_cond_add(e, t, WO_C_STABLE, -1, FRAY_EXP_NEVER, 0);
        fray_flush(e, who, R("Action: Stabilize"));
    }
}

void wo_act_use_object(fray_encounter *e, const fray_action *a)
{
    int who = a->actor;
    wo_creature *c = CR(e, who);
    const wo_object *o = &c->object[a->arg];
    c->object_count[a->arg]--;
    if (o->kind == 2 && o->heal > 0) {
        int filled[WO_NLEVELS];
        wo_filled_of(e, who, filled);
        for (int s = 0; s < o->heal; s++) {
            int sev = wo_severity(filled);
            if (sev < WO_LIGHT || !wo_wound_reduce(filled, c->slots, sev))
                break;
        }
        wo_set_filled(e, who, filled);
        wo_update_fatigue(e, who);
    }
    wo_emit_act(e, a, "used", c->object_count[a->arg], 1, o->name, R("Action: Use an Object"));
}
