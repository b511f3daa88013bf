/* combat.c: #Melee Attacks (the Combat roll against Evasion), #Unarmed
 * Attacks, #Swift Attacks, #Combat Maneuvers (Trip/Push Down, Disarm,
 * Restrain, Push) and #Ranged Attacks (the Hit roll against Miss Chance),
 * read from the creatures once (en_melee_plan_of, en_ranged_plan_of) for
 * both resolve and the exact odds of an action (action_odds.c). */
#include <stdio.h>
#include <string.h>

#include "rules.h"

/* ---- Resolution ---- */

void en_offer_triggered(fray_encounter *e, const fray_action *a)
{
    if (st(e)->depth != 0)
        return;
    /* Asked only when some able creature is a Swift Attack's target at
     * all, as en_may_answer asks: the one whose move this is (able or not:
     * a test that lets through what en_may_answer then refuses changes
     * nothing), or an Unguarded one. Most windows, after an attack on a
     * guarded foe, have none. */
    if (!is_move(a->kind)) {
        int marked = 0; /* & for &&: no branch on who is marked */
        for (int i = 0; i < e->n; i++)
            marked |= fray_able(e, i) & fray_has(e, i, EN_C_UNGUARDED);
        if (!marked)
            return;
    }
    /* Only a creature that may still make a Swift Attack this Round
     * (legal_swift) is asked: for the others the list would be empty, and
     * no Swift Attack made in the window gives one back. */
    uint32_t who = 0;
    for (int i = 0; i < e->n; i++)
        who |= (uint32_t)((i != a->actor) & fray_able(e, i) & !ccr(e, i)->swift_used) << i;
    if (who) /* may_answer named, as in attack() (actions.c) */
        fray_offer_may(e, en_may_answer, FRAY_WIN_TRIGGERED, a, who);
}



int en_fortitude_roll(fray_encounter *e, int who, int adv)
{
    /* #Fortitude: "Fortitude Roll = 1d10* + Fortitude", rolled by who (a
     * person playing it enters it in fray play) */
    int roller = e->dice.roller;
    e->dice.roller = who;
    int r = fray_die_explode(&e->dice, 10, adv, "Fortitude roll, 1d10 exploding");
    e->dice.roller = roller;
    return r + ccr(e, who)->d.fortitude;
}


static const char *attack_outcome(const en_attack_out *o)
{
    if (o->flags & EN_OUT_MISS)
        return "critical failure";
    if (o->flags & EN_OUT_CRIT)
        return "critical";
    return o->hit ? "hit" : "miss";
}

void en_melee_plan_of(fray_encounter *e, const fray_action *a, en_melee_plan *m)
{
    int who = a->actor, t = a->target, k = a->kind;
    const en_creature *c = ccr(e, who), *tc = ccr(e, t);
    *m = (en_melee_plan){.nl = -1};
    m->unarmed = k == EN_A_UNARMED || k == EN_A_RESTRAIN || k == EN_A_PUSH;
    m->maneuver = k == EN_A_TRIP || k == EN_A_DISARM || k == EN_A_RESTRAIN || k == EN_A_PUSH;
    const en_weapon *w = m->w = m->unarmed ? NULL : melee_weapon(c);
    int av = en_melee_av(c, w);
    fray_mod(e, "MASAB", c->d.masab);
    if (w && w->av_bonus)
        fray_mod(e, "Weapon Attack Bonus", w->av_bonus);
    if (w && !en_weapon_proficient(c, w))
        fray_mod(e, "not Proficient", -1);
    m->full_av = av;
    if (m->maneuver) {
        /* "You make a melee attack against an opponent with -5 AV" */
        av -= 5;
        fray_mod(e, "Combat Maneuver", -5);
        /* #Combat Maneuvers: "If you perform a Combat Maneuver which is not a
         * Swift Attack against a target that is not Exposed, you become
         * Unguarded and the target has Advantage on their first Defense roll" */
        m->unguards = !fray_has(e, t, EN_C_EXPOSED);
    }
    if (!m->maneuver && c->nonlethal) {
        m->nl = m->unarmed ? -2 : (w && (w->props & EN_W_BLUNT)) ? EN_NL_BLUNT_MELEE : EN_NL_OTHER_MELEE;
        if (m->nl != -2 && c->nl_trades) {
            m->trades = c->nl_trades;
            av -= 3 * m->trades;
            fray_mod(e, "Non-Lethal trade", -3 * m->trades);
        }
    }
    /* #Facing: "If you are attacked from where you are not facing, you have
     * Disadvantage on Evasion rolls and you use your Unarmed Evasion." */
    int behind = !fray_faces(e, t, e->c[who].x, e->c[who].y);
    en_melee_in *in = &m->in;
    in->defender = t;
    in->av = av;
    in->evasion = behind ? tc->d.unarmed_evasion : tc->d.evasion;
    fray_mod(e, behind ? "target Unarmed Evasion (attacked from behind)" : "target Evasion", in->evasion);
    in->coverage = tc->has_armour ? tc->armour.coverage : 0;
    in->ar = tc->has_armour ? tc->armour.ar : 0;
    in->damage = w ? &w->damage : NULL;
    /* #Unarmed Attacks: "Damage = MASAB (min 1)" */
    in->damage_bonus = w ? c->d.masdb : (c->d.masab < 1 ? 1 : c->d.masab);
    in->deals_damage = !m->maneuver;
    in->precise = w ? w->precise : 0;
    in->defend = fray_has(e, t, EN_C_DEFENDING);
    in->defense_adv = en_net_adv(tc->first_def_adv || m->unguards, behind || defense_dis(e, t, 1));
    in->attack_adv = en_net_adv(0, attack_dis(e, who));
    /* #Unconsciousness: "creatures may automatically hit you" */
    in->auto_hit = fray_has(e, t, EN_C_UNCONSCIOUS);
}

