/* action_odds.c: the exact odds of an attack now (the action_odds hook:
 * the odds the legal list and `fray play`'s odds show), read from the
 * creatures as resolve reads them (combat.c's plans) and handed to the
 * exact odds of odds.c. Floating point, for the user: no rule and no
 * policy calls it (CMakeLists.txt's FRAY_FP_FILES). */
#include <stdio.h>
#include <string.h>

#include "odds.h"
#include "rules.h"

/* The damage roll of a melee plan as one expression: the weapon's roll and
 * its bonus, an Unarmed attack's bonus alone, nothing for a maneuver. */
static int plan_damage(const en_melee_in *in, fray_dexpr *d)
{
    memset(d, 0, sizeof *d);
    if (!in->deals_damage)
        return 0;
    if (in->damage)
        *d = *in->damage;
    return en_dexpr_plus(d, in->damage_bonus);
}

/* action_odds: a melee or ranged attack of `a`, read as resolve reads it
 * (en_melee_plan_of, en_ranged_plan_of), with the multipliers en_deal() applies. */
int en_action_odds(fray_encounter *e, const fray_action *a, json_t **out, char *err,
                       size_t errlen)
{
    int who = a->actor, t = a->target, k = a->kind;
    const en_creature *c = ccr(e, who);
    *out = NULL;
    if (t < 0 || t >= e->n || !(is_attack(k) || k == EN_A_SWIFT)) {
        snprintf(err, errlen, "%s has no exact odds: only attacks have them", en_actions[k].name);
        return -1;
    }
    const en_creature *tc = ccr(e, t);
    int mark = fray_mods_mark(e);
    int rc;
    if (k == EN_A_RANGED) {
        if (!hand(c)) {
            snprintf(err, errlen, "%s has no weapon in hand", e->c[who].name);
            return -1;
        }
        en_ranged_plan m;
        en_ranged_plan_of(e, a, &m);
        const en_ranged_in *in = &m.in;
        en_ranged_q q = {.mcm = in->mcm, .ranged_evasion = in->ranged_evasion, .evade = in->evade,
                         .situational = in->situational, .hit_adv = in->hit_adv,
                         .defense_adv = in->defense_adv, .defend = in->defend,
                         .coverage = in->coverage, .ar = in->ar, .armour_rule = in->armour_rule,
                         .precise = in->precise, .damage = m.w->damage};
        int bit = 1 << m.w->dtype;
        q.weak = (tc->weak & bit) != 0;
        q.resist = (tc->resist & bit) != 0;
        q.halves = !en_weapon_proficient(c, m.w);
        q.thrown_halves = m.thrown && !(m.w->props & EN_W_THROWN);
        fray_mods_drop(e, mark);
        if (en_dexpr_plus(&q.damage, in->damage_bonus) < 0)
            return snprintf(err, errlen, "the damage roll has too many terms"), -1;
        rc = en_ranged_odds_json(&q, out, err, errlen);
    } else {
        en_melee_plan m;
        en_melee_plan_of(e, a, &m);
        fray_mods_drop(e, mark);
        const en_melee_in *in = &m.in;
        en_melee_q q = {.av = in->av, .evasion = in->evasion, .coverage = in->coverage,
                        .ar = in->ar, .precise = in->precise, .defend = in->defend,
                        .defense_adv = in->defense_adv, .attack_adv = in->attack_adv,
                        .auto_hit = in->auto_hit};
        if (plan_damage(in, &q.damage) < 0)
            return snprintf(err, errlen, "the damage roll has too many terms"), -1;
        int bit = 1 << (m.w ? m.w->dtype : EN_DMG_BLUDGEONING);
        q.weak = in->deals_damage && (tc->weak & bit) != 0;
        q.resist = in->deals_damage && (tc->resist & bit) != 0;
        q.halves = in->deals_damage && m.w && !en_weapon_proficient(c, m.w);
        rc = en_melee_odds_json(&q, e->c[who].name, e->c[t].name, out, err, errlen);
    }
    if (rc == 0) {
        json_object_set_new(*out, "action", json_string(en_actions[k].name));
        if (k == EN_A_RESTRAIN)
            json_object_set_new(*out, "then", json_string("a hit Restrains the target (#Restrain)"));
        else if (k == EN_A_TRIP || k == EN_A_DISARM || k == EN_A_PUSH)
            json_object_set_new(*out, "then",
                                json_string("a hit then asks the target's Fortitude roll against "
                                            "the AV without the -5 (#Combat Maneuvers)"));
    }
    return rc;
}

