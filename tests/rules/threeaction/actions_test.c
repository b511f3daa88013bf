/* actions_test.c: the Attacks and Actions of 002_9c6f0ed04fdad0e7.txt
 * (src/rules/threeaction/actions.c, resolve.c, rounds.c) at the
 * boundaries of their sentences (issue 33), driven by hand with scripted
 * dice. Positions are in metres (1.5 = 5 ft). */
#include <stdio.h>
#include <string.h>

#include "support/test.h"
#include "support/fight.h"
#include "rules/threeaction/threeaction.h"

#define SWORD "{\"name\": \"sword\", \"weight\": \"medium\", \"damage\": \"1d8\"}"
#define BOW "{\"name\": \"bow\", \"damage\": \"1d8\", \"range\": 30}"
#define SHEET(w) "{\"level\": 1, \"hp\": 20, \"weapons\": [" w "]}"

/* An encounter of `combatants` (a JSON list body) with `options` (a JSON
 * object body, may be ""), started and in round 1. */
static fray_encounter *fight(const char *combatants, const char *options)
{
    static char json[8192];
    snprintf(json, sizeof json,
             "{\"ruleset\": \"threeaction\", \"options\": {%s}, \"combatants\": [%s]}", options,
             combatants);
    return test_open_round1(json, "actions_test.json");
}

static void dice(fray_encounter *e, const int *d, size_t n) { fray_set_dice_script(e, d, n); }

static void act(fray_encounter *e, int kind, int who, int t, int arg)
{
    fray_action a = {.kind = (int16_t)kind, .actor = (int8_t)who, .target = (int8_t)t,
                     .arg = (int16_t)arg};
    ta_resolve(e, &a);
}

/* #Ranged Attack: "If the target of the Attack is farther away than the
 * Range Increment of the Weapon you take a -1 Penalty on the Attack for
 * every Range Increment it is from you rounded down." A 30 ft increment:
 * 29 and 30 ft no penalty, 31 and 59 ft -1, 60 and 61 ft -2 (60 ft is two
 * increments away), 89 -2, 90 -3. */
static void range_penalty_rounded_down(void **s)
{
    (void)s;
    static const struct { const char *at; int pen; } rows[] = {
        {"8.7", 0}, {"9", 0}, {"9.3", 1}, {"17.7", 1}, {"18", 2}, {"18.3", 2}, {"26.7", 2}, {"27", 3},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char cs[1024];
        snprintf(cs, sizeof cs,
                 "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET(BOW) "},"
                 "{\"name\": \"T\", \"side\": \"red\", \"at\": [%s, 0], \"sheet\": " SHEET(SWORD) "}",
                 rows[i].at);
        fray_encounter *e = fight(cs, "");
        int d = ta_dist(e, 0, 1);
        assert_int_equal(ta_range_penalty(e, d, ta_ccr(e, 0)->w[0].increment), rows[i].pen);
        fray_encounter_free(e);
    }
    /* the same in an attack: d20 11 + Level 1 against Physical Defense 11
     * hits at 59 ft (-1) and misses at 60 ft (-2) */
    fray_encounter *e = fight(
        "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET(BOW) "},"
        "{\"name\": \"N\", \"side\": \"red\", \"at\": [17.7, 0], \"sheet\": " SHEET(SWORD) "},"
        "{\"name\": \"F\", \"side\": \"red\", \"at\": [0, 18], \"sheet\": " SHEET(SWORD) "}",
        "");
    assert_int_equal(ta_ccr(e, 1)->pdef, 11);
    int d[] = {11, 4, 11};
    dice(e, d, 3);
    act(e, TA_A_RANGED, 0, 1, 0);
    assert_int_equal(fray_res(e, 1, TA_R_HP), 16);
    act(e, TA_A_RANGED, 0, 2, 0);
    assert_int_equal(fray_res(e, 2, TA_R_HP), 20);
    fray_encounter_free(e);
    /* option range_past_first: the old count, -1 at exactly 60 ft */
    e = fight("{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET(BOW) "},"
              "{\"name\": \"F\", \"side\": \"red\", \"at\": [18, 0], \"sheet\": " SHEET(SWORD) "}",
              "\"range_past_first\": 1");
    assert_int_equal(ta_range_penalty(e, ta_dist(e, 0, 1), ta_ccr(e, 0)->w[0].increment), 1);
    fray_encounter_free(e);
}

