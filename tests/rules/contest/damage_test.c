/* damage_test.c: #Damage & Health, #Resistance & Vulnerability, #Armor,
 * #Shields (src/rules/contest/damage.c) and the tables they read. */
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/contest/contest.h"

/* #Armor: "a full suit of Iron Armor has an AR of 5, and thus reduces all
 * crushing, piercing, and slashing damage by 5." */
static void iron_armor(void **s)
{
    (void)s;
    int iron = -1;
    for (int i = 0; i < ct_nmaterials; i++)
        if (!strcmp(ct_materials[i].name, "iron"))
            iron = i;
    assert_true(iron >= 0);
    assert_int_equal(ct_materials[iron].ar[CT_FULL], 5);
    assert_int_equal(ct_materials[iron].ar[CT_UNARMORED], 0);
    for (int t = CT_CRUSHING; t <= CT_SLASHING; t++)
        assert_int_equal(ct_damage_after(8, t, 5, 0, 0, 0, 0, 1), 3);
    /* armour is no help against fire */
    assert_int_equal(ct_damage_after(8, CT_FIRE, 5, 0, 0, 0, 0, 1), 8);
}

/* #Shields: "a Bone Shield has a BR of 6. Successfully blocking with it
 * reduces the triggering attack's physical damage by 6, and magical damage
 * by 3." and "half their BR (round up)". */
static void bone_shield(void **s)
{
    (void)s;
    assert_int_equal(ct_damage_after(10, CT_SLASHING, 0, 6, 1, 0, 0, 1), 4);
    assert_int_equal(ct_damage_after(10, CT_FIRE, 0, 6, 1, 0, 0, 1), 7);
    assert_int_equal(ct_block_part(CT_SHOCK, 5, 1), 3);
    /* "you add your BR to your AR against the triggering attack" */
    assert_int_equal(ct_damage_after(12, CT_PIERCING, 2, 6, 1, 0, 0, 1), 4);
    /* no block, no BR */
    assert_int_equal(ct_damage_after(12, CT_PIERCING, 2, 6, 0, 0, 0, 1), 10);
    /* the other types: option other_block */
    assert_int_equal(ct_block_part(CT_ACID, 5, 1), 5);
    assert_int_equal(ct_block_part(CT_ACID, 5, 0), 3);
    assert_int_equal(ct_damage_after(2, CT_SLASHING, 5, 6, 1, 0, 0, 1), 0);
}

/* #Resistance & Vulnerability: "Fire Resistance (3) reduces all incoming
 * fire damage by 3", "An Ork with Magic Resistance (2) reduces all fire,
 * frost, and shock damage by 2", "you only benefit from the highest one". */
static void resistance_highest(void **s)
{
    (void)s;
    ct_creature c;
    memset(&c, 0, sizeof c);
    c.resist[CT_NDTYPE + CT_G_MAGICAL] = 2;
    assert_int_equal(ct_resist_of(&c, CT_FIRE), 2);
    assert_int_equal(ct_resist_of(&c, CT_FROST), 2);
    assert_int_equal(ct_resist_of(&c, CT_SHOCK), 2);
    assert_int_equal(ct_resist_of(&c, CT_ACID), 0);
    c.resist[CT_FIRE] = 3;
    assert_int_equal(ct_resist_of(&c, CT_FIRE), 3);
    c.vuln[CT_CRUSHING] = 3;
    c.vuln[CT_NDTYPE + CT_G_PHYSICAL] = 1;
    assert_int_equal(ct_vuln_of(&c, CT_CRUSHING), 3);
    assert_int_equal(ct_vuln_of(&c, CT_PIERCING), 1);
    /* "increases all crushing damage they take by 3" */
    assert_int_equal(ct_damage_after(6, CT_CRUSHING, 0, 0, 0, 0, 3, 1), 9);
    assert_int_equal(ct_damage_after(6, CT_FIRE, 0, 0, 0, 3, 0, 1), 3);
}

/* #Damage Type: the three groups. */
static void damage_groups(void **s)
{
    (void)s;
    assert_int_equal(ct_dtype_group[CT_CRUSHING], CT_G_PHYSICAL);
    assert_int_equal(ct_dtype_group[CT_SLASHING], CT_G_PHYSICAL);
    assert_int_equal(ct_dtype_group[CT_FIRE], CT_G_MAGICAL);
    assert_int_equal(ct_dtype_group[CT_SHOCK], CT_G_MAGICAL);
    assert_int_equal(ct_dtype_group[CT_PSYCHIC], CT_G_OTHER);
    assert_int_equal(ct_dtype_group[CT_POISON], CT_G_OTHER);
}


