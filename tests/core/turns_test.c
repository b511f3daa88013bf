/* turns_test.c: the core's turn scheduler (src/core/turns.c) with the
 * made-up turn-based ruleset of tests/support/turnrules.c: initiative order
 * and its tie-breaks, counters, delay and enter, follow, command, readied
 * actions, surprise, join and leave, and turn-edge expiry. */
#include "test.h"
#include <stdio.h>
#include <string.h>
#include "turnrules.h"

/* Three creatures; scripts and bonuses vary per test. */
static fray_encounter *three(const char *a_script, const char *b_script, const char *c_script,
                             int a_bonus, int b_bonus, int c_bonus, int max_rounds)
{
    char json[2048];
    snprintf(json, sizeof json,
             "{\"ruleset\":\"turns\",\"max_rounds\":%d,\"combatants\":["
             "{\"name\":\"A\",\"side\":\"blue\",\"at\":[0,0],\"sheet\":{\"bonus\":%d,\"hp\":9},\"script\":%s},"
             "{\"name\":\"B\",\"side\":\"red\",\"at\":[1,0],\"sheet\":{\"bonus\":%d,\"hp\":9},\"script\":%s},"
             "{\"name\":\"C\",\"side\":\"blue\",\"at\":[0,1],\"sheet\":{\"bonus\":%d,\"hp\":9},\"script\":%s}]}",
             max_rounds, a_bonus, a_script, b_bonus, b_script, c_bonus, c_script);
    return tt_load(json);
}

#define PASSES "[\"pass\",\"pass\",\"pass\",\"pass\",\"pass\",\"pass\"]"

static void run_with(fray_encounter *e, tt_log *log, const int *dice, size_t n)
{
    fray_subscribe(e, tt_sink, log);
    if (n)
        fray_set_dice_script(e, dice, n);
    fray_set_seed(e, 1);
    fray_run(e);
}

/* "starts with the Creature who rolled the highest Initiative and then
 * continues in order from highest to lowest": ties go to the tie hook
 * (the higher bonus) before any die. */
static void test_order_by_score_then_rule(void **s)
{
    (void)s;
    fray_encounter *e = three(PASSES, PASSES, PASSES, 2, 0, 0, 1);
    tt_log log = {0};
    const int dice[] = {10, 12, 5}; /* A 12, B 12, C 5 */
    run_with(e, &log, dice, 3);
    char turns[256];
    tt_turns(&log, turns, sizeof turns);
    assert_string_equal(turns, "A B C");
    fray_encounter_free(e);
}

/* "If there is a tie in Initiative order is Determined at random": one die
 * per tied place, from the fight's dice. */
static void test_ties_by_dice(void **s)
{
    (void)s;
    for (int d = 1; d <= 2; d++) {
        fray_encounter *e = three(PASSES, PASSES, PASSES, 0, 0, 0, 1);
        tt_log log = {0};
        const int dice[] = {12, 12, 5, d};
        run_with(e, &log, dice, 4);
        char turns[256];
        tt_turns(&log, turns, sizeof turns);
        assert_string_equal(turns, d == 1 ? "B A C" : "A B C");
        assert_true(tt_find(&log, 0, "(12) (12) (5) (") >= 0); /* the tie die drawn once */
        fray_encounter_free(e);
    }
}

/* Two Actions a turn, refilled at each turn's start; the turn ends when
 * they are spent (turn_over) without a pass, and "turn end" shows 0 left. */
static void test_counters_and_turn_over(void **s)
{
    (void)s;
    fray_encounter *e = three("[\"Strike > B\",\"Strike > B\",\"pass\"]",
                              "[\": None\",\": None\",\"pass\",\"pass\"]", PASSES, 0, 0, 0, 1);
    tt_log log = {0};
    const int dice[] = {15, 10, 5, 3, 4}; /* A 15, B 10, C 5; two misses */
    run_with(e, &log, dice, 5);
    int end_a = tt_find(&log, 0, "turn end A");
    assert_true(end_a >= 0);
    assert_non_null(strstr(log.line[end_a], "turn end A")); /* no pass needed */
    assert_int_equal(tt_find(&log, 0, "attack A>B:miss"), tt_find(&log, 0, "attack A>B"));
    assert_true(tt_find(&log, tt_find(&log, 0, "attack A>B") + 1, "attack A>B") < end_a);
    assert_true(tt_find(&log, 0, "A.Actions=2") >= 0);
    assert_true(tt_find(&log, end_a, "turn B") > end_a);
    assert_true(tt_find(&log, 0, "B.Reactions=1") >= 0); /* per round */
    assert_int_equal(fray_error_code(e), FRAY_OK);
    fray_encounter_free(e);
}

