/* initiative.c: #The Initiative Structure, #Combat Overview (surprise,
 * rounds) and #Saving Your Turn, on the core's turn scheduler. */
#include <stdio.h>

#include "contest.h"

/* #The Initiative Structure: "each player character rolls 1d6 + their
 * Initiative. Non-player characters ... roll 1d6 + PER." */
static int init_bonus(const fray_encounter *e, int who)
{
    const ct_creature *c = ct_cc(e, who);
    return c->pc ? c->initiative : c->attr[CT_PER];
}

static void roll_initiative(fray_encounter *e, int who)
{
    int d = fray_die_by(&e->dice, who, 6, "Initiative, 1d6");
    fray_res_set(e, who, CT_R_INIT, d + init_bonus(e, who));
}

/* #Combat Overview, Determine Surprise: "make a Stealth vs Observation
 * contest. Observing characters are surprised if the fail the contest,
 * losing their first turn". The sneaking party is read as its weakest
 * Stealth (the ambusher with the lowest rating), one contest per
 * observer; a contest is won as a Combat Roll is (ties to the observer). */
static void determine_surprise(fray_encounter *e)
{
    int sneak = -1, best = 1 << 20;
    for (int i = 0; i < e->n; i++) {
        if (!ct_cc(e, i)->ambush)
            continue;
        ct_test t = {0};
        ct_skill_test(e, i, CT_SK_STEALTH, &t);
        if (t.rating < best)
            best = t.rating, sneak = i;
    }
    if (sneak < 0)
        return;
    for (int o = 0; o < e->n; o++) {
        if (!ct_foes(e, o, sneak) || ct_cc(e, o)->ambush || !fray_able(e, o))
            continue;
        ct_test st = {0}, ob = {0};
        ct_skill_test(e, sneak, CT_SK_STEALTH, &st);
        ct_state_boons(e, sneak, 0, &st);
        int was = fray_dice_by(&e->dice, sneak);
        ct_roll rs = ct_test_roll(e, &st, "Stealth test");
        ct_skill_test(e, o, CT_SK_OBSERVATION, &ob);
        ct_state_boons(e, o, 0, &ob);
        e->dice.roller = o;
        ct_roll ro = ct_test_roll(e, &ob, "Observation test");
        e->dice.roller = was;
        int surprised = rs.pass && (!ro.pass || rs.successes > ro.successes);
        if (surprised) {
            fray_turns_skip(e, o, 1);
            fray_cond_add(e, o, CT_C_SURPRISED, -1, FRAY_EXP_ROUND_END, 1);
        }
        fray_emit(e, &(fray_event){.kind = "surprise", .actor = sneak, .target = o,
                                    .outcome = surprised ? "surprised" : "aware",
                                    .rule = CT_RULE("Combat Overview")});
    }
}

void ct_start_combat(fray_encounter *e)
{
    determine_surprise(e);
    for (int i = 0; i < e->n; i++)
        roll_initiative(e, i);
    fray_turns_order(e);
    fray_flush(e, -1, CT_RULE("The Initiative Structure"));
}

void ct_join(fray_encounter *e, int who) { roll_initiative(e, who); }

void ct_start_round(fray_encounter *e)
{
    ct_state *s = (ct_state *)e->state;
    s->saved = 0;
}

void ct_end_round(fray_encounter *e) { (void)e; }

/* #Combat Overview: "each character has 3 AP and can only take an action
 * with the Attack trait twice per round"; #Free Actions: one a round;
 * #The Initiative Structure: free movement up to speed on its turn. */
static int counter_size(const fray_encounter *e, int who, int res)
{
    switch (res) {
    case CT_R_AP: return fray_opt(e, CT_OPT_AP_ROUND);
    case CT_R_ATTACKS: return fray_opt(e, CT_OPT_ATTACKS);
    case CT_R_MOVE: return ct_cc(e, who)->speed * 100;
    default: return 1;
    }
}

static const fray_counter_info counters[] = {
    {CT_R_AP, FRAY_REFILL_ROUND, -1},
    {CT_R_ATTACKS, FRAY_REFILL_ROUND, -1},
    {CT_R_FREE, FRAY_REFILL_ROUND, 1},
    {CT_R_MOVE, FRAY_REFILL_TURN, -1},
};

static void turn_start(fray_encounter *e, int who)
{
    ct_state *s = (ct_state *)e->state;
    s->acted &= ~(1u << who);
}

static int turn_over(const fray_encounter *e, int who)
{
    return fray_res(e, who, CT_R_AP) <= 0 && fray_res(e, who, CT_R_MOVE) <= 0;
}

const fray_turn_rules ct_turns = {
    .order = FRAY_ORDER_FIXED,
    .score_res = CT_R_INIT,
    .tie_purpose = "Initiative tie, 1dN",
    .rule = CT_RULE("The Initiative Structure"),
    .start_detail = "initiative",
    .end_res = CT_R_AP,
    .end_detail = "AP left",
    .end_rule = CT_RULE("Actions in Combat"),
    .counters = counters,
    .ncounters = 4,
    .counter_size = counter_size,
    .tie = init_bonus,
    .turn_start = turn_start,
    .turn_over = turn_over,
};
