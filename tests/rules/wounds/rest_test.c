/* rest_test.c: short and long rests, recovery checks and tending
 * (src/rules/wounds/rest.c) against 003_45dec7998f478a90.txt#Resting. */
#include <string.h>

#include "support/test.h"
#include "rules/wounds/wounds.h"

static const char *pair =
    "{\"ruleset\":\"wounds\",\"combatants\":["
    "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{\"kind\":\"pc\","
    "\"attributes\":{\"Vitality\":2,\"Persona\":0,\"Lore\":1},\"stamina\":8,\"mana\":5}},"
    "{\"name\":\"B\",\"side\":\"red\",\"at\":[5,0],\"sheet\":{\"kind\":\"standard\"}}]}";

static fray_encounter *load(const int *dice, size_t n)
{
    char err[512];
    fray_encounter *e = fray_encounter_load_string(pair, "rest", err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    if (dice)
        fray_set_dice_script(e, dice, n);
    return e;
}

static int res(fray_encounter *e, int r) { return e->c[0].res[r]; }

/* #Short Rest: "A short rest recovers half of your current maximum stamina
 * and mana, rounded down, after accounting for fatigue and invested mana. If
 * you are lightly or moderately wounded, it also removes a single light
 * wound." */
static void short_rest(void **s)
{
    (void)s;
    fray_encounter *e = load(NULL, 0);
    /* stamina max 10, fatigue 3: current maximum 7, half rounded down 3 */
    fray_res_set(e, 0, WO_R_FATIGUE, 3);
    fray_res_set(e, 0, WO_R_STAMINA, 1);
    fray_res_set(e, 0, WO_R_MANA, 0);
    fray_res_set(e, 0, WO_R_LIGHT, 2);
    fray_res_set(e, 0, WO_R_MODERATE, 1);
    wo_rest(e, 0, 0);
    assert_int_equal(res(e, WO_R_STAMINA), 4);
    assert_int_equal(res(e, WO_R_MANA), 3); /* max 6: half is 3 */
    assert_int_equal(res(e, WO_R_LIGHT), 1);
    /* severely wounded: no light wound removed */
    fray_res_set(e, 0, WO_R_SEVERE, 1);
    wo_rest(e, 0, 0);
    assert_int_equal(res(e, WO_R_LIGHT), 1);
    assert_int_equal(res(e, WO_R_STAMINA), 7);
    fray_encounter_free(e);
}

/* #Long Rest: "If you are lightly or moderately wounded, you heal all light
 * wounds. If you have fatigue, your fatigue is reduced by 5 + your Vitality
 * - your highest wound level ... If you are wounded, make one recovery
 * check to heal a wound. Recover all stamina and mana." #Recovery Checks:
 * "A recovery check is a Vit check with a penalty equal to your current
 * fatigue." */
static void long_rest(void **s)
{
    (void)s;
    static const int dice[] = {3};
    fray_encounter *e = load(dice, 1);
    fray_res_set(e, 0, WO_R_FATIGUE, 4);
    fray_res_set(e, 0, WO_R_STAMINA, 0);
    fray_res_set(e, 0, WO_R_LIGHT, 3);
    fray_res_set(e, 0, WO_R_MODERATE, 1);
    wo_long_rest(e, 0, -10000);
    /* the light wounds all heal; fatigue 4 - (5 + Vit 2 - moderate 2) = 0;
     * the recovery check d20 3 + Vit 2 - fatigue 0 = 5 reaches Severe (-1)
     * and reduces the moderate wound to a light one */
    assert_int_equal(res(e, WO_R_LIGHT), 1);
    assert_int_equal(res(e, WO_R_MODERATE), 0);
    assert_int_equal(res(e, WO_R_FATIGUE), 0);
    assert_int_equal(res(e, WO_R_STAMINA), 10);
    assert_int_equal(res(e, WO_R_MANA), 6);
    fray_encounter_free(e);
}

/* "If the recovery check fails to heal any wounds, you gain a cumulative +1
 * bonus on all future recovery checks"; a tender's higher result
 * substitutes ("substituting your check result for their recovery check if
 * it is higher"). */
static void recovery_bonus_and_tending(void **s)
{
    (void)s;
    static const int dice[] = {1, 1};
    fray_encounter *e = load(dice, 2);
    wo_creature *c = fray_priv(e, 0);
    fray_res_set(e, 0, WO_R_FATIGUE, 4); /* exhausted? 4*2 < 10: no */
    fray_res_set(e, 0, WO_R_CRITICAL, 1);
    /* fatigue after the cut: 4 - (5 + 2 - 4) = 1; check 1 + 2 - 1 = 2 < 4 */
    wo_long_rest(e, 0, -10000);
    assert_int_equal(res(e, WO_R_CRITICAL), 1);
    assert_int_equal(c->recovery_bonus, 1);
    /* tended: 9 replaces the roll of 1 + 2 - 0 + 1 = 4 */
    wo_long_rest(e, 0, 9);
    assert_int_equal(res(e, WO_R_CRITICAL), 0);
    assert_int_equal(res(e, WO_R_SEVERE), 1);
    assert_int_equal(c->recovery_bonus, 0);
    fray_encounter_free(e);
}

/* "You cannot take a long rest if you are fatally wounded." and "If you are
 * exhausted, you are no longer exhausted and recover all stamina and mana,
 * but gain no other benefits from the long rest." */
static void long_rest_limits(void **s)
{
    (void)s;
    fray_encounter *e = load(NULL, 0);
    fray_res_set(e, 0, WO_R_FATAL, 1);
    fray_res_set(e, 0, WO_R_STAMINA, 2);
    wo_long_rest(e, 0, -10000);
    assert_int_equal(res(e, WO_R_STAMINA), 2);
    fray_res_set(e, 0, WO_R_FATAL, 0);
    fray_res_set(e, 0, WO_R_LIGHT, 2);
    fray_res_set(e, 0, WO_R_FATIGUE, 6);
    wo_update_fatigue(e, 0);
    assert_true(fray_cond_has(e, 0, WO_C_EXHAUSTED));
    wo_long_rest(e, 0, -10000);
    assert_false(fray_cond_has(e, 0, WO_C_EXHAUSTED));
    assert_int_equal(res(e, WO_R_LIGHT), 2); /* no other benefit */
    assert_int_equal(res(e, WO_R_STAMINA), 10 - res(e, WO_R_FATIGUE));
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(short_rest),
        cmocka_unit_test(long_rest),
        cmocka_unit_test(recovery_bonus_and_tending),
        cmocka_unit_test(long_rest_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
