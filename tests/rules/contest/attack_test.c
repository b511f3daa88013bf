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


static int forced;
static int ask(void *ud, fray_encounter *e, int who, int q, uint32_t allowed,
               const fray_action *ctx)
{
    (void)ud, (void)e, (void)who, (void)ctx, (void)allowed;
    return q == CT_Q_DEFENCE ? forced : CT_M_NONE;
}

static char outcome[32];
static void last_attack(void *ud, const fray_encounter *e, const fray_event *ev)
{
    (void)ud, (void)e;
    if (!strcmp(ev->kind, "attack"))
        snprintf(outcome, sizeof outcome, "%s", ev->outcome);
}

/* One Strike of A's longsword (target 8 + 2 + 3 = 13: Successes 14 - roll)
 * against D's chosen defence (Dodge: 8 + 1 + 1 = 10, Successes 11 - roll;
 * Parry and Block: 8 + 2 + 3 - 2 = 11, Successes 12 - roll: D's buckler is
 * in no style of D's). */
static const char *one_strike(int def, int att_roll, int def_roll)
{
    char dice[64];
    snprintf(dice, sizeof dice, "6, 1, %d, %d, 1", att_roll, def_roll);
    fray_encounter *e = duel_at("\"weapons\": [\"longsword\"]",
                                "\"weapons\": [\"spear\"], \"shield\": \"buckler\"",
                                "", dice, 100);
    e->ask_fn = ask;
    e->c[0].controller = e->c[1].controller = FRAY_CTL_HUMAN;
    forced = def;
    fray_subscribe(e, last_attack, NULL);
    fray_action a = {.kind = CT_A_STRIKE, .actor = 0, .target = 1, .arg = 0};
    e->rs->resolve(e, &a);
    assert_false(e->failed);
    fray_encounter_free(e);
    return outcome;
}

/* #Step III: "Attack vs Dodge. If the attacker has more Successes the
 * attack hits. Otherwise it misses." and the same for Parry: one more hits,
 * equal misses, one fewer misses. "Attack vs Block. The defender blocks
 * the attack regardless of the attacker's Successes." */
static void more_successes_hit(void **s)
{
    (void)s;
    /* Dodge: defender 7 gives 4 Successes; attacker 9, 10, 11 give 5, 4, 3 */
    assert_string_equal(one_strike(CT_D_DODGE, 9, 7), "hit");
    assert_string_equal(one_strike(CT_D_DODGE, 10, 7), "miss");
    assert_string_equal(one_strike(CT_D_DODGE, 11, 7), "miss");
    /* Parry: defender 8 gives 4 */
    assert_string_equal(one_strike(CT_D_PARRY, 9, 8), "hit");
    assert_string_equal(one_strike(CT_D_PARRY, 10, 8), "miss");
    assert_string_equal(one_strike(CT_D_PARRY, 11, 8), "miss");
    /* Block: more, equal, fewer: blocked */
    assert_string_equal(one_strike(CT_D_BLOCK, 9, 8), "blocked");
    assert_string_equal(one_strike(CT_D_BLOCK, 10, 8), "blocked");
    assert_string_equal(one_strike(CT_D_BLOCK, 11, 8), "blocked");
    /* "Both fail. ... One fails, the other passes. A critical win!" */
    assert_string_equal(one_strike(CT_D_DODGE, 14, 11), "both fail");
    assert_string_equal(one_strike(CT_D_DODGE, 13, 11), "critical win");
    assert_string_equal(one_strike(CT_D_DODGE, 14, 10), "critical defence");
}

/* #Cover: "Low Cover. Ranged attacks against a character with low cover
 * impose a -2 penalty to the attack test. The character also receives a +2
 * bonus on Dodge tests." "High Cover. ... increase to -5/+5." "Full Cover.
 * Ranged attacks against a target with full cover automatically fail." A
 * shoots its hand crossbow at D 5 m away; none, low, high, full. */
static void cover_steps(void **s)
{
    (void)s;
    static const struct { const char *cover; int att, dodge; } rows[] = {
        {"none", 0, 0}, {"low", -2, 2}, {"high", -5, 5}};
    for (int i = 0; i < 3; i++) {
        char d[128];
        snprintf(d, sizeof d, "\"weapons\": [\"spear\"], \"cover\": \"%s\"", rows[i].cover);
        fray_encounter *e = duel_at("\"weapons\": [\"hand crossbow\"]", d, "", "", 500);
        ct_plan p = strike(e, "hand crossbow");
        assert_true(p.ranged);
        assert_int_equal(p.att.rating, 1 + 3 - 2 + rows[i].att); /* untrained crossbow */
        assert_int_equal(p.def[CT_D_DODGE].rating, 1 + 1 + rows[i].dodge);
        fray_encounter_free(e);
    }
    fray_encounter *e = duel_at("\"weapons\": [\"hand crossbow\"]",
                                "\"weapons\": [\"spear\"], \"cover\": \"full\"", "", "", 500);
    fray_action out[FRAY_MAX_LEGAL];
    int n = ct_legal(e, 0, FRAY_WIN_ACT, NULL, out, FRAY_MAX_LEGAL);
    for (int i = 0; i < n; i++)
        assert_false(out[i].kind == CT_A_STRIKE);
    fray_encounter_free(e);
}

/* #Flanking: "When at least two allied characters have a foe in their reach
 * between them, such that one could draw a straight line and connect all
 * three characters, the foe is flanked. Fighting Style and Sorcery tests
 * made to make a melee attack against a flanked foe gain a +2 bonus." T at
 * (0, 0), A at (-1 m, y), B at (1 m, y): the line A-B passes y from T's
 * centre; within T's half width (50 cm): 49 and 50 flank, 51 does not;
 * A alone (B away) does not. */
static int flank_bonus(int y, int bx)
{
    char json[2048];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"contest\", \"name\": \"flank\", \"combatants\": ["
             " {\"name\": \"A\", \"side\": \"a\", \"at\": [-1, 0.%02d], \"sheet\": {"
             "  \"attributes\": {\"Strength\": 2}, \"health\": 9, \"weapons\": [\"longsword\"]}},"
             " {\"name\": \"B\", \"side\": \"a\", \"at\": [%d, 0.%02d], \"sheet\": {"
             "  \"health\": 9, \"weapons\": [\"longsword\"]}},"
             " {\"name\": \"T\", \"side\": \"t\", \"at\": [0, 0], \"sheet\": {\"health\": 9}}]}",
             y, bx, y);
    fray_encounter *e = test_open_round1(json, "flank");
    ct_plan p;
    ct_plan_of(e, 0, 2, 0, -1, 0, &p);
    int f = ct_flanked(e, 0, 2);
    assert_int_equal(p.att.rating, 2 - 2 + (f ? 2 : 0)); /* no style: untrained -2 */
    fray_encounter_free(e);
    return f;
}

static void flanking_line(void **s)
{
    (void)s;
    assert_true(flank_bonus(49, 1));
    assert_true(flank_bonus(50, 1));
    assert_false(flank_bonus(51, 1));
    assert_false(flank_bonus(50, 9)); /* B out of reach: one character */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(untrained_weapon_all_tests),
        cmocka_unit_test(untrained_shield_defences),
        cmocka_unit_test(untrained_armor_option),
        cmocka_unit_test(more_successes_hit),
        cmocka_unit_test(cover_steps),
        cmocka_unit_test(flanking_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
