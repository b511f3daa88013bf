/* boundaries_test.c: the comparisons of 002_9c6f0ed04fdad0e7.txt at their
 * boundaries (issue 33; docs/rules/threeaction.md, "Comparisons at their
 * boundaries"): each test quotes its sentence and checks the value equal
 * to the boundary, one below and one above, with scripted dice. */
#include <stdio.h>
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/threeaction/threeaction.h"

#define SWORD "{\"name\": \"sword\", \"weight\": \"medium\", \"damage\": \"1d8\"}"
#define SHEET "{\"level\": 1, \"hp\": 20, \"weapons\": [" SWORD "]}"

static fray_encounter *fight(const char *combatants, const char *options)
{
    static char json[8192];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"threeaction\", \"options\": {%s}, \"combatants\": [%s]}", options,
             combatants);
    return test_open_round1(json, "boundaries_test.json");
}

static void dice(fray_encounter *e, const int *d, size_t n) { fray_set_dice_script(e, d, n); }

static void act(fray_encounter *e, int kind, int who, int t, int arg)
{
    fray_action a = {.kind = (int16_t)kind, .actor = (int8_t)who, .target = (int8_t)t,
                     .arg = (int16_t)arg};
    ta_resolve(e, &a);
}

/* #Spell Attack: "If your Spell Attack roll is equal to or higher than the
 * appropriate defense stat the Spell Effects the target." Mental Defense
 * 12, d20 + Level 1: 10 (11) misses, 11 (12, equal) hits, 12 (13) hits. */
static void spell_attack_equal_or_higher(void **s)
{
    (void)s;
    static const struct { int die, hit; } rows[] = {{10, 0}, {11, 1}, {12, 1}};
    for (int i = 0; i < 3; i++) {
        fray_encounter *e = fight(
            "{\"name\": \"M\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": {\"level\": 1, \"hp\": 20, "
            "\"energy\": 6, \"weapons\": [" SWORD "], \"spells\": [{\"name\": \"Spike\", \"defense\": "
            "\"mental\", \"energy\": 1, \"damage\": \"1d6\"}]}},"
            "{\"name\": \"T\", \"side\": \"red\", \"at\": [6, 0], \"sheet\": {\"level\": 1, \"hp\": 20, "
            "\"mental_defense\": 12, \"weapons\": [" SWORD "]}}",
            "");
        int d[] = {rows[i].die, 4};
        dice(e, d, 2);
        act(e, TA_A_CAST, 0, 1, 0);
        assert_int_equal(fray_res(e, 1, TA_R_HP), rows[i].hit ? 16 : 20);
        fray_encounter_free(e);
    }
}

/* #Attack: "On a success you deal Damage with your Weapon. On a Critical
 * Success you deal double Damage." A Critical Success is crit_margin (10)
 * above the defense (another chapter's; option): Physical Defense 11, d20
 * + Level 1: 19 (20, 9 above) deals 4, 20 is a natural 20; with natural
 * crits off, 20 (21, 10 above) deals 8 and 18 (19) deals 4. Damage: 1d8 4,
 * no STR. */
static void critical_doubles_at_the_margin(void **s)
{
    (void)s;
    static const struct { int die, dealt; } rows[] = {{18, 4}, {19, 4}, {20, 8}};
    for (int i = 0; i < 3; i++) {
        fray_encounter *e = fight("{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET "},"
                                  "{\"name\": \"T\", \"side\": \"red\", \"at\": [1.5, 0], \"sheet\": " SHEET "}",
                                  "\"natural_crits\": 0");
        int d[] = {rows[i].die, 4};
        dice(e, d, 2);
        act(e, TA_A_MELEE, 0, 1, 0);
        assert_int_equal(fray_res(e, 1, TA_R_HP), 20 - rows[i].dealt);
        fray_encounter_free(e);
    }
}

/* #Focus: "For each Action spent focusing you gain Energy equal
 * (ESS+Level)/3 rounded down." ESS + Level 5: 1, 6: 2, 7: 2. */
