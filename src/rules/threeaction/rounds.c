/* rounds.c: #Parts of a Round: initiative (#Round), the turn with its three
 * Actions and one Reaction (#Turn, #Reaction), creatures unaware of the
 * combat, and what happens at a turn's start (#Bleeding "before any other
 * continuous Effects", #On fire, #Poisoned) and end (#Flying without an
 * Action to fly, #Suffocating, #Hidden without concealment). */
#include <stdio.h>

#include "threeaction.h"

#define R(h) TA_RULE(h)

/* #Round: "The Turn order is Determined by rolling Initiative": a d20 plus
 * DEX (and Level with option initiative_level; the roll itself is in
 * another chapter). Ties: "order is Determined at random", the core's die
 * per tie. */
static void roll_initiative(fray_encounter *e, int who)
{
    const ta_creature *c = ta_ccr(e, who);
    int v = fray_die_by(&e->dice, who, 20, "Initiative, 1d20") + c->dex;
    fray_mod(e, "DEX", c->dex);
    if (fray_opt(e, TA_OPT_INITIATIVE_LEVEL)) {
        v += c->level;
        fray_mod(e, "Level", c->level);
    }
    fray_res_set(e, who, TA_R_INIT, v);
    fray_emit(e, &(fray_event){.kind = "initiative", .actor = who, .target = -1, .value = v,
                                .has_value = 1, .rule = R("Round")});
}

void ta_start_combat(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++)
        roll_initiative(e, i);
    fray_turns_order(e);
    /* "Creatures that are completely unaware of combat ... do not act in the
     * first Round of combat." */
    for (int i = 0; i < e->n; i++)
        if (ta_ccr(e, i)->unaware)
            fray_turns_skip(e, i, 1);
    fray_flush(e, -1, R("Parts of a Round"));
}

void ta_join(fray_encounter *e, int who) { roll_initiative(e, who); }
void ta_start_round(fray_encounter *e) { (void)e; }
void ta_end_round(fray_encounter *e) { (void)e; }

/* #Poisoned: the highest level applies, 1 die (option poison_die) per level. */
static void poison(fray_encounter *e, int who)
{
    int level = fray_cond_value(e, who, TA_C_POISONED), dmg = 0;
    for (int i = 0; i < level; i++)
        dmg += fray_die(&e->dice, fray_opt(e, TA_OPT_POISON_DIE), "Poison Damage, 1 die per level");
    ta_damage(e, who, dmg, -1, "Poison Damage", R("Poisoned"));
}

/* The continuous effects at a turn's start, Bleeding first. */
static void turn_effects(fray_encounter *e, int who)
{
    if (fray_has(e, who, TA_C_BLEEDING))
        ta_bleed(e, who);
    if (e->c[who].status != FRAY_DEAD && fray_has(e, who, TA_C_ON_FIRE)) {
        int dmg = fray_die(&e->dice, 6, "Fire Damage, 2d6") + fray_die(&e->dice, 6, "Fire Damage, 2d6");
        ta_damage(e, who, dmg, -1, "Fire Damage", R("On fire"));
    }
    if (e->c[who].status != FRAY_DEAD && fray_has(e, who, TA_C_POISONED))
        poison(e, who);
}

static void turn_start(fray_encounter *e, int who)
{
    ta_creature *c = ta_cr(e, who);
    int phase = fray_turns_phase(e);
    c->flew = 0;
    c->acted = 0;
    c->controlled = 0;
    /* #Dodge: "the next Attack against you", with no time limit: it lasts
     * until an Attack uses it (option dodge_until_turn: until this turn) */
    if (fray_opt(e, TA_OPT_DODGE_UNTIL_TURN))
        fray_cond_remove(e, who, TA_C_DODGING);
    if (phase != FRAY_TURN_ENTER) {
        turn_effects(e, who);
        if (e->map) /* currents, drifting in Zero-G (terrain.c) */
            ta_terrain_turn_start(e, who);
    }
    fray_flush(e, who, R("Turn"));
}

/* #Suffocating: "hold your breath a number of Rounds equal to your STR. At
 * the end of this time you drop to 0 HP and become Incapacitated. At the
 * end of your next Turn if you still have not gotten a chance to breathe
 * you die." (At least one round: a STR below 1 holds it one.) */
static void suffocate(fray_encounter *e, int who)
{
    ta_creature *c = ta_cr(e, who);
    if (!fray_has(e, who, TA_C_SUFFOCATING)) {
        c->breath = 0;
        return;
    }
    int hold = c->str < 1 ? 1 : c->str;
    c->breath++;
    if (c->breath == hold + 1 && e->c[who].res[TA_R_HP] > 0)
        ta_damage(e, who, e->c[who].res[TA_R_HP], -1, "Suffocation", R("Suffocating"));
    else if (c->breath > hold + 1)
        fray_set_status(e, who, FRAY_DEAD);
    fray_flush(e, who, R("Suffocating"));
}