/* Melee Attack, Swift Attack, Unarmed Attack and the Combat Maneuvers.
 * Flattened, but never inlined: the attacks and the Swift Attacks then run
 * one copy of it, not two copies 60 KB each that evict each other from the
 * instruction cache (and a ranged attack, rare, one of its own). */
__attribute__((noinline, flatten)) void en_melee(fray_encounter *e, const fray_action *a, int cost)
{
    int who = a->actor, t = a->target;
    en_creature *c = cr(e, who);
    en_creature *tc = cr(e, t);
    int k = a->kind;
    int sprint_cm = c->last_sprint_cm; /* for a Push at the end of a Sprint */
    face(e, who, t);
    en_pay(e, who, cost, a->arg);
    en_acted(e, who, cost);
    if (k == EN_A_SWIFT)
        c->swift_used = 1;
    end_defending(e, who);

    en_melee_plan m;
    en_melee_plan_of(e, a, &m);
    const en_weapon *w = m.w;
    int unarmed = m.unarmed, maneuver = m.maneuver, full_av = m.full_av, nl = m.nl, trades = m.trades;
    int av = m.in.av;
    if (m.unguards)
        en_unguard(e, who);
    tc->first_def_adv = 0;
    en_melee_in in = m.in;
    en_attack_out o;
    en_melee_resolve(&in, &e->dice, &o);
    if (dice_out(e))
        return;
    /* #Combat Roll: Exposure "happens during the attack, not after" */
    if (o.flags & EN_OUT_SELF_EXPOSED)
        en_give(e, who, EN_C_EXPOSED, FRAY_EXP_ROUND_END, e->round + 1);
    if (o.flags & EN_OUT_CRIT)
        en_expose(e, t);
    fray_emit(e, &(fray_event){.kind = "attack", .actor = who, .target = t, .action = en_actions[k].name,
                                .outcome = attack_outcome(&o), .value = av, .has_value = 1,
                                .detail = o.armour ? "armour" : NULL,
                                .rule = maneuver ? RULE("Combat Maneuvers")
                                        : unarmed ? RULE("Unarmed Attacks")
                                                  : RULE("Combat Roll")});
    st(e)->respond = t;
    if (!o.hit)
        return;
    if (!maneuver) {
        /* #Martial Proficiency Level: "you deal half damage with the weapon" */
        int halves = w && !en_weapon_proficient(c, w);
        en_deal(e, who, t, o.damage, w ? w->dtype : EN_DMG_BLUDGEONING, halves, nl, trades);
        return;
    }
    if (k == EN_A_RESTRAIN) {
        /* "If the attack hits, then the target is Held and you are Holding them" */
        fray_link(e, EN_LINK_HOLD, who, t);
        en_give(e, t, EN_C_RESTRAINED, FRAY_EXP_NEVER, 0);
        en_give(e, who, EN_C_RESTRAINING, FRAY_EXP_NEVER, 0);
        fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = t, .action = "Restrain",
                                    .outcome = "restrained", .rule = RULE("Restrain")});
        return;
    }
    /* "the target makes a Fortitude roll which must be higher than your AV
     * (without the -5) to succeed"; a Defending target wins the tie. Trip:
     * "If the target is moving during the attack, it has a Disadvantage". */
    int moving = k == EN_A_TRIP && tc->last_move;
    int fr = en_fortitude_roll(e, t, en_net_adv(0, moving || defense_dis(e, t, 0)));
    if (dice_out(e))
        return;
    int resisted = fr > full_av || (fr == full_av && fray_has(e, t, EN_C_DEFENDING));
    const char *outcome = resisted ? "resisted" : "failed";
    if (k == EN_A_TRIP) {
        if (!resisted)
            en_give(e, t, EN_C_PRONE, FRAY_EXP_NEVER, 0);
        fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = t, .action = "Trip",
                                    .outcome = outcome, .value = fr, .has_value = 1,
                                    .rule = RULE("Trip/Push Down")});
    } else if (k == EN_A_DISARM) {
        if (!resisted && tc->wielded >= 0) {
            const en_weapon *tw = hand(tc);
            tc->dropped = tc->wielded;
            tc->drop_x = e->c[t].x;
            tc->drop_y = e->c[t].y;
            tc->wielded = -1;
            en_derive(tc);
            /* "If the weapon is not Heavy, you may also spend 1 Agility to
             * fling the weapon up to 2m away from the target." */
            if (!(tw->props & EN_W_HEAVY) && fray_res(e, who, EN_R_AGILITY) >= 1 && agility_ok(conds(e, who))) {
                fray_res_set(e, who, EN_R_AGILITY, fray_res(e, who, EN_R_AGILITY) - 1);
                fray_step_towards(e->c[t].x, e->c[t].y, e->c[who].x, e->c[who].y, 200, 1, &tc->drop_x, &tc->drop_y);
                outcome = "flung";
            } else {
                outcome = "dropped";
            }
        }
        fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = t, .action = "Disarm",
                                    .outcome = outcome, .value = fr, .has_value = 1, .rule = RULE("Disarm")});
    } else { /* Push */
        if (resisted) {
            /* "If the target succeeds on their Fortitude roll, you become Unguarded." */
            en_unguard(e, who);
        } else {
            /* "the target is Unguarded and pushed 1 meter"; after a Sprint
             * from at least 3 m away, "up to 3m" */
            int dist = sprint_cm >= 300 ? 300 : 100;
            int x, y;
            fray_step_towards(e->c[t].x, e->c[t].y, e->c[who].x, e->c[who].y, dist, 1, &x, &y);
            en_unguard(e, t);
            fray_move(e, t, x, y);
            outcome = dist == 300 ? "pushed 3 m" : "pushed 1 m";
        }
        fray_emit(e, &(fray_event){.kind = "maneuver", .actor = who, .target = t, .action = "Push",
                                    .outcome = outcome, .value = fr, .has_value = 1, .rule = RULE("Push")});
    }
}