static void focus_rounded_down(void **s)
{
    (void)s;
    static const struct { int ess, gain; } rows[] = {{4, 1}, {5, 2}, {6, 2}};
    for (int i = 0; i < 3; i++) {
        char cs[1024];
        snprintf(cs, sizeof cs,
                 "{\"name\": \"M\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": {\"level\": 1, "
                 "\"hp\": 20, \"energy\": 20, \"attributes\": {\"ESS\": %d}, \"weapons\": [" SWORD "]}},"
                 "{\"name\": \"T\", \"side\": \"red\", \"at\": [9, 0], \"sheet\": " SHEET "}",
                 rows[i].ess);
        fray_encounter *e = fight(cs, "");
        fray_res_set(e, 0, TA_R_ENERGY, 0);
        act(e, TA_A_FOCUS, 0, -1, 0);
        assert_int_equal(fray_res(e, 0, TA_R_ENERGY), rows[i].gain);
        fray_encounter_free(e);
    }
}

/* #Ranged Attack: "If the target is within 5ft of you, you roll with
 * Disadvantage." Within 5 ft is a neighbouring square, a diagonal one too
 * (centres up to 225 cm apart with the half square of slack): 150 and 225
 * cm yes, 226 cm and 300 cm (10 ft) no. */
static void ranged_within_5ft(void **s)
{
    (void)s;
    static const struct { const char *at; int dis; } rows[] = {
        {"1.5, 0", 1}, {"2.25, 0", 1}, {"2.26, 0", 0}, {"3, 0", 0}};
    for (int i = 0; i < 4; i++) {
        char cs[1024];
        snprintf(cs, sizeof cs,
                 "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": {\"level\": 1, "
                 "\"hp\": 20, \"weapons\": [{\"name\": \"bow\", \"damage\": \"1d8\", \"range\": 30}]}},"
                 "{\"name\": \"T\", \"side\": \"red\", \"at\": [%s], \"sheet\": " SHEET "}",
                 rows[i].at);
        fray_encounter *e = fight(cs, "");
        int mark = fray_mods_mark(e), n = 0;
        ta_attack_adv(e, 0, 1, 1, &n);
        fray_mods_drop(e, mark);
        assert_int_equal(ta_settle_adv(e, n), rows[i].dis ? -1 : 0);
        fray_encounter_free(e);
    }
}

/* #Dead: "A Creature dies when it has a negative HP equal to or greater
 * than its max HP". Max 20: -19 is down, -20 and -21 dead. */
static void dead_at_minus_max_hp(void **s)
{
    (void)s;
    static const struct { int dmg, dead; } rows[] = {{39, 0}, {40, 1}, {41, 1}};
    for (int i = 0; i < 3; i++) {
        fray_encounter *e = fight("{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET "},"
                                  "{\"name\": \"T\", \"side\": \"red\", \"at\": [1.5, 0], \"sheet\": " SHEET "}",
                                  "");
        ta_damage(e, 1, rows[i].dmg, 0, "test", "t");
        assert_int_equal(e->c[1].status, rows[i].dead ? FRAY_DEAD : FRAY_DOWN);
        fray_encounter_free(e);
    }
}

/* #Maneuver: "You make an opposed Melee Attack roll." The text gives no
 * winner of a tie: the defender's (option opposed_ties 0). Both d20 +
 * Level 1: 10 against 11 fails, 11 against 11 (a tie) fails, 12 against 11
 * succeeds; with opposed_ties 1 the tie succeeds. */
static void opposed_tie_is_the_defenders(void **s)
{
    (void)s;
    static const struct { int mine, ok, ok_ties; } rows[] = {{10, 0, 0}, {11, 0, 1}, {12, 1, 1}};
    for (int ties = 0; ties < 2; ties++)
        for (int i = 0; i < 3; i++) {
            fray_encounter *e = fight(
                "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET "},"
                "{\"name\": \"T\", \"side\": \"red\", \"at\": [1.5, 0], \"sheet\": " SHEET "}",
                ties ? "\"opposed_ties\": 1" : "");
            int d[] = {rows[i].mine, 11};
            dice(e, d, 2);
            int r = ta_opposed(e, 0, 1, "test");
            assert_int_equal(r > 0, ties ? rows[i].ok_ties : rows[i].ok);
            fray_encounter_free(e);
        }
}

