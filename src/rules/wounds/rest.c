/* rest.c: short and long rests, recovery checks, tending, interrupted rests
 * (003_45dec7998f478a90.txt#Resting and the sections under it). Callable
 * between fights through the ruleset's `rest` hook. */
#include "wounds.h"

#define R(h) WO_SEED "#" h

/* #Recovery Checks: "You may select any wound up to that level, and the
 * selected wound is reduced by one level": the highest wound that can be
 * reduced. Returns the level reduced or WO_NONE. */
int wo_recovery_heal(int filled[WO_NLEVELS], const int slots[WO_NLEVELS], int reach)
{
    for (int l = reach; l >= WO_LIGHT; l--)
        if (filled[l] > 0 && wo_wound_reduce(filled, slots, l))
            return l;
    return WO_NONE;
}

/* #Interrupting a Rest: a long rest interrupted for at most 30 minutes
 * resumes with an extra hour; one interrupted after at least 15 minutes
 * gives a short rest's benefits per 15 minutes passed. */
int wo_rest_interrupted(int minutes_done, int interruption, int *short_rests, int *extra_minutes)
{
    *short_rests = minutes_done >= 15 ? minutes_done / 15 : 0;
    *extra_minutes = interruption <= 30 ? 60 : 0;
    return interruption <= 30;
}

static void short_rest(fray_encounter *e, int who)
{
    wo_creature *c = fray_priv(e, who);
    int *res = e->c[who].res;
    /* "recovers half of your current maximum stamina and mana, rounded
     * down, after accounting for fatigue and invested mana" */
    int ms = wo_max_stamina(c->max_stamina, res[WO_R_FATIGUE]);
    int mm = c->max_mana - c->invested;
    if (mm < 0)
        mm = 0;
    int s = res[WO_R_STAMINA] + ms / 2, m = res[WO_R_MANA] + mm / 2;
    fray_res_set(e, who, WO_R_STAMINA, s > ms ? ms : s);
    fray_res_set(e, who, WO_R_MANA, m > mm ? mm : m);
    int filled[WO_NLEVELS];
    for (int l = 0; l < WO_NLEVELS; l++)
        filled[l] = res[WO_R_LIGHT + l];
    int sev = wo_severity(filled);
    /* "If you are lightly or moderately wounded, it also removes a single
     * light wound." */
    if ((sev == WO_LIGHT || sev == WO_MODERATE) && filled[WO_LIGHT] > 0)
        fray_res_set(e, who, WO_R_LIGHT, filled[WO_LIGHT] - 1);
    fray_cond_expire(e, who, FRAY_EXP_REST);
    fray_emit(e, &(fray_event){.kind = "rest", .actor = who, .target = -1, .outcome = "short",
                                .rule = R("Short Rest")});
}

/* A long rest; `tend` is a tender's Lor [Healing/Wounds] result, or
 * INT_MIN-like values below -1000 for none. */
void wo_long_rest(fray_encounter *e, int who, int tend)
{
    wo_creature *c = fray_priv(e, who);
    int *res = e->c[who].res;
    int filled[WO_NLEVELS];
    for (int l = 0; l < WO_NLEVELS; l++)
        filled[l] = res[WO_R_LIGHT + l];
    int sev = wo_severity(filled);
    /* "You cannot take a long rest if you are fatally wounded." */
    if (sev == WO_FATAL) {
        fray_emit(e, &(fray_event){.kind = "rest", .actor = who, .target = -1,
                                    .outcome = "not possible", .detail = "fatally wounded",
                                    .rule = R("Long Rest")});
        return;
    }
    int mm = c->max_mana - c->invested;
    if (mm < 0)
        mm = 0;
    /* "If you are exhausted, you are no longer exhausted and recover all
     * stamina and mana, but gain no other benefits" */
    if (fray_cond_has(e, who, WO_C_EXHAUSTED)) {
        int f = res[WO_R_FATIGUE];
        /* no longer exhausted: fatigue drops below half the maximum */
        int below = (c->max_stamina - 1) / 2;
        if (f > below)
            fray_res_set(e, who, WO_R_FATIGUE, below < 0 ? 0 : below);
        wo_update_fatigue(e, who);
        fray_res_set(e, who, WO_R_STAMINA, wo_max_stamina(c->max_stamina, res[WO_R_FATIGUE]));
        fray_res_set(e, who, WO_R_MANA, mm);
        fray_emit(e, &(fray_event){.kind = "rest", .actor = who, .target = -1, .outcome = "long",
                                    .detail = "exhausted: stamina and mana only",
                                    .rule = R("Long Rest")});
        return;
    }
    /* "If you are lightly or moderately wounded, you heal all light wounds." */
    if (sev == WO_LIGHT || sev == WO_MODERATE)
        filled[WO_LIGHT] = 0;
    /* fatigue reduced by 5 + Vitality - highest wound level */
    if (res[WO_R_FATIGUE] > 0) {
        int f = res[WO_R_FATIGUE] - wo_long_rest_fatigue_cut(c->attr[WO_VIT], wo_severity(filled));
        fray_res_set(e, who, WO_R_FATIGUE, f < 0 ? 0 : f);
    }
    /* "If you are wounded, make one recovery check to heal a wound." A Vit
     * check with a penalty equal to the current fatigue, plus the
     * cumulative bonus; a tender's higher result substitutes. */
    if (wo_severity(filled) >= WO_LIGHT) {
        fray_mod(e, "Vitality", c->attr[WO_VIT]);
        if (res[WO_R_FATIGUE])
            fray_mod(e, "Fatigue", -res[WO_R_FATIGUE]);
        if (c->recovery_bonus)
            fray_mod(e, "Cumulative recovery bonus", c->recovery_bonus);
        int r = fray_die_by(&e->dice, who, 20, "Recovery check, 1d20") + c->attr[WO_VIT] -
                res[WO_R_FATIGUE] + c->recovery_bonus;
        if (tend > -1000 && tend > r) {
            fray_mod(e, "Tending replaces the check", tend - r);
            r = tend;
        }
        int healed = wo_recovery_heal(filled, c->slots, wo_recovery_reach(r));
        fray_emit(e, &(fray_event){.kind = "check", .actor = who, .target = -1,
                                    .action = "Recovery check",
                                    .outcome = healed >= WO_LIGHT ? "success" : "failure",
                                    .value = r, .has_value = 1, .rule = R("Recovery Checks")});
        /* "you gain a cumulative +1 bonus ... until a check results in a
         * healed wound or you have no more wounds" */
        if (healed >= WO_LIGHT || wo_severity(filled) < WO_LIGHT)
            c->recovery_bonus = 0;
        else
            c->recovery_bonus++;
    }
    for (int l = 0; l < WO_NLEVELS; l++)
        fray_res_set(e, who, WO_R_LIGHT + l, filled[l]);
    wo_update_fatigue(e, who);
    fray_res_set(e, who, WO_R_STAMINA, wo_max_stamina(c->max_stamina, res[WO_R_FATIGUE]));
    fray_res_set(e, who, WO_R_MANA, mm);
    fray_cond_expire(e, who, FRAY_EXP_REST);
    fray_emit(e, &(fray_event){.kind = "rest", .actor = who, .target = -1, .outcome = "long",
                                .rule = R("Long Rest")});
}

void wo_rest(fray_encounter *e, int who, int kind)
{
    if (e->c[who].status == FRAY_DEAD)
        return;
    if (kind == 0)
        short_rest(e, who);
    else
        wo_long_rest(e, who, -10000);
}
