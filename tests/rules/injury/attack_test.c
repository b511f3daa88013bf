/* attack_test.c: #Defence Value, #Positioning and the sheet's pools of
 * 001_7bb09e523b7677c3.txt (src/rules/injury/attack.c, sheet.c), and the
 * after-the-fight rest (rest.c), on bundled creatures. */
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/injury/injury.h"

static fray_encounter *three(const char *extra)
{
    char json[1024];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"injury\", \"name\": \"t\", \"combatants\": ["
             "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"use\": \"fighter\"},"
             "{\"name\": \"G\", \"side\": \"red\", \"at\": [1.5, 0], \"use\": \"goblin\"%s},"
             "{\"name\": \"B\", \"side\": \"blue\", \"at\": [3, 0], \"use\": \"fighter\"}]}",
             extra);
    return test_open_round1(json, "t");
}

/* #Defence Value: "Add your armor to your DV." "Touch DV does not include
 * your armor bonuses." "Off-Guarded DV does not include your Dexterity
 * bonus (if you have any), but still includes your Dexterity penalty" */
static void defence_value(void **s)
{
    (void)s;
    fray_encounter *e = three("");
    /* goblin: Dexterity 2, leather 2 */
    assert_int_equal(in_dv(e, 1, 0, 0), 10 + 2 + 2);
    assert_int_equal(in_dv(e, 1, 1, 0), 10 + 2);
    assert_int_equal(in_dv(e, 1, 0, 1), 10 + 2);
    IN_CR(e, 1)->attr[IN_DEX] = -1;
    assert_int_equal(in_dv(e, 1, 0, 1), 10 - 1 + 2);
    /* #Defend: "a dodge bonus equal to your martial bonus"; #Ready Shield */
    fray_cond_add(e, 0, IN_C_DEFENDING, -1, FRAY_EXP_NEVER, 0);
    fray_cond_add(e, 0, IN_C_SHIELD, -1, FRAY_EXP_NEVER, 0);
    assert_int_equal(in_dv(e, 0, 0, 0), 10 + 1 + 4 + 2 + 3);
    assert_true(in_offguard(e, 1)); /* "Until a combatant makes their first turn, they are off-guard" */
    fray_encounter_free(e);
}

/* #Flanking: "When you and an ally are adjacent to the same enemy on
 * opposing sides ... you both gain +1 advantage on melee attack rolls";
 * #Cover, #Total Cover: +1 and +2 disadvantage. */
static void flanking_and_cover(void **s)
{
    (void)s;
    fray_encounter *e = three("");
    const in_weapon *w = &IN_CCR(e, 0)->w[0];
    assert_int_equal(in_adv(e, 0, 1, w, 0, 0), 1);
    fray_move(e, 2, 1500, 1500); /* B no longer opposite */
    assert_int_equal(in_adv(e, 0, 1, w, 0, 0), 0);
    fray_encounter_free(e);
    e = three(", \"sheet\": {\"cover\": \"cover\"}");
    assert_int_equal(in_adv(e, 0, 1, &IN_CCR(e, 0)->w[0], 0, 0), 1 - 1);
    fray_encounter_free(e);
    e = three(", \"sheet\": {\"cover\": \"total\"}");
    assert_int_equal(in_adv(e, 0, 1, &IN_CCR(e, 0)->w[0], 0, 0), 1 - 2);
    /* #Prone: "+1 advantage on melee attacks against a proned opponent" */
    fray_cond_add(e, 1, IN_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    assert_int_equal(in_adv(e, 0, 1, &IN_CCR(e, 0)->w[0], 0, 0), 1 - 2 + 1);
    fray_encounter_free(e);
}

/* #Stamina and Exhaustion: "a modifier to your Stamina pool equal to your
 * current Constitution modifier times your level"; "can never go below 1";
 * #Reactions: "1 reaction plus ... Strength bonus or Dexterity bonus
 * (whichever is higher". */
static void pools(void **s)
{
    (void)s;
    fray_encounter *e = three(", \"sheet\": {\"attributes\": {\"Constitution\": -3, \"Dexterity\": 2}}");
    assert_int_equal(IN_CCR(e, 0)->stamina_max, 2 + 2 * 3);
    assert_int_equal(IN_CCR(e, 1)->stamina_max, 1);
    assert_int_equal(IN_CCR(e, 0)->reactions, 1 + 3);
    assert_int_equal(IN_CCR(e, 1)->reactions, 1 + 2);
    /* strain: Stamina, then Exhaustion, then unconscious */
    in_strain(e, 1, 1, 0);
    assert_true(fray_has(e, 1, IN_C_EXHAUSTED));
    in_strain(e, 1, 1, 0);
    assert_true(fray_has(e, 1, IN_C_UNCONSCIOUS));
    assert_int_equal(e->c[1].status, FRAY_DOWN);
    fray_encounter_free(e);
}

/* #Injuries: "Each injury must first be treated with a Heal check" and
 * "one week per severity level to fully recover"; a destroyed part never
 * heals. */
static void rest_heals(void **s)
{
    (void)s;
    fray_encounter *e = three("");
    in_creature *c = IN_CR(e, 0);
    int eye = in_instance(c, IN_EYE, 0), ear = in_instance(c, IN_EAR, 0);
    c->part[eye].inj = 1;
    c->part[ear].inj = 2;
    in_injuries_changed(c);
    c->skill[IN_SK_HEAL] = 30; /* the Heal check always succeeds */
    for (int d = 0; d < 15; d++) /* a day to treat, fourteen to heal */
        in_rest(e, 0, 1);
    assert_int_equal(c->part[eye].inj, 0); /* major: two weeks after treatment */
    assert_int_equal(c->part[ear].inj, 2);
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(defence_value),
                                       cmocka_unit_test(flanking_and_cover),
                                       cmocka_unit_test(pools), cmocka_unit_test(rest_heals)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
