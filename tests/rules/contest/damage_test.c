/* damage_test.c: #Damage & Health, #Resistance & Vulnerability, #Armor,
 * #Shields (src/rules/contest/damage.c) and the tables they read. */
#include <string.h>

#include "support/test.h"
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(iron_armor),
        cmocka_unit_test(bone_shield),
        cmocka_unit_test(resistance_highest),
        cmocka_unit_test(damage_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