/* #Armor: "Your AR reduces all incoming physical damage by an amount equal
 * to its rating": AR 5 against 6 leaves 1, against 5 (equal) 0, against 4
 * still 0 (never below 0: the text is silent, damage does not heal). */
static void armor_at_damage(void **s)
{
    (void)s;
    assert_int_equal(ct_damage_after(6, CT_SLASHING, 5, 0, 0, 0, 0, 1), 1);
    assert_int_equal(ct_damage_after(5, CT_SLASHING, 5, 0, 0, 0, 0, 1), 0);
    assert_int_equal(ct_damage_after(4, CT_SLASHING, 5, 0, 0, 0, 0, 1), 0);
}

/* #Shields: "Shields also protect from magical damage equal to half their
 * BR (round up)": BR 6 gives 3 (exact), 5 and 7 round up to 3 and 4, 1 to
 * 1, 0 to 0. */
static void half_br_rounds_up(void **s)
{
    (void)s;
    assert_int_equal(ct_block_part(CT_FIRE, 6, 1), 3);
    assert_int_equal(ct_block_part(CT_FIRE, 5, 1), 3);
    assert_int_equal(ct_block_part(CT_FIRE, 7, 1), 4);
    assert_int_equal(ct_block_part(CT_FROST, 1, 1), 1);
    assert_int_equal(ct_block_part(CT_SHOCK, 0, 1), 0);
}

/* #Resistance & Vulnerability: "you only benefit from the highest one ...
 * you only suffer under the most severe": equal sources give that value
 * once (not the sum); one more wins either way round. */
static void highest_resistance_at_ties(void **s)
{
    (void)s;
    ct_creature c;
    memset(&c, 0, sizeof c);
    c.resist[CT_FIRE] = 3;
    c.resist[CT_NDTYPE + CT_G_MAGICAL] = 3;
    assert_int_equal(ct_resist_of(&c, CT_FIRE), 3);
    c.resist[CT_NDTYPE + CT_G_MAGICAL] = 4;
    assert_int_equal(ct_resist_of(&c, CT_FIRE), 4);
    c.resist[CT_NDTYPE + CT_G_MAGICAL] = 2;
    assert_int_equal(ct_resist_of(&c, CT_FIRE), 3);
    c.vuln[CT_CRUSHING] = 2;
    c.vuln[CT_NDTYPE + CT_G_PHYSICAL] = 2;
    assert_int_equal(ct_vuln_of(&c, CT_CRUSHING), 2);
    c.vuln[CT_NDTYPE + CT_G_PHYSICAL] = 3;
    assert_int_equal(ct_vuln_of(&c, CT_CRUSHING), 3);
}

/* #Damage & Health: "Your Health Pool determines how many points of damage
 * you can take before being knocked unconscious": 9 of 10 leaves it up with
 * 1; the 10th (Health 0) knocks it out; more is not kept below 0. */
static void unconscious_at_zero(void **s)
{
    (void)s;
    fray_encounter *e = test_open_round1(
        "{\"ruleset\": \"contest\", \"name\": \"hp\", \"combatants\": ["
        " {\"name\": \"A\", \"side\": \"a\", \"at\": [0, 0], \"sheet\": {\"health\": 10}},"
        " {\"name\": \"B\", \"side\": \"a\", \"at\": [1, 0], \"sheet\": {\"health\": 10}},"
        " {\"name\": \"D\", \"side\": \"d\", \"at\": [9, 0], \"sheet\": {\"health\": 10}}]}",
        "hp");
    ct_take_damage(e, 0, 9, 2);
    assert_int_equal(fray_res(e, 0, CT_R_HEALTH), 1);
    assert_true(fray_able(e, 0));
    ct_take_damage(e, 0, 1, 2);
    assert_int_equal(fray_res(e, 0, CT_R_HEALTH), 0);
    assert_false(fray_able(e, 0));
    assert_true(fray_has(e, 0, CT_C_UNCONSCIOUS));
    ct_take_damage(e, 1, 11, 2);
    assert_int_equal(fray_res(e, 1, CT_R_HEALTH), 0);
    assert_false(fray_able(e, 1));
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(iron_armor),
        cmocka_unit_test(bone_shield),
        cmocka_unit_test(resistance_highest),
        cmocka_unit_test(damage_groups),
        cmocka_unit_test(armor_at_damage),
        cmocka_unit_test(half_br_rounds_up),
        cmocka_unit_test(highest_resistance_at_ties),
        cmocka_unit_test(unconscious_at_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