/* #Grappled: "If you are smaller than the Creature Grappling you, you are
 * Entangled, otherwise your Speed is halved." #Grapple: "Both Creatures
 * share the space of the larger Creature. If both are the same Size they
 * share the space of the Grappled Creature." A Medium grappler, a Small,
 * Medium and Large target: Entangled; halved (30 ft: 15 ft); halved, and
 * the grappler (smaller than it) Entangled. */
static void grapple_by_size(void **s)
{
    (void)s;
    static const char *const sizes[] = {"small", "medium", "large"};
    for (int i = 0; i < 3; i++) {
        char cs[1024];
        snprintf(cs, sizeof cs,
                 "{\"name\": \"G\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": {\"level\": 1, "
                 "\"hp\": 20, \"free_hand\": true, \"weapons\": [" SWORD "]}},"
                 "{\"name\": \"T\", \"side\": \"red\", \"at\": [1.5, 0], \"sheet\": {\"level\": 1, "
                 "\"hp\": 20, \"size\": \"%s\", \"weapons\": [" SWORD "]}}",
                 sizes[i]);
        fray_encounter *e = fight(cs, "");
        int d[] = {15, 5};
        dice(e, d, 2);
        act(e, TA_A_GRAPPLE, 0, 1, 0);
        assert_true(fray_has(e, 1, TA_C_GRAPPLED));
        assert_int_equal(fray_has(e, 1, TA_C_ENTANGLED) != 0, i == 0);
        if (i > 0)
            assert_int_equal(ta_speed(e, 1), 15 * TA_FT);
        assert_int_equal(fray_has(e, 0, TA_C_ENTANGLED) != 0, i == 2);
        /* the larger's space; the grappled one's when the same Size */
        if (i == 0)
            assert_int_equal(e->c[1].x, 0);
        else
            assert_int_equal(e->c[0].x, 150);
        fray_encounter_free(e);
    }
}

/* #Command: "This Action can only be used on a Creature once per Round."
 * #Control: "You can spend an Action to Control a Spell you Cast on a
 * previous Turn. ... You can only Control a Spell once per Turn." Not in
 * the turn it is Cast, once in the next. */
static void command_once_a_round_control_once_a_turn(void **s)
{
    (void)s;
    fray_encounter *e = fight(
        "{\"name\": \"R\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": {\"level\": 1, \"hp\": 20, "
        "\"energy\": 10, \"weapons\": [" SWORD "], \"spells\": [{\"name\": \"Flame\", \"energy\": 1, "
        "\"damage\": \"1d6\", \"control\": true}]}},"
        "{\"name\": \"W\", \"side\": \"blue\", \"at\": [0, 1.5], \"sheet\": {\"level\": 1, \"hp\": 10, "
        "\"commander\": \"R\", \"weapons\": [{\"name\": \"jaws\", \"damage\": \"1d6\", \"natural\": true}]}},"
        "{\"name\": \"T\", \"side\": \"red\", \"at\": [6, 0], \"sheet\": " SHEET "}",
        "");
    assert_true(test_has_action(e, 0, TA_A_COMMAND));
    act(e, TA_A_COMMAND, 0, 1, 0);
    fray_turns_pass(e, 1);
    assert_false(test_has_action(e, 0, TA_A_COMMAND)); /* the same Round */
    e->round = 2;
    assert_true(test_has_action(e, 0, TA_A_COMMAND)); /* the next */
    int d[] = {3, 3, 3, 3};
    dice(e, d, 4);
    fray_res_set(e, 0, TA_R_ACTIONS, 3);
    act(e, TA_A_CAST, 0, 2, 0);
    assert_false(test_has_action(e, 0, TA_A_CONTROL)); /* Cast this turn: not "a previous Turn" */
    /* its next turn */
    e->turns.cur = -1;
    fray_turns_round_start(e);
    e->round = 3;
    e->turns.order[0] = 0, e->turns.order[1] = 1, e->turns.order[2] = 2, e->turns.pos = 0;
    assert_int_equal(fray_turns_next(e), 0);
    assert_true(test_has_action(e, 0, TA_A_CONTROL));
    act(e, TA_A_CONTROL, 0, 2, 0);
    assert_false(test_has_action(e, 0, TA_A_CONTROL)); /* once per Turn */
    fray_encounter_free(e);
}

/* #Move: "You Move up to your Speed"; #Running "up to your Speed". Speed
 * 30 ft (900 cm): a foe 45 ft away, the Move ends 900 cm on; a foe whose
 * reach is 30 ft away (a Move of 750 cm), 750 cm: never past it. */
static void move_up_to_speed(void **s)
{
    (void)s;
    fray_encounter *e = fight("{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET "},"
                              "{\"name\": \"T\", \"side\": \"red\", \"at\": [15, 0], \"sheet\": " SHEET "}",
                              "");
    act(e, TA_A_MOVE, 0, 1, 0);
    assert_int_equal(e->c[0].x, 900);
    fray_encounter_free(e);
    e = fight("{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET "},"
              "{\"name\": \"T\", \"side\": \"red\", \"at\": [9, 0], \"sheet\": " SHEET "}",
              "");
    int x, y, go = ta_approach_point(e, 0, 1, &x, &y);
    assert_true(go < 900);
    act(e, TA_A_MOVE, 0, 1, 0);
    assert_int_equal(e->c[0].x, go);
    assert_true(ta_in_reach(e, 0, 1, 5 * TA_FT));
    fray_encounter_free(e);
}