static void turn_end(fray_encounter *e, int who)
{
    ta_creature *c = ta_cr(e, who);
    /* #Flying: "If you do not spend an Action on your Turn to fly you fall
     * as normal" (Improved Flight hovers) */
    if (c->flight == 1 && c->altitude > 0 && !c->flew && e->c[who].status != FRAY_DEAD)
        ta_fall(e, who, c->altitude / TA_FT, 0);
    /* #Hidden: "If the Hidden Creature ends their Turn without concealment" */
    if (fray_has(e, who, TA_C_HIDDEN) && !fray_has(e, who, TA_C_INVISIBLE) &&
        !(e->map && ta_terrain_hides(e, who))) {
        fray_cond_remove(e, who, TA_C_UNDETECTED);
        fray_cond_remove(e, who, TA_C_HIDDEN);
        fray_flush(e, who, R("Hidden"));
    }
    if (e->map) /* deep water: tread water or go under (terrain.c) */
        ta_terrain_turn_end(e, who);
    suffocate(e, who);
}

/* #Turn: three Actions; #Reaction: one (more from the sheet's Feats);
 * #Slowed "one less Action and one less Reaction per Turn", #Incapacitated
 * "2 less Actions and 2 less Reactions per Turn", both "to a minimum of 0".
 * A creature's allowance of res (TA_R_ACTIONS or TA_R_REACTIONS) in a turn,
 * its own or one it is Commanded in. */
int ta_turn_allowance(const fray_encounter *e, int who, int res)
{
    const ta_creature *c = ta_ccr(e, who);
    int less = (fray_has(e, who, TA_C_SLOWED) ? 1 : 0) + (fray_has(e, who, TA_C_INCAPACITATED) ? 2 : 0);
    int n = (res == TA_R_ACTIONS ? 3 : c->reactions) - less;
    return n < 0 ? 0 : n;
}

/* A creature under another's Control (#Command) acts only when Commanded. */
static int counter_size(const fray_encounter *e, int who, int res)
{
    if (res == TA_R_ACTIONS && ta_ccr(e, who)->commander >= 0)
        return 0;
    return ta_turn_allowance(e, who, res);
}

/* #Incapacitated: "An Incapacitated Creature gets 2 less Actions ... per
 * Turn to a minimum of 0 (usually 1 Action and 0 Reactions)": down (out of
 * the fight for victory) but, not Unconscious, it acts in its turn with
 * what is left (option incapacitated_acts 0: its turn has only its
 * Bleeding). */
static int down_acts(const fray_encounter *e, int who)
{
    return fray_opt(e, TA_OPT_INCAPACITATED_ACTS) && e->c[who].status == FRAY_DOWN &&
           fray_has(e, who, TA_C_INCAPACITATED) && !(fray_cflags(e, who) & FRAY_CF_NO_ACTIONS);
}

int ta_acting(const fray_encounter *e, int who) { return fray_able(e, who) || down_acts(e, who); }

static int turn_over(const fray_encounter *e, int who)
{
    return e->c[who].res[TA_R_ACTIONS] <= 0 || (fray_cflags(e, who) & FRAY_CF_NO_ACTIONS);
}

static const fray_counter_info counters[] = {{TA_R_ACTIONS, FRAY_REFILL_TURN, -1},
                                             {TA_R_REACTIONS, FRAY_REFILL_TURN, -1}};

const fray_turn_rules ta_turns = {
    .order = FRAY_ORDER_FIXED,
    .score_res = TA_R_INIT,
    .tie_purpose = "Initiative tie, 1dN",
    .rule = R("Turn"),
    .start_detail = "initiative",
    .end_res = TA_R_ACTIONS,
    .end_detail = "Actions left",
    .end_rule = R("Turn"),
    .down_takes_turn = 1,
    .counters = counters,
    .ncounters = 2,
    .counter_size = counter_size,
    .turn_start = turn_start,
    .turn_end = turn_end,
    .turn_over = turn_over,
    .down_acts = down_acts,
};

int ta_describe(const fray_encounter *e, int who, char *buf, size_t len)
{
    const ta_creature *c = ta_ccr(e, who);
    const int *r = e->c[who].res;
    if (c->energy_max)
        return snprintf(buf, len, "HP %d/%d, Energy %d/%d, Bleed Penalty %d", r[TA_R_HP], c->hp_max,
                        r[TA_R_ENERGY], c->energy_max, r[TA_R_BLEED]);
    return snprintf(buf, len, "HP %d/%d, Bleed Penalty %d", r[TA_R_HP], c->hp_max, r[TA_R_BLEED]);
}