void en_ranged_plan_of(fray_encounter *e, const fray_action *a, en_ranged_plan *m)
{
    int who = a->actor, t = a->target;
    const en_creature *c = ccr(e, who), *tc = ccr(e, t);
    *m = (en_ranged_plan){.nl = -1};
    int thrown = m->thrown = (a->arg & EN_ARG_THROW) != 0;
    const en_weapon *w = m->w = hand(c);
    int range[3];
    en_weapon_range(c, w, thrown, range);
    int d = fray_distance(e, who, t);
    /* #Reading Range Values: within the first number Advantage, beyond the
     * second Disadvantage */
    int near = d <= range[0] * 100, far = d > range[1] * 100;
    en_ranged_in *in = &m->in;
    in->defender = t;
    in->mcm = en_miss_chance_mod(c, w);
    fray_mod(e, "Miss Chance Modifier", in->mcm);
    int behind = !fray_faces(e, t, e->c[who].x, e->c[who].y);
    in->ranged_evasion = tc->d.ranged_evasion + (tc->has_shield && !behind ? tc->shield.evasion : 0);
    in->evade = !fray_has(e, t, EN_C_UNCONSCIOUS);
    fray_mod(e, "target Ranged Evasion", in->ranged_evasion);
    int size_mod = fray_opt(e, EN_O_MC_SIZE_TABLE) ? en_size_row_of(tc->size)->miss_chance_mod
                                                  : en_mc_size_modifier(tc->size);
    /* Miss Chance Movement Modifier: Sprinting +5; a target standing still
     * (helpless, or not moved this Round with no foe within 2 m) -5. */
    int movement = EN_MOVE_TYPICAL;
    if (tc->sprinted) {
        movement = EN_MOVE_ZIGZAG;
    } else if (fray_has(e, t, EN_C_UNCONSCIOUS) || fray_has(e, t, EN_C_RESTRAINED)) {
        movement = EN_MOVE_NONE;
    } else if (!tc->moved_cm) {
        int near_foe = 0;
        for (int i = 0; i < e->n; i++)
            if (en_foe(e, t, i) && fray_able(e, i) && fray_distance(e, t, i) <= 200)
                near_foe = 1;
        if (!near_foe)
            movement = EN_MOVE_NONE;
    }
    int move_mod = en_mc_move_modifier(movement);
    in->situational = size_mod + move_mod;
    if (size_mod)
        fray_mod(e, "target size", size_mod);
    if (move_mod)
        fray_mod(e, "target movement", move_mod);
    if (c->nonlethal) {
        m->nl = EN_NL_RANGED;
        m->trades = c->nl_trades;
        if (m->trades) {
            in->situational += 3 * m->trades;
            fray_mod(e, "Non-Lethal trade", 3 * m->trades);
        }
    }
    in->hit_adv = en_net_adv(near, far || attack_dis(e, who));
    in->defense_adv = en_net_adv(tc->first_def_adv, behind || defense_dis(e, t, 1));
    in->defend = fray_has(e, t, EN_C_DEFENDING);
    in->coverage = tc->has_armour ? tc->armour.ranged_coverage : 0;
    in->ar = tc->has_armour ? tc->armour.ar : 0;
    in->armour_rule = fray_opt(e, EN_O_RANGED_ARMOUR);
    in->damage = &w->damage;
    in->damage_bonus = thrown ? 0 : en_draw_extra_damage(c, w);
    if (in->damage_bonus)
        fray_mod(e, "Draw Weight extra damage", in->damage_bonus);
    in->precise = w->precise;
}

