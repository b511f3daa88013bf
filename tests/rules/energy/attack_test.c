/* attack_test.c: one melee or ranged attack from plain numbers, with
 * scripted dice (src/rules/energy/attack.c). */
#include <string.h>

#include "support/test.h"
#include "rules/energy/energy.h"

typedef struct rig { fray_dice d; fray_dexpr dmg; } rig;

static void setup_dice(rig *r, const int *vals, size_t n, const char *damage)
{
    fray_dice_init(&r->d, 1, 0);
    fray_dice_script(&r->d, vals, n);
    char err[64];
    assert_int_equal(fray_dexpr_parse(damage, &r->dmg, err, sizeof err), 0);
}

static en_melee_in base_in(const rig *r)
{
    en_melee_in in;
    memset(&in, 0, sizeof in);
    in.av = 17;
    in.evasion = 10;
    in.coverage = 12;
    in.ar = 3;
    in.damage = &r->dmg;
    in.damage_bonus = 1;
    in.deals_damage = 1;
    return in;
}

/* "If the AV is greater than or equal to the Defense roll, the attack hits."
 * "If your Combat roll is greater than or equal to the target's Armor
 * Coverage, your attack doesn't hit the target's armor" */
static void melee_hit_past_armour(void **state)
{
    (void)state;
    static const int dice[] = {12, 7, 5}; /* Combat 12, Evasion 7 (17), damage 5 */
    rig r;
    setup_dice(&r, dice, 3, "1d8");
    en_melee_in in = base_in(&r);
    en_attack_out o;
    en_melee_resolve(&in, &r.d, &o);
    assert_int_equal(r.d.error, 0);
    assert_int_equal(o.natural, 12);
    assert_int_equal(o.defense, 17);
    assert_true(o.hit);
    assert_false(o.armour);
    assert_int_equal(o.rolled, 6);
    assert_int_equal(o.damage, 6);
}

/* "If your Combat roll is less than the target's Armor Coverage, the target
 * subtracts their Armor Rating from the damage they take." */
static void melee_hit_armour(void **state)
{
    (void)state;
    static const int dice[] = {11, 2, 1};
    rig r;
    setup_dice(&r, dice, 3, "1d8");
    en_melee_in in = base_in(&r);
    en_attack_out o;
    en_melee_resolve(&in, &r.d, &o);
    assert_true(o.hit);
    assert_true(o.armour);
    /* 1 + 1 - 3 is below zero: armour stops the blow */
    assert_int_equal(o.damage, 0);
}

/* A tie hits, unless the target took Defend: "You now win ties on your
 * Defenses." */
static void melee_ties(void **state)
{
    (void)state;
    static const int dice[] = {15, 7, 4, 15, 7};
    rig r;
    setup_dice(&r, dice, 5, "1d8");
    en_melee_in in = base_in(&r);
    en_attack_out o;
    en_melee_resolve(&in, &r.d, &o);
    assert_int_equal(o.defense, 17);
    assert_true(o.hit);
    in.defend = 1;
    en_melee_resolve(&in, &r.d, &o);
    assert_int_equal(o.defense, 17);
    assert_false(o.hit);
    assert_int_equal(r.d.error, 0);
}

/* #Combat Roll: "1 Critical Failure. Your attack misses." - and no Evasion
 * roll is needed; "1-3 You become Exposed" */
static void melee_fumble(void **state)
{
    (void)state;
    static const int dice[] = {1, 2, 1, 3};
    rig r;
    setup_dice(&r, dice, 4, "1d8");
    en_melee_in in = base_in(&r);
    en_attack_out o;
    en_melee_resolve(&in, &r.d, &o);
    assert_false(o.hit);
    assert_true(o.flags & EN_OUT_MISS);
    assert_true(o.flags & EN_OUT_SELF_EXPOSED);
    assert_int_equal(o.defense, 0);
    /* a 2 is an ordinary roll that also Exposes the attacker */
    en_melee_resolve(&in, &r.d, &o);
    assert_int_equal(o.natural, 2);
    assert_true(o.flags & EN_OUT_SELF_EXPOSED);
    assert_false(o.flags & EN_OUT_MISS);
    assert_true(o.hit); /* Evasion 1 + 10 = 11 <= 17 */
    assert_true(o.armour);
    assert_int_equal(o.damage, 3 + 1 - 3);
}

/* #Critical Hits: "you hit the target regardless of their Defense roll,
 * ignore their armor regardless of its Coverage"; Precise 1 crits on 19 */
static void melee_critical(void **state)
{
    (void)state;
    static const int dice[] = {19, 8};
    rig r;
    setup_dice(&r, dice, 2, "1d8");
    en_melee_in in = base_in(&r);
    in.av = 5; /* could never hit otherwise */
    in.coverage = 21;
    in.precise = 1;
    en_attack_out o;
    en_melee_resolve(&in, &r.d, &o);
    assert_true(o.flags & EN_OUT_CRIT);
    assert_true(o.hit);
    assert_false(o.armour);
    assert_int_equal(o.defense, 0);
    assert_int_equal(o.damage, 9);
    assert_int_equal(r.d.error, 0);
}

/* #Defenses: "if you roll the highest number on the die, reroll it and add
 * the result ... Advantage and Disadvantage applies every time you would
 * normally roll the die once." */
static void evasion_explodes_with_disadvantage(void **state)
{
    (void)state;
    /* Combat 12; Evasion dice with Disadvantage: (10, 10) keeps 10 and
     * explodes, (3, 9) keeps 3: 13 + 10 = 23 > 17 */
    static const int dice[] = {12, 10, 10, 3, 9};
    rig r;
    setup_dice(&r, dice, 5, "1d8");
    en_melee_in in = base_in(&r);
    in.defense_adv = -1;
    en_attack_out o;
    en_melee_resolve(&in, &r.d, &o);
    assert_int_equal(o.defense, 23);
    assert_false(o.hit);
    assert_int_equal(r.d.error, 0);
}

