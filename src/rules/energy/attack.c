/* attack.c: one melee or ranged attack from plain numbers and a dice source,
 * and damage multipliers. No encounter: `fray odds energy` reuses these. */
#include <string.h>

#include "energy.h"

static int roll_damage(const fray_dexpr *dmg, int bonus, fray_dice *d)
{
    return (dmg ? fray_dexpr_roll(dmg, d, 0, "Damage roll") : 0) + bonus;
}

/* Damage after armour: "- AR if Combat roll is less than AC", never below 0
 * (armour stops a blow; it does not heal). */
static void armour_and_damage(int deals, const fray_dexpr *dmg, int bonus, int armour_hit, int ar,
                              fray_dice *d, en_attack_out *out)
{
    out->armour = armour_hit;
    if (!deals)
        return;
    out->rolled = roll_damage(dmg, bonus, d);
    out->damage = out->rolled - (armour_hit ? ar : 0);
    if (out->damage < 0)
        out->damage = 0;
}

void en_melee_resolve(const en_melee_in *in, fray_dice *d, en_attack_out *out)
{
    memset(out, 0, sizeof *out);
    /* #Melee Attacks: "Every time you make a melee attack you must make a
     * Combat roll (a 1d20 with nothing added)." */
    out->natural = fray_die_adv(d, 20, in->attack_adv, "Combat roll, 1d20");
    out->flags = en_d20_flags(out->natural, in->precise);
    if (out->flags & EN_OUT_MISS)
        return; /* #Combat Roll: "1 Critical Failure. Your attack misses." */
    if (out->flags & EN_OUT_CRIT) {
        /* #Critical Hits: "you hit the target regardless of their Defense
         * roll, ignore their armor regardless of its Coverage" */
        out->hit = 1;
        armour_and_damage(in->deals_damage, in->damage, in->damage_bonus, 0, in->ar, d, out);
        return;
    }
    if (in->auto_hit) {
        /* #Evasion: "if a target is asleep or fully restrained they cannot
         * roll Evasion, and any attacks against them automatically hit" */
        out->hit = 1;
    } else {
        /* #Evasion: "Evasion Roll = 1d10* + Evasion" */
        int roller = d->roller;
        d->roller = in->defender;
        out->defense = fray_die_explode(d, 10, in->defense_adv, "Evasion roll, 1d10 exploding") +
                       in->evasion;
        d->roller = roller;
        /* "If the AV is greater than or equal to the Defense roll, the attack
         * hits"; #Actions, Defend: "You now win ties on your Defenses." */
        out->hit = in->av > out->defense || (in->av == out->defense && !in->defend);
    }
    if (!out->hit)
        return;
    /* #Combat Roll: "If your Combat roll is less than the target's Armor
     * Coverage, the target subtracts their Armor Rating" */
    armour_and_damage(in->deals_damage, in->damage, in->damage_bonus,
                      out->natural < in->coverage, in->ar, d, out);
}

void en_ranged_resolve(const en_ranged_in *in, fray_dice *d, en_attack_out *out)
{
    memset(out, 0, sizeof *out);
    /* #Hit Roll: "a 1d20 roll with nothing added to it" */
    out->natural = fray_die_adv(d, 20, in->hit_adv, "Hit roll, 1d20");
    out->flags = en_d20_flags(out->natural, in->precise);
    if (out->flags & EN_OUT_MISS)
        return;
    if (out->flags & EN_OUT_CRIT) {
        out->hit = 1;
        armour_and_damage(1, in->damage, in->damage_bonus, 0, in->ar, d, out);
        return;
    }
    /* #Ranged Attacks: "Miss Chance = Miss Chance Modifier + Target's Ranged
     * Evasion roll + Situational Modifiers"; #Ranged Evasion Roll: "1d4* +
     * Halved Dexterity Modifier + Shield bonus if facing the attack", made
     * only by a target "aware of the incoming attack and able to actively
     * avoid it". */
    if (in->evade) {
        int roller = d->roller;
        d->roller = in->defender;
        out->defense = fray_die_explode(d, 4, in->defense_adv, "Ranged Evasion roll, 1d4 exploding") +
                       in->ranged_evasion;
        d->roller = roller;
    }
    out->miss_chance = in->mcm + out->defense + in->situational;
    /* "a Hit roll ... that must greater than or equal to the Miss Chance to
     * hit"; a Defending target wins the tie. */
    out->hit = out->natural > out->miss_chance ||
               (out->natural == out->miss_chance && !(in->defend && in->evade));
    if (!out->hit)
        return;
    /* #Hit Roll: the formula "- AR if Hit Roll is less than AC" (option 0,
     * as for melee) or the sentence "If your Hit roll is greater than or
     * equal to the target's Ranged AC, then you hit their armor" (option 1). */
    int armour_hit = in->armour_rule ? out->natural >= in->coverage && in->coverage > 0
                                     : out->natural < in->coverage;
    armour_and_damage(1, in->damage, in->damage_bonus, armour_hit, in->ar, d, out);
}

int en_damage_multiply(int base, int weak, int resist, int doubles, int halves)
{
    if (base <= 0)
        return 0;
    /* #Weaknesses and Resistances: "Weakness and Resistance cancel each other
     * out"; "two sources of double damage, it will deal 3 times the damage";
     * "The half damage ... is rounded down". Multipliers come after every
     * additive modifier (the caller passes damage after armour). */
    int w = en_net_adv(weak, resist);
    if (w > 0)
        doubles++;
    if (w < 0)
        halves++;
    int dmg = base * (1 + doubles);
    for (int i = 0; i < halves; i++)
        dmg /= 2; /* non-negative: division rounds down */
    return dmg;
}
