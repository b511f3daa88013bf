/* conditions_test.c: hit points, Bleeding, and the subjective and objective
 * conditions of 002_9c6f0ed04fdad0e7.txt (src/rules/threeaction/conditions.c),
 * driven by hand with scripted dice. */
#include <stdio.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/threeaction/threeaction.h"

#define SHEET "{\"level\": 1, \"hp\": 10, \"weapons\": [{\"name\": \"club\", \"damage\": \"1d6\"}]}"

static fray_encounter *three(const char *ax, const char *bx, const char *cx)
{
    char json[1024];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"threeaction\", \"combatants\": ["
             "{\"name\": \"A\", \"side\": \"blue\", \"at\": [%s], \"sheet\": " SHEET "},"
             "{\"name\": \"B\", \"side\": \"blue\", \"at\": [%s], \"sheet\": " SHEET "},"
             "{\"name\": \"T\", \"side\": \"red\", \"at\": [%s], \"sheet\": " SHEET "}]}",
             ax, bx, cx);
    fray_encounter *e = test_open_round1(json, "conditions_test.json");
    return e;
}

static void script(fray_encounter *e, const int *d, size_t n) { fray_set_dice_script(e, d, n); }

/* #Incapacitated: "A Creature with 0 or less HP that is not Dead is
 * Incapacitated. When a Creature first becomes Incapacitated it is knocked
 * Prone, and begins Bleeding." #Bleeding: "Any time the Creature takes
 * Damage, their Bleed Penalty increases by 1." */
static void zero_hp_incapacitates(void **s)
{
    (void)s;
    fray_encounter *e = three("0, 0", "0, 3", "1.5, 0");
    ta_damage(e, 2, 4, 0, "test", "t");
    assert_int_equal(fray_res(e, 2, TA_R_HP), 6);
    assert_int_equal(fray_res(e, 2, TA_R_BLEED), 1);
    assert_false(fray_has(e, 2, TA_C_INCAPACITATED));
    ta_damage(e, 2, 6, 0, "test", "t");
    assert_true(fray_has(e, 2, TA_C_INCAPACITATED));
    assert_true(fray_has(e, 2, TA_C_PRONE));
    assert_true(fray_has(e, 2, TA_C_BLEEDING));
    assert_int_equal(e->c[2].status, FRAY_DOWN);
    assert_int_equal(fray_res(e, 2, TA_R_BLEED), 2);
    /* "Any time the Creature is healed, their Bleed Penalty is reduced by 1." */
    ta_heal(e, 2, 3);
    assert_int_equal(fray_res(e, 2, TA_R_BLEED), 1);
    assert_int_equal(e->c[2].status, FRAY_ABLE);
    fray_encounter_free(e);
}

/* #Dead: "A Creature dies when it has a negative HP equal to or greater than
 * its max HP". */
static void negative_max_hp_kills(void **s)
{
    (void)s;
    fray_encounter *e = three("0, 0", "0, 3", "1.5, 0");
    ta_damage(e, 2, 19, 0, "test", "t");
    assert_int_equal(e->c[2].status, FRAY_DOWN);
    ta_damage(e, 2, 1, 0, "test", "t");
    assert_int_equal(e->c[2].status, FRAY_DEAD);
    fray_encounter_free(e);
}

/* #Bleed Table: "0 or less Death: If you are already below 0 HP you die. If
 * not you fall Unconcious." Then "the Creature suffers 2d6 Bleed Damage". */
static void bleed_death_row(void **s)
{
    (void)s;
    fray_encounter *e = three("0, 0", "0, 3", "1.5, 0");
    ta_damage(e, 2, 10, 0, "test", "t"); /* 0 HP, penalty 1 */
    int d[] = {1, 3, 4};                /* 1 - 1 = 0: Death row; 2d6 = 7 */
    script(e, d, 3);
    ta_bleed(e, 2);
    assert_true(fray_has(e, 2, TA_C_UNCONSCIOUS));
    assert_int_equal(fray_res(e, 2, TA_R_HP), -7);
    assert_int_equal(e->c[2].status, FRAY_DOWN);
    int d2[] = {2};                     /* 2 - 2 = 0 and below 0 HP: dies */
    script(e, d2, 1);
    ta_bleed(e, 2);
    assert_int_equal(e->c[2].status, FRAY_DEAD);
    fray_encounter_free(e);
}

/* "16 - 20 Stabilize: Your Bleeding condition ends and Bleed Penalty resets
 * to 0"; "6 - 10 Deteriorate: Increase you Bleed Penalty by 1". */