/* #Evasion: "if a target is asleep or fully restrained they cannot roll
 * Evasion, and any attacks against them automatically hit" */
static void melee_auto_hit(void **state)
{
    (void)state;
    static const int dice[] = {12, 4};
    rig r;
    setup_dice(&r, dice, 2, "1d8");
    en_melee_in in = base_in(&r);
    in.av = 0;
    in.auto_hit = 1;
    en_attack_out o;
    en_melee_resolve(&in, &r.d, &o);
    assert_true(o.hit);
    assert_int_equal(o.defense, 0);
    assert_int_equal(o.damage, 5);
}

/* #Combat Maneuvers: "a type of melee attack but does not deal damage" */
static void maneuver_no_damage(void **state)
{
    (void)state;
    static const int dice[] = {12, 2};
    rig r;
    setup_dice(&r, dice, 2, "1d8");
    en_melee_in in = base_in(&r);
    in.deals_damage = 0;
    en_attack_out o;
    en_melee_resolve(&in, &r.d, &o);
    assert_true(o.hit);
    assert_int_equal(o.damage, 0);
    assert_int_equal(r.d.script_pos, 2); /* no damage roll drawn */
}

static en_ranged_in ranged_in(const rig *r)
{
    en_ranged_in in;
    memset(&in, 0, sizeof in);
    in.mcm = 6;
    in.ranged_evasion = 1;
    in.evade = 1;
    in.coverage = 10;
    in.ar = 2;
    in.damage = &r->dmg;
    return in;
}

/* #Ranged Attacks: "Miss Chance = Miss Chance Modifier + Target's Ranged
 * Evasion roll + Situational Modifiers"; the Hit roll "must greater than or
 * equal to the Miss Chance to hit" */
static void ranged_miss_chance(void **state)
{
    (void)state;
    /* Hit 12; Ranged Evasion 1d4* = 4 + 2 = 6, + 1 = 7; MC = 6 + 7 - 2 = 11 */
    static const int dice[] = {12, 4, 2, 5, 11, 3};
    rig r;
    setup_dice(&r, dice, 6, "1d6");
    en_ranged_in in = ranged_in(&r);
    in.situational = -2;
    en_attack_out o;
    en_ranged_resolve(&in, &r.d, &o);
    assert_int_equal(o.defense, 7);
    assert_int_equal(o.miss_chance, 11);
    assert_true(o.hit);
    /* 12 >= ranged Coverage 10: past the armour by the formula */
    assert_false(o.armour);
    assert_int_equal(o.damage, 5);
    /* the same numbers under the sentence's reading (option 1): 11 >= 10 hits the armour */
    in.armour_rule = 1;
    in.situational = -3;
    static const int dice2[] = {11, 1, 3};
    setup_dice(&r, dice2, 3, "1d6");
    en_ranged_resolve(&in, &r.d, &o);
    assert_int_equal(o.miss_chance, 6 + 2 - 3);
    assert_true(o.hit);
    assert_true(o.armour);
    assert_int_equal(o.damage, 3 - 2);
}

/* #Hit Roll: "1 Critical Failure (counts as a miss)"; "20 Critical Hit" */
static void ranged_crit_and_fumble(void **state)
{
    (void)state;
    static const int dice[] = {1, 20, 6};
    rig r;
    setup_dice(&r, dice, 3, "1d6");
    en_ranged_in in = ranged_in(&r);
    en_attack_out o;
    en_ranged_resolve(&in, &r.d, &o);
    assert_false(o.hit);
    assert_true(o.flags & EN_OUT_SELF_EXPOSED);
    en_ranged_resolve(&in, &r.d, &o);
    assert_true(o.hit);
    assert_true(o.flags & EN_OUT_CRIT);
    assert_false(o.armour);
    assert_int_equal(o.damage, 6);
    assert_int_equal(r.d.error, 0);
}

/* #Weaknesses and Resistances */
static void multipliers(void **state)
{
    (void)state;
    /* "If you have Resistance ... you take half damage (rounding down)" */
    assert_int_equal(en_damage_multiply(7, 0, 1, 0, 0), 3);
    /* "if you would have taken 1 damage without Resistance, you take 0" */
    assert_int_equal(en_damage_multiply(1, 0, 1, 0, 0), 0);
    /* "If you have a Weakness ... you take double damage." */
    assert_int_equal(en_damage_multiply(7, 1, 0, 0, 0), 14);
    /* "Weakness and Resistance cancel each other out" */
    assert_int_equal(en_damage_multiply(7, 1, 1, 0, 0), 7);
    /* "two sources of double damage, it will deal 3 times the damage" */
    assert_int_equal(en_damage_multiply(7, 1, 0, 1, 0), 21);
    /* not Proficient (a half) and Resistance: a quarter, rounded down */
    assert_int_equal(en_damage_multiply(7, 0, 1, 0, 1), 1);
    assert_int_equal(en_damage_multiply(0, 1, 0, 0, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(melee_hit_past_armour), cmocka_unit_test(melee_hit_armour),
        cmocka_unit_test(melee_ties),            cmocka_unit_test(melee_fumble),
        cmocka_unit_test(melee_critical),        cmocka_unit_test(evasion_explodes_with_disadvantage),
        cmocka_unit_test(melee_auto_hit),        cmocka_unit_test(maneuver_no_damage),
        cmocka_unit_test(ranged_miss_chance),    cmocka_unit_test(ranged_crit_and_fumble),
        cmocka_unit_test(multipliers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
