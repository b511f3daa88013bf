/* reactions.c: #Reactions, #Parry and #Reactive Attack of
 * 001_7bb09e523b7677c3.txt. "Reactions occur after their trigger starts,
 * but before the trigger's effects are resolved. You can perform only one
 * reaction against a single trigger." */
#include "injury.h"

int in_provoke(fray_encounter *e, const fray_action *a, uint32_t who)
{
    in_state *s = IN_ST(e);
    uint32_t old = s->provoked, reacted = s->reacted;
    s->provoked = who;
    s->reacted = 0;
    int n = fray_offer_some(e, FRAY_WIN_DECLARED, a, who);
    s->provoked = old;
    s->reacted = reacted;
    return n;
}

static void use_reaction(fray_encounter *e, int who)
{
    fray_res_set(e, who, IN_R_REACT, fray_res(e, who, IN_R_REACT) - 1);
    IN_ST(e)->reacted |= 1u << who;
}

/* #Parry: "you may spend 1 Stamina to attempt to parry the attack by making
 * an attack roll of your own with all of your usual modifiers. If your
 * result is higher than your opponent's, their attack is reduced by 1
 * degree ... For every degree of success your parry attack roll has over
 * your opponent's attack roll result, reduce their attack is reduced by
 * another degree." */
void in_parry(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, att = a->target;
    const in_creature *c = IN_CCR(e, who);
    const in_weapon *w = &c->w[a->arg & 15];
    int against = e->check ? e->check->total : 0;
    use_reaction(e, who);
    in_spend_stamina(e, who, 1);
    fray_check p;
    fray_check_start(&p, against + 1);
    fray_check_mod(e, &p, "martial bonus", c->mb);
    fray_check_mod(e, &p, "attack attribute", in_attack_bonus(e, who, w, 0) - c->mb);
    fray_check_mod(e, &p, "size", in_size_attack(IN_CCR(e, att)->size - c->size));
    fray_check_adv(&p, in_adv(e, who, att, w, 0, 1));
    in_roll_adv(e, &p, "Parry roll, 1d20");
    fray_check_settle(&p, fray_opt(e, IN_OPT_DEGREE_STEP));
    int cut = p.success ? 1 + p.degrees : 0;
    IN_ST(e)->parry_cut += cut;
    fray_emit(e, &(fray_event){.kind = "parry", .actor = who, .target = att,
                                .outcome = cut ? "parried" : "failed", .value = cut,
                                .has_value = 1, .detail = "degrees taken off the attack",
                                .rule = IN_RULE("Parry")});
}

/* #Reactive Attack: "spend a reaction to perform an attack action against
 * an opponent that commits an action that provokes you." */
void in_reactive(fray_encounter *e, const fray_action *a)
{
    use_reaction(e, a->actor);
    in_attack(e, a, a->target, &(in_attack_opts){.weapon = a->arg & 15, .cleaving = 1});
}
