/* damage.c: #Conditions (parent and daughter), #Stamina, #Aura,
 * #Unconsciousness, #Death (Death rolls and Death Saves), #Non-Lethal
 * Damage and #Weaknesses and Resistances: what happens to a creature that
 * pays, takes damage or falls. */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* ---- Conditions ---- */

/* #Conditions: "If one condition is imposing another condition ... you
 * cannot remove the daughter condition without removing the parent."
 *  parent -> daughter (-1 none) */
static const int en_daughter[EN_NCOND] = {
    [EN_C_EXPOSED] = -1,         [EN_C_SHAKEN] = -1,     [EN_C_EXHAUSTED] = -1,
    [EN_C_DAZED] = EN_C_EXPOSED, [EN_C_BLINDED] = EN_C_UNGUARDED,
    [EN_C_SLOWED] = -1,          [EN_C_PRONE] = EN_C_EXPOSED,
    [EN_C_SURPRISED] = EN_C_UNGUARDED, [EN_C_UNGUARDED] = EN_C_EXPOSED,
    [EN_C_RESTRAINED] = EN_C_EXPOSED,  [EN_C_RESTRAINING] = EN_C_SLOWED,
    [EN_C_UNCONSCIOUS] = EN_C_UNGUARDED, [EN_C_DEFENDING] = -1,
    [EN_C_STABILIZED] = -1,      [EN_C_BLEEDING] = -1};

static void impose(fray_encounter *e, int who, int parent)
{
    int d = en_daughter[parent];
    if (d < 0)
        return;
    fray_cond_add(e, who, d, parent, FRAY_EXP_NEVER, 0);
    impose(e, who, d);
}

void en_give(fray_encounter *e, int who, int cond, int expire, int round)
{
    fray_cond_add(e, who, cond, -1, expire, round);
    impose(e, who, cond);
}

/* Exposed for the text's default length (option exposed_rounds). */
void en_expose(fray_encounter *e, int who)
{
    en_give(e, who, EN_C_EXPOSED, FRAY_EXP_ROUND_END, e->round + fray_opt(e, EN_O_EXPOSED_ROUNDS));
}

/* #Unguarded: "you maintain the condition until the end of the Round" */
void en_unguard(fray_encounter *e, int who)
{
    en_give(e, who, EN_C_UNGUARDED, FRAY_EXP_ROUND_END, e->round);
}

/* ---- Resources, unconsciousness, death ---- */

void en_release_hold(fray_encounter *e, int holder)
{
    int t = fray_link_held(e, EN_LINK_HOLD, holder);
    if (t < 0)
        return;
    fray_unlink(e, EN_LINK_HOLD, holder, t);
    fray_cond_remove(e, t, EN_C_RESTRAINED);
    fray_cond_remove(e, holder, EN_C_RESTRAINING);
}

static void free_from_holds(fray_encounter *e, int who)
{
    en_release_hold(e, who);
    int h = fray_link_holder(e, EN_LINK_HOLD, who);
    if (h >= 0)
        en_release_hold(e, h);
}

void en_knock_out(fray_encounter *e, int who, int cause)
{
    if (e->c[who].status == FRAY_DEAD)
        return;
    en_creature *c = cr(e, who);
    if (!fray_has(e, who, EN_C_UNCONSCIOUS) || cause == EN_UNC_DEATH)
        c->unc_cause = cause;
    en_give(e, who, EN_C_UNCONSCIOUS, FRAY_EXP_NEVER, 0);
    fray_set_status(e, who, FRAY_DOWN);
    fray_res_set(e, who, EN_R_ENERGY, 0);
    free_from_holds(e, who);
    c->passed = 1;
}

static void kill(fray_encounter *e, int who)
{
    free_from_holds(e, who);
    fray_set_status(e, who, FRAY_DEAD);
    fray_res_set(e, who, EN_R_ENERGY, 0);
    cr(e, who)->passed = 1;
}