/* #Crawling: "While Prone you can Move 5ft." #Flying: "you can Move up to
 * twice your Speed through the air." #Grappled: "your Speed is halved".
 * Speed 30 ft: Prone 5 ft, Flight 60 ft, grappling 15 ft; 35 ft halved is
 * 17.5 ft (525 cm, in cm: no rounding to the foot). */
static void speeds(void **s)
{
    (void)s;
    fray_encounter *e = fight(
        "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET "},"
        "{\"name\": \"F\", \"side\": \"blue\", \"at\": [0, 3], \"sheet\": {\"level\": 1, \"hp\": 20, "
        "\"flight\": \"flight\", \"weapons\": [" SWORD "]}},"
        "{\"name\": \"S\", \"side\": \"blue\", \"at\": [0, 6], \"sheet\": {\"level\": 1, \"hp\": 20, "
        "\"speed\": 35, \"weapons\": [" SWORD "]}},"
        "{\"name\": \"T\", \"side\": \"red\", \"at\": [9, 0], \"sheet\": " SHEET "}",
        "");
    assert_int_equal(ta_speed(e, 0), 30 * TA_FT);
    fray_cond_add(e, 0, TA_C_PRONE, -1, FRAY_EXP_NEVER, 0);
    assert_int_equal(ta_speed(e, 0), 5 * TA_FT);
    assert_int_equal(ta_speed(e, 1), 60 * TA_FT);
    fray_cond_add(e, 2, TA_C_GRAPPLING, -1, FRAY_EXP_NEVER, 0);
    assert_int_equal(ta_speed(e, 2), 525);
    fray_encounter_free(e);
}

/* #Cast: "a target or Area within its Range". A 60 ft Range: a foe at 59
 * and 60 ft may be targeted, at 61 ft not. */