/* The settled Advantage (+1), Disadvantage (-1) or neither of who's attack
 * of `kind` (0 melee, 1 ranged, 2 spell) on t. */
static int adv_of(fray_encounter *e, int who, int t, int kind)
{
    int mark = fray_mods_mark(e), n = 0;
    ta_attack_adv(e, who, t, kind, &n);
    fray_mods_drop(e, mark);
    return ta_settle_adv(e, n);
}

#define BOLT "{\"name\": \"Bolt\", \"energy\": 1, \"damage\": \"1d6\"}"

/* #Prone: "It has Disadvantage on Melee Attacks, Melee Attacks against it
 * have Advantage, and Ranged Attacks against it have Disadvantage." A Spell
 * Attack is neither: no Disadvantage (option prone_spell_dis: the old). */
static void prone_ranged_not_spell(void **s)
{
    (void)s;
    const char *cs =
        "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": {\"level\": 1, \"hp\": 20, "
        "\"energy\": 6, \"weapons\": [" BOW "], \"spells\": [" BOLT "]}},"
        "{\"name\": \"M\", \"side\": \"blue\", \"at\": [4.5, 1.5], \"sheet\": " SHEET(SWORD) "},"
        "{\"name\": \"T\", \"side\": \"red\", \"at\": [6, 0], \"sheet\": {\"level\": 1, \"hp\": 20, "
        "\"weapons\": [" SWORD "], \"conditions\": [{\"condition\": \"Prone\"}]}}";
    fray_encounter *e = fight(cs, "");
    assert_true(fray_has(e, 2, TA_C_PRONE));
    assert_int_equal(adv_of(e, 1, 2, 0), 1);  /* melee: Advantage */
    assert_int_equal(adv_of(e, 0, 2, 1), -1); /* ranged: Disadvantage */
    assert_int_equal(adv_of(e, 0, 2, 2), 0);  /* spell: neither */
    /* a Cast at it rolls one d20: 10 + Level 1 hits Physical Defense 11 (two
     * dice, 10 and 3, would miss) */
    int d[] = {10, 4, 3};
    dice(e, d, 3);
    act(e, TA_A_CAST, 0, 2, 0);
    assert_int_equal(fray_res(e, 2, TA_R_HP), 16);
    fray_encounter_free(e);
    e = fight(cs, "\"prone_spell_dis\": 1");
    assert_int_equal(adv_of(e, 0, 2, 2), -1);
    fray_encounter_free(e);
}

/* #Cover: "If the target of an Attack is partially obscured by a Creature
 * or Object of at least their Size ... it has Cover. ... Attacks against
 * Creatures with Cover are made with Disadvantage." A melee attack with a
 * 10 ft reach past a creature: Disadvantage when the creature between is
 * one Size smaller (no: not at least their Size), the same Size (yes), one
 * Size larger (yes). */
static void cover_for_melee_too(void **s)
{
    (void)s;
    static const char *const sizes[] = {"small", "medium", "large"};
    for (int i = 0; i < 3; i++) {
        char cs[2048];
        snprintf(cs, sizeof cs,
                 "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": {\"level\": 1, "
                 "\"hp\": 20, \"weapons\": [{\"name\": \"pike\", \"damage\": \"1d8\", \"reach\": 10}]}},"
                 "{\"name\": \"K\", \"side\": \"red\", \"at\": [1.5, 0], \"sheet\": {\"level\": 1, "
                 "\"hp\": 20, \"size\": \"%s\", \"weapons\": [" SWORD "]}},"
                 "{\"name\": \"T\", \"side\": \"red\", \"at\": [3, 0], \"sheet\": " SHEET(SWORD) "}",
                 sizes[i]);
        fray_encounter *e = fight(cs, "");
        assert_int_equal(adv_of(e, 0, 2, 0), i == 0 ? 0 : -1);
        fray_encounter_free(e);
        e = fight(cs, "\"cover_ranged_only\": 1"); /* the old reading */
        assert_int_equal(adv_of(e, 0, 2, 0), 0);
        fray_encounter_free(e);
    }
}

/* #Cover: "If being attacked by an Effect with an Area determine Cover
 * based on the point of origin of the Area." #Attack: "make a single Attack
 * roll for the ability." A Fire Ball on T: K beside T has no Cover from T,
 * U behind K has: the one roll (14) hits T and K, and U reads it with
 * Disadvantage (14 and 3: 3 + 1 misses Physical Defense 11). */
static void area_cover_from_its_origin(void **s)
{
    (void)s;
    const char *cs =
        "{\"name\": \"M\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": {\"level\": 1, \"hp\": 20, "
        "\"energy\": 6, \"weapons\": [" SWORD "], \"spells\": [{\"name\": \"Fire Ball\", \"energy\": 4, "
        "\"damage\": \"1d6\", \"area\": 10}]}},"
        "{\"name\": \"T\", \"side\": \"red\", \"at\": [6, 0], \"sheet\": " SHEET(SWORD) "},"
        "{\"name\": \"K\", \"side\": \"red\", \"at\": [7.5, 0], \"sheet\": " SHEET(SWORD) "},"
        "{\"name\": \"U\", \"side\": \"red\", \"at\": [9, 0], \"sheet\": " SHEET(SWORD) "}";
    fray_encounter *e = fight(cs, "");
    int d[] = {14, 2, 2, 3};
    dice(e, d, 4);
    act(e, TA_A_CAST, 0, 1, 0);
    assert_int_equal(fray_res(e, 1, TA_R_HP), 18);
    assert_int_equal(fray_res(e, 2, TA_R_HP), 18);
    assert_int_equal(fray_res(e, 3, TA_R_HP), 20);
    fray_encounter_free(e);
    /* the second die above the first: the first counts, U is hit */
    e = fight(cs, "");
    int d2[] = {14, 2, 2, 17, 5};
    dice(e, d2, 5);
    act(e, TA_A_CAST, 0, 1, 0);
    assert_int_equal(fray_res(e, 3, TA_R_HP), 15);
    fray_encounter_free(e);
    /* option area_cover 0: Areas ignore Cover, no second die */
    e = fight(cs, "\"area_cover\": 0");
    int d3[] = {14, 2, 2, 5};
    dice(e, d3, 4);
    act(e, TA_A_CAST, 0, 1, 0);
    assert_int_equal(fray_res(e, 3, TA_R_HP), 15);
    fray_encounter_free(e);
}

/* #Dodge: "You spend one Action to give the next Attack against you
 * Disadvantage." No time limit: the Dodge of round 1 still holds in round
 * 2 after the dodger's own turn, for the next Attack only (option
 * dodge_until_turn: the old, ended at the dodger's turn). */
static void dodge_until_the_next_attack(void **s)
{
    (void)s;
    const char *cs = "{\"name\": \"D\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET(SWORD) "},"
                     "{\"name\": \"T\", \"side\": \"red\", \"at\": [1.5, 0], \"sheet\": " SHEET(SWORD) "}";
    for (int old = 0; old < 2; old++) {
        fray_encounter *e = fight(cs, old ? "\"dodge_until_turn\": 1" : "");
        act(e, TA_A_DODGE, 0, -1, 0);
        assert_true(fray_has(e, 0, TA_C_DODGING));
        /* D's next turn starts */
        e->turns.cur = -1;
        fray_turns_round_start(e);
        e->round = 2;
        e->turns.order[0] = 0, e->turns.order[1] = 1, e->turns.pos = 0;
        assert_int_equal(fray_turns_next(e), 0);
        assert_int_equal(fray_has(e, 0, TA_C_DODGING) != 0, !old);
        if (old) {
            fray_encounter_free(e);
            continue;
        }
        /* T's attack: 15 and 4 with Disadvantage, 4 + 1 misses 11 */
        int d[] = {15, 4, 15, 3};
        dice(e, d, 4);
        act(e, TA_A_MELEE, 1, 0, 0);
        assert_int_equal(fray_res(e, 0, TA_R_HP), 20);
        assert_false(fray_has(e, 0, TA_C_DODGING));
        /* the next one has no Disadvantage: 15 hits */
        act(e, TA_A_MELEE, 1, 0, 0);
        assert_int_equal(fray_res(e, 0, TA_R_HP), 17);
        fray_encounter_free(e);
    }
}

/* Start the next turn in the order [first, second] of a new round. */
static int next_turn_of(fray_encounter *e, int first, int second, int round)
{
    e->turns.cur = -1;
    fray_turns_round_start(e);
    e->round = round;
    e->turns.order[0] = (int8_t)first, e->turns.order[1] = (int8_t)second, e->turns.pos = 0;
    return fray_turns_next(e);
}

/* #Incapacitated: "A Creature with 0 or less HP that is not Dead is
 * Incapacitated. ... An Incapacitated Creature gets 2 less Actions and 2
 * less Reactions per Turn to a minimum of 0 (usually 1 Action and 0
 * Reactions)." At 1 HP: 3 Actions; at 0 and at -1 HP: its turn comes with
 * 1 Action, which it uses (an attack), and the turn ends; Slowed too: 0
 * (the minimum), no turn to act in. Option incapacitated_acts 0: the old,
 * no turn. */
static void incapacitated_takes_its_one_action(void **s)
{
    (void)s;
    const char *cs = "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET(SWORD) "},"
                     "{\"name\": \"T\", \"side\": \"red\", \"at\": [1.5, 0], \"sheet\": " SHEET(SWORD) "},"
                     "{\"name\": \"R\", \"side\": \"red\", \"at\": [30, 0], \"sheet\": " SHEET(SWORD) "}";
    static const int dmg[] = {19, 20, 21}; /* 1, 0, -1 HP */
    for (int i = 0; i < 3; i++) {
        fray_encounter *e = fight(cs, "");
        ta_damage(e, 1, dmg[i], 0, "test", "t");
        assert_int_equal(fray_has(e, 1, TA_C_INCAPACITATED) != 0, i > 0);
        int bleed[] = {14, 1, 1}; /* Bleed Table 14 - 1 (or - 2): no effect; 2 Bleed Damage */
        dice(e, bleed, i ? 3 : 0);
        assert_int_equal(next_turn_of(e, 1, 0, 2), 1);
        assert_int_equal(fray_res(e, 1, TA_R_ACTIONS), i ? 1 : 3);
        assert_int_equal(fray_res(e, 1, TA_R_REACTIONS), i ? 0 : 1);
        if (i) {
            assert_true(test_has_action(e, 1, TA_A_MELEE));
            int d[] = {19, 19, 5}; /* Prone: Disadvantage on its melee attack */
            dice(e, d, 3);
            act(e, TA_A_MELEE, 1, 0, 0);
            assert_int_equal(fray_res(e, 0, TA_R_HP), 15);
            assert_int_equal(fray_turns_next(e), 0); /* its turn is over: A's */
        }
        fray_encounter_free(e);
    }
    /* Slowed and Incapacitated: 3 - 1 - 2 = 0 Actions, no turn to act in */
    fray_encounter *e = fight(cs, "");
    fray_cond_add(e, 1, TA_C_SLOWED, -1, FRAY_EXP_NEVER, 0);
    ta_damage(e, 1, 20, 0, "test", "t");
    int bleed[] = {14, 1, 1};
    dice(e, bleed, 3);
    assert_int_equal(next_turn_of(e, 1, 0, 2), 1);
    assert_int_equal(fray_res(e, 1, TA_R_ACTIONS), 0);
    assert_int_equal(fray_turns_next(e), 0);
    fray_encounter_free(e);
    /* the old reading: a down creature's turn has only its Bleeding */
    e = fight(cs, "\"incapacitated_acts\": 0");
    ta_damage(e, 1, 20, 0, "test", "t");
    dice(e, bleed, 3);
    assert_int_equal(next_turn_of(e, 1, 0, 2), 0);
    fray_encounter_free(e);
}

/* #Command: "When a Creature is commanded they are able to use their
 * Actions"; #Incapacitated "gets 2 less Actions": a commanded Incapacitated
 * companion has 1 Action (it was given 3), a Slowed one 2, both 0. */
static void command_counts_incapacitated(void **s)
{
    (void)s;
    const char *cs =
        "{\"name\": \"R\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET(SWORD) "},"
        "{\"name\": \"W\", \"side\": \"blue\", \"at\": [0, 1.5], \"sheet\": {\"level\": 1, \"hp\": 10, "
        "\"commander\": \"R\", \"weapons\": [{\"name\": \"jaws\", \"damage\": \"1d6\", \"natural\": true}]}},"
        "{\"name\": \"T\", \"side\": \"red\", \"at\": [1.5, 0], \"sheet\": " SHEET(SWORD) "}";
    static const struct { int incap, slowed, actions; } rows[] = {
        {0, 0, 3}, {0, 1, 2}, {1, 0, 1}, {1, 1, 0}};
    for (int i = 0; i < 4; i++) {
        fray_encounter *e = fight(cs, "");
        if (rows[i].slowed)
            fray_cond_add(e, 1, TA_C_SLOWED, -1, FRAY_EXP_NEVER, 0);
        if (rows[i].incap)
            ta_damage(e, 1, 10, 2, "test", "t");
        assert_true(test_has_action(e, 0, TA_A_COMMAND));
        act(e, TA_A_COMMAND, 0, 1, 0);
        assert_int_equal(fray_res(e, 1, TA_R_ACTIONS), rows[i].actions);
        fray_encounter_free(e);
    }
}