static void bleed_stabilize_and_deteriorate(void **s)
{
    (void)s;
    fray_encounter *e = three("0, 0", "0, 3", "1.5, 0");
    ta_damage(e, 2, 10, 0, "test", "t"); /* penalty 1 */
    int d[] = {11, 1, 1};               /* 11 - 1 = 10: Deteriorate, then 2 damage */
    script(e, d, 3);
    ta_bleed(e, 2);
    assert_int_equal(fray_res(e, 2, TA_R_BLEED), 3); /* +1 row, +1 damage */
    int d2[] = {19};                    /* 19 - 3 = 16: Stabilize */
    script(e, d2, 1);
    ta_bleed(e, 2);
    assert_false(fray_has(e, 2, TA_C_BLEEDING));
    assert_int_equal(fray_res(e, 2, TA_R_BLEED), 0);
    assert_int_equal(fray_res(e, 2, TA_R_HP), -2); /* stabilize_skips_damage */
    fray_encounter_free(e);
}

/* #Flanked: "two Enemies on opposites sides of it and is within both of
 * their Reach"; "A Flanked Creature is Flat Footed against both". */
static void flanked_opposite_sides(void **s)
{
    (void)s;
    fray_encounter *e = three("0, 0", "3, 0", "1.5, 0");
    assert_true(ta_flanked_by(e, 2, 0));
    assert_true(ta_flat_footed(e, 2, 1));
    fray_encounter_free(e);
    e = three("0, 0", "1.5, 1.5", "1.5, 0"); /* a right angle: not opposite */
    assert_false(ta_flanked_by(e, 2, 0));
    fray_encounter_free(e);
    e = three("0, 0", "6, 0", "1.5, 0"); /* B out of reach */
    assert_false(ta_flanked_by(e, 2, 0));
    fray_encounter_free(e);
}

/* #Cover: "partially obscured by a Creature ... of at least their Size". */
static void cover_by_a_creature(void **s)
{
    (void)s;
    fray_encounter *e = three("0, 0", "3, 0", "6, 0");
    assert_true(ta_cover(e, 2, 0));
    fray_encounter_free(e);
    e = three("0, 0", "3, 3", "6, 0");
    assert_false(ta_cover(e, 2, 0));
    fray_encounter_free(e);
}

/* #Shaken: "Additional instances of Shaken add to the Duration." #Poisoned:
 * "apply only the highest Level of Poison, but their Durations are tracked
 * separately". */
static void shaken_adds_poison_apart(void **s)
{
    (void)s;
    fray_encounter *e = three("0, 0", "3, 0", "1.5, 0");
    ta_inflict sh = {TA_C_SHAKEN, 2, 1}, p1 = {TA_C_POISONED, 1, 3}, p2 = {TA_C_POISONED, 4, 1};
    ta_inflict_on(e, 2, 0, &sh);
    int end1 = e->c[2].cond[0].round;
    ta_inflict_on(e, 2, 0, &sh);
    assert_int_equal(e->c[2].cond[0].round, end1 + 2);
    ta_inflict_on(e, 2, 0, &p1);
    ta_inflict_on(e, 2, 0, &p2);
    assert_int_equal(fray_cond_value(e, 2, TA_C_POISONED), 3);
    int n = 0;
    for (int k = 0; k < e->c[2].ncond; k++)
        n += e->c[2].cond[k].id == TA_C_POISONED;
    assert_int_equal(n, 2);
    fray_encounter_free(e);
}

/* #Unconscious "fall Prone and are Flat Footed"; #Stunned "can take no
 * Actions ... and is Flat Footed"; #Invisible "Concealed to all". */
static void table_flags(void **s)
{
    (void)s;
    fray_encounter *e = three("0, 0", "3, 0", "1.5, 0");
    fray_cond_add(e, 2, TA_C_UNCONSCIOUS, -1, FRAY_EXP_NEVER, 0);
    assert_true(fray_has(e, 2, TA_C_PRONE));
    assert_true(ta_flat_footed(e, 2, 0));
    fray_cond_add(e, 1, TA_C_STUNNED, -1, FRAY_EXP_NEVER, 0);
    assert_true(fray_cflags(e, 1) & FRAY_CF_NO_ACTIONS);
    fray_cond_add(e, 0, TA_C_INVISIBLE, -1, FRAY_EXP_NEVER, 0);
    assert_true(ta_concealed(e, 0, 2));
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zero_hp_incapacitates),
        cmocka_unit_test(negative_max_hp_kills),
        cmocka_unit_test(bleed_death_row),
        cmocka_unit_test(bleed_stabilize_and_deteriorate),
        cmocka_unit_test(flanked_opposite_sides),
        cmocka_unit_test(cover_by_a_creature),
        cmocka_unit_test(shaken_adds_poison_apart),
        cmocka_unit_test(table_flags),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