static void spell_within_range(void **s)
{
    (void)s;
    static const struct { const char *at; int listed; } rows[] = {
        {"17.7", 1}, {"18", 1}, {"18.3", 0}};
    for (int i = 0; i < 3; i++) {
        char cs[1024];
        snprintf(cs, sizeof cs,
                 "{\"name\": \"M\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": {\"level\": 1, "
                 "\"hp\": 20, \"energy\": 6, \"weapons\": [" SWORD "], \"spells\": [{\"name\": \"Bolt\", "
                 "\"energy\": 1, \"range\": 60, \"damage\": \"1d6\"}]}},"
                 "{\"name\": \"T\", \"side\": \"red\", \"at\": [%s, 0], \"sheet\": " SHEET "}",
                 rows[i].at);
        fray_encounter *e = fight(cs, "");
        assert_int_equal(test_has_action(e, 0, TA_A_CAST), rows[i].listed);
        fray_encounter_free(e);
    }
}

/* #Zero-G: "If you Push off an unfixed Object within 1 Size of you, you
 * Move up to half your Speed": an ally one Size smaller or larger is one,
 * two Sizes apart is not. */
static void zero_g_push_off_within_one_size(void **s)
{
    (void)s;
    static const struct { const char *size; int ok; } rows[] = {
        {"tiny", 0}, {"small", 1}, {"medium", 1}, {"large", 1}, {"huge", 0}};
    for (int i = 0; i < 5; i++) {
        char cs[2048];
        snprintf(cs, sizeof cs,
                 "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET "},"
                 "{\"name\": \"B\", \"side\": \"blue\", \"at\": [1.5, 0], \"sheet\": {\"level\": 1, "
                 "\"hp\": 20, \"size\": \"%s\", \"weapons\": [" SWORD "]}},"
                 "{\"name\": \"T\", \"side\": \"red\", \"at\": [12, 0], \"sheet\": " SHEET "}",
                 rows[i].size);
        char json[4096];
        snprintf(json, sizeof json,
                 "{\"ruleset\": \"threeaction\", \"combatants\": [%s], \"map\": {\"regions\": "
                 "[{\"kind\": \"zero_g\", \"from\": [-20, -20], \"to\": [20, 20]}]}}",
                 cs);
        fray_encounter *e = test_open_round1(json, "boundaries_test.json");
        int ally;
        assert_int_equal(ta_can_push_off(e, 0, &ally), rows[i].ok);
        fray_encounter_free(e);
    }
}

/* #Occupied Squares: "Creatures may Move through squares occupied by
 * Allies or by Creatures either 2 sizes larger or smaller than themselves.
 * While moving through these squares count as Difficult Terrain." A Medium
 * mover (Speed 900 cm) towards T past E: E Tiny (2 smaller) is passed
 * without a Push, its 75 cm twice (ends at 825); Small (1 smaller) needs
 * the Push, which fails (2 against 15): it stops at E's space (151); Large
 * (1 larger) the same (76); Huge (2 larger) is passed, 450 cm twice (ends
 * at 450). An ally's square: #Move "at no Penalty" (900), or Difficult
 * Terrain with option ally_squares_difficult (750). */
static void occupied_squares_by_size(void **s)
{
    (void)s;
    static const struct { const char *side, *size, *opt; int x; } rows[] = {
        {"red", "tiny", "", 825}, {"red", "small", "", 151}, {"red", "large", "", 76},
        {"red", "huge", "", 450}, {"blue", "medium", "", 900},
        {"blue", "medium", "\"ally_squares_difficult\": 1", 750}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char cs[1024];
        snprintf(cs, sizeof cs,
                 "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET "},"
                 "{\"name\": \"E\", \"side\": \"%s\", \"at\": [3, 0], \"sheet\": {\"level\": 1, "
                 "\"hp\": 20, \"size\": \"%s\", \"weapons\": [" SWORD "]}},"
                 "{\"name\": \"T\", \"side\": \"red\", \"at\": [12, 0], \"sheet\": " SHEET "}",
                 rows[i].side, rows[i].size);
        fray_encounter *e = fight(cs, rows[i].opt);
        int d[] = {2, 15};
        dice(e, d, 2);
        act(e, TA_A_MOVE, 0, 2, 0);
        assert_int_equal(e->c[0].x, rows[i].x);
        fray_encounter_free(e);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(spell_attack_equal_or_higher),
        cmocka_unit_test(critical_doubles_at_the_margin),
        cmocka_unit_test(focus_rounded_down),
        cmocka_unit_test(ranged_within_5ft),
        cmocka_unit_test(dead_at_minus_max_hp),
        cmocka_unit_test(opposed_tie_is_the_defenders),
        cmocka_unit_test(grapple_by_size),
        cmocka_unit_test(command_once_a_round_control_once_a_turn),
        cmocka_unit_test(move_up_to_speed),
        cmocka_unit_test(speeds),
        cmocka_unit_test(spell_within_range),
        cmocka_unit_test(zero_g_push_off_within_one_size),
        cmocka_unit_test(occupied_squares_by_size),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
