/* attack_test.c: #Step I: Attack and #Using Untrained Weapons and Armor
 * (src/rules/contest/attack.c): what untrained gear does to the ratings a
 * Combat Roll reads, at the boundary (all trained, one item untrained, two
 * untrained). */
#include <stdio.h>
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/contest/contest.h"

/* A at (0, 0) against D at (1 m, 0): Strength 2, Agility 1, Dodge 1, one
 * style of rank 3. `a` and `d` are extra sheet keys (weapons, shield,
 * armor...), `opts` the encounter's options. */
static fray_encounter *duel_at(const char *a, const char *d, const char *opts, const char *dice,
                               int dx)
{
    char json[4096];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"contest\", \"name\": \"untrained\", \"options\": {%s},"
             " \"dice\": [%s], \"combatants\": ["
             " {\"name\": \"A\", \"side\": \"a\", \"at\": [0, 0], \"sheet\": {"
             "  \"attributes\": {\"Strength\": 2, \"Agility\": 1}, \"skills\": {\"Dodge\": 1},"
             "  \"fighting_styles\": [{\"name\": \"Sword\", \"rank\": 3,"
             "   \"gear\": [\"longsword\", \"shield\"]}], \"health\": 20, %s}},"
             " {\"name\": \"D\", \"side\": \"d\", \"at\": [%d.%02d, 0], \"sheet\": {"
             "  \"attributes\": {\"Strength\": 2, \"Agility\": 1}, \"skills\": {\"Dodge\": 1},"
             "  \"fighting_styles\": [{\"name\": \"Spear\", \"rank\": 3,"
             "   \"gear\": [\"spear\", \"partial armor\"]}], \"health\": 20, %s}}]}",
             opts, dice, a, dx / 100, dx % 100, d);
    fray_encounter *e = test_open_round1(json, "untrained");
    for (int i = 0; i < e->n; i++) {
        e->c[i].res[CT_R_AP] = 3;
        e->c[i].res[CT_R_ATTACKS] = 2;
    }
    return e;
}

static fray_encounter *duel(const char *a, const char *d, const char *opts)
{
    return duel_at(a, d, opts, "", 100);
}

static int weapon_named(fray_encounter *e, int who, const char *name)
{
    const ct_creature *c = ct_cc(e, who);
    for (int i = 0; i < c->nweapon; i++)
        if (!strcmp(c->weapon[i].name, name))
            return i;
    fail_msg("no weapon %s", name);
    return -1;
}

static ct_plan strike(fray_encounter *e, const char *weapon)
{
    ct_plan p;
    ct_plan_of(e, 0, 1, weapon_named(e, 0, weapon), -1, 0, &p);
    return p;
}

/* #Step I: Attack: "Remember that wielding a weapons or armor not included
 * in your Fighting Style imposes a -2 penalty to all Fighting Style tests."
 * #Using Untrained Weapons and Armor: "Using a weapon with which you are
 * untrained in imposes a -2 penalty to all Fighting Style tests."
 * The Strike with the trained longsword takes the -2 of the untrained hand
 * crossbow in the other hand: all trained 5, one untrained 3, two 3. */
static void untrained_weapon_all_tests(void **s)
{
    (void)s;
    fray_encounter *e = duel("\"weapons\": [\"longsword\"]", "\"weapons\": [\"spear\"]", "");
    assert_int_equal(strike(e, "longsword").att.rating, 2 + 3);
    fray_encounter_free(e);
    e = duel("\"weapons\": [\"longsword\", \"hand crossbow\"]", "\"weapons\": [\"spear\"]", "");
    assert_int_equal(strike(e, "longsword").att.rating, 2 + 3 - 2);
    /* the crossbow itself, untrained: the best style, -2, once */
    assert_int_equal(strike(e, "hand crossbow").att.rating, 1 + 3 - 2);
    fray_encounter_free(e);
    e = duel("\"weapons\": [\"longsword\", \"hand crossbow\"], \"shield\": \"buckler\"",
             "\"weapons\": [\"spear\"]", "");
    /* two hands: longsword and buckler in hand (trained), the crossbow
     * stowed: not wielded, no penalty */
    assert_false(ct_cc(e, 0)->weapon[1].held);
    assert_int_equal(strike(e, "longsword").att.rating, 2 + 3);
    fray_encounter_free(e);
}

/* The defender's Fighting Style tests (Block, Parry) take it too, and a
 * test that is not a Fighting Style test (Dodge) does not: D's spear is
 * trained, its wooden shield is not. */
static void untrained_shield_defences(void **s)
{
    (void)s;
    fray_encounter *e = duel("\"weapons\": [\"longsword\"]",
                             "\"weapons\": [\"spear\"], \"shield\": \"wooden shield\"", "");
    ct_plan p = strike(e, "longsword");
    assert_int_equal(p.def[CT_D_PARRY].rating, 2 + 3 - 2);
    assert_int_equal(p.def[CT_D_BLOCK].rating, 2 + 3 - 2);
    assert_int_equal(p.def[CT_D_DODGE].rating, 1 + 1);
    fray_encounter_free(e);
    /* the old reading (option untrained_weapon 1): only the shield's test */
    e = duel("\"weapons\": [\"longsword\"]",
             "\"weapons\": [\"spear\"], \"shield\": \"wooden shield\"", "\"untrained_weapon\": 1");
    p = strike(e, "longsword");
    assert_int_equal(p.def[CT_D_PARRY].rating, 2 + 3);
    assert_int_equal(p.def[CT_D_BLOCK].rating, 2 + 3 - 2);
    fray_encounter_free(e);
}

/* The text contradicts itself on armour: #Step I: "wielding a weapons or
 * armor not included in your Fighting Style imposes a -2 penalty to all
 * Fighting Style tests", #Using Untrained Weapons and Armor: "Untrained
 * Armor. Using armor with which you are untrained in imposes bane to all
 * Fighting Style, Dodge, and Sorcery tests." Option untrained_armor: 0 the
 * bane (default), 1 the -2, 2 both. A wears full armour no style lists;
 * trained partial armour (D) gives neither. */
static void untrained_armor_option(void **s)
{
    (void)s;
    static const char *const armor =
        "\"weapons\": [\"longsword\"], \"armor\": {\"level\": \"full\", \"material\": \"iron\"}";
    static const struct { const char *opt; int rating, boon, dodge_boon; } rows[] = {
        {"", 5, -1, -1},
        {"\"untrained_armor\": 0", 5, -1, -1},
        {"\"untrained_armor\": 1", 3, 0, 0},
        {"\"untrained_armor\": 2", 3, -1, -1},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        fray_encounter *e = duel(armor, "\"weapons\": [\"spear\"]", rows[i].opt);
        ct_plan p = strike(e, "longsword");
        assert_int_equal(p.att.rating, rows[i].rating);
        assert_int_equal(p.att.boon, rows[i].boon);
        /* A's own Dodge, seen from D's Strike */
        ct_plan q;
        ct_plan_of(e, 1, 0, weapon_named(e, 1, "spear"), -1, 0, &q);
        assert_int_equal(q.def[CT_D_DODGE].boon, rows[i].dodge_boon);
        /* D's trained partial armour: nothing */
        assert_int_equal(q.att.boon, 0);
        assert_int_equal(q.att.rating, 2 + 3);
        fray_encounter_free(e);
    }
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(untrained_weapon_all_tests),
        cmocka_unit_test(untrained_shield_defences),
        cmocka_unit_test(untrained_armor_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