/* #Readied action: "You may use two Actions to ready a single Action. In
 * doing so you must choose a specific Action to ready and a specific
 * condition to trigger that Action." An archer readies a Ranged Attack (it
 * had only a Melee Attack to ready before): it fires when T's move ends
 * within range (30 ft increments, 10 more: 330 ft): at 329 and 330 ft, not
 * at 331. */
static void ready_a_ranged_attack(void **s)
{
    (void)s;
    static const struct { const char *at; int fires; } rows[] = {{"98.7", 1}, {"99", 1}, {"99.3", 0}};
    for (int i = 0; i < 3; i++) {
        char cs[1024];
        snprintf(cs, sizeof cs,
                 "{\"name\": \"A\", \"side\": \"blue\", \"at\": [0, 0], \"sheet\": " SHEET(BOW) "},"
                 "{\"name\": \"T\", \"side\": \"red\", \"at\": [%s, 0], \"sheet\": " SHEET(SWORD) "}",
                 rows[i].at);
        fray_encounter *e = fight(cs, "");
        fray_action l[FRAY_MAX_LEGAL];
        int n = ta_legal(e, 0, FRAY_WIN_ACT, NULL, l, FRAY_MAX_LEGAL), k = -1;
        for (int j = 0; j < n; j++)
            if (l[j].kind == TA_A_READY)
                k = j;
        assert_true(k >= 0);
        assert_int_equal(l[k].arg, 1);
        ta_resolve(e, &l[k]);
        assert_non_null(fray_turns_readied(e, 0));
        fray_action mv = {.kind = TA_A_MOVE, .actor = 1, .target = 0};
        n = ta_legal(e, 0, FRAY_WIN_TRIGGERED, &mv, l, FRAY_MAX_LEGAL);
        assert_int_equal(n, rows[i].fires);
        if (n) {
            assert_int_equal(l[0].kind, TA_A_READIED);
            int d[] = {20, 5};
            dice(e, d, 2);
            ta_resolve(e, &l[0]);
            /* a bow shot (-10 at 329 ft: a natural 20 hits, doubled) */
            assert_int_equal(fray_res(e, 1, TA_R_HP), 10);
        }
        fray_encounter_free(e);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(range_penalty_rounded_down),
        cmocka_unit_test(prone_ranged_not_spell),
        cmocka_unit_test(cover_for_melee_too),
        cmocka_unit_test(area_cover_from_its_origin),
        cmocka_unit_test(dodge_until_the_next_attack),
        cmocka_unit_test(incapacitated_takes_its_one_action),
        cmocka_unit_test(command_counts_incapacitated),
        cmocka_unit_test(ready_a_ranged_attack),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