/* A Ranged Attack: out of line (en_melee), so that act_attack holds the
 * declared window and a call, and its hot part fits in a few cache lines. */
__attribute__((noinline, flatten)) void en_ranged(fray_encounter *e, const fray_action *a)
{
    int who = a->actor, t = a->target;
    en_creature *c = cr(e, who);
    en_creature *tc = cr(e, t);
    int thrown = (a->arg & EN_ARG_THROW) != 0;
    const en_weapon *w = hand(c);
    /* still_possible checked it after the declared window; an Initiative
     * action (no window) is listed from the weapon in hand */
    if (!FRAY_CHECK(e, w != NULL))
        return;
    int cost = thrown ? fray_opt(e, EN_O_RANGED_COST) : ranged_cost(e, c, w);
    face(e, who, t);
    en_pay(e, who, cost, a->arg);
    en_acted(e, who, cost);
    end_defending(e, who);
    en_ranged_plan m;
    en_ranged_plan_of(e, a, &m);
    int nl = m.nl, trades = m.trades;
    tc->first_def_adv = 0;
    en_ranged_in in = m.in;
    en_attack_out o;
    en_ranged_resolve(&in, &e->dice, &o);
    if (dice_out(e))
        return;
    if (o.flags & EN_OUT_SELF_EXPOSED)
        en_give(e, who, EN_C_EXPOSED, FRAY_EXP_ROUND_END, e->round + 1);
    if (o.flags & EN_OUT_CRIT)
        en_expose(e, t);
    int dtype = w->dtype, halves = !en_weapon_proficient(c, w);
    if (thrown) {
        /* #Throwing Weapons: "Weapons without the Thrown property deal half
         * damage when thrown unless the Hit Roll is a natural 20" */
        if (!(w->props & EN_W_THROWN) && o.natural != 20)
            halves++;
        c->dropped = c->wielded;
        c->drop_x = e->c[t].x;
        c->drop_y = e->c[t].y;
        c->wielded = -1;
        en_derive(c);
    } else if (w->load) {
        c->loaded = 0;
    }
    fray_emit(e, &(fray_event){.kind = "attack", .actor = who, .target = t, .action = "Ranged Attack",
                                .outcome = attack_outcome(&o), .value = o.miss_chance, .has_value = 1,
                                .detail = thrown ? "thrown" : o.armour ? "armour" : NULL,
                                .rule = RULE("Hit Roll")});
    st(e)->respond = t;
    if (o.hit)
        en_deal(e, who, t, o.damage, dtype, halves, nl, trades);
}