/* Delay, then Enter after B's turn: A acts between B and C, and keeps
 * that place "for the rest of the combat". */
static void test_delay_and_enter(void **s)
{
    (void)s;
    fray_encounter *e = three("[\"Delay\",\"Enter\",\"pass\",\"pass\",\"pass\"]", PASSES, PASSES, 0, 0, 0, 2);
    tt_log log = {0};
    const int dice[] = {15, 10, 5};
    run_with(e, &log, dice, 3);
    char turns[256];
    tt_turns(&log, turns, sizeof turns);
    assert_string_equal(turns, "A B A:enters C B A C");
    fray_encounter_free(e);
}

/* A creature that delays and never enters has its place come round with
 * only its start-of-turn effects ("must still experience any Effects"). */
static void test_delaying_place_passes(void **s)
{
    (void)s;
    fray_encounter *e = three("[\"Delay\",\"pass\",\"pass\"]", PASSES, PASSES, 0, 0, 0, 2);
    tt_log log = {0};
    const int dice[] = {15, 10, 5};
    run_with(e, &log, dice, 3);
    char turns[256];
    tt_turns(&log, turns, sizeof turns);
    assert_string_equal(turns, "A B C A:delaying B C");
    fray_encounter_free(e);
}

/* Follow: enter right after the followed creature's turn, unasked; one
 * who follows a creature that already acted enters at the end of the order. */
static void test_follow(void **s)
{
    (void)s;
    fray_encounter *e = three("[\"Follow > B\",\"pass\",\"pass\",\"pass\"]", PASSES,
                              "[\"Follow > A\",\"pass\",\"pass\",\"pass\"]", 0, 0, 0, 1);
    tt_log log = {0};
    const int dice[] = {15, 10, 5};
    run_with(e, &log, dice, 3);
    char turns[256];
    tt_turns(&log, turns, sizeof turns);
    assert_string_equal(turns, "A B A:enters C C:enters");
    fray_encounter_free(e);
}

/* Command: "the commanded creature acts within the commander's turn". */
static void test_command(void **s)
{
    (void)s;
    fray_encounter *e = three("[\"Command > C\",\"pass\",\"pass\",\"pass\"]",
                              "[\": None\",\"pass\",\"pass\",\"pass\"]",
                              "[\"Strike > B\",\"pass\",\"pass\",\"pass\"]", 0, 0, 0, 1);
    tt_log log = {0};
    const int dice[] = {15, 10, 5, 12};
    run_with(e, &log, dice, 4);
    int cmd = tt_find(&log, 0, "command A>C");
    int hit = tt_find(&log, 0, "attack C>B:hit");
    int end_a = tt_find(&log, 0, "turn end A");
    assert_true(cmd >= 0 && hit > cmd && end_a > hit);
    char turns[256];
    tt_turns(&log, turns, sizeof turns);
    assert_string_equal(turns, "A B C");
    fray_encounter_free(e);
}

/* A readied Strike fires in another's turn, when a foe acts, and a readied
 * action is given up when the readier's next turn starts. */
static void test_ready(void **s)
{
    (void)s;
    fray_encounter *e = three("[\"Ready\",\"pass\",\": None\",\"Readied Strike > B\",\"pass\",\"pass\"]",
                              "[\"Strike > A\",\"pass\",\": None\",\"pass\",\"pass\"]", PASSES, 0, 0, 0, 2);
    tt_log log = {0};
    const int dice[] = {15, 10, 5, 3, 12, 3};
    run_with(e, &log, dice, 6);
    int strike = tt_find(&log, 0, "attack B>A");
    int readied = tt_find(&log, 0, "attack A>B");
    assert_true(strike >= 0 && readied > strike);
    assert_true(readied < tt_find(&log, 0, "turn end B"));
    assert_null(fray_turns_readied(e, 0));
    fray_encounter_free(e);
}

/* "Creatures that are completely unaware of combat ... do not act in the
 * first Round". */