void en_set_stamina(fray_encounter *e, int who, int v)
{
    /* #Stamina: "Negative Stamina does not exist." */
    if (v < 0)
        v = 0;
    int max = ccr(e, who)->d.stamina_max;
    if (v > max)
        v = max;
    fray_res_set(e, who, EN_R_STAMINA, v);
    /* "Dropping to 0 Stamina will immediately result in unconsciousness." */
    if (v == 0 && e->c[who].status == FRAY_ABLE)
        en_knock_out(e, who, EN_UNC_STAMINA);
}

void en_pay(fray_encounter *e, int who, int cost, int arg)
{
    en_creature *c = cr(e, who);
    if ((arg & EN_ARG_STAMINA) && cost > 0 && !c->stamina_as_energy) {
        c->stamina_as_energy = 1;
        cost--;
        en_set_stamina(e, who, fray_res(e, who, EN_R_STAMINA) - 1);
    }
    int en = fray_res(e, who, EN_R_ENERGY) - cost;
    fray_res_set(e, who, EN_R_ENERGY, en < 0 ? 0 : en);
}

/* A non-movement action spent `energy`: #Actions, Agile Move: "Once per
 * Energy you spend on a non-movement action, you may also move one meter". */
void en_acted(fray_encounter *e, int who, int energy)
{
    en_creature *c = cr(e, who);
    c->acted = 1;
    c->agile_credit += energy;
    c->last_move = 0;
    c->last_move_cm = 0;
    c->last_sprint_cm = 0;
}

static void death_roll(fray_encounter *e, int who)
{
    /* #Death Roll */
    int r = fray_die_by(&e->dice, who, 20, "Death roll, 1d20");
    if (dice_out(e))
        return;
    int eff = en_death_roll_effect(r);
    static const char *const outcome[] = {"scratch", "exhausted", "major injury", "bleeding",
                                          "unconscious", "dead"};
    if (eff == EN_DR_EXHAUSTED_ROUND)
        en_give(e, who, EN_C_EXHAUSTED, FRAY_EXP_ROUND_END, e->round + 1);
    /* 2-4: "You suffer the effects of rolling a 5-9. You also fall
     * unconscious."; 5-9: "You suffer the effects of rolling a 10-14." */
    if (eff == EN_DR_UNCONSCIOUS)
        en_knock_out(e, who, EN_UNC_DEATH);
    if (eff == EN_DR_UNCONSCIOUS || eff == EN_DR_BLEED) {
        fray_cond_remove(e, who, EN_C_STABILIZED);
        en_give(e, who, EN_C_BLEEDING, FRAY_EXP_NEVER, 0);
    }
    if (eff >= EN_DR_EXHAUSTED_REST && eff <= EN_DR_UNCONSCIOUS)
        en_give(e, who, EN_C_EXHAUSTED, FRAY_EXP_REST, 0);
    if (eff == EN_DR_DIE)
        kill(e, who);
    fray_emit(e, &(fray_event){.kind = "death roll", .actor = who, .target = -1, .outcome = outcome[eff],
                                .value = r, .has_value = 1, .rule = RULE("Death Roll")});
}

void en_make_death_save(fray_encounter *e, int who)
{
    en_creature *c = cr(e, who);
    /* #Death Save: "You only ever make one Death Save per Round" */
    if (c->saved)
        return;
    c->saved = 1;
    int r = fray_die_by(&e->dice, who, 20, "Death Save, 1d20");
    if (dice_out(e))
        return;
    int eff = en_death_save_effect(r);
    static const char *const outcome[] = {"stabilized", "bleeding", "unconscious", "dead"};
    switch (eff) {
    case EN_DS_STABILIZED:
        fray_cond_remove(e, who, EN_C_BLEEDING);
        en_give(e, who, EN_C_STABILIZED, FRAY_EXP_NEVER, 0);
        break;
    case EN_DS_UNCONSCIOUS:
        if (!fray_has(e, who, EN_C_UNCONSCIOUS))
            en_knock_out(e, who, EN_UNC_DEATH);
        break;
    case EN_DS_DIE:
        kill(e, who);
        break;
    default:
        break;
    }
    fray_emit(e, &(fray_event){.kind = "death save", .actor = who, .target = -1, .outcome = outcome[eff],
                                .value = r, .has_value = 1, .rule = RULE("Death Save")});
}

