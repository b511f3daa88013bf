/* rounds.c: #Rounds without turns: who acts next (#Action Order &
 * Initiative), passing, the start of combat (#Surprise) and of each Round
 * (Energy, Agility, expiry), its end. */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* ---- Rounds and the scheduler ---- */

static int eligible(const fray_encounter *e, int i)
{
    const en_creature *c = ccr(e, i);
    return fray_able(e, i) && !c->passed && (fray_res(e, i, EN_R_ENERGY) > 0 || can_pay_arg(e, i, 1) >= 0);
}

/* The creature just attacked answers first; otherwise the one with the most
 * Energy left; ties by file order. */
__attribute__((flatten)) int en_next_actor(fray_encounter *e)
{
    en_state *s = st(e);
    if (s->respond >= 0 && eligible(e, s->respond))
        return s->respond;
    s->respond = -1;
    int best = -1;
    for (int i = 0; i < e->n; i++)
        if (eligible(e, i) && (best < 0 || fray_res(e, i, EN_R_ENERGY) > fray_res(e, best, EN_R_ENERGY)))
            best = i;
    return best;
}

/* act_order: en_next_actor's choice repeated: the creature answering an
 * attack, then the eligible by Energy left (ties in file order), then those
 * who wait or cannot act. */
void en_act_order(const fray_encounter *e, int *order)
{
    int respond = ((const en_state *)e->state)->respond, k = 0;
    if (respond >= 0 && eligible(e, respond))
        order[k++] = respond;
    int first = k;
    for (int i = 0; i < e->n; i++) {
        if ((first && i == respond) || !eligible(e, i))
            continue;
        int at = k++;
        while (at > first && fray_res(e, order[at - 1], EN_R_ENERGY) < fray_res(e, i, EN_R_ENERGY)) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = i;
    }
    for (int i = 0; i < e->n; i++)
        if (!eligible(e, i))
            order[k++] = i;
}

void en_pass(fray_encounter *e, int who, int window)
{
    if (window != FRAY_WIN_ACT)
        return;
    cr(e, who)->passed = 1;
    if (st(e)->respond == who)
        st(e)->respond = -1;
}

/* One creature enters the combat: conditions it starts with, surprise. */
void en_enter_combat(fray_encounter *e, int i)
{
    en_creature *c = cr(e, i);
    for (int k = 0; k < EN_NCOND; k++)
        if (c->start_conds & (1 << k)) {
            en_give(e, i, k, FRAY_EXP_NEVER, 0);
            if (k == EN_C_UNCONSCIOUS) {
                c->unc_cause = EN_UNC_NONLETHAL;
                fray_set_status(e, i, FRAY_DOWN);
            }
        }
    /* #Surprise: "the surprised party is Surprised until the end of the
     * first Round of combat" */
    if (c->surprised)
        en_give(e, i, EN_C_SURPRISED, FRAY_EXP_ROUND_END, 1);
    if (fray_res(e, i, EN_R_STAMINA) == 0)
        en_knock_out(e, i, EN_UNC_STAMINA);
    fray_flush(e, i, RULE("Surprise"));
}

void en_start_combat(fray_encounter *e)
{
    for (int i = 0; i < e->n; i++)
        en_enter_combat(e, i);
}

__attribute__((flatten)) void en_start_round(fray_encounter *e)
{
    st(e)->respond = -1;
    st(e)->depth = 0;
    for (int i = 0; i < e->n; i++) {
        en_creature *c = cr(e, i);
        c->passed = c->stamina_as_energy = c->init_rolled = c->swift_used = 0;
        c->agile_credit = c->moved_cm = c->sprinted = c->acted = c->saved = 0;
        c->last_move = c->last_move_cm = c->last_sprint_cm = c->init_value = 0;
        c->first_def_adv = 0;
        if (e->c[i].status == FRAY_DEAD)
            continue;
        if (fray_has(e, i, EN_C_UNCONSCIOUS) && c->unc_cause != EN_UNC_DEATH) {
            /* #Unconsciousness: "You roll a 1d20 each Round until you get a
             * 20, in which case you wake up, regaining 1 Stamina if you were
             * at 0." */
            int r = fray_die_by(&e->dice, i, 20, "Waking roll, 1d20");
            if (dice_out(e))
                return;
            if (r == 20) {
                fray_cond_remove(e, i, EN_C_UNCONSCIOUS);
                if (fray_res(e, i, EN_R_STAMINA) == 0)
                    fray_res_set(e, i, EN_R_STAMINA, 1);
                fray_set_status(e, i, FRAY_ABLE);
                c->unc_cause = EN_UNC_NONE;
            }
            fray_emit(e, &(fray_event){.kind = "waking roll", .actor = i, .target = -1,
                                        .outcome = r == 20 ? "awake" : "asleep", .value = r,
                                        .has_value = 1, .rule = RULE("Unconsciousness")});
        }
        /* #Death Roll: "a Death Save at the beginning of every Round until you
         * are Stabilized" */
        if (fray_has(e, i, EN_C_BLEEDING))
            en_make_death_save(e, i);
        if (e->c[i].status == FRAY_ABLE) {
            /* #Rounds: "Your Energy is reset based on your Stamina"; "Your
             * Agility is reset" */
            fray_res_set(e, i, EN_R_ENERGY,
                         en_energy_per_round(fray_res(e, i, EN_R_STAMINA), fray_has(e, i, EN_C_EXHAUSTED)));
            fray_res_set(e, i, EN_R_AGILITY, c->d.agility_max);
        }
        fray_flush(e, i, RULE("Rounds"));
    }
}

void en_end_round(fray_encounter *e)
{
    /* Waiting to Act: the Round ends when nobody can or will act. Expiry of
     * "until the end of the Round" conditions is the engine's. */
    st(e)->respond = -1;
}