static void test_surprise_skip(void **s)
{
    (void)s;
    fray_encounter *e = three(PASSES, PASSES, PASSES, 0, 0, 0, 2);
    tt_log log = {0};
    const int dice[] = {15, 10, 5};
    fray_subscribe(e, tt_sink, &log);
    fray_set_dice_script(e, dice, 3);
    fray_set_seed(e, 1);
    fray_turns_skip(e, 2, 1);
    fray_run(e);
    char turns[256];
    tt_turns(&log, turns, sizeof turns);
    assert_string_equal(turns, "A B A B C");
    fray_encounter_free(e);
}

/* Join mid-round: placed by its score; it acts this round only if its
 * place is still ahead. Leave: no more turns. */
static void test_join_and_leave(void **s)
{
    (void)s;
    fray_encounter *e = three(PASSES, PASSES, PASSES, 0, 0, 0, 2);
    tt_log log = {0};
    const int dice[] = {15, 10, 5, 20, 1};
    fray_subscribe(e, tt_sink, &log);
    fray_set_dice_script(e, dice, 5);
    fray_set_seed(e, 1);
    while (fray_step(e) > 0 && tt_find(&log, 0, "turn end A") < 0)
        ;
    char err[256];
    int d = fray_add_combatant(e, "{\"name\":\"D\",\"side\":\"red\",\"at\":[2,0],\"sheet\":{},\"script\":" PASSES "}",
                               err, sizeof err);
    assert_int_equal(d, 3); /* D rolls 20: ahead of A, whose turn is over: next round */
    int f = fray_add_combatant(e, "{\"name\":\"F\",\"side\":\"red\",\"at\":[3,0],\"sheet\":{},\"script\":" PASSES "}",
                               err, sizeof err);
    assert_int_equal(f, 4); /* F rolls 1: last, still to come this round */
    assert_int_equal(fray_add_combatant(e, "{\"name\":\"A\",\"side\":\"red\",\"sheet\":{}}", err,
                                        sizeof err), -1);
    assert_non_null(strstr(err, "already the name"));
    assert_int_equal(fray_remove_combatant(e, 2), 0); /* C leaves before its turn */
    assert_int_equal(fray_combatant_status(e, 2), FRAY_GONE);
    /* a tracker's order (fray_act_order): the initiative order with the
     * newcomers in their places (D 20, A 15, B 10, F 1); C, gone, last */
    int o[5];
    fray_act_order(e, o);
    const int want[5] = {3, 0, 1, 4, 2};
    for (int k = 0; k < 5; k++)
        assert_int_equal(o[k], want[k]);
    fray_run(e);
    assert_int_equal(fray_error_code(e), FRAY_OK);
    char turns[256];
    tt_turns(&log, turns, sizeof turns);
    assert_string_equal(turns, "A B F D A B F");
    fray_reset(e, 1, 0);
    assert_int_equal(fray_combatant_count(e), 3); /* back to the combatants as loaded */
    fray_encounter_free(e);
}

/* Marked lasts "until the end of the striker's next turn": given in A's
 * turn of round 1, it ends when A's turn of round 2 ends. */
static void test_source_turn_expiry(void **s)
{
    (void)s;
    fray_encounter *e = three("[\"Strike > B\",\"pass\",\"pass\",\"pass\"]",
                              "[\": None\",\"pass\",\"pass\",\"pass\"]", PASSES, 0, 0, 0, 2);
    tt_log log = {0};
    const int dice[] = {15, 10, 5, 12};
    run_with(e, &log, dice, 4);
    int hit = tt_find(&log, 0, "B.Marked=1");
    int end1 = tt_find(&log, 0, "turn end A");
    int end2 = tt_find(&log, end1 + 1, "turn end A");
    assert_true(hit >= 0 && end1 > hit && end2 > end1);
    assert_null(strstr(log.line[end1], "Marked"));
    assert_non_null(strstr(log.line[end2], "B.Marked=0"));
    fray_encounter_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_by_score_then_rule),
        cmocka_unit_test(test_ties_by_dice),
        cmocka_unit_test(test_counters_and_turn_over),
        cmocka_unit_test(test_delay_and_enter),
        cmocka_unit_test(test_delaying_place_passes),
        cmocka_unit_test(test_follow),
        cmocka_unit_test(test_command),
        cmocka_unit_test(test_ready),
        cmocka_unit_test(test_surprise_skip),
        cmocka_unit_test(test_join_and_leave),
        cmocka_unit_test(test_source_turn_expiry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
