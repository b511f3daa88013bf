/* rounds.c: #Initiative and #Rounds and Actions of 001_7bb09e523b7677c3.txt
 * on the core's turn scheduler: 1d20 initiative, Dexterity when both sides
 * are ready, Stealth against Perception in an ambush, off-guard until the
 * first turn; 3 AP and the reactions each turn; bleed and waking at a
 * turn's start. */
#include <stdio.h>

#include "injury.h"

int in_tie(const fray_encounter *e, int who) { return IN_CCR(e, who)->attr[IN_DEX]; }

int in_counter_size(const fray_encounter *e, int who, int res)
{
    return res == IN_R_REACT ? IN_CCR(e, who)->reactions : 0;
}

static void roll_initiative(fray_encounter *e, int who)
{
    int ambush = fray_opt(e, IN_OPT_AMBUSH_SIDE);
    const in_fx *fx = &IN_CCR(e, who)->fx;
    fray_check c;
    fray_check_start(&c, 0);
    const char *detail = "1d20 + Dexterity (both sides ready)";
    if (!ambush) {
        /* "everyone involved adds their Dexterity modifier to their result" */
        fray_check_mod(e, &c, "Dexterity", IN_CCR(e, who)->attr[IN_DEX]);
    } else if (e->c[who].side == ambush - 1) {
        /* "the hiding combatants roll Stealth checks as their initiative" */
        fray_check_mod(e, &c, "Stealth", in_skill_mod(e, who, IN_SK_STEALTH));
        detail = "Stealth check (hiding)";
    } else {
        fray_check_mod(e, &c, "Perception", in_skill_mod(e, who, IN_SK_PERCEPTION));
        fray_check_adv(&c, -fx->skill_dis[IN_SK_PERCEPTION]);
        detail = "Perception check (unaware)";
    }
    fray_check_adv(&c, -fx->d20_dis);
    int was = fray_dice_by(&e->dice, who);
    in_roll_adv(e, &c, "Initiative, 1d20");
    e->dice.roller = was;
    fray_check_settle(&c, 0);
    fray_res_set(e, who, IN_R_INIT, c.total);
    /* "Until a combatant makes their first turn, they are off-guard and
     * cannot make any reactions." */
    fray_cond_add(e, who, IN_C_OFFGUARD, -1, FRAY_EXP_NEVER, 0);
    fray_emit(e, &(fray_event){.kind = "initiative", .actor = who, .target = -1, .value = c.total,
                                .has_value = 1, .detail = detail, .rule = IN_RULE("Initiative")});
}

void in_start_combat(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++)
        if (!e->c[i].gone)
            roll_initiative(e, i);
    fray_turns_order(e);
}

void in_start_round(fray_encounter *e) { (void)e; }
void in_end_round(fray_encounter *e) { (void)e; }

static void wake_check(fray_encounter *e, int who)
{
    in_creature *c = IN_CR(e, who);
    /* #Head 3rd injury: "you make DC 30 Constitution checks at the start of
     * your turn every following round to wake up" */
    int ok = in_con_check(e, who, 30, "Constitution check to wake up, DC 30, 1d20");
    fray_emit(e, &(fray_event){.kind = "wake", .actor = who, .target = -1,
                                .outcome = ok ? "wakes" : "stays unconscious",
                                .rule = IN_RULE("Head")});
    if (ok) {
        c->wake = 0;
        fray_cond_remove(e, who, IN_C_UNCONSCIOUS);
        if (fray_res(e, who, IN_R_EXH) <= 0)
            fray_res_set(e, who, IN_R_EXH, 1);
        fray_set_status(e, who, FRAY_ABLE);
        fray_flush(e, who, IN_RULE("Head"));
    }
}

void in_turn_start(fray_encounter *e, int who)
{
    if (fray_turns_phase(e) == FRAY_TURN_ENTER)
        return;
    in_creature *c = IN_CR(e, who);
    fray_cond_remove(e, who, IN_C_OFFGUARD);
    c->no_attack = 0;
    c->free_used = 0;
    int bleed = fray_res(e, who, IN_R_BLEED);
    if (bleed > 0 && e->c[who].status != FRAY_DEAD) {
        int was_down = fray_has(e, who, IN_C_UNCONSCIOUS);
        in_stamina_damage(e, who, bleed);
        fray_emit(e, &(fray_event){.kind = "bleed", .actor = who, .target = -1, .value = bleed,
                                    .has_value = 1, .rule = IN_RULE("Stamina and Exhaustion")});
        if (was_down)
            in_unconscious_save(e, who);
    }
    if (fray_has(e, who, IN_C_UNCONSCIOUS) && c->wake && !fray_has(e, who, IN_C_COMA) &&
        e->c[who].status == FRAY_DOWN)
        wake_check(e, who);
    /* dazed (the text's Conditions are elsewhere): one AP less this turn */
    if (fray_has(e, who, IN_C_DAZED))
        fray_res_set(e, who, IN_R_AP, 2);
}

void in_turn_end(fray_encounter *e, int who)
{
    in_creature *c = IN_CR(e, who);
    for (int i = 0; i < c->nweapon; i++)
        if (c->w[i].fumbled)
            c->w[i].fumbled--;
    /* #Head 2nd injury: "you become permanently confused afterwards", when
     * the round of the stun or daze ends with this turn */
    if (c->confuse_round && e->round >= c->confuse_round) {
        c->confuse_round = 0;
        fray_cond_add(e, who, IN_C_CONFUSED, -1, FRAY_EXP_NEVER, 0);
        fray_flush(e, who, IN_RULE("Head"));
    }
    fray_res_set(e, who, IN_R_ATTACKS, 0);
}

int in_turn_over(const fray_encounter *e, int who)
{
    return fray_res(e, who, IN_R_AP) <= 0 || !fray_able(e, who) ||
           (fray_cflags(e, who) & FRAY_CF_NO_ACTIONS);
}

int in_describe(const fray_encounter *e, int who, char *buf, size_t len)
{
    const in_creature *c = IN_CCR(e, who);
    char parts[160] = "";
    size_t at = 0;
    for (int i = 0; i < c->npart && at < sizeof parts - 24; i++)
        if (c->part[i].inj)
            at += (size_t)snprintf(parts + at, sizeof parts - at, " %s%s%d", at ? "" : "",
                                   in_parts[c->part[i].type].name, c->part[i].inj);
    return snprintf(buf, len, "AP %d, Stamina %d/%d, Exhaustion %d/%d, Strain %d, injuries:%s",
                    fray_res(e, who, IN_R_AP), fray_res(e, who, IN_R_STAMINA), c->stamina_max,
                    fray_res(e, who, IN_R_EXH), c->exh_max, fray_res(e, who, IN_R_STRAIN),
                    at ? parts : " none");
}

/* The GM's word: damage is strain (Stamina, then Exhaustion); healing
 * gives Stamina back. */
void in_fiat(fray_encounter *e, int who, int amount, int heal)
{
    if (heal) {
        int st = fray_res(e, who, IN_R_STAMINA) + amount, max = IN_CCR(e, who)->stamina_max;
        fray_res_set(e, who, IN_R_STAMINA, st > max ? max : st);
        if (st > 0)
            fray_cond_remove(e, who, IN_C_EXHAUSTED);
    } else {
        in_strain(e, who, amount, -1);
    }
}