/* Damage of one attack, after armour; multipliers, Aura, then the body.
 * nl_source: EN_NL_* when the attacker tries for Non-Lethal damage, -1 not,
 * -2 for an Unarmed attack (Non-Lethal without a roll). */
void en_deal(fray_encounter *e, int src, int who, int base, int dtype, int halves, int nl_source,
                 int trades)
{
    const en_creature *t = ccr(e, who);
    int bit = dtype >= 0 ? 1 << dtype : 0;
    int dmg = en_damage_multiply(base, (t->weak & bit) != 0, (t->resist & bit) != 0, 0, halves);
    int aura = fray_res(e, who, EN_R_AURA);
    if (dmg <= 0) {
        fray_emit(e, &(fray_event){.kind = "damage", .actor = src, .target = who, .outcome = "none",
                                    .value = 0, .has_value = 1, .rule = RULE("Weaknesses and Resistances")});
        return;
    }
    if (src >= 0)
        e->c[src].dealt += dmg;
    e->c[who].taken += dmg;
    if (aura > 0) {
        /* #Aura: "Taking damage reduces the strength of your Aura" */
        fray_res_set(e, who, EN_R_AURA, aura > dmg ? aura - dmg : 0);
        fray_emit(e, &(fray_event){.kind = "damage", .actor = src, .target = who, .outcome = "aura",
                                    .value = dmg, .has_value = 1, .rule = RULE("Aura")});
        return;
    }
    /* #Death: "making a Death roll every time you are damaged with 0 Aura" */
    int nonlethal = 0;
    if (nl_source == -2) {
        nonlethal = 1; /* #Unarmed Attacks: "You may willingly deal Non-Lethal damage" */
    } else if (nl_source >= 0) {
        /* #Non-Lethal Damage: "Other attacks require a Chance roll" */
        int r = fray_die(&e->dice, 20, "Chance roll (Non-Lethal), 1d20");
        if (dice_out(e))
            return;
        nonlethal = r >= en_nonlethal_min(nl_source, trades);
        fray_emit(e, &(fray_event){.kind = "chance roll", .actor = src, .target = who,
                                    .outcome = nonlethal ? "non-lethal" : "lethal", .value = r,
                                    .has_value = 1, .rule = RULE("Non-Lethal Damage")});
    }
    fray_emit(e, &(fray_event){.kind = "damage", .actor = src, .target = who,
                                .outcome = nonlethal ? "non-lethal" : "body", .value = dmg,
                                .has_value = 1, .rule = RULE("Death")});
    if (!nonlethal) {
        death_roll(e, who);
        return;
    }
    int opt = fray_opt(e, EN_O_NONLETHAL_EFFECT);
    /* "You are Exhausted ... until the end of the next Round." */
    if (opt != 2)
        en_give(e, who, EN_C_EXHAUSTED, FRAY_EXP_ROUND_END, e->round + 1);
    /* "they are Shaken until their next Short Rest and lose 5 Stamina" */
    if (opt != 1) {
        en_give(e, who, EN_C_SHAKEN, FRAY_EXP_REST, 0);
        int s = fray_res(e, who, EN_R_STAMINA) - 5;
        if (s <= 0 && e->c[who].status == FRAY_ABLE) {
            fray_res_set(e, who, EN_R_STAMINA, 0);
            en_knock_out(e, who, EN_UNC_NONLETHAL);
        } else {
            en_set_stamina(e, who, s);
        }
    }
    fray_emit(e, &(fray_event){.kind = "non-lethal", .actor = src, .target = who, .outcome = "winded",
                                .rule = RULE("Non-Lethal Damage")});
}

/* ---- Geometry ---- */



